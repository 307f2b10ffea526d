/**
 * `getByRole(role, options)`, as Playwright's `internal:role` engine matches it.
 *
 * Roles, names and states come from the bridge's ARIA code (bridge/src/aria), names in
 * Playwright's flavour (`NameOptions.playwright`: no text-transform, no CSS counters). Where
 * Playwright's own rules differ from the ARIA specs that code follows, Playwright's apply here,
 * because the locator will run in Playwright (facts from Playwright's `roleSelectorEngine.ts` and
 * `roleUtils.ts`):
 * - hidden elements are left out by Playwright's rule (visible.ts `isHiddenForRole`) unless
 *   `includeHidden`, which also names them from their hidden content;
 * - `level`: an `<h1>`..`<h6>` has its tag's level whatever `aria-level` says; other elements
 *   take `aria-level` when their role has levels; there is no default level;
 * - `disabled`: a native control (button, input, select, textarea, option, optgroup) with
 *   `disabled`, in a disabled optgroup, or in a disabled fieldset outside its legend; or
 *   `aria-disabled="true"` on it or an ancestor when its role supports it. A fieldset itself is
 *   disabled only through `aria-disabled`;
 * - the name: whitespace normalized; a string matches case-insensitively as a substring, `exact`
 *   case-sensitively as the whole name; a regular expression is searched in the name.
 * Elements are visited in Playwright's order (order.ts).
 */

import { getAccessibleName } from '../aria/name';
import { getRole } from '../aria/roles';
import { getChecked, getExpanded, getPressed, getSelected } from '../aria/states';
import { parentElementOrHost, tagOf } from '../dom';
import type { Step } from './ast';
import { queryAllPierce } from './order';
import { compileRegex, normalizeWhiteSpace } from './text';
import { isHiddenForRole } from './visible';

type RoleStep = Extract<Step, { kind: 'role' }>;

const kLevelRoles = new Set(['heading', 'listitem', 'row', 'treeitem']);
const kDisabledRoles = new Set(['application', 'button', 'composite', 'gridcell', 'group', 'input', 'link',
  'menuitem', 'scrollbar', 'separator', 'tab', 'checkbox', 'columnheader', 'combobox', 'grid', 'listbox', 'menu',
  'menubar', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'radiogroup', 'row', 'rowheader',
  'searchbox', 'select', 'slider', 'spinbutton', 'switch', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid',
  'treeitem']);
const kNativeControls = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'OPTION', 'OPTGROUP']);

/** Elements under `root` (not `root` itself) that `getByRole` matches. */
export function queryRole(root: Document | Element, step: RoleStep): Element[] {
  const nameMatcher = step.name === undefined ? undefined : roleNameMatcher(step);
  return queryAllPierce(root, '*').filter(element => {
    if (getRole(element) !== step.role) return false;
    if (step.selected !== undefined && getSelected(element) !== step.selected) return false;
    if (step.checked !== undefined && getChecked(element) !== step.checked) return false;
    if (step.pressed !== undefined && getPressed(element) !== step.pressed) return false;
    if (step.expanded !== undefined && getExpanded(element) !== step.expanded) return false;
    if (step.level !== undefined && getLevel(element) !== step.level) return false;
    if (step.disabled !== undefined && isDisabled(element) !== step.disabled) return false;
    if (!step.includeHidden && isHiddenForRole(element)) return false;
    if (nameMatcher && !nameMatcher(normalizeWhiteSpace(getAccessibleName(element, { includeHidden: !!step.includeHidden, playwright: true }))))
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

/** Playwright's getAriaLevel. */
export function getLevel(element: Element): number {
  const native = /^H([1-6])$/.exec(tagOf(element));
  if (native) return Number(native[1]);
  if (kLevelRoles.has(getRole(element) ?? '')) {
    const attr = element.getAttribute('aria-level');
    const value = attr === null ? Number.NaN : Number(attr);
    if (Number.isInteger(value) && value >= 1) return value;
  }
  return 0;
}

/** Playwright's getAriaDisabled. */
export function isDisabled(element: Element): boolean {
  if (kNativeControls.has(tagOf(element)) && isNativelyDisabled(element)) return true;
  if (!kDisabledRoles.has(getRole(element) ?? '')) return false;
  for (let e: Element | null = element; e; e = parentElementOrHost(e)) {
    const value = (e.getAttribute('aria-disabled') ?? '').toLowerCase();
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return false;
}

function isNativelyDisabled(element: Element): boolean {
  if (element.hasAttribute('disabled')) return true;
  if (tagOf(element) === 'OPTION' && element.closest('optgroup[disabled]')) return true;
  const fieldset = element.closest('fieldset[disabled]');
  if (!fieldset) return false;
  const legend = fieldset.querySelector(':scope > legend');
  return !legend || !legend.contains(element);
}
