/**
 * Visibility as Playwright's locators decide it.
 *
 * - `isElementVisible`: what `filter({ visible })`, `visible=` and `:visible` test, and what
 *   Playwright's actionability calls visible. From Playwright's injected `domUtils.ts`
 *   (`computeBox`): a `display: contents` element is visible when a child element is, or a child
 *   text node has a non-empty box; otherwise the element must pass `checkVisibility()`, have
 *   `visibility: visible`, and a non-empty bounding box.
 *   https://playwright.dev/docs/actionability#visible
 * - `isHiddenForRole`: which elements `getByRole` leaves out unless `includeHidden` (Playwright's
 *   `isElementHiddenForAria` in `roleUtils.ts`): script/style/noscript/template; a
 *   `display: contents` element with nothing shown in it; failing `checkVisibility()` or not
 *   `visibility: visible` (except options of a `<select>` and slots); `display: none` or
 *   `aria-hidden="true"` on it or an ancestor (through shadow hosts); a light child of a shadow
 *   host that no slot takes. This differs from the snapshot's hidden rule (bridge/src/aria) on
 *   purpose: `inert` does not hide for Playwright, and `aria-owns` does not move the ancestry.
 */

import { getStyle, parentElementOrHost } from '../dom';

let hiddenCache: Map<Element, boolean> | undefined;
let styleVisibleCache: Map<Element, boolean> | undefined;

/** Opens the caches of one evaluation (nested calls share them). */
export function withVisibilityCaches<T>(fn: () => T): T {
  const outer = hiddenCache;
  if (!outer) {
    hiddenCache = new Map();
    styleVisibleCache = new Map();
  }
  try {
    return fn();
  } finally {
    if (!outer) {
      hiddenCache = undefined;
      styleVisibleCache = undefined;
    }
  }
}

/** Opens the visibility caches for a cache scope (cacheScope.ts): the evaluations until `closeVisibilityCaches` share them. */
export function openVisibilityCaches(): void {
  hiddenCache ??= new Map();
  styleVisibleCache ??= new Map();
}

/** Closes the visibility caches a cache scope opened. */
export function closeVisibilityCaches(): void {
  hiddenCache = undefined;
  styleVisibleCache = undefined;
}

/** `checkVisibility()` and `visibility: visible` (Playwright's isElementStyleVisibilityVisible). */
export function isStyleVisibilityVisible(element: Element): boolean {
  const cached = styleVisibleCache?.get(element);
  if (cached !== undefined) return cached;
  const result = element.checkVisibility() && getStyle(element).visibility === 'visible';
  styleVisibleCache?.set(element, result);
  return result;
}

/** Playwright's isElementVisible. */
export function isElementVisible(element: Element): boolean {
  const style = getStyle(element);
  if (style.display === 'contents') {
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1 && isElementVisible(child as Element)) return true;
      if (child.nodeType === 3 && isVisibleTextNode(child as Text)) return true;
    }
    return false;
  }
  if (!isStyleVisibilityVisible(element)) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

function isVisibleTextNode(node: Text): boolean {
  const range = node.ownerDocument.createRange();
  range.selectNode(node);
  const rect = range.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

const kIgnored = new Set(['STYLE', 'SCRIPT', 'NOSCRIPT', 'TEMPLATE']);

/** Playwright's isElementHiddenForAria (module docstring). */
export function isHiddenForRole(element: Element): boolean {
  if (kIgnored.has(element.nodeName)) return true;
  const style = getStyle(element);
  const isSlot = element.nodeName === 'SLOT';
  if (style.display === 'contents' && !isSlot) {
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1 && !isHiddenForRole(child as Element)) return false;
      if (child.nodeType === 3 && isVisibleTextNode(child as Text)) return false;
    }
    return true;
  }
  const isOptionInsideSelect = element.nodeName === 'OPTION' && !!element.closest('select');
  if (!isOptionInsideSelect && !isSlot && !isStyleVisibilityVisible(element)) return true;
  return isHiddenByAncestry(element);
}

function isHiddenByAncestry(element: Element): boolean {
  const cached = hiddenCache?.get(element);
  if (cached !== undefined) return cached;
  let hidden = false;
  const parent = element.parentElement;
  if (parent && parent.shadowRoot && !element.assignedSlot) hidden = true;
  if (!hidden) {
    hidden = getStyle(element).display === 'none' || (element.getAttribute('aria-hidden') ?? '').toLowerCase() === 'true';
  }
  if (!hidden) {
    const up = parentElementOrHost(element);
    if (up) hidden = isHiddenByAncestry(up);
  }
  hiddenCache?.set(element, hidden);
  return hidden;
}
