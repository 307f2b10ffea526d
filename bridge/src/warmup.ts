/**
 * `warmUp`: runs the code of the snapshot and of the three structural methods in this document and
 * throws the answers away. Each document is a new isolated world whose functions V8 first
 * interprets; it compiles each function by how it ran in this context, more of it after each run.
 * So the first snapshot after a navigation takes about twice the fourth, and the first calls of a
 * structural method about 1.5x the thirtieth. Python calls it between tool calls (the session's
 * warm-up), so that the model's first calls on a new page run on compiled code.
 *
 * Everything runs with a ref registry of its own: no element of the document gets a ref and the
 * document's `nextRef` does not move.
 */

import { BridgeError } from './errors';
import { snapshot } from './snapshot/index';
import { RefRegistry } from './snapshot/refs';
import { WalkBudgetExceeded } from './snapshot/tree';
import { extractAnchors } from './structure/anchors';
import { resolveContainer } from './structure/containers';
import { inspectPattern } from './structure/patterns';

/** Elements of the snapshot, spread over the document, whose structural calls one pass makes. */
export const kWarmUpTargets = 10;

/** `warmUp`: how one pass went (README: Methods). */
export interface WarmUpResult {
  /** Everything ran within the budget: the snapshot's walk reached the end of the document (and its
   * tree was rendered), then every structural call was made. */
  complete: boolean;
  /** Milliseconds it took, measured in the page. */
  elapsedMs: number;
  /** Structural calls made (`resolveContainer`, `inspectPattern`, `extractAnchors`: three a target). */
  structureCalls: number;
}

/**
 * One pass: the document's snapshot (as `snapshot({})`), then for up to {@link kWarmUpTargets}
 * elements the snapshot gave a ref, evenly spread in its order, `resolveContainer` and, at the
 * parent or the grandparent (in turn, as far as the element has ancestors), `inspectPattern` and
 * `extractAnchors`. Stops once `budgetMs` milliseconds have passed: the walk checks the clock as it
 * goes, the structural part before each call.
 */
export function warmUp(doc: Document, budgetMs: number): WarmUpResult {
  const start = performance.now();
  const deadline = start + budgetMs;
  const refs = new RefRegistry();
  const result = (complete: boolean, structureCalls: number): WarmUpResult =>
    ({ complete, elapsedMs: Math.round(performance.now() - start), structureCalls });
  try {
    snapshot(doc, refs, {}, deadline);
  } catch (error) {
    if (!(error instanceof WalkBudgetExceeded)) throw error;
    return result(false, 0);
  }
  const count = refs.nextRef - 1; // a new registry numbers its refs from 1
  const targets = Math.min(kWarmUpTargets, count);
  let calls = 0;
  for (let i = 0; i < targets; i++) {
    const ref = 1 + Math.floor((i * count) / targets);
    const warmed = warmStructure(refs, ref, 1 + (i % 2), () => performance.now() < deadline);
    calls += warmed.calls;
    if (!warmed.complete) return result(false, calls);
  }
  return result(true, calls);
}

/** The structural calls on one element, each made while `inTime()`. A call that fails as a bridge
 * method fails (a BridgeError: the element went, a level it does not have) is counted; after a
 * failed `resolveContainer` the element gets no other call. */
function warmStructure(refs: RefRegistry, ref: number, level: number,
  inTime: () => boolean): { calls: number; complete: boolean } {
  if (!inTime()) return { calls: 0, complete: false };
  const ancestors = attempt(() => resolveContainer(refs, ref).ancestors.length) ?? 0;
  let made = 1;
  const at = Math.min(level, ancestors);
  if (at < 1) return { calls: made, complete: true };
  const calls: Array<() => unknown> = [() => inspectPattern(refs, ref, at), () => extractAnchors(refs, ref, at)];
  for (const call of calls) {
    if (!inTime()) return { calls: made, complete: false };
    attempt(call);
    made++;
  }
  return { calls: made, complete: true };
}

/** `call()`, or undefined when it failed as a bridge method fails (a BridgeError: the model's error). */
function attempt<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch (error) {
    if (error instanceof BridgeError) return undefined;
    throw error;
  }
}
