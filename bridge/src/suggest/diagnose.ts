/**
 * `diagnoseLocator`: why a locator does not match exactly one element (bridge/README.md).
 *
 * - `steps`: the count after each top-level step, as Playwright's `count()` of that prefix gives it
 *   (the same engine and order as `queryLocator`).
 * - `lostAt`/`nearMisses`: for the first step after which nothing matches (when nothing matches in
 *   the end), the elements that nearly matched it, each with the reason it did not:
 *   `case` (the same text but for case, and the step is exact), `exact` (the name or text only
 *   contains it, and the step is exact), `spacing` (it differs in whitespace or punctuation),
 *   `edit` (a small edit away), `hidden` (it matches but getByRole leaves hidden elements out),
 *   `state` (it matches but a state option does not: `detail` names it), `role` (the name matches
 *   but the role is `detail`), `attribute` (the test id is on another test-id attribute, `detail`),
 *   `not-text` (a filter's text is an alt, title, aria-label or value inside, `detail`: which; hasText
 *   reads text content only), `elsewhere` (the step matches it outside the previous step's matches),
 *   `index` (nth past the end: `detail` is the count before), `visibility` (the visible filter).
 * - `apart`: when several elements match, what sets each of the first five apart: its nearest
 *   container that holds no other match, and the first heading or text of that container that no
 *   other match's container contains (case-insensitive, as hasText compares).
 */

import { beginWalk, endWalk, parentElementOrHost, tagNameOf } from '../dom';
import { readLocator, type Step } from '../locator/ast';
import { applyStep, Evaluation, onlyElements, type Root } from '../locator/engine';
import { labelsOf } from '../locator/label';
import { queryAllPierce } from '../locator/order';
import { getPlaywrightRole, withRoleCache } from '../locator/playwright-role';
import { getChecked, getExpanded, getLevel, getPlaywrightName, getPressed, getSelected, isDisabled } from '../locator/role';
import { elementText, normalizeWhiteSpace, type TextCache } from '../locator/text';
import { isHiddenForRole, withVisibilityCaches } from '../locator/visible';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes, type Attributes } from '../structure/attributes';
import { containsInTree, textsOf } from './facts';

export type NearMissReason = 'case' | 'exact' | 'spacing' | 'edit' | 'hidden' | 'state' | 'role' | 'attribute' |
  'not-text' | 'elsewhere' | 'index' | 'visibility';

export interface NearMiss {
  ref: string;
  tagName: string;
  role?: string;
  name?: string;
  reason: NearMissReason;
  /** The value it has where the step wanted another: its name, text, test id, attribute value. */
  value?: string;
  /** More about the reason: the role, the state option, the attribute, the count before. */
  detail?: string;
  /** Elements with the same role, name, reason and value besides this one (listed once). */
  more?: number;
}

export interface Apart {
  ref: string;
  /** The match's nearest container that holds no other match. */
  container: { tagName: string; attributes: Attributes };
  /** A heading or text of that container that no other match's container contains. */
  text?: string;
}

export interface DiagnoseLocatorResult {
  steps: Array<{ at: number; count: number }>;
  lostAt?: number;
  nearMisses?: NearMiss[];
  apart?: Apart[];
}

const kMaxNearMisses = 5;
const kMaxApart = 5;
/** Matches considered when looking for what sets them apart. */
const kMaxApartScan = 50;
const kMaxValue = 100;

