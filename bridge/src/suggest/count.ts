/**
 * `countLocators`: many locators counted in one call, as `queryLocator` counts one (Playwright's
 * `count()`), with the caches of one evaluation shared (roles, names, texts, visibility) and the
 * matches of every step prefix remembered, so candidates that share a container cost little more
 * than one. The suggestion engine (verdex/locator/suggest.py) asks it which of its candidates
 * match exactly the target; each one it returns is then verified again with `queryLocator`.
 *
 * A candidate that fails (an invalid selector ...) gets `error`; the call stops counting after
 * `budgetMs` milliseconds and says how many it left (`omitted`).
 */

import { beginWalk, endWalk } from '../dom';
import { BridgeError } from '../errors';
import { readLocator, type LocatorAst, type Step } from '../locator/ast';
import { applyStep, Evaluation, onlyElements, type Root } from '../locator/engine';
import { withRoleCache } from '../locator/playwright-role';
import { withVisibilityCaches } from '../locator/visible';
import type { RefRegistry } from '../snapshot/refs';

export interface LocatorCount {
  /** Playwright's `count()`. */
  count: number;
  /** The target's index among the matches, or null when it is not one of them. */
  targetIndex: number | null;
  /** Why the locator could not be counted. */
  error?: string;
}

export interface CountLocatorsResult {
  results: LocatorCount[];
  /** Locators not counted (the time budget ran out). */
  omitted?: number;
}

const now = (): number => performance.now();

/** A step's key without its `at` numbers (two candidates that share a prefix share its matches). */
function stepKey(step: Step): string {
  return JSON.stringify(step, (key, value: unknown) => (key === 'at' ? undefined : value));
}

/** Steps of `locator` from `root`, remembering each prefix's matches in `memo`. */
export function runMemoized(evaluation: Evaluation, locator: LocatorAst, root: Root, memo: Map<string, Root[]>): Element[] {
  let current: Root[] = [root];
  let key = '';
  for (const step of locator.steps) {
    key += '\u0000' + stepKey(step);
    const known = memo.get(key);
    if (known) {
      current = known;
      continue;
    }
    current = applyStep(evaluation, step, current, root);
    memo.set(key, current);
  }
  return onlyElements(current);
}

export function countLocators(refs: RefRegistry, rawLocators: unknown, testIdAttribute: string,
  target: number | undefined, budgetMs: number): CountLocatorsResult {
  if (!Array.isArray(rawLocators)) throw new BridgeError('bad-args', 'locators must be an array');
  const locators = rawLocators.map(readLocator);
  const targetElement = target === undefined ? undefined : refs.resolve(target);
  beginWalk();
  try {
    return withRoleCache(() => withVisibilityCaches(() => {
      const evaluation = new Evaluation(testIdAttribute);
      const memo = new Map<string, Root[]>();
      const start = now();
      const results: LocatorCount[] = [];
      for (const locator of locators) {
        if (results.length && now() - start > budgetMs) break;
        try {
          const elements = runMemoized(evaluation, locator, document, memo);
          const index = targetElement ? elements.indexOf(targetElement) : -1;
          results.push({ count: elements.length, targetIndex: index < 0 ? null : index });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          results.push({ count: 0, targetIndex: null, error: message });
        }
      }
      const result: CountLocatorsResult = { results };
      if (results.length < locators.length) result.omitted = locators.length - results.length;
      return result;
    }));
  } finally {
    endWalk();
  }
}
