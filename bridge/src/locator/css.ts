/**
 * Playwright's CSS evaluation: standard compounds through `element.matches`, Playwright's
 * pseudo-classes through its engines, combinators walked by hand so they cross open shadow roots.
 *
 * Facts from Playwright's injected `selectorEvaluator.ts`:
 * - A query under a scope never returns the scope itself, and ancestors for combinators are looked
 *   for only inside the scope (`page.locator('.card').locator('div span')` needs the `div` inside
 *   the card). A selector using `:scope` widens the scope to its parent so `:scope` can match.
 * - The last compound is queried (its standard CSS, else the first pseudo-class that can query,
 *   `:is`/`:scope`/`:light`/`:nth-match`), then filtered by the other pseudo-classes and by the
 *   compounds to its left, right to left.
 * - `:has(list)` is a query under the element; `:not(list)`, `:is(list)`, `:where(list)` match any
 *   of the list; `:light(list)` does not cross shadow roots; `:nth-match(list, n)` is the n-th
 *   (1-based) of the list's matches; `:visible` is Playwright's visibility.
 * - `:text(s)`: the element's normalized text contains `s` (case-insensitive) and no child's does;
 *   `:text-is(s)`: one of its own text nodes equals `s` (normalized, case-sensitive), or a child's;
 *   `:text-matches(re, flags)`: the regex finds its raw text and no child's;
 *   `:has-text(s)`: its normalized text contains `s` (case-insensitive), children regardless.
 */

import { parentElementOrHost } from '../dom';
import { BridgeError } from '../errors';
import type { CssArg, CssComplex, CssSimple } from './ast';
import { queryAllPierce, sortInDOMOrder } from './order';
import { compileRegex, elementMatchesText, elementText, normalizeWhiteSpace, shouldSkipForTextMatching, type TextCache } from './text';
import { isElementVisible } from './visible';

type Scope = Document | Element | ShadowRoot;

export interface QueryContext {
  scope: Scope;
  pierceShadow: boolean;
  originalScope?: Scope;
}

type Selector = CssComplex | CssArg[];

interface Engine {
  matches?(element: Element, args: CssArg[], context: QueryContext, evaluator: CssEvaluator): boolean;
  query?(context: QueryContext, args: CssArg[], evaluator: CssEvaluator): Element[];
}

/** Evaluates parsed CSS for one locator evaluation; `at` names the step in errors. */
export class CssEvaluator {
  private readonly nodeIds = new WeakMap<Node, number>();
  private nextId = 1;
  private readonly simpleCache = new Map<CssSimple, Map<string, Map<Element, boolean>>>();
  private readonly parentsCache = new Map<CssComplex, Map<string, Map<Element, boolean>>>();
  at = 0;

  constructor(readonly textCache: TextCache) {}

  /** Elements the selector (list) matches under `context.scope`. */
  query(context: QueryContext, selector: Selector): Element[] {
    if (Array.isArray(selector)) return isEngine.query!(context, selector, this);
    if (hasScopeClause(selector)) context = expandForScope(context);
    const simples = selector.simples;
    const elements = this.querySimple(context, simples[simples.length - 1]!);
    return elements.filter(element => this.matchesParents(element, selector, simples.length - 2, context));
  }

  /** Whether `element` matches the selector (list) in `context`. */
  matches(element: Element, selector: Selector, context: QueryContext): boolean {
    if (Array.isArray(selector)) return isEngine.matches!(element, selector, context, this);
    if (hasScopeClause(selector)) context = expandForScope(context);
    const simples = selector.simples;
    if (!this.matchesSimple(element, simples[simples.length - 1]!, context)) return false;
    return this.matchesParents(element, selector, simples.length - 2, context);
  }

  private key(context: QueryContext): string {
    return `${this.idOf(context.scope)}:${context.originalScope ? this.idOf(context.originalScope) : 0}:${context.pierceShadow ? 1 : 0}`;
  }

  private idOf(node: Node): number {
    let id = this.nodeIds.get(node);
    if (id === undefined) {
      id = this.nextId++;
      this.nodeIds.set(node, id);
    }
    return id;
  }

