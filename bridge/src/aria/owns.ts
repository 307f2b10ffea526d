/**
 * aria-owns: which element owns which (https://www.w3.org/TR/wai-aria-1.2/#aria-owns).
 *
 * An owned element is a child of its owner in the accessibility tree, not of its DOM parent.
 * User agents must not resolve aria-owns set on an element excluded from the accessibility tree,
 * nor one that references an element hidden from all users (display:none, visibility:hidden, or
 * a DOM ancestor so). An element is owned once; an owner cannot own its own ancestor.
 * The map is built once per walk, on first use.
 */

import { getIdRefs, registerWalkCache } from '../dom';
import { HIDDEN_RENDER, forgetHiddenFlags, getHiddenFlags, isHiddenForAria, isStyleVisible } from './visibility';

let ownerCache: Map<Element, Element> | undefined;
let building = false;
registerWalkCache(() => undefined, () => { ownerCache = undefined; });

/** The element that owns `element` through aria-owns, if any. */
export function getOwner(element: Element): Element | undefined {
  if (building) return undefined;
  return getOwnerMap(element.ownerDocument).get(element);
}

/** owned element -> owner, for the whole document. */
export function getOwnerMap(doc: Document): Map<Element, Element> {
  if (ownerCache) return ownerCache;
  const map = new Map<Element, Element>();
  const owners = doc.querySelectorAll('[aria-owns]');
  if (owners.length) {
    building = true;
    try {
      for (let i = 0; i < owners.length; i++) {
        const owner = owners[i]!;
        if (isHiddenForAria(owner)) continue;
        for (const owned of getIdRefs(owner, owner.getAttribute('aria-owns'))) {
          if (map.has(owned) || owned.contains(owner)) continue;
          if ((getHiddenFlags(owned) & HIDDEN_RENDER) || !isStyleVisible(owned)) continue;
          map.set(owned, owner);
        }
      }
    } finally {
      building = false;
    }
    // Their flags were computed from the DOM parent while the map was being built.
    for (const owned of map.keys()) forgetHiddenFlags(owned);
  }
  // Outside a walk nothing is cached: the map is rebuilt on each use.
  if (isCaching()) ownerCache = map;
  return map;
}

let caching = false;
registerWalkCache(() => { caching = true; }, () => { caching = false; });

function isCaching(): boolean {
  return caching;
}

/** Elements owned by `element`, in aria-owns order. */
export function getOwnedElements(element: Element): Element[] {
  if (!element.hasAttribute('aria-owns')) return [];
  const map = getOwnerMap(element.ownerDocument);
  return getIdRefs(element, element.getAttribute('aria-owns')).filter(owned => map.get(owned) === element);
}
