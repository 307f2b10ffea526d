/**
 * `getByRole(role, options)`, as Playwright's `internal:role` engine matches it
 * (`roleSelectorEngine.ts`, states from `roleUtils.ts`).
 *
 * - The role is Playwright's (playwright-role.ts); the name is the bridge's accessible-name
 *   computation (bridge/src/aria/name.ts) with Playwright's rules (`NameOptions`: no
 *   text-transform, no CSS counters, Playwright's hidden rule).
 * - Hidden elements are left out by Playwright's rule (visible.ts `isHiddenForRole`) unless
 *   `includeHidden`, which also names them from their hidden content.
 * - The name: whitespace normalized; a string matches case-insensitively as a substring, `exact`
 *   case-sensitively as the whole name; a regular expression is searched in the name.
 * - `checked`: an `<input type=checkbox|radio>`'s state (`mixed` when indeterminate, which
 *   matches neither true nor false), else `aria-checked` on the roles that have it.
 * - `pressed`: `aria-pressed` on a button. `expanded`: an open `<details>`, else `aria-expanded`
 *   on the roles that have it (absent matches neither true nor false). `selected`: a selected
 *   `<option>`, else `aria-selected` on the roles that have it.
 * - `level`: an `<h1>`..`<h6>` has its tag's level whatever `aria-level` says; other elements
 *   take `aria-level` when their role has levels; there is no default level.
 * - `disabled`: a native control with `disabled`, in a disabled optgroup, or in a disabled
 *   fieldset outside its legend; or `aria-disabled="true"` on it or an ancestor when its role
 *   supports it (a fieldset itself only through `aria-disabled`).
 * Elements are visited in Playwright's order (order.ts).
 */

import { getAccessibleName, type NameOptions } from '../aria/name';
import { parentElementOrHost, tagOf } from '../dom';
import type { Step } from './ast';
import { queryAllPierce } from './order';
import { getPlaywrightRole, isNativelyDisabled } from './playwright-role';
import { compileRegex, normalizeWhiteSpace } from './text';
import { isHiddenForRole } from './visible';

type RoleStep = Extract<Step, { kind: 'role' }>;

const kCheckedRoles = new Set(['checkbox', 'menuitemcheckbox', 'option', 'radio', 'switch', 'menuitemradio', 'treeitem']);
const kSelectedRoles = new Set(['gridcell', 'option', 'row', 'tab', 'rowheader', 'columnheader', 'treeitem']);
const kExpandedRoles = new Set(['application', 'button', 'checkbox', 'combobox', 'gridcell', 'link', 'listbox',
  'menuitem', 'row', 'rowheader', 'tab', 'treeitem', 'columnheader', 'menuitemcheckbox', 'menuitemradio', 'switch']);
const kLevelRoles = new Set(['heading', 'listitem', 'row', 'treeitem']);
const kDisabledRoles = new Set(['application', 'button', 'composite', 'gridcell', 'group', 'input', 'link',
  'menuitem', 'scrollbar', 'separator', 'tab', 'checkbox', 'columnheader', 'combobox', 'grid', 'listbox', 'menu',
  'menubar', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'radiogroup', 'row', 'rowheader',
  'searchbox', 'select', 'slider', 'spinbutton', 'switch', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid',
  'treeitem']);

/** Elements under `root` (not `root` itself) that `getByRole` matches. */
export function queryRole(root: Document | Element, step: RoleStep): Element[] {
  const nameMatcher = step.name === undefined ? undefined : roleNameMatcher(step);
  return queryAllPierce(root, '*').filter(element => {
    if (getPlaywrightRole(element) !== step.role) return false;
    if (step.selected !== undefined && getSelected(element) !== step.selected) return false;
    if (step.checked !== undefined && getChecked(element) !== step.checked) return false;
    if (step.pressed !== undefined && getPressed(element) !== step.pressed) return false;
    if (step.expanded !== undefined && getExpanded(element) !== step.expanded) return false;
    if (step.level !== undefined && getLevel(element) !== step.level) return false;
    if (step.disabled !== undefined && isDisabled(element) !== step.disabled) return false;
    if (!step.includeHidden && isHiddenForRole(element)) return false;
    if (nameMatcher && !nameMatcher(normalizeWhiteSpace(getPlaywrightName(element, !!step.includeHidden))))
      return false;
    return true;
  });
}

