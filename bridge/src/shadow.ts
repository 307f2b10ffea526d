/**
 * Closed shadow roots. JavaScript cannot see into a closed root (`element.shadowRoot` is null),
 * not even from an isolated world, and neither can Playwright's locators. The DevTools protocol
 * can tell which elements host one (`DOM.describeNode` lists `shadowRoots` with their
 * `shadowRootType`), so the Python side classifies the hosts the snapshot meets:
 *
 * 1. A snapshot walk notes every candidate it renders: an element with no open shadow root that
 *    could host one and has not been classified (`unknownHosts` in the snapshot's result).
 * 2. Python takes `__verdex.shadowCandidates()` by reference, describes each element, and
 *    reports back with `__verdex.classifyShadowHosts(elements, closed)`.
 * 3. The next snapshot shows each closed host with a ref (it is the only handle on its content)
 *    and a `- … closed shadow root` line; its light children show only where they render
 *    (slotted), as for any shadow host.
 *
 * Candidates are custom elements (a hyphen in the name: the usual hosts) and elements with a
 * closed root's tell-tale (a first light child with a used display but no box). A closed root never goes
 * away, so "closed" is kept for the element's life; "no root" is kept while the element's
 * custom-element state (`:defined`) stays as it was, since a root is attached when an element is
 * created, parsed with a declarative root, or upgraded. Not found: a closed root on a built-in
 * element (`div`, `span` ...) all of whose light children are slotted, attached after that element was
 * classified.
 */

import { getStyle } from './dom';

const closedHosts = new WeakSet<Element>();
/** How many elements were ever classified as closed hosts in this document (0: none can be met). */
let closedHostCount = 0;
/** Elements checked and found without a closed root, with their `:defined` state at that time. */
const noClosedRoot = new WeakMap<Element, boolean>();
let pending: Element[] = [];

/** At most this many candidates are classified per snapshot (the rest at the next one). */
export const kMaxCandidates = 500;

export function isClosedShadowHost(element: Element): boolean {
  return closedHosts.has(element);
}

/** Whether any element of this document was ever found to host a closed shadow root. */
export function anyClosedShadowHost(): boolean {
  return closedHostCount > 0;
}

function isDefined(element: Element): boolean {
  try {
    return element.matches(':defined');
  } catch {
    return true;
  }
}

/**
 * Called by the snapshot walk for each rendered element: notes it when it may host a closed root
 * that is not classified yet.
 */
export function noteShadowCandidate(element: Element): void {
  if (element.shadowRoot || closedHosts.has(element)) return;
  const local = element.localName;
  if (!local.includes('-') && !hasUnrenderedChild(element)) return;
  const checked = noClosedRoot.get(element);
  if (checked !== undefined && checked === isDefined(element)) return;
  if (pending.length < kMaxCandidates && !pending.includes(element)) pending.push(element);
}

/** A light child with a used display but no box: the element renders something else (a shadow tree). */
function hasUnrenderedChild(element: Element): boolean {
  const first = element.firstElementChild;
  if (!first || !kBuiltInHosts.has(element.localName) || !(first instanceof HTMLElement)) return false;
  const style = getStyle(first);
  const display = style.display;
  if (display === 'none' || display === 'contents' || style.position === 'fixed') return false;
  // No box: `checkVisibility()` is false for an element without one, and for one whose content is skipped
  // (a `content-visibility: hidden` ancestor: not a shadow root's doing, left out). It reads the layout tree
  // only, where `offsetParent` lays the page out and climbs to the containing block.
  return !first.checkVisibility() && getStyle(element).contentVisibility !== 'hidden';
}

/** Built-in elements that can host a shadow root (DOM Standard, attachShadow). */
const kBuiltInHosts = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

/** Starts a snapshot walk: candidates are collected afresh. */
export function beginCandidates(): void {
  pending = [];
}

/** How many candidates the last walk left unclassified. */
export function unknownHostCount(): number {
  return pending.length;
}

/** `__verdex.shadowCandidates()`: the candidates of the last walk, for Python to describe. */
export function shadowCandidates(): Element[] {
  return pending.slice();
}

/** `__verdex.classifyShadowHosts(elements, closed)`: `closed[i]` says whether `elements[i]` hosts a closed root. */
export function classifyShadowHosts(elements: unknown, closed: unknown): number {
  if (!Array.isArray(elements) || !Array.isArray(closed)) return 0;
  let count = 0;
  const done = new Set<Element>();
  elements.forEach((element, i) => {
    if (!(element instanceof Element)) return;
    if (closed[i] === true) {
      if (!closedHosts.has(element)) closedHostCount++;
      closedHosts.add(element);
      noClosedRoot.delete(element);
      count++;
    } else if (closed[i] === false) {
      noClosedRoot.set(element, isDefined(element));
    } else {
      return; // not described (its node went away): asked again next time
    }
    done.add(element);
  });
  pending = pending.filter(e => !done.has(e));
  return count;
}

/** A light child of a closed host renders only if a slot in the hidden tree takes it. */
export function isRenderedLightChild(node: Node): boolean {
  if (node.nodeType === 1) {
    const element = node as Element;
    if (getStyle(element).display === 'contents') return true;
    return element.getClientRects().length > 0;
  }
  if (node.nodeType === 3) {
    const range = node.ownerDocument!.createRange();
    range.selectNodeContents(node);
    return range.getClientRects().length > 0;
  }
  return false;
}
