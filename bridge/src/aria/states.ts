/**
 * ARIA states shown in snapshots: checked, disabled, expanded, level, pressed, selected.
 *
 * https://www.w3.org/TR/wai-aria-1.2/#state_prop_def and the HTML mappings of
 * https://w3c.github.io/html-aam/#html-attribute-state-and-property-mappings.
 */

import { parentElementOrHost, registerWalkCache, tagOf } from '../dom';
import { getRole, isNativelyDisabled } from './roles';

const kCheckedRoles = new Set(['checkbox', 'menuitemcheckbox', 'option', 'radio', 'switch', 'menuitemradio', 'treeitem']);
const kDisabledRoles = new Set(['application', 'button', 'composite', 'gridcell', 'group', 'input', 'link',
  'menuitem', 'scrollbar', 'separator', 'tab', 'checkbox', 'columnheader', 'combobox', 'grid', 'listbox',
  'menu', 'menubar', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'radiogroup', 'row', 'rowheader',
  'searchbox', 'select', 'slider', 'spinbutton', 'switch', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid',
  'treeitem']);
const kExpandedRoles = new Set(['application', 'button', 'checkbox', 'combobox', 'gridcell', 'link', 'listbox',
  'menuitem', 'row', 'rowheader', 'tab', 'treeitem', 'columnheader', 'menuitemcheckbox', 'menuitemradio', 'switch']);
const kLevelRoles = new Set(['heading', 'listitem', 'row', 'treeitem']);
const kSelectedRoles = new Set(['gridcell', 'option', 'row', 'tab', 'rowheader', 'columnheader', 'treeitem']);

export type Tristate = boolean | 'mixed';

let ariaDisabledCache: Map<Element, boolean> | undefined;
registerWalkCache(
  () => { ariaDisabledCache ??= new Map(); },
  () => { ariaDisabledCache = undefined; },
);

/** aria-checked / native checked; `mixed` for an indeterminate checkbox. */
export function getChecked(element: Element): Tristate {
  if (tagOf(element) === 'INPUT') {
    const input = element as HTMLInputElement;
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.type === 'checkbox' && input.indeterminate) return 'mixed';
      return input.checked;
    }
  }
  if (!kCheckedRoles.has(getRole(element) ?? '')) return false;
  const value = (element.getAttribute('aria-checked') ?? '').toLowerCase();
  if (value === 'true') return true;
  if (value === 'mixed') return 'mixed';
  return false;
}

/** Natively disabled, or aria-disabled="true" on it or an ancestor (for roles that support it). */
export function getDisabled(element: Element): boolean {
  if (isNativelyDisabled(element)) return true;
  if (!kDisabledRoles.has(getRole(element) ?? '')) return false;
  return hasAriaDisabledInChain(element);
}

function hasAriaDisabledInChain(element: Element): boolean {
  // The nearest aria-disabled="true"|"false" on the element or an ancestor decides (a loop, not
  // a recursion: pages nest deep).
  const chain: Element[] = [];
  let result = false;
  for (let e: Element | null = element; e; e = parentElementOrHost(e)) {
    const cached = ariaDisabledCache?.get(e);
    if (cached !== undefined) {
      result = cached;
      break;
    }
    chain.push(e);
    const value = (e.getAttribute('aria-disabled') ?? '').toLowerCase();
    if (value === 'true' || value === 'false') {
      result = value === 'true';
      break;
    }
  }
  for (const e of chain) ariaDisabledCache?.set(e, result);
  return result;
}

/** Open `<details>`, else aria-expanded; undefined when the element has no expanded state. */
export function getExpanded(element: Element): boolean | undefined {
  if (tagOf(element) === 'DETAILS') return (element as HTMLDetailsElement).open;
  if (!kExpandedRoles.has(getRole(element) ?? '')) return undefined;
  const value = element.getAttribute('aria-expanded');
  if (value === null) return undefined;
  return value.toLowerCase() === 'true';
}

/** aria-level, else the h1-h6 level, else 2 for a heading; 0 when the role has no level. */
export function getLevel(element: Element): number {
  const role = getRole(element) ?? '';
  if (!kLevelRoles.has(role)) return 0;
  const attr = element.getAttribute('aria-level');
  const value = attr === null ? NaN : Number(attr);
  if (Number.isInteger(value) && value >= 1) return value;
  const native = /^H([1-6])$/.exec(tagOf(element));
  if (native) return Number(native[1]);
  return role === 'heading' ? 2 : 0;
}

/** aria-pressed on a button. */
export function getPressed(element: Element): Tristate {
  if (getRole(element) !== 'button') return false;
  const value = (element.getAttribute('aria-pressed') ?? '').toLowerCase();
  if (value === 'true') return true;
  if (value === 'mixed') return 'mixed';
  return false;
}

/** A selected `<option>`, else aria-selected on roles that support it. */
export function getSelected(element: Element): boolean {
  if (tagOf(element) === 'OPTION') return (element as HTMLOptionElement).selected;
  if (!kSelectedRoles.has(getRole(element) ?? '')) return false;
  return (element.getAttribute('aria-selected') ?? '').toLowerCase() === 'true';
}
