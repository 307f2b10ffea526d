/**
 * The computed ARIA role of an element.
 *
 * Explicit roles: https://www.w3.org/TR/wai-aria-1.2/#document-handling_author-errors_roles
 * (the first token of `role` that names a concrete, non-abstract role wins).
 * Implicit roles: https://w3c.github.io/html-aam/#html-element-role-mappings and
 * https://www.w3.org/TR/html-aria/#docconformance.
 * Presentational roles: https://www.w3.org/TR/wai-aria-1.2/#conflict_resolution_presentation_none
 * (`none`/`presentation` is ignored on a focusable element or one with a global ARIA attribute,
 * and is inherited by the required owned elements of a presentational list or table).
 *
 * Deviations, following Chromium: `<input type=file>` is a button, `<svg>` is `img`, a `<th>`
 * alone in a one-row table has no role. Roles are computed once per element per walk.
 */

import { getIdRefs, parentElementOrHost, registerWalkCache, tagOf } from '../dom';

export type Role = string;

// https://www.w3.org/TR/wai-aria-1.2/#role_definitions, concrete roles only (abstract roles such
// as `widget` or `landmark` are not valid values of `role`), plus the ARIA 1.3 roles that
// Chromium already maps.
const kValidRoles = new Set([
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell',
  'checkbox', 'code', 'columnheader', 'combobox', 'comment', 'complementary', 'contentinfo', 'definition',
  'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid',
  'gridcell', 'group', 'heading', 'img', 'image', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log',
  'main', 'mark', 'marquee', 'math', 'meter', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'navigation', 'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar',
  'radio', 'radiogroup', 'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox',
  'separator', 'slider', 'spinbutton', 'status', 'strong', 'subscript', 'suggestion', 'superscript',
  'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar',
  'tooltip', 'tree', 'treegrid', 'treeitem',
]);

// Synonyms: https://www.w3.org/TR/wai-aria-1.2/#directory (list), #presentation (none),
// ARIA 1.3 `image` (img).
const kRoleSynonyms: Record<string, string> = { directory: 'list', image: 'img' };

// https://www.w3.org/TR/wai-aria-1.2/#global_states. DEVIATION (Chromium, WPT
// role_none_conflict_resolution): an attribute prohibited on the implicit role (aria-label on a
// paragraph) still resolves the conflict.
const kGlobalAriaAttributes = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current',
  'aria-describedby', 'aria-description', 'aria-details', 'aria-dropeffect', 'aria-flowto', 'aria-grabbed',
  'aria-hidden', 'aria-keyshortcuts', 'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns',
  'aria-relevant', 'aria-roledescription'];

// Landmark roles that need an accessible name: without one the token is skipped
// (https://www.w3.org/TR/wai-aria-1.2/#region, #form).
const kRolesNeedingName = new Set(['region', 'form']);

let roleCache: Map<Element, Role | null> | undefined;
registerWalkCache(
  () => { roleCache ??= new Map(); },
  () => { roleCache = undefined; },
);

/** The computed role, or null for elements without one (rendered as `generic` in snapshots). */
export function getRole(element: Element): Role | null {
  const cached = roleCache?.get(element);
  if (cached !== undefined) return cached;
  const role = computeRole(element);
  roleCache?.set(element, role);
  return role;
}

function computeRole(element: Element): Role | null {
  const explicit = getExplicitRole(element);
  if (!explicit) return getImplicitRole(element);
  if (explicit === 'none' || explicit === 'presentation') {
    // Conflict resolution: a focusable element or one with a global ARIA attribute keeps its
    // implicit role.
    const implicit = getImplicitRole(element);
    if (hasPresentationConflict(element)) return implicit;
    return explicit;
  }
  return explicit;
}

/** First valid token of the `role` attribute, synonyms mapped. */
export function getExplicitRole(element: Element): Role | null {
  const value = element.getAttribute('role');
  if (!value) return null;
  for (const token of value.split(/[ \t\n\f\r]+/)) {
    const role = token.toLowerCase();
    if (!kValidRoles.has(role)) continue;
    if (kRolesNeedingName.has(role) && !hasExplicitName(element)) continue;
    return kRoleSynonyms[role] ?? role;
  }
  return null;
}

function hasPresentationConflict(element: Element): boolean {
  return hasGlobalAriaAttribute(element) || isFocusable(element);
}

