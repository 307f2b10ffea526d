/**
 * `attributes`: the attributes that make locators, in a fixed order, values cut to 80 characters
 * (README: `attributes`).
 */

import { truncate } from '../aria/text';

export const kMaxAttributeLength = 80;

const kBefore = ['id', 'class', 'data-testid', 'data-test', 'data-test-id', 'data-qa', 'data-cy'];
const kAfter = ['role', 'aria-label', 'name', 'type', 'href', 'title', 'placeholder', 'for', 'alt'];

let names: string[] = [...kBefore, ...kAfter];

/** Sets the server's test-id attribute (`args.testIdAttribute`), listed after the fixed family. */
export function configureTestIdAttribute(attribute: string): void {
  const name = attribute.trim().toLowerCase();
  names = !name || kBefore.includes(name) || kAfter.includes(name)
    ? [...kBefore, ...kAfter]
    : [...kBefore, name, ...kAfter];
}

export type Attributes = Record<string, string>;

export function getAttributes(element: Element): Attributes {
  const result: Attributes = {};
  for (const name of names) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    const shown = name === 'class' ? value.replace(/\s+/g, ' ').trim() : value;
    result[name] = truncate(shown, kMaxAttributeLength);
  }
  return result;
}
