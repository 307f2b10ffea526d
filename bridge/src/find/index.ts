/**
 * `find`: the elements of this document that a text (or a regular expression) names, as the
 * snapshot shows them and as locators reach them (match.ts), each with its ref and its context
 * (context.ts), so the model finds its target without reading the whole snapshot.
 *
 * Order: Playwright's (document order, open shadow roots after the light content around them).
 * Visible elements only (Playwright's visibility: a box, `visibility: visible`) unless
 * `includeHidden`; the hidden ones are counted. Every listed match, its container and its landmark
 * get refs.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import { BridgeError } from '../errors';
import type { TextArg } from '../locator/ast';
import { Evaluation } from '../locator/engine';
import { sortInDOMOrder } from '../locator/order';
import { getPlaywrightRole, withRoleCache, type PlaywrightRole } from '../locator/playwright-role';
import { getPlaywrightName } from '../locator/role';
import { elementText } from '../locator/text';
import { isElementVisible, isHiddenForRole, withVisibilityCaches } from '../locator/visible';
import type { RefRegistry } from '../snapshot/refs';
import { visibleText } from '../structure/tree';
import { cut, namedLandmark, repeatingContainer, type FindContainer, type FindLandmark } from './context';
import { findMatches, makeTester, type MatchKind, type Tester } from './match';

/** Longest name and text excerpt of a match, characters. */
const kNameMax = 100;
const kExcerptMax = 80;
/** Rendered text read for an excerpt, characters. */
const kRenderedMax = 2000;
/** Listed matches at most, whatever `limit` says. */
export const kMaxLimit = 200;

export interface FindArgs {
  /** Case-insensitive substring, whitespace normalized. */
  text?: string;
  /** A regular expression (JavaScript syntax) instead of `text`, with `flags`. */
  regex?: string;
  flags?: string;
  /** Only elements with this role (Playwright's `getByRole` roles). */
  role?: PlaywrightRole;
  /** Only inside this element (a ref number). */
  root?: number;
  /** Matches listed (default 10, at most 200). */
  limit?: number;
  /** Hidden elements match too (they are counted in `hidden` otherwise). */
  includeHidden?: boolean;
}

export interface FindMatch {
  ref: string;
  tagName: string;
  /** Playwright's role (`getByRole`), `generic` when it has none. */
  role: string;
  name?: string;
  /** How the query names it, in this order: name, text, label, placeholder, alt, title, testId. */
  matchedBy: MatchKind[];
  /** Its text around the match (rendered), when it matched by text and not by name. */
  text?: string;
  /** The attribute that matched (placeholder, alt, title or the test-id attribute) and its value. */
  attribute?: { name: string; value: string };
  /** Visible but excluded from the accessibility tree for getByRole (aria-hidden). */
  ariaHidden?: true;
  /** Not visible (only with includeHidden). */
  visible?: false;
  container?: FindContainer;
  landmark?: FindLandmark;
}

export interface FindResult {
  /** Matches (visible ones, or all with includeHidden). */
  total: number;
  matches: FindMatch[];
  /** Matches not listed (past `limit`). */
  omitted?: number;
  /** Matches left out because they are not visible (without includeHidden). */
  hidden?: number;
}

const kKindOrder: MatchKind[] = ['name', 'text', 'label', 'placeholder', 'alt', 'title', 'testId'];

