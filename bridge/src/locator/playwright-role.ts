/**
 * The role `getByRole` compares: Playwright's, from its injected `roleUtils.ts` (`getAriaRole`).
 *
 * The snapshot's role (bridge/src/aria/roles.ts) follows html-aam and WAI-ARIA as Chromium applies
 * them; Playwright's own computation agrees on nearly every element but not all, and a locator is
 * run by Playwright. The differences, each checked by tests/locator against Playwright itself:
 * - `<aside>` is always `complementary` (html-aam drops it inside article/aside/nav/section);
 * - `role="region"`/`role="form"` count without a name; `role="directory"` stays `directory`,
 *   `role="image"` is not a role; the `role` attribute splits on spaces only;
 * - `<section>` and `<form>` are landmarks when they have an `aria-label`/`aria-labelledby`
 *   attribute at all (the title does not count);
 * - `<img alt="">` is presentational unless it has a title, a global ARIA attribute or a tabindex;
 * - `<hgroup>`, `<address>`, `<s>` have no role; `<li>` inherits a presentational role from
 *   `<ul>`/`<ol>` but not `<menu>`, `<option>` from nothing;
 * - presentational conflict resolution ignores `aria-label`/`aria-labelledby` on the roles that
 *   prohibit naming.
 * Roles are computed once per element per evaluation.
 */

import { parentElementOrHost, tagOf } from '../dom';
import { getIdRefs } from '../dom';

/** The ARIA roles `getByRole` takes (Playwright's list); `FindArgs.role` has this type, so verdex/bridge/contract.json
 * lists them for the Python side (`browser_find`'s role check). */
export const kPlaywrightRoles = ['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button',
  'caption', 'cell', 'checkbox', 'code', 'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition',
  'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid',
  'gridcell', 'group', 'heading', 'img', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'mark',
  'marquee', 'math', 'meter', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'navigation',
  'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row',
  'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider', 'spinbutton', 'status',
  'strong', 'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time',
  'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem'] as const;
export type PlaywrightRole = (typeof kPlaywrightRoles)[number];
const kValidRoles = new Set<string>(kPlaywrightRoles);

export function isPlaywrightRole(role: string): role is PlaywrightRole {
  return kValidRoles.has(role);
}

const kNamingProhibited = ['caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion', 'paragraph',
  'presentation', 'strong', 'subscript', 'superscript'];
/** Global ARIA attributes, with the roles on which each does not count. */
const kGlobalAriaAttributes: Array<[string, string[] | undefined]> = [
  ['aria-atomic', undefined], ['aria-busy', undefined], ['aria-controls', undefined], ['aria-current', undefined],
  ['aria-describedby', undefined], ['aria-details', undefined], ['aria-dropeffect', undefined],
  ['aria-flowto', undefined], ['aria-grabbed', undefined], ['aria-hidden', undefined],
  ['aria-keyshortcuts', undefined], ['aria-label', kNamingProhibited], ['aria-labelledby', kNamingProhibited],
  ['aria-live', undefined], ['aria-owns', undefined], ['aria-relevant', undefined],
  ['aria-roledescription', ['generic']],
];

const kAncestorPreventingLandmark = 'article:not([role]), aside:not([role]), main:not([role]), nav:not([role]), ' +
  'section:not([role]), [role=article], [role=complementary], [role=main], [role=navigation], [role=region]';

const kInputTypeRoles: Record<string, string> = {
  button: 'button', checkbox: 'checkbox', image: 'button', number: 'spinbutton', radio: 'radio', range: 'slider',
  reset: 'button', submit: 'button',
};

const kPresentationInheritance: Record<string, string[]> = {
  DD: ['DL', 'DIV'], DIV: ['DL'], DT: ['DL', 'DIV'], LI: ['OL', 'UL'], TBODY: ['TABLE'], TD: ['TR'],
  TFOOT: ['TABLE'], TH: ['TR'], THEAD: ['TABLE'], TR: ['THEAD', 'TBODY', 'TFOOT', 'TABLE'],
};

let roleCache: Map<Element, string | null> | undefined;

/** Runs `fn` with the role cache of one evaluation open (nested calls share it). */
export function withRoleCache<T>(fn: () => T): T {
  if (roleCache) return fn();
  roleCache = new Map();
  try {
    return fn();
  } finally {
    roleCache = undefined;
  }
}

