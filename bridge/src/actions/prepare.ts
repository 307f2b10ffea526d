/**
 * Preparing input that is not a pointer event: `prepareType` focuses a field and selects what
 * typing will replace; `selectOption` chooses options of a `<select>` as a user would (value or
 * label, then `input` and `change` events).
 */

import { beginWalk, deepActiveElement, endWalk, tagNameOf, tagOf } from '../dom';
import { getDisabled } from '../aria/states';
import { BridgeError } from '../errors';
import type { RefRegistry } from '../snapshot/refs';
import { notActionable } from './actionability';

export function prepareType(refs: RefRegistry, ref: number): { focused: boolean } {
  const element = refs.resolve(ref) as HTMLElement;
  element.focus({ preventScroll: false });
  const tag = tagOf(element);
  if (tag === 'INPUT' || tag === 'TEXTAREA') {
    try {
      (element as HTMLInputElement).select();
    } catch {
      // Some input types have no selection; typing then appends to an empty field.
    }
  } else if (element.isContentEditable) {
    const selection = element.ownerDocument.getSelection();
    if (selection) {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      selection.removeAllRanges();
      selection.addRange(range);
    }
  }
  return { focused: deepActiveElement(element.ownerDocument) === element };
}

export function selectOption(refs: RefRegistry, ref: number, values: string[]): { selected: string[] } {
  const element = refs.resolve(ref);
  const label = refs.label(ref);
  if (tagOf(element) !== 'SELECT') throw notActionable(element, 'not-selectable', `${label} (${tagNameOf(element)}) is not a <select>`);
  const select = element as HTMLSelectElement;
  beginWalk();
  try {
    if (getDisabled(select)) throw notActionable(element, 'disabled', `${label} is disabled`);
  } finally {
    endWalk();
  }
  if (!select.multiple && values.length > 1)
    throw new BridgeError('bad-args', `${label} is a single-choice <select>: pass one value, got ${values.length}`);
  const options = Array.from(select.options);
  const chosen: HTMLOptionElement[] = [];
  for (const value of values) {
    const option = options.find(o => o.value === value) ?? options.find(o => o.label.trim() === value.trim() || (o.textContent ?? '').trim() === value.trim());
    if (!option) {
      const available = options.slice(0, 20).map(o => o.label || o.value);
      throw notActionable(element, 'no-option', `${label} has no option with value or label ${JSON.stringify(value)}`, { available });
    }
    if (option.disabled) throw notActionable(element, 'disabled', `option ${JSON.stringify(value)} of ${label} is disabled`);
    chosen.push(option);
  }
  for (const option of options) option.selected = chosen.includes(option);
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: Array.from(select.selectedOptions).map(o => o.value) };
}

export interface FocusedElement {
  /** The focused element's ref (given one if it had none), or null when the document's body (or nothing) has focus. */
  ref: string | null;
  /** The number of that ref. */
  number: number | null;
  /** The focused element is an iframe: the focus is inside the frame it shows. */
  frame: boolean;
}

/** The element that has focus in this document (through open shadow roots), for the code line of a key press. */
export function focusedElement(refs: RefRegistry): FocusedElement {
  const active = deepActiveElement(document);
  if (!active || active === document.body || active === document.documentElement) return { ref: null, number: null, frame: false };
  const number = refs.ensure(active);
  const tag = tagOf(active);
  return { ref: refs.label(number), number, frame: tag === 'IFRAME' || tag === 'FRAME' };
}
