/**
 * The hit-target guard: checks where an action's real input lands, and stops a press that lands
 * on another element.
 *
 * `actionTarget` checks the point before the mouse moves, but moving the mouse can change the page
 * (a hover menu opens over the target, a sticky header grows, a layout shifts), so that the press
 * lands elsewhere. Before the Python side sends a press, `armHitTarget` adds capture-phase listeners
 * on the target's window for the press's events. The first trusted one must target the element, a
 * node inside it (through shadow roots), or a label that forwards its click to it. If it does not,
 * that event and every later one of the press are cancelled (`preventDefault` and
 * `stopImmediatePropagation`), so the other element never sees a mousedown, mouseup or click;
 * `hitTargetVerdict` then says what was hit, and the Python side retries the action.
 *
 * Only presses are guarded: a move cannot be undone (`:hover` applies whatever listeners do), so
 * hover relies on `actionTarget`'s check of the point.
 *
 * Facts from Playwright's hit target interception (injected script `setupHitTargetInterceptor`,
 * https://playwright.dev/docs/actionability "Receives Events"): the first event decides, only
 * trusted events count, events are blocked in the capture phase on the window.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import { BridgeError } from '../errors';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes, type Attributes } from '../structure/attributes';
import { isVisibleInteractive, visibleText } from '../structure/tree';
import { receivesHit } from './actionability';

const kPressEvents = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu'];
/** A guard nobody asks about is removed after this long (ms), so a lost call never blocks the user's page. */
const kGuardLifetime = 10_000;

interface Guard {
  element: Element;
  hit: Element | null;
  events: number;
  blocked: boolean;
  remove(): void;
}

let current: Guard | null = null;

/** Arm the guard of a press on the element of `ref`; replaces any armed one. */
export function armHitTarget(refs: RefRegistry, ref: number): { armed: true } {
  const element = refs.resolve(ref);
  const view = element.ownerDocument.defaultView;
  if (!view) throw new BridgeError('ref-detached', `${refs.label(ref)} is in a document without a window`);
  current?.remove();
  const events = kPressEvents;
  const guard: Guard = { element, hit: null, events: 0, blocked: false, remove: () => undefined };
  const listener = (event: Event): void => {
    if (!event.isTrusted) return; // the page's own synthetic events are not ours to judge
    guard.events++;
    if (guard.events === 1) {
      const path = event.composedPath();
      const first = path[0] as Node | undefined;
      guard.hit = first && first.nodeType === 1 ? first as Element : null;
      guard.blocked = !guard.hit || !(receivesHit(element, guard.hit) || isClosedHostOf(guard.hit, element));
    }
    if (guard.blocked) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const options = { capture: true };
  for (const type of events) view.addEventListener(type, listener, options);
  const expiry = setTimeout(() => guard.remove(), kGuardLifetime);
  guard.remove = () => {
    for (const type of events) view.removeEventListener(type, listener, options);
    clearTimeout(expiry);
    if (current === guard) current = null;
  };
  current = guard;
  return { armed: true };
}

/**
 * Say what the press hit so far: `{events, landed}`, `landed` one of `target` (the element got the
 * first event), `other` (another element did, `hitBy` says which: every event of the press is
 * cancelled while the guard is armed), `none` (no event reached this document: the press landed in
 * another frame or document) or `gone` (no guard armed here: this is a new document, the press
 * navigated the old one). `disarm`: remove the guard (after the release).
 */
/** An element that got an event instead of the target: its tag, locator attributes, text and ref. */
export interface HitElement {
  tagName: string;
  attributes: Attributes;
  text: string;
  ref?: string;
}

export interface HitTargetVerdict {
  /** Trusted events of the press seen so far in this document. */
  events: number;
  landed: 'target' | 'other' | 'none' | 'gone';
  /** With `landed: 'other'`: the element that got the first event (null when it is gone). */
  hitBy?: HitElement | null;
}

export function hitTargetVerdict(refs: RefRegistry, disarm: boolean): HitTargetVerdict {
  const guard = current;
  if (!guard) return { events: 0, landed: 'gone' };
  if (disarm) guard.remove();
  if (!guard.events) return { events: 0, landed: 'none' };
  if (!guard.blocked) return { events: guard.events, landed: 'target' };
  return { events: guard.events, landed: 'other', hitBy: guard.hit ? describeHit(refs, guard.hit) : null };
}

/**
 * `host` hosts a closed shadow root that holds `element`: an event inside a closed root shows the
 * host as its first target outside it, so the host stands for the element.
 */
function isClosedHostOf(host: Element, element: Element): boolean {
  let node: Node = element;
  for (let root = node.getRootNode(); root instanceof ShadowRoot; root = node.getRootNode()) {
    if (root.host === host) return root.mode === 'closed';
    node = root.host;
  }
  return false;
}

function describeHit(refs: RefRegistry, hit: Element): HitElement {
  beginWalk();
  try {
    const described: HitElement = {
      tagName: tagNameOf(hit),
      attributes: getAttributes(hit),
      text: visibleText(hit, 100),
    };
    if (isVisibleInteractive(hit)) described.ref = refs.label(refs.ensure(hit));
    return described;
  } finally {
    endWalk();
  }
}
