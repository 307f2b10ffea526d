/**
 * The locator AST the Python side sends (verdex/locator/ast.py; bridge/README.md, `queryLocator`),
 * read and checked: a wrong shape is `bad-args`, never a guess.
 */

import { BridgeError } from '../errors';

/** A string or regular-expression argument. */
export type TextArg = { string: string; regex?: undefined; flags?: undefined } | { regex: string; flags: string; string?: undefined };

export interface LocatorAst {
  steps: Step[];
}

/** A CSS argument: a string, a number, or a complex selector. */
export type CssArg = string | number | CssComplex;
export interface CssFunction { name: string; args: CssArg[] }
export interface CssSimple { css: string | null; functions: CssFunction[]; combinator: '' | '>' | '+' | '~' }
export interface CssComplex { simples: CssSimple[] }

export type Step = { at: number } & (
  | { kind: 'role'; role: string; name?: TextArg; exact?: boolean; checked?: boolean; disabled?: boolean; expanded?: boolean;
      includeHidden?: boolean; level?: number; pressed?: boolean; selected?: boolean }
  | { kind: 'text'; text: TextArg; exact: boolean }
  | { kind: 'label'; text: TextArg; exact: boolean }
  | { kind: 'attribute'; attribute: 'placeholder' | 'alt' | 'title'; text: TextArg; exact: boolean }
  | { kind: 'testId'; testId: TextArg }
  | { kind: 'css'; source: string; selector: CssComplex[] }
  | { kind: 'legacyText'; selector: string }
  | { kind: 'chain' | 'and' | 'or'; locator: LocatorAst }
  | { kind: 'has'; locator: LocatorAst; negate: boolean }
  | { kind: 'hasText'; text: TextArg; negate: boolean }
  | { kind: 'visible'; visible: boolean }
  | { kind: 'nth'; index: number }
  | { kind: 'frame' }
);

function fail(message: string): never {
  throw new BridgeError('bad-args', `locator: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks `raw` against the AST shape and returns it typed. */
export function readLocator(raw: unknown): LocatorAst {
  if (!isObject(raw) || !Array.isArray(raw.steps)) fail('expected {steps: [...]}');
  for (const step of raw.steps as unknown[]) checkStep(step);
  return raw as unknown as LocatorAst;
}

function checkText(value: unknown, where: string): void {
  if (!isObject(value)) fail(`${where} must be {string} or {regex, flags}`);
  if (typeof value.string === 'string') return;
  if (typeof value.regex === 'string' && typeof value.flags === 'string') return;
  fail(`${where} must be {string} or {regex, flags}`);
}

function checkBoolean(value: unknown, where: string, optional = false): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'boolean') fail(`${where} must be a boolean`);
}

function checkStep(step: unknown): void {
  if (!isObject(step) || typeof step.kind !== 'string' || typeof step.at !== 'number') fail('a step needs kind and at');
  const kind = step.kind;
  switch (kind) {
    case 'role':
      if (typeof step.role !== 'string') fail('role needs a role');
      if (step.name !== undefined) checkText(step.name, 'role name');
      for (const key of ['exact', 'checked', 'disabled', 'expanded', 'includeHidden', 'pressed', 'selected'])
        checkBoolean(step[key], `role ${key}`, true);
      if (step.level !== undefined && typeof step.level !== 'number') fail('role level must be a number');
      return;
    case 'text': case 'label': case 'hasText':
      checkText(step.text, `${kind} text`);
      checkBoolean(kind === 'hasText' ? step.negate : step.exact, kind);
      return;
    case 'attribute':
      if (step.attribute !== 'placeholder' && step.attribute !== 'alt' && step.attribute !== 'title') fail('bad attribute');
      checkText(step.text, 'attribute text');
      checkBoolean(step.exact, 'attribute exact');
      return;
    case 'testId':
      checkText(step.testId, 'testId');
      return;
    case 'css':
      if (typeof step.source !== 'string' || !Array.isArray(step.selector)) fail('css needs source and selector');
      return;
    case 'legacyText':
      if (typeof step.selector !== 'string') fail('legacyText needs a selector');
      return;
    case 'chain': case 'and': case 'or': case 'has':
      readLocator(step.locator);
      if (kind === 'has') checkBoolean(step.negate, 'has negate');
      return;
    case 'visible':
      checkBoolean(step.visible, 'visible');
      return;
    case 'nth':
      if (typeof step.index !== 'number' || !Number.isInteger(step.index)) fail('nth needs an integer index');
      return;
    case 'frame':
      return;
    default:
      fail(`unknown step kind ${JSON.stringify(kind)}`);
  }
}