/** Levenshtein distance, or `limit + 1` once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** Lower case, letters and digits only: what is left when case, whitespace and punctuation do not count. */
function loose(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** How `have` nearly matches `want` (a string step argument), or undefined. */
function nearText(have: string, want: string, exact: boolean): NearMissReason | undefined {
  const h = normalizeWhiteSpace(have);
  const w = normalizeWhiteSpace(want);
  if (!h || !w) return undefined;
  const hl = h.toLowerCase();
  const wl = w.toLowerCase();
  if (exact && hl === wl) return 'case';
  if (exact && hl.includes(wl)) return 'exact';
  if (hl.includes(wl)) return undefined; // it matches: not a near miss of the text
  if (loose(h) && loose(h) === loose(w)) return 'spacing';
  const limit = Math.max(1, Math.min(3, Math.floor(w.length / 5)));
  if (w.length >= 3 && editDistance(hl, wl, limit) <= limit) return 'edit';
  return undefined;
}

function cutValue(text: string): string {
  return text.length > kMaxValue ? text.slice(0, kMaxValue - 1) + '…' : text;
}

class Misses {
  readonly list: NearMiss[] = [];
  private readonly seen = new Set<Element>();
  private readonly kinds = new Map<string, NearMiss>();

  constructor(private readonly refs: RefRegistry) {}

  get full(): boolean {
    return this.list.length >= kMaxNearMisses;
  }

  add(element: Element, reason: NearMissReason, value?: string, detail?: string): void {
    if (this.seen.has(element)) return;
    this.seen.add(element);
    const role = getPlaywrightRole(element);
    const name = normalizeWhiteSpace(getPlaywrightName(element, isHiddenForRole(element)));
    const key = JSON.stringify([tagNameOf(element), role, name, reason, value, detail]);
    const same = this.kinds.get(key);
    if (same) {
      same.more = (same.more ?? 0) + 1;
      return;
    }
    if (this.full) return;
    const miss: NearMiss = { ref: this.refs.label(this.refs.ensure(element)), tagName: tagNameOf(element), reason };
    if (role) miss.role = role;
    if (name) miss.name = cutValue(name);
    if (value !== undefined && value !== name) miss.value = cutValue(value);
    if (detail !== undefined) miss.detail = detail;
    this.kinds.set(key, miss);
    this.list.push(miss);
  }
}

/** Elements under the scopes (not the scopes themselves), each once, in order. */
function under(scopes: Root[]): Element[] {
  if (scopes.length === 1) return queryAllPierce(scopes[0]!, '*');
  const result = new Set<Element>();
  for (const scope of scopes) for (const element of queryAllPierce(scope, '*')) result.add(element);
  return [...result];
}

type RoleStep = Extract<Step, { kind: 'role' }>;

/** The first state option of `step` that `element` does not have, or undefined. */
function stateMismatch(element: Element, step: RoleStep): string | undefined {
  if (step.checked !== undefined && getChecked(element) !== step.checked) return 'checked';
  if (step.pressed !== undefined && getPressed(element) !== step.pressed) return 'pressed';
  if (step.selected !== undefined && getSelected(element) !== step.selected) return 'selected';
  if (step.expanded !== undefined && getExpanded(element) !== step.expanded) return 'expanded';
  if (step.level !== undefined && getLevel(element) !== step.level) return 'level';
  if (step.disabled !== undefined && isDisabled(element) !== step.disabled) return 'disabled';
  return undefined;
}

function roleMisses(misses: Misses, step: RoleStep, scopes: Root[]): void {
  const want = step.name?.string;
  const candidates = under(scopes);
  const others: Element[] = [];
  for (const element of candidates) {
    if (misses.full) return;
    const role = getPlaywrightRole(element);
    if (role !== step.role) {
      if (want !== undefined && role) others.push(element);
      continue;
    }
    const hidden = isHiddenForRole(element);
    const name = normalizeWhiteSpace(getPlaywrightName(element, hidden || !!step.includeHidden));
    const named = want === undefined || step.name?.regex !== undefined ||
      (step.exact ? name === normalizeWhiteSpace(want) : name.toLowerCase().includes(normalizeWhiteSpace(want).toLowerCase()));
    if (named) {
      if (hidden && !step.includeHidden) misses.add(element, 'hidden', name);
      else {
        const state = stateMismatch(element, step);
        if (state) misses.add(element, 'state', name, state);
      }
      continue;
    }
    if (want === undefined) continue;
    const reason = nearText(name, want, !!step.exact);
    if (reason && (!hidden || step.includeHidden)) misses.add(element, reason, name);
  }
  if (want === undefined || step.name?.regex !== undefined) return;
  const lower = normalizeWhiteSpace(want).toLowerCase();
  for (const element of others) {
    if (misses.full) return;
    if (!(element.textContent ?? '').toLowerCase().includes(lower) && !attributeTexts(element).some(v => v.toLowerCase().includes(lower)))
      continue;
    const name = normalizeWhiteSpace(getPlaywrightName(element, false));
    if (name.toLowerCase().includes(lower) && !isHiddenForRole(element))
      misses.add(element, 'role', name, getPlaywrightRole(element) ?? 'none');
  }
}

const kTextAttributes = ['aria-label', 'alt', 'title', 'placeholder', 'value'];

function attributeTexts(element: Element): string[] {
  const values: string[] = [];
  for (const attribute of kTextAttributes) {
    const value = element.getAttribute(attribute);
    if (value) values.push(value);
  }
  return values;
}

function testIdMisses(misses: Misses, want: string, scopes: Root[], testIdAttribute: string): void {
  const family = ['data-testid', 'data-test', 'data-test-id', 'data-qa', 'data-cy', testIdAttribute];
  for (const element of under(scopes)) {
    if (misses.full) return;
    const value = element.getAttribute(testIdAttribute);
    if (value !== null) {
      const reason = value === want ? undefined : nearText(value, want, true);
      if (reason) misses.add(element, reason === 'exact' ? 'edit' : reason, value);
    }
    for (const attribute of family) {
      if (attribute !== testIdAttribute && element.getAttribute(attribute) === want) misses.add(element, 'attribute', want, attribute);
    }
  }
}

/** Elements whose own text nodes (or whole text, for leaves) nearly match `want`. */
function textMisses(misses: Misses, want: string, exact: boolean, scopes: Root[], cache: TextCache): void {
  const lower = normalizeWhiteSpace(want).toLowerCase();
  for (const element of under(scopes)) {
    if (misses.full) return;
    const tag = element.localName;
    if (tag === 'script' || tag === 'style' || tag === 'noscript') continue;
    if (element.firstElementChild === null || hasOwnText(element)) {
      const text = elementText(cache, element).normalized;
      const reason = nearText(text, want, exact);
      if (reason) misses.add(element, reason, text);
    }
    for (const attribute of kTextAttributes) {
      const value = element.getAttribute(attribute);
      if (value && value.toLowerCase().includes(lower) && !elementText(cache, element).normalized.toLowerCase().includes(lower))
        misses.add(element, 'not-text', value, attribute);
    }
  }
}

function hasOwnText(element: Element): boolean {
  for (let child = element.firstChild; child; child = child.nextSibling)
    if (child.nodeType === 3 && (child.nodeValue ?? '').trim()) return true;
  return false;
}

function labelMisses(misses: Misses, want: string, exact: boolean, scopes: Root[], cache: TextCache): void {
  for (const element of under(scopes)) {
    if (misses.full) return;
    for (const label of labelsOf(element, cache)) {
      const reason = nearText(label.normalized, want, exact);
      if (reason) misses.add(element, reason, label.normalized);
    }
  }
}

function attributeMisses(misses: Misses, attribute: string, want: string, exact: boolean, scopes: Root[]): void {
  for (const element of under(scopes)) {
    if (misses.full) return;
    const value = element.getAttribute(attribute);
    if (value === null) continue;
    const reason = nearText(value, want, exact);
    if (reason) misses.add(element, reason, value);
  }
}

/** hasText: the text is in an attribute inside (not text), or a text node inside nearly matches. */
function hasTextMisses(misses: Misses, want: string, scopes: Root[], cache: TextCache): void {
  const lower = normalizeWhiteSpace(want).toLowerCase();
  for (const scope of scopes.slice(0, 200)) {
    if (misses.full || scope.nodeType !== 1) return;
    for (const element of [scope as Element, ...queryAllPierce(scope, '*')]) {
      if (misses.full) return;
      for (const attribute of kTextAttributes) {
        const value = element.getAttribute(attribute);
        if (value && value.toLowerCase().includes(lower)) misses.add(element, 'not-text', value, attribute);
      }
      if (hasOwnText(element)) {
        for (let child = element.firstChild; child; child = child.nextSibling) {
          if (child.nodeType !== 3) continue;
          const reason = nearText(child.nodeValue ?? '', want, false);
          if (reason) misses.add(element, reason, normalizeWhiteSpace(child.nodeValue ?? ''));
        }
      }
    }
  }
  if (misses.full) return;
  // The text is on the page, outside these elements: the smallest elements that hold it.
  const scopesSet = new Set(scopes);
  const holders = queryAllPierce(document, '*').filter(element => {
    const text = elementText(cache, element).normalized.toLowerCase();
    if (!text.includes(lower)) return false;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling)
      if (elementText(cache, child).normalized.toLowerCase().includes(lower)) return false;
    return true;
  });
  for (const element of holders) {
    if ([...scopesSet].some(scope => scope.nodeType === 1 && containsInTree(scope as Element, element))) continue;
    misses.add(element, 'elsewhere', elementText(cache, element).normalized);
  }
}

