/**
 * Hidden and visible, for the accessibility tree and for rendering.
 *
 * https://www.w3.org/TR/wai-aria-1.2/#tree_exclusion and https://w3c.github.io/accname/#dfn-hidden
 * An element is hidden when it or an ancestor in the flat tree is `display: none`, `aria-hidden`,
 * `inert`, inside a `content-visibility: hidden` element or a closed `<details>`, a light-DOM child
 * of a shadow host that no slot takes, or it is itself `visibility: hidden|collapse` (visibility is
 * inherited but can be overridden by a descendant, so it is per element, not per subtree).
 * While a modal `<dialog>` is open (`showModal()`), everything outside it is inert
 * (https://html.spec.whatwg.org/multipage/interaction.html#blocked-by-a-modal-dialog), so hidden
 * from the accessibility tree as Chromium hides it.
 *
 * Flags are computed once per element per walk: the snapshot walk sets them top-down from the
 * parent's flags, random access (labels, aria-labelledby targets) climbs and memoizes.
 */

import { flatParent, getDisplay, getStyle, registerWalkCache } from '../dom';
import { getOwner } from './owns';
import { isClosedShadowHost, isRenderedLightChild } from '../shadow';

/** Not rendered: no box for the element nor any descendant. */
export const HIDDEN_RENDER = 1;
/** Rendered but removed from the accessibility tree (`aria-hidden="true"`, `inert`, behind a modal dialog). */
export const HIDDEN_ARIA = 2;

const kIgnoredTags = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base']);

let flagsCache: Map<Element, number> | undefined;
/** Elements with no ignored tag among them and their flat-tree ancestors (`inIgnoredTag`). */
let outsideIgnoredCache: Set<Element> | undefined;
registerWalkCache(
  () => { flagsCache ??= new Map(); outsideIgnoredCache ??= new Set(); },
  () => { flagsCache = undefined; outsideIgnoredCache = undefined; },
);

interface ModalScope {
  /** The modal dialog in the top layer that blocks the rest of the document. */
  dialog: Element;
  /** Its flat-tree ancestors: the only elements outside it that are not inert. */
  ancestors: Set<Element>;
}

let modalCache: { doc: Document; scope: ModalScope | null } | undefined;
let inWalk = false;
/** Set for one snapshot that shows the page behind an open modal (`behindModal`): no dialog blocks. */
let modalIgnored = false;
registerWalkCache(() => { inWalk = true; }, () => { inWalk = false; modalCache = undefined; modalIgnored = false; });

/**
 * For the walk that follows (until its `endWalk`): treat no dialog as modal, so the page behind an
 * open modal `<dialog>` is not inert for it (a snapshot with `behindModal`).
 */
export function ignoreModalDialogs(): void {
  modalIgnored = true;
  modalCache = undefined;
}

/**
 * The open modal dialog that blocks the rest of `doc`, or null. When several are open, the last in
 * tree order (DEVIATION: the top layer's order is not exposed to scripts; a dialog opened from
 * another is usually after it). Dialogs inside shadow roots are not seen.
 */
export function getModalScope(doc: Document): ModalScope | null {
  if (modalIgnored) return null;
  if (modalCache && modalCache.doc === doc) return modalCache.scope;
  let scope: ModalScope | null = null;
  let modals: NodeListOf<Element> | null = null;
  try {
    modals = doc.querySelectorAll('dialog:modal');
  } catch {
    modals = null; // A browser without :modal.
  }
  const dialog = modals && modals.length ? modals[modals.length - 1]! : null;
  if (dialog) {
    const ancestors = new Set<Element>();
    for (let e = flatParent(dialog); e; e = flatParent(e)) ancestors.add(e);
    scope = { dialog, ancestors };
  }
  if (inWalk) modalCache = { doc, scope };
  return scope;
}

/** Elements whose content never takes part in the accessibility tree or its text. */
export function isIgnoredTag(element: Element): boolean {
  return kIgnoredTags.has(element.localName) && !(element.localName === 'title' && element.parentElement?.namespaceURI === kSvgNs);
}

const kSvgNs = 'http://www.w3.org/2000/svg';

/** Subtree flags of an element: HIDDEN_RENDER | HIDDEN_ARIA, inherited from its flat-tree ancestors. */
export function getHiddenFlags(element: Element): number {
  const cached = flagsCache?.get(element);
  if (cached !== undefined) return cached;
  // Climb to the first ancestor with known flags (or the top), then compute downwards: no
  // recursion per level, however deep the element is.
  const chain: Element[] = [element];
  let known = 0;
  for (let parent = flatParent(element); parent; parent = flatParent(parent)) {
    const flags = flagsCache?.get(parent);
    if (flags !== undefined) {
      known = flags;
      break;
    }
    chain.push(parent);
  }
  let flags = known;
  for (let i = chain.length - 1; i >= 0; i--) {
    const current = chain[i]!;
    let parentFlags = i === chain.length - 1 && !flatParent(current) ? 0 : flags;
    // An owned element is hidden from the accessibility tree with its owner, not its DOM parent.
    const owner = parentFlags & HIDDEN_ARIA ? getOwner(current) : undefined;
    if (owner) parentFlags = (parentFlags & HIDDEN_RENDER) | (getHiddenFlags(owner) & HIDDEN_ARIA);
    flags = computeHiddenFlags(current, flatParent(current), parentFlags);
    flagsCache?.set(current, flags);
  }
  return flags;
}

