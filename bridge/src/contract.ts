/**
 * The contract with the Python side: every method of `__verdex.call(method, args)`, with the
 * arguments it reads and the value it answers (the `value` of an `ok` envelope).
 *
 * `make bridge` turns this interface into JSON Schema (`verdex/bridge/contract.json`, by
 * ts-json-schema-generator); a Python test compares it with the pydantic models of
 * `verdex/bridge/models.py`, key by key, so the two sides cannot drift apart. `index.ts` types its
 * method table with it, so a producer cannot return anything else.
 */

import type { ActionPoint } from './actions/actionability';
import type { ElementBox } from './actions/box';
import type { PaintResult } from './wait/paint';
import type { DescribeResult } from './actions/describe';
import type { HitTargetVerdict } from './actions/hitTarget';
import type { FocusedElement } from './actions/prepare';
import type { ElementState } from './actions/state';
import type { AriaFactsResult } from './aria/facts';
import type { FindArgs, FindResult } from './find/index';
import type { FrameOwnerFacts, FramePoint } from './frames/owner';
import type { QueryFramesResult, QueryLocatorResult } from './locator/index';
import type { SnapshotArgs, SnapshotResult } from './snapshot/index';
import type { AnchorsResult } from './structure/anchors';
import type { ContainerResult } from './structure/containers';
import type { PatternResult } from './structure/patterns';
import type { CountLocatorsResult } from './suggest/count';
import type { DiagnoseLocatorResult } from './suggest/diagnose';
import type { SuggestFactsResult } from './suggest/facts';
import type { StableResult } from './wait/stable';
import type { WarmUpResult } from './warmup';

/** Arguments every call carries besides its own (README: Calling). */
export interface CallArgs {
  /** The text before the number in this frame's refs: `e`, `f3_e`. */
  refPrefix?: string;
  /** The lowest number a new ref may get. */
  refStart?: number;
  /** The attribute `getByTestId` reads (default `data-testid`). */
  testIdAttribute?: string;
  /** URLs of this frame's stylesheets that did not load (Network.loadingFailed, or a status that is not ok):
   * they hold no rules, so one the page cannot read (cross-origin) does not make every element's `content`
   * worth reading (pseudo.ts). */
  failedSheets?: string[];
  /** The cache scope the call runs in (cacheScope.ts): calls with one token share the caches of one evaluation
   * (styles, roles, names, visibility, texts) until a call with another token or none, or a DOM change. */
  cacheScope?: string;
}

export interface RefArgs { ref: number }
export interface LevelArgs { ref: number; ancestorLevel: number }

export interface BridgeMethods {
  snapshot: { args: SnapshotArgs; result: SnapshotResult };
  warmUp: { args: { budgetMs: number }; result: WarmUpResult };
  resolveContainer: { args: RefArgs; result: ContainerResult };
  inspectPattern: { args: LevelArgs; result: PatternResult };
  extractAnchors: { args: LevelArgs; result: AnchorsResult };
  actionTarget: { args: { ref: number; action: string; scroll?: boolean }; result: ActionPoint };
  armHitTarget: { args: RefArgs; result: { armed: true } };
  hitTargetVerdict: { args: { disarm?: boolean }; result: HitTargetVerdict };
  prepareType: { args: RefArgs; result: { focused: boolean } };
  elementState: { args: { ref: number; attribute?: string; scroll?: boolean }; result: ElementState };
  selectOption: { args: { ref: number; values: string[] }; result: { selected: string[] } };
  frameOwner: { args: Record<string, never>; result: FrameOwnerFacts };
  framePoint: { args: { x: number; y: number; hitTest?: boolean }; result: FramePoint };
  describe: { args: { description: string; action: string }; result: DescribeResult };
  elementBox: { args: { ref: number; scroll?: boolean }; result: ElementBox };
  waitForStable: { args: { quietMs: number; timeoutMs: number }; result: StableResult };
  paint: { args: { frames: number }; result: PaintResult };
  ariaFacts: { args: { selector: string; attributes?: string[]; textTransform?: boolean }; result: AriaFactsResult };
  queryLocator: {
    args: { locator: unknown; limit?: number; target?: number; attribute?: string };
    result: QueryLocatorResult;
  };
  queryFrames: { args: { locator: unknown }; result: QueryFramesResult };
  suggestFacts: { args: RefArgs; result: SuggestFactsResult };
  countLocators: { args: { locators: unknown[]; target?: number; budgetMs?: number }; result: CountLocatorsResult };
  diagnoseLocator: { args: { locator: unknown }; result: DiagnoseLocatorResult };
  focusedElement: { args: Record<string, never>; result: FocusedElement };
  find: { args: FindArgs; result: FindResult };
}

export type MethodName = keyof BridgeMethods;
export type MethodResult<M extends MethodName> = BridgeMethods[M]['result'];
