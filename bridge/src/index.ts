/**
 * The bridge object, `globalThis.__verdex = {version, call}` (README: Contract with the Python side).
 *
 * `call(method, args)` never throws: it returns `{ok: true, value, nextRef}` or
 * `{ok: false, error: {code, message, ...details}, nextRef}`, or a Promise of one for the
 * methods that wait (`actionTarget` for animation frames, `waitForStable` for a quiet DOM).
 */

import { enterCacheScope } from './cacheScope';
import { actionTarget } from './actions/actionability';
import { armHitTarget, hitTargetVerdict } from './actions/hitTarget';
import { elementBox } from './actions/box';
import { describe } from './actions/describe';
import { ariaFacts } from './aria/facts';
import { focusedElement, prepareType, selectOption } from './actions/prepare';
import { elementState } from './actions/state';
import type { BridgeMethods, MethodName } from './contract';
import { BridgeError, type Json } from './errors';
import { RefRegistry } from './snapshot/refs';
import { snapshot } from './snapshot/index';
import { configureTestIdAttribute } from './structure/attributes';
import { configureFailedSheets } from './pseudo';
import { extractAnchors } from './structure/anchors';
import { resolveContainer } from './structure/containers';
import { inspectPattern } from './structure/patterns';
import { queryFrames, queryLocator } from './locator/index';
import { isPlaywrightRole, type PlaywrightRole } from './locator/playwright-role';
import { optionalBoolean, optionalNumber, optionalString, optionalStringArray, readArgs, requireFiniteNumber, requireNumber, requireString, requireStringArray } from './args';
import { frameOwner, framePoint } from './frames/owner';
import { find } from './find/index';
import { classifyShadowHosts, shadowCandidates } from './shadow';
import { countLocators } from './suggest/count';
import { diagnoseLocator } from './suggest/diagnose';
import { suggestFacts } from './suggest/facts';
import { waitForStable } from './wait/stable';
import { paint } from './wait/paint';
import { maskSecrets, secretValues } from './secrets';
import { warmUp } from './warmup';

declare const __VERDEX_VERSION__: string;

export type Envelope =
  | { ok: true; value: unknown; nextRef: number }
  | { ok: false; error: { code: string; message: string; [key: string]: Json | undefined }; nextRef: number };

export interface VerdexBridge {
  readonly version: string;
  call(method: string, args: unknown, element?: unknown): Envelope | Promise<Envelope>;
  /** The live element of ref `n` in this document, or null (for Python to take a remote object of it). */
  element(n: unknown): Element | null;
  /** Elements the last snapshot met that may host a closed shadow root (see shadow.ts). */
  shadowCandidates(): Element[];
  /** Python's answer for them: `closed[i]` is true when `elements[i]` hosts a closed root. */
  classifyShadowHosts(elements: unknown, closed: unknown): number;
}

const refs = new RefRegistry();

type Method<M extends MethodName> = (args: Record<string, unknown>, element: unknown) =>
  BridgeMethods[M]['result'] | Promise<BridgeMethods[M]['result']>;

/** The methods, each answering its type of `contract.ts`. */
const methods: { [M in MethodName]: Method<M> } = {
  snapshot: args => snapshot(document, refs, {
    root: optionalNumber(args, 'root'),
    depth: optionalNumber(args, 'depth'),
    maxChars: optionalNumber(args, 'maxChars'),
    behindModal: optionalBoolean(args, 'behindModal'),
  }),
  warmUp: args => warmUp(document, requireNumber(args, 'budgetMs')),
  resolveContainer: args => resolveContainer(refs, requireNumber(args, 'ref')),
  inspectPattern: args => inspectPattern(refs, requireNumber(args, 'ref'), requireNumber(args, 'ancestorLevel')),
  extractAnchors: args => extractAnchors(refs, requireNumber(args, 'ref'), requireNumber(args, 'ancestorLevel')),
  actionTarget: args => actionTarget(refs, requireNumber(args, 'ref'), requireString(args, 'action'), optionalBoolean(args, 'scroll') ?? false),
  armHitTarget: args => armHitTarget(refs, requireNumber(args, 'ref')),
  hitTargetVerdict: args => hitTargetVerdict(refs, optionalBoolean(args, 'disarm') ?? true),
  prepareType: args => prepareType(refs, requireNumber(args, 'ref')),
  elementState: args => elementState(refs, requireNumber(args, 'ref'), optionalString(args, 'attribute'), optionalBoolean(args, 'scroll') ?? false),
  selectOption: args => selectOption(refs, requireNumber(args, 'ref'), requireStringArray(args, 'values')),
  frameOwner: (_args, element) => frameOwner(refs, element),
  framePoint: (args, element) => framePoint(refs, element, requireFiniteNumber(args, 'x'), requireFiniteNumber(args, 'y'),
    optionalBoolean(args, 'hitTest') ?? true),
  describe: args => describe(refs, requireString(args, 'description'), requireString(args, 'action')),
  elementBox: args => elementBox(refs, requireNumber(args, 'ref'), optionalBoolean(args, 'scroll') ?? false),
  waitForStable: args => waitForStable(requireNumber(args, 'quietMs'), requireNumber(args, 'timeoutMs')),
  paint: args => paint(requireNumber(args, 'frames')),
  ariaFacts: args => ariaFacts(document, refs, requireString(args, 'selector'), optionalStringArray(args, 'attributes'),
    optionalBoolean(args, 'textTransform')),
  queryLocator: args => queryLocator(refs, args.locator, optionalString(args, 'testIdAttribute') ?? 'data-testid',
    optionalNumber(args, 'limit') ?? 10, optionalNumber(args, 'target'), optionalString(args, 'attribute')),
  queryFrames: args => queryFrames(refs, args.locator, optionalString(args, 'testIdAttribute') ?? 'data-testid'),
  suggestFacts: args => suggestFacts(refs, requireNumber(args, 'ref'), optionalString(args, 'testIdAttribute') ?? 'data-testid'),
  countLocators: args => countLocators(refs, args.locators, optionalString(args, 'testIdAttribute') ?? 'data-testid',
    optionalNumber(args, 'target'), optionalNumber(args, 'budgetMs') ?? 5000),
  diagnoseLocator: args => diagnoseLocator(refs, args.locator, optionalString(args, 'testIdAttribute') ?? 'data-testid'),
  focusedElement: () => focusedElement(refs),
  find: args => find(refs, optionalString(args, 'testIdAttribute') ?? 'data-testid', {
    text: optionalString(args, 'text'),
    regex: optionalString(args, 'regex'),
    flags: optionalString(args, 'flags'),
    role: optionalRole(args),
    root: optionalNumber(args, 'root'),
    limit: optionalNumber(args, 'limit'),
    includeHidden: optionalBoolean(args, 'includeHidden'),
  }),
};

