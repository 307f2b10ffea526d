/**
 * `describe`: the element a description names ("Sign in", "#hero button"), found without a model,
 * for `browser_click(element=...)` and the other actions (issue 11, deterministic fallback).
 *
 * One call looks at one document; the Python side asks every frame and ranks across them
 * (verdex/browser/describe.py). Rules, in order:
 *
 * 1. **CSS.** If the description parses as a CSS selector (`querySelectorAll` throws no
 *    `SyntaxError`), its matches are listed: `css.matches` are the visible ones (hidden ones are
 *    only counted, `css.hidden`). One visible match in the whole page is the answer; several are
 *    an error for the caller (it never picks one silently); none: go on to 2.
 * 2. **Scores.** Candidates are `a, button, input, [role=button], select, textarea, label,
 *    [onclick], [href]` and every element whose computed ARIA role is interactive (aria/roles.ts,
 *    `kInteractiveRoles`), in DOM order (open shadow roots included). A candidate that is not
 *    visible (not rendered, `visibility: hidden`, or no box: aria/visibility.ts and the
 *    actionability rule) is never one. For `type`, only fields that take text are candidates; for
 *    `select`, only `<select>` elements (fields: editable inputs and textareas, editing hosts). The description, the candidate's accessible name
 *    (aria/name.ts) and its rendered text are compared whitespace-normalised and lower-cased:
 *    - the name or the text equals the description: an exact match, which wins at once (the
 *      first in DOM order);
 *    - the description is inside the name or text: score 3;
 *    - the name or text (over 2 characters) is inside the description: score 2;
 *    - otherwise the fraction of the description's words (runs of letters and digits over 2
 *      characters, each counted once) that are words of the name or text, but only when it is
 *      at least {@link MIN_WORD_FRACTION}; below that the score is 0.
 *    Ties go to DOM order; a candidate with score 0 is never chosen.
 *
 * Why MIN_WORD_FRACTION = 0.5: a bare word fraction lets one common word decide. On a page whose
 * hero button is "Sign in to continue", the description "Continue with Google" shares one word
 * out of three with it (1/3) and would click it; the reference scenario expects nothing
 * to be acted on there. Half of the words is the least overlap taken as a match.
 *
 * Returns `{css: {valid, count, hidden, matches}, candidates}`: `candidates` are the best
 * {@link kMaxReturned} with an exact match or a score above 0, best first, each given a ref
 * (snapshot/refs.ts `ensure`), so the caller acts on the chosen one through the ref path.
 */

import { beginWalk, endWalk, tagNameOf, tagOf } from '../dom';
import { getAccessibleName } from '../aria/name';
import { getRole, isEditingHost, kInteractiveRoles } from '../aria/roles';
import { normalizeWhitespace } from '../aria/text';
import { BridgeError } from '../errors';
import type { RefRegistry } from '../snapshot/refs';
import { describeRole, isVisible, visibleText, walkRendered } from '../structure/tree';
import { isEditable } from './actionability';

/** The least fraction of the description's words a candidate must have to score by words. */
export const MIN_WORD_FRACTION = 0.5;

const kCandidateSelector = 'a, button, input, [role=button], select, textarea, label, [onclick], [href]';
/** Candidates and CSS matches returned per document. */
const kMaxReturned = 5;
/** Characters of a candidate's text compared (a link around a whole card has a long text). */
const kMaxText = 1000;
/** Words shorter than this (and of this length) do not count (`in`, `to`, `of`). */
const kShortWord = 2;

const kActions = new Set(['click', 'hover', 'type', 'select']);
const kTextFields = new Set(['INPUT', 'TEXTAREA']);

export interface DescribedElement {
  ref: string;
  tagName: string;
  role: string;
  name: string;
}

export type Reason = 'exact' | 'contains' | 'contained' | 'words';

export interface ScoredElement extends DescribedElement {
  /** `exact`: name or text equals the description; `contains`: 3; `contained`: 2; `words`: the fraction. */
  reason: Reason;
  score: number;
}

