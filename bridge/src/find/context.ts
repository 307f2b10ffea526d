/**
 * A `find` match's context, in facts a container-scoped locator is built from:
 *
 * - **The nearest repeating container**: the closest ancestor (the match itself when it is a list
 *   item, row, article or tree item) that has like siblings, at least one besides itself, under
 *   the same parent. Like: the same tag, and the same test-id value, or a class name in common, or
 *   neither with a class. Cells are passed over (a cell's like siblings are the other cells of its
 *   row, and the row is the container). Its index among its like siblings (1-based) and their count.
 * - **The text that sets it apart**: a text inside the container that no like sibling's text
 *   contains, case-insensitive, as `filter({ hasText })` compares (Playwright's element text:
 *   hidden text included): heading texts first, then each element's own text runs in page order.
 *   None when every text is shared (`text: null`); never made up.
 * - **The nearest named landmark** above the match (region, navigation, form, dialog ...), which
 *   tells two copies of the same card apart ("Related products" against the results grid).
 */

import { parentElementOrHost, tagNameOf } from '../dom';
import { getPlaywrightRole } from '../locator/playwright-role';
import { getPlaywrightName } from '../locator/role';
import { elementText, normalizeWhiteSpace, type TextCache } from '../locator/text';
import { isElementVisible } from '../locator/visible';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes, type Attributes } from '../structure/attributes';

/** Longest text that sets a container apart, characters (cut at a word boundary, no ellipsis: still a substring). */
export const kMaxUniqueText = 60;
/** Like siblings compared, and texts tried, at most. */
const kMaxSiblings = 500;
const kMaxCandidates = 60;
const kTestIds = ['data-testid', 'data-test', 'data-test-id', 'data-qa', 'data-cy'];
const kSelfContainers = new Set(['listitem', 'row', 'article', 'treeitem']);
const kCells = new Set(['cell', 'gridcell', 'columnheader', 'rowheader']);
const kLandmarks = new Set(['region', 'navigation', 'main', 'complementary', 'banner', 'contentinfo', 'form', 'search',
  'dialog', 'alertdialog', 'tabpanel']);

export interface FindContainer {
  ref: string;
  tagName: string;
  attributes: Attributes;
  /** Its ancestor level above the match (0: the match itself, 1: its parent). */
  level: number;
  /** 1-based, among its like siblings. */
  index: number;
  /** Like siblings, itself included (at least 2). */
  count: number;
  /** A text inside it that no like sibling contains; null when there is none. */
  text: string | null;
}

export interface FindLandmark {
  ref: string;
  role: string;
  name: string;
}

/** The nearest repeating container of `element`, or undefined when no ancestor below `<body>` repeats. */
export function repeatingContainer(refs: RefRegistry, cache: TextCache, element: Element, testIdAttribute: string):
  { container: FindContainer; element: Element } | undefined {
  let level = 0;
  let current: Element | null = element;
  if (!kSelfContainers.has(getPlaywrightRole(element) ?? '')) {
    current = parentElementOrHost(element);
    level = 1;
  }
  for (; current && !isTop(current); current = parentElementOrHost(current), level++) {
    const role = getPlaywrightRole(current) ?? '';
    if (kCells.has(role) || current.localName === 'td' || current.localName === 'th') continue;
    const likes = likeSiblings(current, testIdAttribute);
    if (likes.length < 2) continue;
    const number = refs.ensure(current);
    return {
      element: current,
      container: {
        ref: refs.label(number),
        tagName: tagNameOf(current),
        attributes: getAttributes(current),
        level,
        index: likes.indexOf(current) + 1,
        count: likes.length,
        text: uniqueText(cache, current, likes),
      },
    };
  }
  return undefined;
}

/** The nearest ancestor of `element` (not itself) with a landmark or dialog role and a name, given a ref. */
export function namedLandmark(refs: RefRegistry, element: Element): FindLandmark | undefined {
  for (let up = parentElementOrHost(element); up && !isTop(up); up = parentElementOrHost(up)) {
    const role = getPlaywrightRole(up);
    if (!role || !kLandmarks.has(role)) continue;
    const name = normalizeWhiteSpace(getPlaywrightName(up, false));
    if (!name) continue;
    const number = refs.ensure(up);
    refs.remember(number, role, name);
    return { ref: refs.label(number), role, name: cut(name, 80) };
  }
  return undefined;
}

function isTop(element: Element): boolean {
  return element.localName === 'body' || element.localName === 'html';
}

/** `element` and its like siblings, in order (README: the module docstring). */
function likeSiblings(element: Element, testIdAttribute: string): Element[] {
  const parent = element.parentNode;
  if (!parent) return [element];
  const siblings = (parent as ParentNode).children;
  const result: Element[] = [];
  for (let i = 0; i < siblings.length && result.length < kMaxSiblings; i++) {
    const sibling = siblings[i]!;
    if (sibling === element || isLike(sibling, element, testIdAttribute)) result.push(sibling);
  }
  if (!result.includes(element)) result.push(element);
  return result;
}

function isLike(a: Element, b: Element, testIdAttribute: string): boolean {
  if (a.localName !== b.localName) return false;
  for (const name of [testIdAttribute, ...kTestIds]) {
    const x = a.getAttribute(name);
    if (x !== null && x === b.getAttribute(name)) return true;
  }
  const ca = classes(a);
  const cb = classes(b);
  if (!ca.length && !cb.length) return true;
  return ca.some(name => cb.includes(name));
}

function classes(element: Element): string[] {
  return (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
}

/**
 * The first text of `container` that no other like sibling's text contains (case-insensitive):
 * visible headings' texts, then the container's visible elements' own text runs, in page order.
 */
function uniqueText(cache: TextCache, container: Element, likes: Element[]): string | null {
  const others = likes.filter(e => e !== container).map(e => elementText(cache, e).normalized.toLowerCase());
  for (const candidate of candidates(cache, container)) {
    const lower = candidate.toLowerCase();
    if (!others.some(text => text.includes(lower))) return candidate;
  }
  return null;
}

function candidates(cache: TextCache, container: Element): string[] {
  const headings: string[] = [];
  const runs: string[] = [];
  const stack: Element[] = [container];
  let read = 0;
  while (stack.length && headings.length + runs.length < kMaxCandidates && read++ < 2000) {
    const element = stack.pop()!;
    const tag = element.localName;
    if (tag === 'script' || tag === 'style' || tag === 'noscript' || tag === 'template') continue;
    if (!isElementVisible(element)) continue;
    if (getPlaywrightRole(element) === 'heading') {
      const text = cut(elementText(cache, element).normalized, kMaxUniqueText);
      if (text) headings.push(text);
      continue;
    }
    for (const run of elementText(cache, element).immediate) {
      const text = cut(normalizeWhiteSpace(run), kMaxUniqueText);
      if (text.length > 1) runs.push(text);
    }
    const children = element.shadowRoot ? [...element.children, ...element.shadowRoot.children] : [...element.children];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return [...headings, ...runs];
}

/** At most `max` characters, cut at the last word boundary (no ellipsis: a prefix stays a substring). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(' ');
  return (space > max / 2 ? head.slice(0, space) : head).trim();
}