/** Drops memoized flags (aria-owns moved the element: its ancestors for aria changed). */
export function forgetHiddenFlags(element: Element): void {
  flagsCache?.delete(element);
}

/** Records flags computed by a top-down walk, so later random access finds them. */
export function setHiddenFlags(element: Element, flags: number): void {
  flagsCache?.set(element, flags);
}

/**
 * Flags of `element` given its flat-tree parent and the parent's flags. A render-hidden parent
 * makes the child render-hidden without looking at the child's style.
 */
export function computeHiddenFlags(element: Element, parent: Element | null, parentFlags: number,
  parentChecked = false): number {
  let flags = parentFlags;
  if (flags & HIDDEN_RENDER) return flags;
  if (kIgnoredTags.has(element.localName) && isIgnoredTag(element)) return flags | HIDDEN_RENDER;
  // `parentChecked`: the caller (a top-down walk) already applied the parent's rules below.
  if (parent && !parentChecked) {
    // A light-DOM child of a shadow host is rendered only through a slot.
    if (parent.shadowRoot && element.parentElement === parent && !element.assignedSlot) return flags | HIDDEN_RENDER;
    if (isClosedShadowHost(parent) && element.parentElement === parent && !isRenderedLightChild(element))
      return flags | HIDDEN_RENDER;
    // The content of a content-visibility:hidden element is skipped (the element's own box stays).
    if (getStyle(parent).contentVisibility === 'hidden') return flags | HIDDEN_RENDER;
    // A closed <details> renders only its first <summary>.
    if (isClosedDetails(parent) && !isDetailsSummary(parent, element)) return flags | HIDDEN_RENDER;
  }
  if (getDisplay(element) === 'none') return flags | HIDDEN_RENDER;
  if (!(flags & HIDDEN_ARIA)) {
    const ariaHidden = element.getAttribute('aria-hidden');
    if ((ariaHidden !== null && ariaHidden.toLowerCase() === 'true') || element.hasAttribute('inert'))
      flags |= HIDDEN_ARIA;
    else if (parent && isBlockedByModal(element, parent))
      flags |= HIDDEN_ARIA;
  }
  return flags;
}

/** Outside the open modal dialog: a child of one of its ancestors that is neither it nor an ancestor. */
function isBlockedByModal(element: Element, parent: Element): boolean {
  const modal = getModalScope(element.ownerDocument);
  return !!modal && modal.ancestors.has(parent) && element !== modal.dialog && !modal.ancestors.has(element);
}

export function isClosedDetails(element: Element): boolean {
  return element.localName === 'details' && !(element as HTMLDetailsElement).open;
}

export function isDetailsSummary(details: Element, child: Element): boolean {
  if (child.localName !== 'summary') return false;
  for (let c = details.firstElementChild; c; c = c.nextElementSibling)
    if (c.localName === 'summary') return c === child;
  return false;
}

/** `visibility: visible` for this element (options inside a select and slots are exempt). */
export function isStyleVisible(element: Element): boolean {
  const visibility = getStyle(element).visibility;
  if (visibility === 'visible') return true;
  const tag = element.localName;
  return tag === 'slot' || (tag === 'option' && !!element.closest('select'));
}

/** Hidden from the accessibility tree (https://w3c.github.io/accname/#dfn-hidden). */
export function isHiddenForAria(element: Element): boolean {
  return getHiddenFlags(element) !== 0 || !isStyleVisible(element);
}

/**
 * Rendered: no HIDDEN_RENDER flag. The browser's `checkVisibility()` (CSSOM View, "checkVisibility")
 * answers most elements without reading the style of every ancestor: it is true when the element
 * has a box and no flat-tree ancestor has `content-visibility: hidden`, which every rule of
 * `computeHiddenFlags` comes down to (display:none, unslotted light children, a closed
 * `<details>`' content), save the ignored tags, which author CSS can display: an element in one
 * takes the exact path, as does every element without a box (`display: contents` has none).
 */
export function isRendered(element: Element): boolean {
  const cached = flagsCache?.get(element);
  if (cached !== undefined) return (cached & HIDDEN_RENDER) === 0;
  if (element.checkVisibility() && !inIgnoredTag(element)) return true;
  return (getHiddenFlags(element) & HIDDEN_RENDER) === 0;
}

/**
 * The element or a flat-tree ancestor is an ignored tag (`<head>`, `<style>` ...). Within a walk
 * the elements found outside every ignored tag are remembered, so a climb stops at the first.
 */
function inIgnoredTag(element: Element): boolean {
  const climbed: Element[] = [];
  for (let current: Element | null = element; current; current = flatParent(current)) {
    if (outsideIgnoredCache?.has(current)) break;
    if (kIgnoredTags.has(current.localName) && isIgnoredTag(current)) return true;
    climbed.push(current);
  }
  if (outsideIgnoredCache) for (const outside of climbed) outsideIgnoredCache.add(outside);
  return false;
}

/** Rendered with visible style (aria-hidden content counts as rendered: users see it). */
export function isRenderedVisible(element: Element): boolean {
  return isRendered(element) && isStyleVisible(element);
}

/** A text node is visible when its flat-tree parent is rendered and `visibility: visible`. */
export function isTextNodeRendered(text: Text): boolean {
  const parent = flatParent(text);
  return !!parent && isRenderedVisible(parent);
}