function roleNameMatcher(step: RoleStep): (name: string) => boolean {
  const name = step.name!;
  if (name.regex !== undefined) {
    const re = compileRegex(name.regex, name.flags, step.at);
    return value => { re.lastIndex = 0; return !!value.match(re); };
  }
  const wanted = normalizeWhiteSpace(name.string);
  if (step.exact) return value => value === wanted;
  const upper = wanted.toUpperCase();
  return value => value.toUpperCase().includes(upper);
}

const kPlaywrightName: NameOptions = { textTransform: false, counters: false, isHidden: isHiddenForRole, roleOf: getPlaywrightRole };
const kPlaywrightNameHidden: NameOptions = { ...kPlaywrightName, includeHidden: true };

/**
 * The accessible name as Playwright computes it (`getElementAccessibleName`: getByRole,
 * toHaveAccessibleName), with Playwright's roles throughout: an element without a role is named
 * too (`<a aria-label>` without href, `<cite title>`), only the roles that prohibit naming are not.
 */
export function getPlaywrightName(element: Element, includeHidden: boolean): string {
  return getAccessibleName(element, includeHidden ? kPlaywrightNameHidden : kPlaywrightName);
}

/** Playwright's getAriaChecked: true, false or 'mixed'. */
export function getChecked(element: Element): boolean | 'mixed' {
  if (tagOf(element) === 'INPUT') {
    const input = element as HTMLInputElement;
    if (input.indeterminate) return 'mixed';
    if (input.type === 'checkbox' || input.type === 'radio') return input.checked;
  }
  if (!kCheckedRoles.has(getPlaywrightRole(element) ?? '')) return false;
  const checked = element.getAttribute('aria-checked')?.toLowerCase();
  if (checked === 'true') return true;
  if (checked === 'mixed') return 'mixed';
  return false;
}

/** Playwright's getAriaPressed. */
export function getPressed(element: Element): boolean | 'mixed' {
  if (getPlaywrightRole(element) !== 'button') return false;
  const pressed = element.getAttribute('aria-pressed')?.toLowerCase();
  if (pressed === 'true') return true;
  if (pressed === 'mixed') return 'mixed';
  return false;
}

/** Playwright's getAriaExpanded: undefined when the element has no expanded state. */
export function getExpanded(element: Element): boolean | undefined {
  if (tagOf(element) === 'DETAILS') return (element as HTMLDetailsElement).open;
  if (!kExpandedRoles.has(getPlaywrightRole(element) ?? '')) return undefined;
  const value = element.getAttribute('aria-expanded');
  return value === null ? undefined : value.toLowerCase() === 'true';
}

/** Playwright's getAriaSelected. */
export function getSelected(element: Element): boolean {
  if (tagOf(element) === 'OPTION') return (element as HTMLOptionElement).selected;
  if (!kSelectedRoles.has(getPlaywrightRole(element) ?? '')) return false;
  return element.getAttribute('aria-selected')?.toLowerCase() === 'true';
}

/** Playwright's getAriaLevel. */
export function getLevel(element: Element): number {
  const native = /^H([1-6])$/.exec(tagOf(element));
  if (native) return Number(native[1]);
  if (kLevelRoles.has(getPlaywrightRole(element) ?? '')) {
    const attr = element.getAttribute('aria-level');
    const value = attr === null ? Number.NaN : Number(attr);
    if (Number.isInteger(value) && value >= 1) return value;
  }
  return 0;
}

/** Playwright's getAriaDisabled. */
export function isDisabled(element: Element): boolean {
  if (isNativelyDisabled(element)) return true;
  if (!kDisabledRoles.has(getPlaywrightRole(element) ?? '')) return false;
  for (let e: Element | null = element; e; e = parentElementOrHost(e)) {
    const value = (e.getAttribute('aria-disabled') ?? '').toLowerCase();
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return false;
}
