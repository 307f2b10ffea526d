/**
 * Frame owners (`<iframe>`, `<frame>`) as the Python side needs them to join frames into one page:
 * `frameOwner` describes the element (for the model's `frameLocator(...)`), `framePoint` carries a
 * point from the frame's viewport to this document's viewport and checks the iframe receives it.
 *
 * The element comes from Python as a remote object (`DOM.getFrameOwner` + `DOM.resolveNode` in
 * this isolated world), the third argument of `call`.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import { BridgeError, type Json } from '../errors';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes, kMaxAttributeLength, type Attributes } from '../structure/attributes';
import { truncate } from '../aria/text';
import { isVisibleInteractive, visibleText } from '../structure/tree';
import { deepElementFromPoint } from '../actions/actionability';

export interface FrameOwnerFacts {
  ref: string;
  tagName: string;
  attributes: Attributes;
}

const kOwnerAttributes = ['src', 'srcdoc'];

/** Refuses anything but a connected `<iframe>`/`<frame>` of this document. */
export function requireFrameOwner(element: unknown): HTMLIFrameElement | HTMLFrameElement {
  if (!(element instanceof Element) || (element.localName !== 'iframe' && element.localName !== 'frame'))
    throw new BridgeError('bad-args', 'the element argument must be an <iframe> or <frame> element');
  if (!element.isConnected)
    throw new BridgeError('ref-detached', 'the iframe was removed from the document', { tagName: element.localName, role: 'iframe', name: '' });
  return element as HTMLIFrameElement | HTMLFrameElement;
}

/** `{ref, tagName, attributes}`: the locator attributes plus `src` and `srcdoc`, cut like the others. */
export function frameOwner(refs: RefRegistry, element: unknown): FrameOwnerFacts {
  const owner = requireFrameOwner(element);
  const ref = refs.ensure(owner);
  refs.remember(ref, 'iframe', '');
  const attributes = getAttributes(owner);
  for (const name of kOwnerAttributes) {
    const value = owner.getAttribute(name);
    if (value !== null) attributes[name] = truncate(value, kMaxAttributeLength);
  }
  return { ref: refs.label(ref), tagName: tagNameOf(owner), attributes };
}

export interface FramePoint {
  x: number;
  y: number;
  /** The point is inside this document's viewport. */
  inView: boolean;
}

/**
 * The point (`x`, `y`: CSS pixels in the frame's viewport) in this document's viewport: offset by
 * the iframe's content box (border and padding). When it is in view, the iframe must be what the
 * point hits here (deep through shadow roots); otherwise `not-actionable` `covered`, with what covers it.
 * `hitTest: false` only carries the point (a screenshot's clip, where nothing is clicked).
 */
export function framePoint(refs: RefRegistry, element: unknown, x: number, y: number, hitTest = true): FramePoint {
  const owner = requireFrameOwner(element);
  const rect = owner.getBoundingClientRect();
  const style = owner.ownerDocument.defaultView?.getComputedStyle(owner);
  const padLeft = style ? parseFloat(style.paddingLeft) || 0 : 0;
  const padTop = style ? parseFloat(style.paddingTop) || 0 : 0;
  const px = rect.left + owner.clientLeft + padLeft + x;
  const py = rect.top + owner.clientTop + padTop + y;
  const view = owner.ownerDocument.defaultView;
  const inView = !view || (px >= 0 && py >= 0 && px < view.innerWidth && py < view.innerHeight);
  if (!inView || !hitTest) return { x: px, y: py, inView };
  const hit = deepElementFromPoint(owner.ownerDocument, px, py);
  if (hit !== owner) {
    beginWalk();
    try {
      const cover = hit ?? owner.ownerDocument.documentElement;
      const coveredBy: { [key: string]: Json } = {
        tagName: tagNameOf(cover),
        attributes: getAttributes(cover),
        text: visibleText(cover, 100),
      };
      if (isVisibleInteractive(cover)) coveredBy.ref = refs.label(refs.ensure(cover));
      throw new BridgeError('not-actionable',
        `the iframe is covered by <${tagNameOf(cover)}> at (${Math.round(px)}, ${Math.round(py)})`,
        { reason: 'covered', coveredBy });
    } finally {
      endWalk();
    }
  }
  return { x: px, y: py, inView };
}
