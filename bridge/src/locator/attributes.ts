/**
 * Attribute locators: `getByPlaceholder`, `getByAltText`, `getByTitle` and `getByTestId`, as
 * Playwright's `internal:attr` and `internal:testid` engines match them (injectedScript.ts,
 * `createAttributeMatcher`): the attribute's value as written, not whitespace-normalized; a string
 * matches case-insensitively as a substring, `exact` (and always for test ids) as the whole
 * value, case-sensitively; a regular expression is searched in the value. Hidden elements count.
 */

import type { Step, TextArg } from './ast';
import { queryAllPierce } from './order';
import { compileRegex } from './text';

type AttributeStep = Extract<Step, { kind: 'attribute' }>;
type TestIdStep = Extract<Step, { kind: 'testId' }>;

const cssEscape = globalThis.CSS.escape.bind(globalThis.CSS);

/** Elements under `root` whose placeholder, alt or title matches. */
export function queryAttribute(root: Document | Element, step: AttributeStep): Element[] {
  return queryByAttribute(root, step.attribute, attributeMatcher(step.text, step.exact, step.at));
}

/** Elements under `root` whose test-id attribute (`--test-id-attribute`) matches. */
export function queryTestId(root: Document | Element, step: TestIdStep, attribute: string): Element[] {
  return queryByAttribute(root, attribute, attributeMatcher(step.testId, true, step.at));
}

function queryByAttribute(root: Document | Element, name: string, matcher: (value: string) => boolean): Element[] {
  return queryAllPierce(root, `[${cssEscape(name)}]`).filter(element => {
    const value = element.getAttribute(name);
    return value !== null && matcher(value);
  });
}

function attributeMatcher(arg: TextArg, exact: boolean, at: number): (value: string) => boolean {
  if (arg.regex !== undefined) {
    const re = compileRegex(arg.regex, arg.flags, at);
    return value => { re.lastIndex = 0; return !!value.match(re); };
  }
  const wanted = arg.string;
  if (exact) return value => value === wanted;
  const lower = wanted.toLowerCase();
  return value => value.toLowerCase().includes(lower);
}
