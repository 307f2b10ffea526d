/** The `snapshot` method: the accessibility snapshot of the document or of one element's subtree. */

import { beginWalk, endWalk } from '../dom';
import { ignoreModalDialogs } from '../aria/visibility';
import { beginCandidates, unknownHostCount } from '../shadow';
import { RefRegistry } from './refs';
import { renderTree, type RenderedSnapshot } from './render';
import { buildTree, WalkBudgetExceeded } from './tree';

export interface SnapshotArgs {
  root?: number;
  depth?: number;
  maxChars?: number;
  /** Show the page behind an open modal dialog (no dialog limits the snapshot or makes the page inert). */
  behindModal?: boolean;
}

export interface SnapshotResult extends RenderedSnapshot {
  /** Rendered elements that may host a closed shadow root, not classified yet (README: Closed shadow roots). */
  unknownHosts: number;
  /** `document.readyState` is `loading`: the parser has not reached the end of the HTML yet (HTML §3.1.3),
   * so elements may still be missing (README: Snapshot format). */
  loading: boolean;
}

export function snapshot(doc: Document, refs: RefRegistry, args: SnapshotArgs, deadline?: number): SnapshotResult {
  const rootElement = args.root !== undefined ? refs.resolve(args.root) : (doc.body ?? doc.documentElement);
  // A document caught between navigations may have no element yet: nothing to show.
  const loading = doc.readyState === 'loading';
  if (!rootElement) return { text: '', refCount: 0, nodeCount: 0, truncated: null, iframes: [], unknownHosts: 0, loading };
  beginWalk();
  beginCandidates();
  if (args.behindModal) ignoreModalDialogs();
  try {
    const tree = buildTree(rootElement, refs,
      { keepRoot: args.root !== undefined, behindModal: !!args.behindModal, deadline });
    const rendered = renderTree(tree, refs, { depth: args.depth, maxChars: args.maxChars, rootIsNode: args.root !== undefined });
    return { ...rendered, unknownHosts: unknownHostCount(), loading };
  } finally {
    endWalk();
  }
}

/** `warmUp`: how one pass went (README: Methods). */
export interface WarmUpResult {
  /** The walk reached the end of the document within the budget (and the tree was rendered). */
  complete: boolean;
  /** Milliseconds it took, measured in the page. */
  elapsedMs: number;
}

/**
 * `warmUp`: takes the document's snapshot and throws it away, so that the snapshot code has run in
 * this document's isolated world: V8 compiles a function by how it ran in this context, more of it
 * after each run, and the first snapshot after a navigation takes about twice the fourth. The refs
 * it gives are a registry of its own: the document's refs, and every ref number, are untouched.
 * The walk stops after `budgetMs` (the tree then is not rendered).
 */
export function warmUp(doc: Document, budgetMs: number): WarmUpResult {
  const start = performance.now();
  let complete = true;
  try {
    snapshot(doc, new RefRegistry(), {}, start + budgetMs);
  } catch (error) {
    if (!(error instanceof WalkBudgetExceeded)) throw error;
    complete = false;
  }
  return { complete, elapsedMs: Math.round(performance.now() - start) };
}