  private matchesSimple(element: Element, simple: CssSimple, context: QueryContext): boolean {
    const key = this.key(context);
    let byContext = this.simpleCache.get(simple);
    if (!byContext) this.simpleCache.set(simple, byContext = new Map());
    let byElement = byContext.get(key);
    if (!byElement) byContext.set(key, byElement = new Map());
    const cached = byElement.get(element);
    if (cached !== undefined) return cached;
    let result = element !== context.scope;
    if (result && simple.css && !this.matchesCSS(element, simple.css)) result = false;
    if (result) {
      for (const fn of simple.functions) {
        if (!this.matchesEngine(engineOf(fn.name), element, fn.args, context)) {
          result = false;
          break;
        }
      }
    }
    byElement.set(element, result);
    return result;
  }

  private querySimple(context: QueryContext, simple: CssSimple): Element[] {
    const functions = simple.functions;
    if (!functions.length) return this.queryCSS(context, simple.css || '*');
    let css: string | undefined = simple.css ?? undefined;
    if (css === '*') css = undefined;
    let elements: Element[];
    let firstIndex = -1;
    if (css !== undefined) {
      elements = this.queryCSS(context, css);
    } else {
      firstIndex = functions.findIndex(fn => engineOf(fn.name).query !== undefined);
      if (firstIndex === -1) firstIndex = 0;
      const first = functions[firstIndex]!;
      elements = this.queryEngine(engineOf(first.name), context, first.args);
    }
    for (let pass = 0; pass < 2; pass++) {
      functions.forEach((fn, i) => {
        if (i === firstIndex) return;
        const engine = engineOf(fn.name);
        if ((engine.matches !== undefined) === (pass === 0))
          elements = elements.filter(e => this.matchesEngine(engine, e, fn.args, context));
      });
    }
    return elements;
  }

  private matchesParents(element: Element, complex: CssComplex, index: number, context: QueryContext): boolean {
    if (index < 0) return true;
    const key = `${index}|${this.key(context)}`;
    let byContext = this.parentsCache.get(complex);
    if (!byContext) this.parentsCache.set(complex, byContext = new Map());
    let byElement = byContext.get(key);
    if (!byElement) byContext.set(key, byElement = new Map());
    const cached = byElement.get(element);
    if (cached !== undefined) return cached;
    const result = this.computeMatchesParents(element, complex, index, context);
    byElement.set(element, result);
    return result;
  }

  private computeMatchesParents(element: Element, complex: CssComplex, index: number, context: QueryContext): boolean {
    const { combinator } = complex.simples[index]!;
    const simple = complex.simples[index]!;
    const before = index > 0 ? complex.simples[index - 1]!.combinator : '';
    if (combinator === '>') {
      const parent = parentInContext(element, context);
      if (!parent || !this.matchesSimple(parent, simple, context)) return false;
      return this.matchesParents(parent, complex, index - 1, context);
    }
    if (combinator === '+') {
      const previous = previousSiblingInContext(element, context);
      if (!previous || !this.matchesSimple(previous, simple, context)) return false;
      return this.matchesParents(previous, complex, index - 1, context);
    }
    if (combinator === '') {
      for (let parent = parentInContext(element, context); parent; parent = parentInContext(parent, context)) {
        if (this.matchesSimple(parent, simple, context)) {
          if (this.matchesParents(parent, complex, index - 1, context)) return true;
          if (before === '') break;
        }
      }
      return false;
    }
    if (combinator === '~') {
      for (let previous = previousSiblingInContext(element, context); previous; previous = previousSiblingInContext(previous, context)) {
        if (this.matchesSimple(previous, simple, context)) {
          if (this.matchesParents(previous, complex, index - 1, context)) return true;
          if (before === '~') break;
        }
      }
      return false;
    }
    throw new BridgeError('bad-args', `unsupported combinator ${JSON.stringify(combinator)}`);
  }

  matchesEngine(engine: Engine, element: Element, args: CssArg[], context: QueryContext): boolean {
    if (engine.matches) return engine.matches(element, args, context, this);
    return engine.query!(context, args, this).includes(element);
  }

  queryEngine(engine: Engine, context: QueryContext, args: CssArg[]): Element[] {
    if (engine.query) return engine.query(context, args, this);
    return this.queryCSS(context, '*').filter(element => engine.matches!(element, args, context, this));
  }

  private matchesCSS(element: Element, css: string): boolean {
    try {
      return element.matches(css);
    } catch (error) {
      throw this.invalidCSS(css, error);
    }
  }

  queryCSS(context: QueryContext, css: string): Element[] {
    try {
      return queryAllPierce(context.scope, css, context.pierceShadow);
    } catch (error) {
      throw this.invalidCSS(css, error);
    }
  }

