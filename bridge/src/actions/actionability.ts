/**
 * Actionability for the Python side's input events: `actionTarget` checks that a ref can take a
 * click, hover, typing or a selection and returns the point to send the event to.
 *
 * The checks follow Playwright's actionability rules (https://playwright.dev/docs/actionability):
 * attached, visible, enabled, editable, stable over two animation frames, and receiving the
 * event at the point (no other element on top).
 */

import { beginWalk, containsComposed, endWalk, tagNameOf, tagOf } from '../dom';
import { getDisabled } from '../aria/states';
import { isEditingHost } from '../aria/roles';
import { BridgeError, type Json } from '../errors';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes } from '../structure/attributes';
import { describeRole, isVisible, isVisibleInteractive, visibleText } from '../structure/tree';

export type Action = 'click' | 'hover' | 'type' | 'select';
const kActions = new Set<string>(['click', 'hover', 'type', 'select']);

export interface ActionPoint {
  x: number;
  y: number;
  tagName: string;
  role: string;
  name: string;
}

export type Reason = 'hidden' | 'disabled' | 'not-editable' | 'covered' | 'not-stable' | 'not-selectable' | 'no-option';

/** The target as the error names it: `tagName`, `role`, `name` (computed on demand). */
type Target = { tagName: string; role: string; name: string };

function describeTarget(element: Element): Target {
  beginWalk();
  try {
    return { tagName: tagNameOf(element), ...describeRole(element) };
  } finally {
    endWalk();
  }
}

export function notActionable(element: Element, reason: Reason, message: string,
  details: { [key: string]: Json | undefined } = {}): BridgeError {
  return new BridgeError('not-actionable', message, { reason, ...describeTarget(element), ...details });
}

const kNotEditableInputTypes = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image',
  'range', 'color', 'hidden']);

/** Takes typed text: an editable input or textarea, or contenteditable content, not read-only. */
export function isEditable(element: Element): boolean {
  if ((element.getAttribute('aria-readonly') ?? '').toLowerCase() === 'true') return false;
  const tag = tagOf(element);
  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    return !kNotEditableInputTypes.has(input.type) && !input.readOnly;
  }
  if (tag === 'TEXTAREA') return !(element as HTMLTextAreaElement).readOnly;
  return (element as HTMLElement).isContentEditable || isEditingHost(element);
}

export async function actionTarget(refs: RefRegistry, ref: number, action: string, scroll = false): Promise<ActionPoint> {
  if (!kActions.has(action)) throw new BridgeError('bad-args', `action must be one of click, hover, type, select; got ${JSON.stringify(action)}`);
  const element = refs.resolve(ref);
  const label = refs.label(ref);
  let role: string;
  let name: string;
  beginWalk();
  try {
    if (!isVisible(element) || !hasBox(element))
      throw notActionable(element, 'hidden', `${label} is not visible (hidden, display:none, or zero size); take a new snapshot`);
    if (action !== 'hover' && getDisabled(element))
      throw notActionable(element, 'disabled', `${label} is disabled`);
    if (action === 'type' && !isEditable(element))
      throw notActionable(element, 'not-editable', `${label} (${tagNameOf(element)}) is not an editable field`);
    if (action === 'select' && tagOf(element) !== 'SELECT')
      throw notActionable(element, 'not-selectable', `${label} (${tagNameOf(element)}) is not a <select>`);
    ({ role, name } = describeRole(element));
  } finally {
    endWalk();
  }

  // `scroll`: always (an element in a frame whose iframe is out of view: scrolling carries through the frames above).
  if (scroll || !isInViewport(element)) element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const first = boxOf(element);
  await nextFrame();
  await nextFrame();
  const second = boxOf(element);
  if (!sameBox(first, second))
    throw notActionable(element, 'not-stable', `${label} is moving (animating); wait for the page to settle and retry`);

  const { x, y } = clickPoint(element);
  const hit = deepElementFromPoint(element.ownerDocument, x, y);
  if (!hit || !receivesHit(element, hit)) {
    beginWalk();
    try {
      const cover = hit ?? element.ownerDocument.documentElement;
      const coveredBy: { [key: string]: Json } = {
        tagName: tagNameOf(cover),
        attributes: getAttributes(cover),
        text: visibleText(cover, 100),
      };
      if (isVisibleInteractive(cover)) coveredBy.ref = refs.label(refs.ensure(cover));
      throw notActionable(element, 'covered', `${label} is covered by <${tagNameOf(cover)}> at (${Math.round(x)}, ${Math.round(y)}); close or scroll away the overlay first`, { coveredBy });
    } finally {
      endWalk();
    }
  }
  return { x, y, tagName: tagNameOf(element), role: role!, name: name! };
}

function hasBox(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

function isInViewport(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  const view = element.ownerDocument.defaultView;
  if (!view) return true;
  return rect.top >= 0 && rect.left >= 0 && rect.bottom <= view.innerHeight && rect.right <= view.innerWidth;
}

type Box = { x: number; y: number; width: number; height: number };

function boxOf(element: Element): Box {
  const r = element.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** One animation frame, or 100 ms when frames do not run (a page in the background). */
function nextFrame(): Promise<void> {
  return new Promise(resolve => {
    let done = false;
    const finish = (): void => { if (!done) { done = true; resolve(); } };
    requestAnimationFrame(() => finish());
    setTimeout(finish, 100);
  });
}

/** Centre of the visible part (clipped to the viewport) of the element's first client rect. */
function clickPoint(element: Element): { x: number; y: number } {
  const rects = element.getClientRects();
  const rect = rects.length ? rects[0]! : element.getBoundingClientRect();
  const view = element.ownerDocument.defaultView;
  let left = rect.left, top = rect.top, right = rect.right, bottom = rect.bottom;
  if (view) {
    const l = Math.max(left, 0), t = Math.max(top, 0);
    const r = Math.min(right, view.innerWidth), b = Math.min(bottom, view.innerHeight);
    if (r > l && b > t) { left = l; top = t; right = r; bottom = b; }
  }
  return { x: (left + right) / 2, y: (top + bottom) / 2 };
}

/** The element at a point, followed into open shadow roots. */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** The hit element is the target, inside it, or inside a label of it (the label forwards the click). */
export function receivesHit(element: Element, hit: Element): boolean {
  if (containsComposed(element, hit)) return true;
  const label = hit.closest('label');
  return !!label && (label as HTMLLabelElement).control === element;
}