export function find(refs: RefRegistry, testIdAttribute: string, args: FindArgs): FindResult {
  const text: TextArg = readQuery(args);
  const limit = Math.min(args.limit ?? 10, kMaxLimit);
  if (limit < 0) throw new BridgeError('bad-args', 'limit must be >= 0');
  const scope: Document | Element = args.root !== undefined ? refs.resolve(args.root) : document;
  const includeHidden = !!args.includeHidden;
  beginWalk();
  try {
    return withRoleCache(() => withVisibilityCaches(() => {
      const evaluation = new Evaluation(testIdAttribute);
      const found = findMatches(evaluation, scope, { text, role: args.role, includeHidden });
      const ordered = sortInDOMOrder(found.keys());
      const shown: Element[] = [];
      let total = 0;
      let hidden = 0;
      for (const element of ordered) {
        if (!includeHidden && !isElementVisible(element)) {
          hidden++;
          continue;
        }
        total++;
        if (shown.length < limit) shown.push(element);
      }
      const tester = makeTester(text);
      const result: FindResult = {
        total,
        matches: shown.map(element => describeMatch(refs, evaluation, element, found.get(element)!, tester)),
      };
      if (total > shown.length) result.omitted = total - shown.length;
      if (hidden) result.hidden = hidden;
      return result;
    }));
  } finally {
    endWalk();
  }
}

function readQuery(args: FindArgs): TextArg {
  if (args.regex !== undefined) {
    if (args.text !== undefined) throw new BridgeError('bad-args', 'give text or regex, not both');
    return { regex: args.regex, flags: args.flags ?? '' };
  }
  if (args.text === undefined || !args.text.trim()) throw new BridgeError('bad-args', 'text (or regex) is required');
  return { string: args.text };
}

function describeMatch(refs: RefRegistry, evaluation: Evaluation, element: Element, kinds: Set<MatchKind>,
  tester: Tester): FindMatch {
  const number = refs.ensure(element);
  const role = getPlaywrightRole(element) ?? 'generic';
  const hiddenForRole = isHiddenForRole(element);
  const name = role === 'generic' ? '' : getPlaywrightName(element, hiddenForRole).replace(/\s+/g, ' ').trim();
  refs.remember(number, role, name);
  const match: FindMatch = {
    ref: refs.label(number),
    tagName: tagNameOf(element),
    role,
    matchedBy: kKindOrder.filter(kind => kinds.has(kind)),
  };
  if (name) match.name = cut(name, kNameMax);
  // The text around the match, when the name does not already say it: as rendered (blocks set
  // apart by spaces), else as locators read it.
  if (kinds.has('text') && !kinds.has('name')) {
    const rendered = visibleText(element, kRenderedMax);
    const text = tester.normalized(rendered) ? rendered : elementText(evaluation.textCache, element).normalized;
    if (text && text !== name) match.text = excerpt(text, tester);
  }
  for (const kind of ['placeholder', 'alt', 'title', 'testId'] as const) {
    if (!kinds.has(kind)) continue;
    const attribute = kind === 'testId' ? evaluation.testIdAttribute : kind;
    match.attribute = { name: attribute, value: cut(element.getAttribute(attribute) ?? '', kNameMax) };
    break;
  }
  const visible = isElementVisible(element);
  if (hiddenForRole && visible) match.ariaHidden = true;
  if (!visible) match.visible = false;
  const context = repeatingContainer(refs, evaluation.textCache, element, evaluation.testIdAttribute);
  if (context) match.container = context.container;
  const landmark = namedLandmark(refs, element);
  if (landmark) match.landmark = landmark;
  return match;
}

/** The text around the first match, at most `kExcerptMax` characters, `…` where it is cut. */
function excerpt(text: string, tester: Tester): string {
  if (text.length <= kExcerptMax) return text;
  let at = 0;
  // The shortest prefix that matches ends at the match: search it by halving.
  let low = 1;
  let high = text.length;
  if (tester.normalized(text)) {
    while (low < high) {
      const mid = (low + high) >> 1;
      if (tester.normalized(text.slice(0, mid))) high = mid;
      else low = mid + 1;
    }
    at = low;
  }
  const start = Math.max(0, Math.min(at - kExcerptMax / 2, text.length - kExcerptMax));
  let window = text.slice(start, start + kExcerptMax);
  if (start > 0) window = '…' + window.slice(1);
  if (start + kExcerptMax < text.length) window = window.slice(0, -1) + '…';
  return window;
}
