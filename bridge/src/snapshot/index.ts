/** The `snapshot` method: the accessibility snapshot of the document or of one element's subtree. */

import { beginWalk, endWalk } from '../dom';
import { ignoreModalDialogs } from '../aria/visibility';
import { beginCandidates, unknownHostCount } from '../shadow';
import { RefRegistry } from './refs';
import { renderTree, type RenderedSnapshot } from './render';
import { buildTree } from './tree';

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