/** The methods whose answers describe the page to the model: secret values are masked in them (secrets.ts). The
 * others answer checks (elementState: a plan compares the value itself; Python masks what it shows). */
const kDescribing = new Set<string>(['snapshot', 'resolveContainer', 'inspectPattern', 'extractAnchors', 'describe',
  'queryLocator', 'queryFrames', 'actionTarget', 'find', 'suggestFacts', 'diagnoseLocator']);

function call(method: string, rawArgs: unknown, element?: unknown): Envelope | Promise<Envelope> {
  const envelope = callMethod(method, rawArgs, element);
  if (!kDescribing.has(method)) return envelope;
  return envelope instanceof Promise ? envelope.then(masked) : masked(envelope);
}

function masked(envelope: Envelope): Envelope {
  return maskSecrets(envelope, secretValues(document));
}

function callMethod(method: string, rawArgs: unknown, element?: unknown): Envelope | Promise<Envelope> {
  try {
    const args = readArgs(rawArgs);
    refs.beginCall(optionalString(args, 'refPrefix') ?? 'e', optionalNumber(args, 'refStart') ?? 1);
    configureTestIdAttribute(optionalString(args, 'testIdAttribute') ?? 'data-testid');
    configureFailedSheets(optionalStringArray(args, 'failedSheets'));
    enterCacheScope(optionalString(args, 'cacheScope'));
    const fn = Object.prototype.hasOwnProperty.call(methods, method)
      ? (methods[method as MethodName] as (args: Record<string, unknown>, element: unknown) => unknown)
      : undefined;
    if (!fn) throw new BridgeError('bad-args', `unknown method ${JSON.stringify(method)}; methods: ${Object.keys(methods).join(', ')}`);
    const value = fn(args, element);
    if (value instanceof Promise) return value.then(ok, failure);
    return ok(value);
  } catch (error) {
    return failure(error);
  }
}

function ok(value: unknown): Envelope {
  return { ok: true, value, nextRef: refs.nextRef };
}

function failure(error: unknown): Envelope {
  if (error instanceof BridgeError)
    return { ok: false, error: { code: error.code, message: error.message, ...error.details }, nextRef: refs.nextRef };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? error.stack ?? '' : '';
  return { ok: false, error: { code: 'internal', message, stack }, nextRef: refs.nextRef };
}

/** `args.role`, one of the roles `getByRole` takes (contract.ts: `FindArgs.role`). */
function optionalRole(args: Record<string, unknown>): PlaywrightRole | undefined {
  const role = optionalString(args, 'role');
  if (role !== undefined && !isPlaywrightRole(role))
    throw new BridgeError('bad-args', `role ${JSON.stringify(role)} is not an ARIA role getByRole takes`);
  return role;
}

const version: string = __VERDEX_VERSION__;
const existing = (globalThis as { __verdex?: VerdexBridge }).__verdex;
if (!existing || existing.version !== version) {
  const bridge: VerdexBridge = Object.freeze({
    version, call, element: (n: unknown) => refs.lookup(n), shadowCandidates, classifyShadowHosts,
  });
  Object.defineProperty(globalThis, '__verdex', { value: bridge, configurable: true, writable: false, enumerable: false });
}
