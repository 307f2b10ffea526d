/**
 * The locator methods of the bridge (bridge/README.md: `queryLocator`, `queryFrames`).
 *
 * `queryLocator` evaluates a locator's steps in this frame's document and describes what they
 * match: every match gets a ref, so the model can look at it with the structural tools.
 * `queryFrames` evaluates the steps before a `frameLocator`/`contentFrame` and returns the
 * `<iframe>`s they select; the Python side continues in the frame of the first one.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import { BridgeError } from '../errors';
import type { RefRegistry } from '../snapshot/refs';
import { truncate } from '../aria/text';
import { readLocator } from './ast';
import { Evaluation, queryLocator as runLocator } from './engine';
import { elementText } from './text';
import { getPlaywrightRole, withRoleCache } from './playwright-role';
import { getPlaywrightName } from './role';
import { isElementVisible, isHiddenForRole, withVisibilityCaches } from './visible';

/** Longest `name` and `text` of a described match, characters. */
const kNameMax = 100;
const kTextMax = 80;

export interface MatchFacts {
  ref: string;
  tagName: string;
  role?: string;
  name?: string;
  text?: string;
  visible?: false;
  /** The value of the caller's `attribute`, when asked (tests compare matches by a stamp). */
  attribute?: string | null;
}

export interface QueryLocatorResult {
  count: number;
  matches: MatchFacts[];
  omitted?: number;
  /** With `target`: the target's index among all matches, or null when it is not one. */
  targetIndex?: number | null;
}

/** Runs `fn` with the ARIA and visibility caches of one evaluation open. */
function evaluate<T>(fn: () => T): T {
  beginWalk();
  try {
    return withRoleCache(() => withVisibilityCaches(fn));
  } finally {
    endWalk();
  }
}

/**
 * The elements `locator` matches in this document: `count`, the first `limit` described, and
 * with `target` (a ref number) where that element is among them. With `attribute`, each match
 * also reports that attribute's value.
 */
export function queryLocator(refs: RefRegistry, rawLocator: unknown, testIdAttribute: string, limit: number,
  target: number | undefined, attribute: string | undefined): QueryLocatorResult {
  const locator = readLocator(rawLocator);
  if (limit < 0) throw new BridgeError('bad-args', 'limit must be >= 0');
  const targetElement = target === undefined ? undefined : refs.resolve(target);
  return evaluate(() => {
    const elements = runLocator(new Evaluation(testIdAttribute), locator, document);
    const shown = elements.slice(0, limit);
    const result: QueryLocatorResult = { count: elements.length, matches: shown.map(element => describe(refs, element)) };
    if (attribute !== undefined) shown.forEach((element, i) => { result.matches[i]!.attribute = element.getAttribute(attribute); });
    if (elements.length > shown.length) result.omitted = elements.length - shown.length;
    if (targetElement) {
      const index = elements.indexOf(targetElement);
      result.targetIndex = index < 0 ? null : index;
    }
    return result;
  });
}

/**
 * The `<iframe>`/`<frame>` elements the steps before entering a frame select, with refs; an
 * element of another kind is a `bad-locator` error, as in Playwright.
 */
export interface QueryFramesResult {
  /** The iframes the steps before a frame step select: ref label and ref number. */
  frames: Array<{ ref: string; number: number }>;
}

export function queryFrames(refs: RefRegistry, rawLocator: unknown, testIdAttribute: string): QueryFramesResult {
  const locator = readLocator(rawLocator);
  return evaluate(() => {
    const elements = runLocator(new Evaluation(testIdAttribute), locator, document);
    const frames = elements.map(element => {
      const tag = element.nodeName;
      if (tag !== 'IFRAME' && tag !== 'FRAME') {
        const facts = describe(refs, element);
        throw new BridgeError('bad-locator',
          `the locator before entering a frame matched <${facts.tagName}>${facts.name ? ` "${facts.name}"` : ''}, ` +
          'but frameLocator()/contentFrame() needs an <iframe>', { at: locator.steps.length ? locator.steps[locator.steps.length - 1]!.at : 0 });
      }
      const number = refs.ensure(element);
      return { ref: refs.label(number), number };
    });
    return { frames };
  });
}

function describe(refs: RefRegistry, element: Element): MatchFacts {
  const number = refs.ensure(element);
  const role = getPlaywrightRole(element);
  // Playwright names elements without a role too (toHaveAccessibleName). A rendered element that
  // getByRole leaves out (aria-hidden) has Playwright's name (empty); one that is not visible at all
  // (display: none) the name getByRole({ includeHidden }) matches it by, from its hidden content.
  const visible = isElementVisible(element);
  const name = getPlaywrightName(element, !visible && isHiddenForRole(element));
  refs.remember(number, role ?? '', name);
  const facts: MatchFacts = { ref: refs.label(number), tagName: tagNameOf(element) };
  if (role) facts.role = role;
  if (name) facts.name = truncate(name, kNameMax);
  const text = elementText(new Map(), element).normalized;
  if (text && text !== name) facts.text = truncate(text, kTextMax);
  if (!visible) facts.visible = false;
  return facts;
}
