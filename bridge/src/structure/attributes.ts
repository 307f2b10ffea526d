/**
 * `attributes`: the attributes that make locators, in a fixed order, values cut to 80 characters,
 * `class` to its first whole class names within 40 (README: `attributes`).
 */

import { truncate } from '../aria/text';

export const kMaxAttributeLength = 80;
/**
 * A class list is cut shorter than other values: the names that make locators (`card`, `price`,
 * `btn-primary`) come first in practice, and the utility classes after them (`mt-4 text-sm ...`)
 * cost tokens in every answer without ever being a good locator.
 */
export const kMaxClassLength = 40;

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
    result[name] = name === 'class' ? classValue(value) : truncate(value, kMaxAttributeLength);
  }
  return result;
}

/** Whole class names, in order, while they fit in `kMaxClassLength` characters with a closing `…`. */
export function classValue(value: string): string {
  const names = value.split(/\s+/).filter(Boolean);
  const all = names.join(' ');
  if (all.length <= kMaxClassLength) return all;
  let shown = '';
  for (const name of names) {
    const next = shown ? `${shown} ${name}` : name;
    if (next.length + 1 > kMaxClassLength) break;
    shown = next;
  }
  return shown ? `${shown}…` : truncate(names[0]!, kMaxClassLength);
}

/** Longest `data-*` value a target's attributes list (longer ones are state, not names). */
export const kMaxDataValue = 40;
/** Extra `aria-*` and `data-*` attributes of a target, at most. */
export const kMaxExtraAttributes = 12;

/**
 * The locator attributes of a structural answer's target (resolveContainer): `attributes`, then its
 * other `aria-*` attributes and its `data-*` attributes whose value is at most 40 characters, in
 * the element's attribute order, at most 12 of them (values cut as in `attributes`).
 */
export function getTargetAttributes(element: Element): Attributes {
  const result = getAttributes(element);
  let extra = 0;
  for (const attribute of Array.from(element.attributes)) {
    if (extra >= kMaxExtraAttributes) break;
    const name = attribute.name;
    if (name in result || names.includes(name)) continue;
    if (name.startsWith('aria-')) {
      result[name] = truncate(attribute.value, kMaxAttributeLength);
      extra++;
    } else if (name.startsWith('data-') && attribute.value.length <= kMaxDataValue) {
      result[name] = attribute.value;
      extra++;
    }
  }
  return result;
}
