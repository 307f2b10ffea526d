/**
 * `elementBox`: the border box of a ref's element for a screenshot (`browser_take_screenshot`).
 *
 * The element must be rendered, `visibility: visible` and have a box (the actionability rule of
 * actionability.ts); an element not wholly inside its frame's viewport is scrolled to the centre
 * first (`scrollIntoView`, which carries through the frames above; `scroll: true` scrolls it even
 * when it is in its own frame's view: an iframe out of its parent's view). Returns `{x, y, width,
 * height, tagName, role, name}`: CSS pixels in the frame's viewport
 * (https://drafts.csswg.org/cssom-view/#dom-element-getboundingclientrect).
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import type { RefRegistry } from '../snapshot/refs';
import { describeRole, isVisible } from '../structure/tree';
import { notActionable } from './actionability';

export interface ElementBox {
  x: number;
  y: number;
  width: number;
  height: number;
  tagName: string;
  role: string;
  name: string;
}

export function elementBox(refs: RefRegistry, ref: number, scroll = false): ElementBox {
  const element = refs.resolve(ref);
  let role: string;
  let name: string;
  beginWalk();
  try {
    const rect = element.getBoundingClientRect();
    if (!isVisible(element) || rect.width <= 0 || rect.height <= 0)
      throw notActionable(element, 'hidden', `${refs.label(ref)} is not visible (hidden, display:none, or zero size)`);
    ({ role, name } = describeRole(element));
  } finally {
    endWalk();
  }
  if (scroll || !isWhollyInView(element)) element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const rect = element.getBoundingClientRect();
  return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, tagName: tagNameOf(element), role: role!, name: name! };
}

function isWhollyInView(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  const view = element.ownerDocument.defaultView;
  if (!view) return true;
  return rect.top >= 0 && rect.left >= 0 && rect.bottom <= view.innerHeight && rect.right <= view.innerWidth;
}
