/**
 * Which elements a query under a root visits, and in what order: Playwright's order, because
 * `first()`, `last()` and `nth()` pick by it.
 *
 * A query under a root (the document, or an element when the locator is chained) takes the root's
 * light descendants in document order, then the content of each open shadow root under it (the
 * root's own first, then those of its descendants in document order), each the same way. So
 * shadow content comes after all the light content around it, not where its host is. `or()` and
 * selector lists sort their union into document order, where a host's light children come
 * before its shadow root's children. Facts from Playwright's injected `selectorEvaluator.ts`
 * (`_queryCSS`, `sortInDOMOrder`) and `roleSelectorEngine.ts` (`queryRole`).
 */

import { parentElementOrHost } from '../dom';

/** Elements under `root` (not `root` itself) matching `css`, through open shadow roots. */
export function queryAllPierce(root: Document | Element | ShadowRoot, css: string, pierce = true): Element[] {
  const result: Element[] = [];
  const visit = (scope: Document | Element | ShadowRoot): void => {
    const all = scope.querySelectorAll(css);
    for (let i = 0; i < all.length; i++) result.push(all[i]!);
    if (!pierce) return;
    const own = (scope as Element).shadowRoot;
    if (own) visit(own);
    const everything = css === '*' ? all : scope.querySelectorAll('*');
    for (let i = 0; i < everything.length; i++) {
      const shadow = everything[i]!.shadowRoot;
      if (shadow) visit(shadow);
    }
  };
  visit(root);
  return result;
}

/** `elements` in document order (light children before shadow children), duplicates dropped. */
export function sortInDOMOrder(elements: Iterable<Element>): Element[] {
  interface Entry { children: Element[]; taken: boolean }
  const entries = new Map<Element, Entry>();
  const roots: Element[] = [];
  const append = (element: Element): Entry => {
    let entry = entries.get(element);
    if (entry) return entry;
    const parent = parentElementOrHost(element);
    if (parent) append(parent).children.push(element);
    else roots.push(element);
    entry = { children: [], taken: false };
    entries.set(element, entry);
    return entry;
  };
  for (const element of elements) append(element).taken = true;
  const result: Element[] = [];
  const visit = (element: Element): void => {
    const entry = entries.get(element)!;
    if (entry.taken) result.push(element);
    if (entry.children.length > 1) {
      const wanted = new Set(entry.children);
      entry.children = [];
      for (let child = element.firstElementChild; child && entry.children.length < wanted.size; child = child.nextElementSibling)
        if (wanted.has(child)) entry.children.push(child);
      const shadow = element.shadowRoot;
      for (let child = shadow ? shadow.firstElementChild : null; child && entry.children.length < wanted.size; child = child.nextElementSibling)
        if (wanted.has(child)) entry.children.push(child);
    }
    entry.children.forEach(visit);
  };
  roots.forEach(visit);
  return result;
}
