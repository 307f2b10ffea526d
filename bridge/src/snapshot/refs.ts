/**
 * Refs: one number per element for the element's whole life (README: Refs).
 *
 * `WeakMap<Element, number>` gives an element its number; `Map<number, entry>` finds the element
 * again through a `WeakRef`, and keeps what it last looked like for `ref-detached` errors. Numbers
 * start at the caller's `refStart` and only grow, so a number is never given twice.
 */

import { tagNameOf, tagOf } from '../dom';
import { BridgeError } from '../errors';
import { getRole, isEditingHost, kInteractiveRoles } from '../aria/roles';
import { getStyle } from '../dom';
import { isClosedShadowHost } from '../shadow';

interface RefEntry {
  element: WeakRef<Element>;
  tagName: string;
  role: string;
  name: string;
}

export class RefRegistry {
  private readonly numbers = new WeakMap<Element, number>();
  private readonly entries = new Map<number, RefEntry>();
  private next = 1;
  private prefix = 'e';

  /** Starts a call: the prefix of printed refs and the lowest number a new ref may take. */
  beginCall(refPrefix: string, refStart: number): void {
    this.prefix = refPrefix;
    if (refStart > this.next) this.next = refStart;
  }

  /** The next free number (the envelope's `nextRef`). */
  get nextRef(): number {
    return this.next;
  }

  /** The ref number of `element`, if it has one. */
  numberOf(element: Element): number | undefined {
    return this.numbers.get(element);
  }

  /** The ref number of `element`, giving it the next free number if it has none. */
  ensure(element: Element): number {
    let n = this.numbers.get(element);
    if (n === undefined) {
      n = this.next++;
      this.numbers.set(element, n);
      this.entries.set(n, { element: new WeakRef(element), tagName: tagNameOf(element), role: '', name: '' });
    }
    return n;
  }

  /** Records what the element looked like, for the details of a later `ref-detached`. */
  remember(n: number, role: string, name: string): void {
    const entry = this.entries.get(n);
    if (entry) {
      entry.role = role;
      entry.name = name;
    }
  }

  /** `refPrefix + n`, as printed and returned. */
  label(n: number): string {
    return this.prefix + n;
  }

  /** The live, connected element of ref `n`, or null (no throw: for `__verdex.element`). */
  lookup(n: unknown): Element | null {
    if (typeof n !== 'number') return null;
    const element = this.entries.get(n)?.element.deref();
    return element && element.isConnected ? element : null;
  }

  /** The live element of ref `n`; throws `ref-unknown` or `ref-detached`. */
  resolve(n: number): Element {
    const entry = this.entries.get(n);
    if (!entry) {
      throw new BridgeError('ref-unknown', `ref ${this.label(n)} was not given out by this document`);
    }
    const element = entry.element.deref();
    if (!element || !element.isConnected) {
      throw new BridgeError('ref-detached', `ref ${this.label(n)} (${entry.tagName}) was removed from the document`,
        { tagName: entry.tagName, role: entry.role, name: entry.name });
    }
    return element;
  }
}

/**
 * Interactive for refs: focusable (`tabIndex >= 0` or a `tabindex` attribute), an interactive
 * role, a native control, or the host of a closed shadow root; and receiving pointer events. The
 * element is assumed visible. The options of a drop-down `<select>` are not (they have no box;
 * `selectOption` acts on the select).
 */
export function isInteractive(element: Element): boolean {
  if (!isInteractiveKind(element)) return false;
  return getStyle(element).pointerEvents !== 'none';
}

/**
 * The elements {@link isInteractiveKind} can accept, as a selector (a superset: each match is tested
 * again), but for closed shadow hosts, which no selector finds. Kept beside it: a case added there
 * needs its tag or attribute here.
 */
export const kMaybeInteractiveSelector = 'a,area,audio,button,datalist,input,option,select,summary,textarea,video,'
  + '[role],[tabindex],[contenteditable]';

/** {@link isInteractive} without the style: reads attributes and the role only. */
export function isInteractiveKind(element: Element): boolean {
  switch (tagOf(element)) {
    case 'A': if (element.hasAttribute('href')) return true; break;
    case 'BUTTON': case 'SELECT': case 'TEXTAREA': case 'SUMMARY': return true;
    case 'INPUT': if ((element as HTMLInputElement).type !== 'hidden') return true; break;
  }
  // The options of a drop-down <select> have no box of their own: the select is what is acted on.
  if (tagOf(element) === 'OPTION' && isDropDownOption(element)) return false;
  // Without a role attribute only a few tags can have an interactive role (their implicit one):
  // the others skip the role computation (walks that test every element of a page).
  if ((kInteractiveImplicitTags.has(tagOf(element)) || element.hasAttribute('role'))
    && kInteractiveRoles.has(getRole(element) ?? '')) return true;
  // A closed shadow root's host is the only handle on its content.
  if (isClosedShadowHost(element)) return true;
  if (element.hasAttribute('tabindex')) return true;
  if (isEditingHost(element)) return true;
  // The other elements whose tabIndex defaults to 0 (iframes get their own line, with a ref).
  switch (tagOf(element)) {
    case 'AREA': return element.hasAttribute('href');
    case 'AUDIO': case 'VIDEO': return element.hasAttribute('controls');
    default: return false;
  }
}

/**
 * The tags whose implicit role (HTML-AAM, `getImplicitRole`) can be one of `kInteractiveRoles`;
 * presentation inheritance only ever turns a role into none.
 */
const kInteractiveImplicitTags = new Set(['A', 'AREA', 'BUTTON', 'DATALIST', 'INPUT', 'OPTION', 'SELECT', 'TEXTAREA']);

/** An `<option>` of a `<select>` shown as a drop-down (not `multiple`, `size` at most 1). */
function isDropDownOption(option: Element): boolean {
  const select = option.closest('select');
  return !!select && !(select as HTMLSelectElement).multiple && (select as HTMLSelectElement).size <= 1;
}

/** Roles whose every element is a locator target (README: Refs). */
/**
 * A list item that only wraps one interactive element (a menu's `<li><a href>…</a></li>`): the
 * element is the target and has its own ref; the item adds no text to set it apart, so a ref on it
 * would cost tokens on every line of a navigation and give a locator nothing. Light DOM only: an
 * item with a shadow root, a second element or text of its own keeps its ref.
 */
function isWrapperItem(item: Element): boolean {
  const only = item.firstElementChild;
  if (!only || only.nextElementSibling || item.shadowRoot || !isInteractive(only)) return false;
  for (let child = item.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 3 && (child as Text).data.trim()) return false;
  return true;
}

const kTargetRoles = new Set(['heading', 'cell', 'gridcell', 'columnheader', 'rowheader', 'row', 'listitem',
  'banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region', 'search', 'dialog', 'alertdialog']);

/**
 * An element a locator may target besides the interactive ones, so it gets a ref where it has a
 * snapshot line: a heading, cell, row or column header, row, list item (not a wrapper item), landmark (`region` and
 * `form` have one only when named), dialog, an image with a name (its `alt`), a `<label>` that
 * holds its control. `role` and `name` as the snapshot shows them.
 */
export function isLocatorTarget(element: Element, role: string, name: string): boolean {
  if (role === 'listitem') return !isWrapperItem(element);
  if (kTargetRoles.has(role)) return true;
  if (role === 'img') return !!name;
  if (element.localName === 'label') {
    const control = (element as HTMLLabelElement).control;
    return !!control && element.contains(control);
  }
  return false;
}
