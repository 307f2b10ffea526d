/**
 * Which elements a `find` query names, by the rules of the locators that would reach them
 * (Playwright's engines, as bridge/src/locator runs them):
 *
 * - `name`: an element with a role whose accessible name (Playwright's: no text-transform) contains
 *   the text, as `getByRole(role, { name: text })` matches it (case-insensitive substring,
 *   whitespace normalized; a regular expression is searched in the name). Roles on which naming is
 *   prohibited have no name here. `getByRole` leaves out elements hidden for it (`aria-hidden`
 *   included), so they match by name only with `includeHidden`.
 * - `text`: without a role, the elements `getByText(text)` returns (the deepest elements whose
 *   text holds it); with a role, the elements of that role whose text holds it, as
 *   `getByRole(role).filter({ hasText: text })` keeps them.
 * - `label`, `placeholder`, `alt`, `title`: `getByLabel`, `getByPlaceholder`, `getByAltText`,
 *   `getByTitle` with the text.
 * - `testId`: the value of the test-id attribute holds the text (`getByTestId(value)` reaches it).
 *
 * Without a role, a text match inside an element that matched by name, label or attribute is
 * dropped: `<button><span>Add to cart</span></button>` is one match, the button, named by its
 * text.
 */

import { parentElementOrHost } from '../dom';
import type { TextArg } from '../locator/ast';
import { Evaluation, queryLocator } from '../locator/engine';
import { queryAllPierce } from '../locator/order';
import { getPlaywrightRole } from '../locator/playwright-role';
import { getPlaywrightName } from '../locator/role';
import { compileRegex, elementText, normalizeWhiteSpace } from '../locator/text';
import { isHiddenForRole } from '../locator/visible';

export type MatchKind = 'name' | 'text' | 'label' | 'placeholder' | 'alt' | 'title' | 'testId';

/** Roles on which naming is prohibited (WAI-ARIA 1.2), and no role: they have no name to match. */
const kUnnamed = new Set(['generic', 'none', 'presentation', 'paragraph', 'caption', 'code', 'deletion', 'emphasis',
  'insertion', 'strong', 'subscript', 'superscript']);

export interface FindQuery {
  text: TextArg;
  role?: string;
  /** Elements hidden for getByRole may match by name too (`getByRole(..., { includeHidden: true })`). */
  includeHidden: boolean;
}

/** A string test the way each engine applies it: normalized, case-insensitive substring, or a regex. */
export interface Tester {
  /** Tests a normalized string (a name, a text). */
  normalized(value: string): boolean;
  /** Tests an element's text the way getByText/hasText does (a regex on the raw text). */
  text(full: string, normalized: string): boolean;
}

export function makeTester(arg: TextArg): Tester {
  if (arg.regex !== undefined) {
    const re = compileRegex(arg.regex, arg.flags, 0);
    const test = (value: string): boolean => { re.lastIndex = 0; return re.test(value); };
    return { normalized: test, text: full => test(full) };
  }
  const wanted = normalizeWhiteSpace(arg.string).toLowerCase();
  const test = (value: string): boolean => value.toLowerCase().includes(wanted);
  return { normalized: test, text: (_full, normalized) => test(normalized) };
}

/**
 * The elements under `scope` (not `scope` itself) that the query names, with how, in no order.
 * Hidden elements are included (the caller decides).
 */
export function findMatches(evaluation: Evaluation, scope: Document | Element, query: FindQuery): Map<Element, Set<MatchKind>> {
  const tester = makeTester(query.text);
  const found = new Map<Element, Set<MatchKind>>();
  const add = (element: Element, kind: MatchKind): void => {
    if (element === scope) return;
    if (query.role !== undefined && getPlaywrightRole(element) !== query.role) return;
    let kinds = found.get(element);
    if (!kinds) found.set(element, kinds = new Set());
    kinds.add(kind);
  };
  const all = queryAllPierce(scope, '*');
  for (const element of all) {
    const role = getPlaywrightRole(element);
    if (!role || kUnnamed.has(role) || (query.role !== undefined && role !== query.role)) continue;
    const hidden = isHiddenForRole(element);
    if (hidden && !query.includeHidden) continue;
    const name = normalizeWhiteSpace(getPlaywrightName(element, hidden));
    if (name && tester.normalized(name)) add(element, 'name');
  }
  if (query.role !== undefined) {
    for (const element of all) {
      if (getPlaywrightRole(element) !== query.role) continue;
      const text = elementText(evaluation.textCache, element);
      if (text.normalized && tester.text(text.full, text.normalized)) add(element, 'text');
    }
  } else {
    for (const element of run(evaluation, scope, { kind: 'text', text: query.text, exact: false, at: 0 })) add(element, 'text');
  }
  for (const element of run(evaluation, scope, { kind: 'label', text: query.text, exact: false, at: 0 })) add(element, 'label');
  for (const attribute of ['placeholder', 'alt', 'title'] as const) {
    for (const element of run(evaluation, scope, { kind: 'attribute', attribute, text: query.text, exact: false, at: 0 }))
      add(element, attribute);
  }
  const testId = evaluation.testIdAttribute;
  for (const element of queryAllPierce(scope, `[${cssAttributeName(testId)}]`)) {
    const value = element.getAttribute(testId) ?? '';
    if (value && tester.normalized(normalizeWhiteSpace(value))) add(element, 'testId');
  }
  if (query.role === undefined) dropCoveredText(found);
  return found;
}

function run(evaluation: Evaluation, scope: Document | Element, step: Parameters<typeof queryLocator>[1]['steps'][number]): Element[] {
  return queryLocator(evaluation, { steps: [step] }, scope);
}

/** Drops text-only matches inside an element that matched otherwise (the button that the text names). */
function dropCoveredText(found: Map<Element, Set<MatchKind>>): void {
  for (const [element, kinds] of [...found]) {
    if (kinds.size !== 1 || !kinds.has('text')) continue;
    for (let up = parentElementOrHost(element); up; up = parentElementOrHost(up)) {
      const other = found.get(up);
      if (other && (other.size > 1 || !other.has('text'))) {
        found.delete(element);
        break;
      }
    }
  }
}

/** An attribute name in a CSS attribute selector (test-id attributes are plain names). */
function cssAttributeName(name: string): string {
  return /^[A-Za-z_][\w-]*$/.test(name) ? name : CSS.escape(name);
}