/** Opens the role cache for a cache scope (cacheScope.ts): the evaluations until `closeRoleCache` share it. */
export function openRoleCache(): void {
  roleCache ??= new Map();
}

/** Closes the role cache a cache scope opened. */
export function closeRoleCache(): void {
  roleCache = undefined;
}

/** Playwright's role of `element`, or null. */
export function getPlaywrightRole(element: Element): string | null {
  const cached = roleCache?.get(element);
  if (cached !== undefined) return cached;
  const role = computeRole(element);
  roleCache?.set(element, role);
  return role;
}

function computeRole(element: Element): string | null {
  const explicit = getExplicitRole(element);
  if (!explicit) return getImplicitRole(element);
  if (explicit === 'none' || explicit === 'presentation') {
    const implicit = getImplicitRole(element);
    if (hasPresentationConflictResolution(element, implicit)) return implicit;
  }
  return explicit;
}

function getExplicitRole(element: Element): string | null {
  const roles = (element.getAttribute('role') || '').toLowerCase().split(' ').map(role => role.trim());
  return roles.find(role => kValidRoles.has(role)) || null;
}

function hasPresentationConflictResolution(element: Element, role: string | null): boolean {
  const globalAttribute = kGlobalAriaAttributes.some(([attribute, prohibited]) =>
    !prohibited?.includes(role || '') && element.hasAttribute(attribute));
  return globalAttribute || isFocusable(element);
}

function hasTabIndex(element: Element): boolean {
  return !Number.isNaN(Number(String(element.getAttribute('tabindex'))));
}

function isFocusable(element: Element): boolean {
  return !isNativelyDisabled(element) && (isNativelyFocusable(element) || hasTabIndex(element));
}

function isNativelyFocusable(element: Element): boolean {
  const tag = tagOf(element);
  if (tag === 'BUTTON' || tag === 'DETAILS' || tag === 'SELECT' || tag === 'TEXTAREA') return true;
  if (tag === 'A' || tag === 'AREA') return element.hasAttribute('href');
  if (tag === 'INPUT') return !(element as HTMLInputElement).hidden;
  return false;
}

const kNativeControls = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'OPTION', 'OPTGROUP']);

/** Playwright's isNativelyDisabled: `disabled`, a disabled optgroup, a disabled fieldset outside its legend. */
export function isNativelyDisabled(element: Element): boolean {
  if (!kNativeControls.has(tagOf(element))) return false;
  if (element.hasAttribute('disabled')) return true;
  if (tagOf(element) === 'OPTION' && element.closest('OPTGROUP[DISABLED]')) return true;
  const fieldset = element.closest('FIELDSET[DISABLED]');
  if (!fieldset) return false;
  const legend = fieldset.querySelector(':scope > LEGEND');
  return !legend || !legend.contains(element);
}

function hasExplicitAccessibleName(element: Element): boolean {
  return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
}

/** `element.closest(css)`, continuing at shadow hosts. */
function closestCrossShadow(element: Element, css: string): Element | undefined {
  for (let e: Element | null = element; e;) {
    const found = e.closest(css);
    if (found) return found;
    let top: Element = e;
    while (top.parentElement) top = top.parentElement;
    e = parentElementOrHost(top);
  }
  return undefined;
}

function isNonEmptyDataCell(element: Element | null): boolean {
  if (!element || tagOf(element) !== 'TD') return false;
  return !!(element.textContent?.trim() || element.children.length > 0);
}

function thRole(th: Element): string | null {
  const scope = th.getAttribute('scope');
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  const next = th.nextElementSibling;
  const previous = th.previousElementSibling;
  const row = th.parentElement && tagOf(th.parentElement) === 'TR' ? th.parentElement : undefined;
  if (!next && !previous) {
    if (row) {
      const table = closestCrossShadow(row, 'table') as HTMLTableElement | undefined;
      if (table && table.rows.length <= 1) return null;
    }
    return 'columnheader';
  }
  if (next && tagOf(next) === 'TH' && previous && tagOf(previous) === 'TH') return 'columnheader';
  if (isNonEmptyDataCell(next) || isNonEmptyDataCell(previous)) return 'rowheader';
  return 'columnheader';
}