/** A query step matches elements outside the previous step's matches. */
function elsewhereMisses(misses: Misses, evaluation: Evaluation, step: Step, scopes: Root[]): void {
  if (scopes.length === 1 && scopes[0]!.nodeType === 9) return;
  let found: Root[];
  try {
    found = applyStep(evaluation, step, [document], document);
  } catch {
    return;
  }
  for (const element of onlyElements(found)) misses.add(element, 'elsewhere');
}

function nearMisses(refs: RefRegistry, evaluation: Evaluation, step: Step, before: Root[]): NearMiss[] {
  const misses = new Misses(refs);
  const cache = evaluation.textCache;
  switch (step.kind) {
    case 'role':
      roleMisses(misses, step, before);
      break;
    case 'testId':
      if (step.testId.string !== undefined) testIdMisses(misses, step.testId.string, before, evaluation.testIdAttribute);
      break;
    case 'text':
      if (step.text.string !== undefined) textMisses(misses, step.text.string, step.exact, before, cache);
      break;
    case 'label':
      if (step.text.string !== undefined) labelMisses(misses, step.text.string, step.exact, before, cache);
      break;
    case 'attribute':
      if (step.text.string !== undefined) attributeMisses(misses, step.attribute, step.text.string, step.exact, before);
      break;
    case 'hasText':
      if (!step.negate && step.text.string !== undefined) hasTextMisses(misses, step.text.string, before, cache);
      break;
    case 'nth':
      return [];
    default:
      break;
  }
  if (['role', 'testId', 'text', 'label', 'attribute', 'css', 'chain'].includes(step.kind))
    elsewhereMisses(misses, evaluation, step, before);
  return misses.list;
}