export interface DescribeResult {
  css: { valid: boolean; count: number; hidden: number; matches: DescribedElement[] };
  candidates: ScoredElement[];
}

export function describe(refs: RefRegistry, description: string, action: string): DescribeResult {
  if (!kActions.has(action))
    throw new BridgeError('bad-args', `action must be one of click, hover, type, select; got ${JSON.stringify(action)}`);
  const wanted = normalize(description);
  if (!wanted) throw new BridgeError('bad-args', 'the description is empty');
  beginWalk();
  try {
    return { css: cssMatches(refs, description), candidates: scoreCandidates(refs, wanted, action) };
  } finally {
    endWalk();
  }
}

function cssMatches(refs: RefRegistry, selector: string): DescribeResult['css'] {
  let found: NodeListOf<Element>;
  try {
    found = document.querySelectorAll(selector);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'SyntaxError')
      return { valid: false, count: 0, hidden: 0, matches: [] };
    throw error;
  }
  const matches: DescribedElement[] = [];
  let count = 0;
  let hidden = 0;
  for (const element of Array.from(found)) {
    if (!isShown(element)) {
      hidden++;
      continue;
    }
    count++;
    if (matches.length < kMaxReturned) matches.push(described(refs, element));
  }
  return { valid: true, count, hidden, matches };
}

function scoreCandidates(refs: RefRegistry, wanted: string, action: string): ScoredElement[] {
  const words = wordsOf(wanted);
  const scored: Array<{ element: Element; reason: Reason; score: number; order: number }> = [];
  let order = 0;
  walkRendered(document.documentElement, element => {
    if (!isCandidate(element, action) || !isShown(element)) return;
    const texts = [normalize(getAccessibleName(element)), normalize(visibleText(element, kMaxText))].filter(Boolean);
    const match = scoreOf(texts, wanted, words);
    if (match) scored.push({ element, ...match, order: order++ });
  });
  scored.sort((a, b) => rank(a) - rank(b) || b.score - a.score || a.order - b.order);
  return scored.slice(0, kMaxReturned).map(({ element, reason, score }) => ({ ...described(refs, element), reason, score }));
}

function rank(match: { reason: Reason }): number {
  return match.reason === 'exact' ? 0 : 1;
}

function scoreOf(texts: string[], wanted: string, words: string[]): { reason: Reason; score: number } | null {
  if (texts.some(text => text === wanted)) return { reason: 'exact', score: 3 };
  if (texts.some(text => text.includes(wanted))) return { reason: 'contains', score: 3 };
  if (texts.some(text => text.length > kShortWord && wanted.includes(text))) return { reason: 'contained', score: 2 };
  if (!words.length) return null;
  const own = new Set(texts.flatMap(wordsOf));
  const fraction = words.filter(word => own.has(word)).length / words.length;
  return fraction >= MIN_WORD_FRACTION ? { reason: 'words', score: fraction } : null;
}

function isCandidate(element: Element, action: string): boolean {
  if (action === 'type') return isEditable(element) && (kTextFields.has(tagOf(element)) || isEditingHost(element));
  if (action === 'select') return tagOf(element) === 'SELECT';
  return element.matches(kCandidateSelector) || kInteractiveRoles.has(getRole(element) ?? '');
}

/** Rendered, `visibility: visible`, with a box: what an action could reach. */
function isShown(element: Element): boolean {
  if (!isVisible(element)) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

function described(refs: RefRegistry, element: Element): DescribedElement {
  const ref = refs.ensure(element);
  const { role, name } = describeRole(element);
  refs.remember(ref, role, name);
  return { ref: refs.label(ref), tagName: tagNameOf(element), role, name };
}

function normalize(text: string): string {
  return normalizeWhitespace(text).toLowerCase();
}

/** Distinct runs of letters and digits longer than two characters. */
function wordsOf(text: string): string[] {
  return [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter(word => word.length > kShortWord))];
}