function hasGlobalAriaAttribute(element: Element): boolean {
  for (const name of kGlobalAriaAttributes) if (element.hasAttribute(name)) return true;
  return false;
}

/** Natively focusable or has a `tabindex`, and not disabled. */
export function isFocusable(element: Element): boolean {
  if (isNativelyDisabled(element)) return false;
  if (element.hasAttribute('tabindex')) return true;
  switch (tagOf(element)) {
    case 'BUTTON': case 'SELECT': case 'TEXTAREA': case 'DETAILS': case 'IFRAME': return true;
    case 'A': case 'AREA': return element.hasAttribute('href');
    case 'INPUT': return (element as HTMLInputElement).type !== 'hidden';
    case 'SUMMARY': return true;
    default: return isEditingHost(element);
  }
}

/** `contenteditable` set to anything but `false`. */
export function isEditingHost(element: Element): boolean {
  const value = element.getAttribute('contenteditable');
  return value !== null && value.toLowerCase() !== 'false';
}

const kFormControls = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'OPTION', 'OPTGROUP', 'FIELDSET']);

/** Disabled by HTML (`disabled`, a disabled fieldset outside its first legend, a disabled optgroup). */
export function isNativelyDisabled(element: Element): boolean {
  return kFormControls.has(tagOf(element)) && element.matches(':disabled');
}

function hasExplicitName(element: Element): boolean {
  // Used by landmarks that need a name to be one (section, aside in sectioning content, form):
  // a non-blank aria-label, an aria-labelledby naming an existing element, or a title.
  if ((element.getAttribute('aria-label') ?? '').trim()) return true;
  if (getIdRefs(element, element.getAttribute('aria-labelledby')).length) return true;
  return !!(element.getAttribute('title') ?? '').trim();
}

const kSectioningForLandmarks = new Set(['ARTICLE', 'ASIDE', 'MAIN', 'NAV', 'SECTION']);
const kSectioningForAside = new Set(['ARTICLE', 'ASIDE', 'NAV', 'SECTION']);
const kSectioningRoles = new Set(['article', 'complementary', 'main', 'navigation', 'region']);
const kSectioningRolesForAside = new Set(['article', 'complementary', 'navigation', 'region']);

/**
 * Inside main or a sectioning element (header/footer: https://w3c.github.io/html-aam/#el-header),
 * or inside a sectioning element (aside: https://w3c.github.io/html-aam/#el-aside-ancestorbodymain).
 */
function isScopedToSectioning(element: Element, tags: Set<string>): boolean {
  const roles = tags === kSectioningForAside ? kSectioningRolesForAside : kSectioningRoles;
  for (let e = parentElementOrHost(element); e; e = parentElementOrHost(e)) {
    const explicit = getExplicitRole(e);
    if (explicit ? roles.has(explicit) : tags.has(tagOf(e))) return true;
  }
  return false;
}

const kInputTypeRoles: Record<string, Role> = {
  button: 'button', image: 'button', reset: 'button', submit: 'button', file: 'button',
  checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton',
  email: 'textbox', tel: 'textbox', text: 'textbox', url: 'textbox', password: 'textbox', search: 'searchbox',
};

function inputRole(input: HTMLInputElement): Role | null {
  const type = input.type.toLowerCase();
  if (type === 'hidden') return null;
  if (type === 'text' || type === 'search' || type === 'email' || type === 'tel' || type === 'url') {
    // https://html.spec.whatwg.org/multipage/input.html#concept-input-list
    const list = getIdRefs(input, input.getAttribute('list'))[0];
    if (list && list.localName === 'datalist') return 'combobox';
  }
  return kInputTypeRoles[type] ?? 'textbox';
}

function thRole(th: Element): Role | null {
  const scope = (th.getAttribute('scope') ?? '').toLowerCase();
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  const next = th.nextElementSibling;
  const prev = th.previousElementSibling;
  if (!next && !prev) {
    // Chromium: a lone th in a one-row table heads nothing.
    const table = th.closest('table') as HTMLTableElement | null;
    if (th.parentElement?.localName === 'tr' && table && table.rows.length <= 1) return null;
    return 'columnheader';
  }
  // Chromium looks at the immediate siblings: between two headers it is a column header, next to
  // a non-empty data cell a row header.
  if (next?.localName === 'th' && prev?.localName === 'th') return 'columnheader';
  if (isNonEmptyDataCell(next) || isNonEmptyDataCell(prev)) return 'rowheader';
  return 'columnheader';
}