function inputRole(input: HTMLInputElement): string | null {
  const type = input.type.toLowerCase();
  if (['email', 'search', 'tel', 'text', 'url', ''].includes(type)) {
    const list = getIdRefs(input, input.getAttribute('list'))[0];
    if (list && tagOf(list) === 'DATALIST') return 'combobox';
    return type === 'search' ? 'searchbox' : 'textbox';
  }
  if (type === 'hidden') return null;
  if (type === 'file') return 'button';
  return kInputTypeRoles[type] || 'textbox';
}

const kImplicitRoles: Record<string, (e: Element) => string | null> = {
  A: e => (e.hasAttribute('href') ? 'link' : null),
  AREA: e => (e.hasAttribute('href') ? 'link' : null),
  ARTICLE: () => 'article',
  ASIDE: () => 'complementary',
  BLOCKQUOTE: () => 'blockquote',
  BUTTON: () => 'button',
  CAPTION: () => 'caption',
  CODE: () => 'code',
  DATALIST: () => 'listbox',
  DD: () => 'definition',
  DEL: () => 'deletion',
  DETAILS: () => 'group',
  DFN: () => 'term',
  DIALOG: () => 'dialog',
  DT: () => 'term',
  EM: () => 'emphasis',
  FIELDSET: () => 'group',
  FIGURE: () => 'figure',
  FOOTER: e => (closestCrossShadow(e, kAncestorPreventingLandmark) ? null : 'contentinfo'),
  FORM: e => (hasExplicitAccessibleName(e) ? 'form' : null),
  H1: () => 'heading', H2: () => 'heading', H3: () => 'heading', H4: () => 'heading', H5: () => 'heading',
  H6: () => 'heading',
  HEADER: e => (closestCrossShadow(e, kAncestorPreventingLandmark) ? null : 'banner'),
  HR: () => 'separator',
  HTML: () => 'document',
  IMG: e => (e.getAttribute('alt') === '' && !e.getAttribute('title') && !hasPresentationConflictOnImage(e) ? 'presentation' : 'img'),
  INPUT: e => inputRole(e as HTMLInputElement),
  INS: () => 'insertion',
  LI: () => 'listitem',
  MAIN: () => 'main',
  MARK: () => 'mark',
  MATH: () => 'math',
  MENU: () => 'list',
  METER: () => 'meter',
  NAV: () => 'navigation',
  OL: () => 'list',
  OPTGROUP: () => 'group',
  OPTION: () => 'option',
  OUTPUT: () => 'status',
  P: () => 'paragraph',
  PROGRESS: () => 'progressbar',
  SEARCH: () => 'search',
  SECTION: e => (hasExplicitAccessibleName(e) ? 'region' : null),
  SELECT: e => ((e as HTMLSelectElement).multiple || (e as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox'),
  STRONG: () => 'strong',
  SUB: () => 'subscript',
  SUP: () => 'superscript',
  SVG: () => 'img',
  TABLE: () => 'table',
  TBODY: () => 'rowgroup',
  TD: e => {
    const table = closestCrossShadow(e, 'table');
    const role = table ? getExplicitRole(table) : '';
    return role === 'grid' || role === 'treegrid' ? 'gridcell' : 'cell';
  },
  TEXTAREA: () => 'textbox',
  TFOOT: () => 'rowgroup',
  TH: thRole,
  THEAD: () => 'rowgroup',
  TIME: () => 'time',
  TR: () => 'row',
  UL: () => 'list',
};

/** `<img alt="">` keeps `img` with a global ARIA attribute (any) or a tabindex. */
function hasPresentationConflictOnImage(element: Element): boolean {
  return kGlobalAriaAttributes.some(([attribute]) => element.hasAttribute(attribute)) || hasTabIndex(element);
}

function getImplicitRole(element: Element): string | null {
  const implicit = kImplicitRoles[tagOf(element)]?.(element) || '';
  if (!implicit) return null;
  for (let ancestor: Element = element; ;) {
    const parent = parentElementOrHost(ancestor);
    const parents = kPresentationInheritance[tagOf(ancestor)];
    if (!parents || !parent || !parents.includes(tagOf(parent))) break;
    const parentRole = getExplicitRole(parent);
    if ((parentRole === 'none' || parentRole === 'presentation') && !hasPresentationConflictResolution(parent, parentRole))
      return parentRole;
    ancestor = parent;
  }
  return implicit;
}
