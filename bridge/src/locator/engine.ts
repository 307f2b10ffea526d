/**
 * A locator's steps applied from a root, as Playwright's `querySelectorAll` applies selector parts
 * (injectedScript.ts):
 * - a query step (getByRole, getByText, CSS, `locator(other)` ...) runs under each current element
 *   and the results are joined in that order, each element once;
 * - a filter step (hasText, has, visible ...) keeps or drops each current element;
 * - `nth(i)` keeps the i-th (`-1` is the last, other negative indexes count from the end);
 * - `and(other)` keeps the elements `other` also finds from the same root, in `other`'s order;
 * - `or(other)` adds what `other` finds from the same root and sorts all into document order;
 * - getByText, `text=` and `has` look at the root element itself as well as under it.
 */

import { BridgeError } from '../errors';
import type { LocatorAst, Step } from './ast';
import { queryAttribute, queryTestId } from './attributes';
import { CssEvaluator } from './css';
import { queryLabel } from './label';
import { queryAllPierce, sortInDOMOrder } from './order';
import { queryRole } from './role';
import { elementMatchesText, elementText, legacyTextMatcher, textArgMatcher, type TextCache, type TextMatcher } from './text';
import { isElementVisible } from './visible';
import { scopeTextCache } from '../cacheScope';

export type Root = Document | Element;

/** State of one evaluation: caches and the configured test-id attribute. */
export class Evaluation {
  /** Element texts: the open cache scope's (cacheScope.ts), else this evaluation's own. */
  readonly textCache: TextCache = scopeTextCache() ?? new Map();
  readonly css = new CssEvaluator(this.textCache);

  constructor(readonly testIdAttribute: string) {}
}

/** The elements `locator` matches from `root`, in Playwright's order. */
export function queryLocator(evaluation: Evaluation, locator: LocatorAst, root: Root): Element[] {
  let current: Root[] = [root];
  for (const step of locator.steps) current = applyStep(evaluation, step, current, root);
  return onlyElements(current);
}

/** The elements among `current`: what a locator's matches are after its last step. */
export function onlyElements(current: Root[]): Element[] {
  return current.filter((node): node is Element => node.nodeType === 1);
}

/**
 * One step of a locator from `root`, applied to the elements the steps before it matched
 * (`current`; `[root]` before the first step): what Playwright's `count()` of that prefix counts.
 */
export function applyStep(evaluation: Evaluation, step: Step, current: Root[], root: Root): Root[] {
  if (step.kind === 'nth') {
    let index = step.index;
    if (index === -1) index = current.length - 1;
    return current.slice(index, index + 1);
  }
  if (step.kind === 'and') {
    const mine = new Set(current);
    return queryLocator(evaluation, step.locator, root).filter(element => mine.has(element));
  }
  if (step.kind === 'or') {
    const others = queryLocator(evaluation, step.locator, root);
    return sortInDOMOrder(new Set([...(current as Element[]), ...others]));
  }
  if (step.kind === 'frame')
    throw new BridgeError('bad-args', 'locator: a frame step must be split off by the caller (queryFrames)');
  const next = new Set<Element>();
  for (const scope of current) for (const element of queryStep(evaluation, step, scope)) next.add(element);
  return [...next];
}

function queryStep(evaluation: Evaluation, step: Step, root: Root): Element[] {
  const isElement = root.nodeType === 1;
  switch (step.kind) {
    case 'role':
      return queryRole(root, step);
    case 'text': {
      const { matcher, kind } = textArgMatcher(step.text, step.exact, step.at);
      return queryText(evaluation.textCache, root, matcher, kind, true);
    }
    case 'legacyText': {
      const { matcher, kind } = legacyTextMatcher(step.selector, step.at);
      return queryText(evaluation.textCache, root, matcher, kind, false);
    }
    case 'label':
      return queryLabel(root, step, evaluation.textCache);
    case 'attribute':
      return queryAttribute(root, step);
    case 'testId':
      return queryTestId(root, step, evaluation.testIdAttribute);
    case 'css':
      evaluation.css.at = step.at;
      return evaluation.css.query({ scope: root, pierceShadow: true }, step.selector);
    case 'chain':
      return queryLocator(evaluation, step.locator, root);
    case 'has': {
      if (!isElement) return [];
      const found = queryLocator(evaluation, step.locator, root).length > 0;
      return found !== step.negate ? [root as Element] : [];
    }
    case 'hasText': {
      if (!isElement) return [];
      const { matcher } = textArgMatcher(step.text, false, step.at);
      return matcher(elementText(evaluation.textCache, root as Element)) !== step.negate ? [root as Element] : [];
    }
    case 'visible':
      if (!isElement) return [];
      return isElementVisible(root as Element) === step.visible ? [root as Element] : [];
    default:
      throw new BridgeError('bad-args', `locator: step ${step.kind} cannot run here`);
  }
}

/**
 * getByText (`internal`) and `text=` (not): the root and every element under it whose text
 * matches and no child's does; `text=` with a quoted string also takes elements whose child matches.
 * With a substring matcher, the elements inside an element whose text does not match are skipped.
 */
function queryText(cache: TextCache, root: Root, matcher: TextMatcher, kind: 'lax' | 'strict' | 'regex', internal: boolean): Element[] {
  const result: Element[] = [];
  let lastDidNotMatchSelf: Element | null = null;
  const append = (element: Element): void => {
    if (kind === 'lax' && lastDidNotMatchSelf && lastDidNotMatchSelf.contains(element)) return;
    const matches = elementMatchesText(cache, element, matcher);
    if (matches === 'none') lastDidNotMatchSelf = element;
    if (matches === 'self' || (matches === 'selfAndChildren' && kind === 'strict' && !internal)) result.push(element);
  };
  if (root.nodeType === 1) append(root as Element);
  for (const element of queryAllPierce(root, '*')) append(element);
  return result;
}