function isNonEmptyDataCell(element: Element | null): boolean {
  return !!element && element.localName === 'td' && (!!element.firstElementChild || !!element.textContent?.trim());
}

function cellRole(td: Element): Role {
  const table = td.closest('table');
  const tableRole = table ? getExplicitRole(table) : null;
  return tableRole === 'grid' || tableRole === 'treegrid' ? 'gridcell' : 'cell';
}

function imgRole(img: Element): Role {
  // https://w3c.github.io/html-aam/#el-img-empty-alt: alt="" is presentational unless the image
  // gets a name from aria-label/aria-labelledby (the title does not count) or is focusable.
  if (img.getAttribute('alt') !== '') return 'img';
  if ((img.getAttribute('aria-label') ?? '').trim()) return 'img';
  if (getIdRefs(img, img.getAttribute('aria-labelledby')).length) return 'img';
  if (isFocusable(img)) return 'img';
  return 'presentation';
}

const kImplicitRoles: Record<string, (e: Element) => Role | null> = {
  A: e => (e.hasAttribute('href') ? 'link' : null),
  AREA: e => (e.hasAttribute('href') ? 'link' : null),
  ADDRESS: () => 'group',
  ARTICLE: () => 'article',
  ASIDE: e => (isScopedToSectioning(e, kSectioningForAside) && !hasExplicitName(e) ? null : 'complementary'),
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
  FOOTER: e => (isScopedToSectioning(e, kSectioningForLandmarks) ? null : 'contentinfo'),
  FORM: e => (hasExplicitName(e) ? 'form' : null),
  H1: () => 'heading', H2: () => 'heading', H3: () => 'heading',
  H4: () => 'heading', H5: () => 'heading', H6: () => 'heading',
  HEADER: e => (isScopedToSectioning(e, kSectioningForLandmarks) ? null : 'banner'),
  HGROUP: () => 'group',
  HR: () => 'separator',
  HTML: () => 'document',
  IMG: imgRole,
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
  S: () => 'deletion',
  SEARCH: () => 'search',
  SECTION: e => (hasExplicitName(e) ? 'region' : null),
  SELECT: e => ((e as HTMLSelectElement).multiple || (e as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox'),
  STRONG: () => 'strong',
  SUB: () => 'subscript',
  SUMMARY: () => null,
  SUP: () => 'superscript',
  SVG: () => 'img',
  TABLE: () => 'table',
  TBODY: () => 'rowgroup',
  TD: cellRole,
  TEXTAREA: () => 'textbox',
  TFOOT: () => 'rowgroup',
  TH: thRole,
  THEAD: () => 'rowgroup',
  TIME: () => 'time',
  TR: () => 'row',
  UL: () => 'list',
};

// Required owned elements inherit a presentational role from their owner
// (https://www.w3.org/TR/wai-aria-1.2/#presentational-role-inheritance).
const kPresentationInheritance: Record<string, string[]> = {
  DD: ['DL', 'DIV'], DIV: ['DL'], DT: ['DL', 'DIV'], LI: ['OL', 'UL', 'MENU'],
  TBODY: ['TABLE'], THEAD: ['TABLE'], TFOOT: ['TABLE'], TR: ['THEAD', 'TBODY', 'TFOOT', 'TABLE'],
  TD: ['TR'], TH: ['TR'], OPTION: ['SELECT', 'DATALIST', 'OPTGROUP'],
};

function getImplicitRole(element: Element): Role | null {
  const tag = tagOf(element);
  const implicit = kImplicitRoles[tag]?.(element) ?? null;
  if (!implicit) return null;
  let child: Element = element;
  for (;;) {
    const owners = kPresentationInheritance[tagOf(child)];
    const parent = child.parentElement;
    if (!owners || !parent || !owners.includes(tagOf(parent))) break;
    const parentRole = getExplicitRole(parent);
    if ((parentRole === 'none' || parentRole === 'presentation') && !hasPresentationConflict(parent))
      return parentRole;
    child = parent;
  }
  return implicit;
}

/** Roles that make an element interactive for refs (README: Refs). */
export const kInteractiveRoles = new Set(['button', 'checkbox', 'combobox', 'link', 'listbox', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'searchbox', 'slider', 'spinbutton', 'switch',
  'tab', 'textbox', 'treeitem']);