  private invalidCSS(css: string, error: unknown): BridgeError {
    const reason = error instanceof Error ? error.message : String(error);
    return new BridgeError('bad-locator', `the browser rejects the CSS selector ${JSON.stringify(css)}: ${reason}`, { at: this.at });
  }
}

function hasScopeClause(complex: CssComplex): boolean {
  return complex.simples.some(simple => simple.functions.some(fn => fn.name === 'scope'));
}

function expandForScope(context: QueryContext): QueryContext {
  if (context.scope.nodeType !== 1) return context;
  const parent = parentElementOrHost(context.scope as Element);
  if (!parent) return context;
  return { ...context, scope: parent, originalScope: context.originalScope || context.scope };
}

function parentInContext(element: Element, context: QueryContext): Element | null {
  if (element === context.scope) return null;
  if (!context.pierceShadow) return element.parentElement;
  return parentElementOrHost(element);
}

function previousSiblingInContext(element: Element, context: QueryContext): Element | null {
  if (element === context.scope) return null;
  return element.previousElementSibling;
}

function selectors(args: CssArg[]): CssComplex[] {
  return args.filter((arg): arg is CssComplex => typeof arg === 'object');
}

const isEngine: Engine = {
  matches: (element, args, context, evaluator) => selectors(args).some(s => evaluator.matches(element, s, context)),
  query: (context, args, evaluator) => {
    let elements: Element[] = [];
    for (const arg of selectors(args)) elements = elements.concat(evaluator.query(context, arg));
    return args.length === 1 ? elements : sortInDOMOrder(elements);
  },
};

const textEngines: Record<string, Engine> = {
  'text': {
    matches: (element, args, _context, evaluator) => {
      const wanted = normalizeWhiteSpace(String(args[0])).toLowerCase();
      return elementMatchesText(evaluator.textCache, element, t => t.normalized.toLowerCase().includes(wanted)) === 'self';
    },
  },
  'text-is': {
    matches: (element, args, _context, evaluator) => {
      const wanted = normalizeWhiteSpace(String(args[0]));
      return elementMatchesText(evaluator.textCache, element, t => {
        if (!wanted && !t.immediate.length) return true;
        return t.immediate.some(s => normalizeWhiteSpace(s) === wanted);
      }) !== 'none';
    },
  },
  'text-matches': {
    matches: (element, args, _context, evaluator) => {
      const re = compileRegex(String(args[0]), args.length === 2 ? String(args[1]) : '', evaluator.at);
      return elementMatchesText(evaluator.textCache, element, t => { re.lastIndex = 0; return re.test(t.full); }) === 'self';
    },
  },
  'has-text': {
    matches: (element, args, _context, evaluator) => {
      if (shouldSkipForTextMatching(element)) return false;
      const wanted = normalizeWhiteSpace(String(args[0])).toLowerCase();
      return elementText(evaluator.textCache, element).normalized.toLowerCase().includes(wanted);
    },
  },
};

const engines: Record<string, Engine> = {
  'is': isEngine,
  'where': isEngine,
  'not': { matches: (element, args, context, evaluator) => !isEngine.matches!(element, args, context, evaluator) },
  'has': { matches: (element, args, context, evaluator) => evaluator.query({ ...context, scope: element }, args).length > 0 },
  'scope': {
    matches: (element, _args, context) => {
      const scope = context.originalScope || context.scope;
      return scope.nodeType === 9 ? element === (scope as Document).documentElement : element === scope;
    },
    query: context => {
      const scope = context.originalScope || context.scope;
      if (scope.nodeType === 9) {
        const root = (scope as Document).documentElement;
        return root ? [root] : [];
      }
      return scope.nodeType === 1 ? [scope as Element] : [];
    },
  },
  'light': {
    query: (context, args, evaluator) => evaluator.query({ ...context, pierceShadow: false }, args),
    matches: (element, args, context, evaluator) => evaluator.matches(element, args, { ...context, pierceShadow: false }),
  },
  'visible': { matches: element => isElementVisible(element) },
  'nth-match': {
    query: (context, args, evaluator) => {
      const index = Number(args[args.length - 1]) - 1;
      const elements = isEngine.query!(context, args.slice(0, -1), evaluator);
      return index < elements.length ? [elements[index]!] : [];
    },
  },
  ...textEngines,
};

function engineOf(name: string): Engine {
  const engine = Object.prototype.hasOwnProperty.call(engines, name) ? engines[name] : undefined;
  if (!engine) throw new BridgeError('bad-args', `unknown CSS pseudo-class engine ${JSON.stringify(name)}`);
  return engine;
}