/** What sets each of the first matches apart (module docstring). */
function apartOf(refs: RefRegistry, matches: Element[], cache: TextCache): Apart[] {
  const scanned = matches.slice(0, kMaxApartScan);
  const units = scanned.map(match => {
    let unit = match;
    for (let parent = parentElementOrHost(unit); parent && parent.localName !== 'body'; parent = parentElementOrHost(parent)) {
      if (scanned.some(other => other !== match && containsInTree(parent!, other))) break;
      unit = parent;
    }
    return unit;
  });
  const unitTexts = units.map(unit => elementText(cache, unit).normalized.toLowerCase());
  return scanned.slice(0, kMaxApart).map((match, i) => {
    const unit = units[i]!;
    const apart: Apart = { ref: refs.label(refs.ensure(match)), container: { tagName: tagNameOf(unit), attributes: getAttributes(unit) } };
    const facts = textsOf(unit, null, cache, new Set());
    const own = facts.find(fact => fact.kind !== 'alt' &&
      unitTexts.every((text, j) => j === i || !text.includes(fact.text.toLowerCase())));
    if (own) apart.text = own.text;
    return apart;
  });
}

/** The diagnosis of `rawLocator` in this document (module docstring). */
export function diagnoseLocator(refs: RefRegistry, rawLocator: unknown, testIdAttribute: string): DiagnoseLocatorResult {
  const locator = readLocator(rawLocator);
  beginWalk();
  try {
    return withRoleCache(() => withVisibilityCaches(() => {
      const evaluation = new Evaluation(testIdAttribute);
      const result: DiagnoseLocatorResult = { steps: [] };
      let current: Root[] = [document];
      let lost: { step: Step; before: Root[] } | undefined;
      for (const step of locator.steps) {
        const before = current;
        current = applyStep(evaluation, step, current, document);
        const count = onlyElements(current).length;
        result.steps.push({ at: step.at, count });
        if (count === 0 && !lost && (before.length > 0)) lost = { step, before };
      }
      const matches = onlyElements(current);
      if (matches.length === 0 && lost) {
        result.lostAt = lost.step.at;
        if (lost.step.kind === 'nth') {
          result.nearMisses = [];
        } else {
          result.nearMisses = nearMisses(refs, evaluation, lost.step, lost.before);
        }
      } else if (matches.length > 1) {
        result.apart = apartOf(refs, matches, evaluation.textCache);
      }
      return result;
    }));
  } finally {
    endWalk();
  }
}
