/**
 * `ariaFacts`: the computed role and accessible name of the elements a CSS selector matches, as
 * the snapshot computes them (README: Methods). The conformance suite and the differential test
 * against Chromium's own accessibility tree read these; so can a model that wants one element's
 * facts without a snapshot.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import { BridgeError } from '../errors';
import type { RefRegistry } from '../snapshot/refs';
import { getAccessibleName } from './name';
import { getRole } from './roles';
import { normalizeWhitespace, truncate } from './text';
import { isHiddenForAria } from './visibility';

export const kMaxFacts = 5000;
const kMaxFactName = 150;

export interface AriaFact {
  tagName: string;
  /** The computed role; `generic` for an element without one, `none` for none/presentation. */
  role: string;
  /** The accessible name, whitespace collapsed, at most 150 characters. */
  name: string;
  /** Excluded from the accessibility tree (hidden, aria-hidden, inert, ...). */
  hidden?: boolean;
  /** The element's ref, when a snapshot or structural call gave it one. */
  ref?: string;
  /** The values of the requested attributes the element has (not cut). */
  attributes?: Record<string, string>;
}

export interface AriaFactsResult {
  elements: AriaFact[];
  omitted?: number;
}

/**
 * Facts of every element matching `selector` in the document and its open shadow roots: the
 * document's matches in document order, then each open shadow root's (in the order of their hosts).
 * `attributes`: names of attributes whose values each fact should carry (test expectations, ids).
 * `textTransform` false: names from untransformed text, as Playwright compares them.
 */
export function ariaFacts(doc: Document, refs: RefRegistry, selector: string, attributes: string[] = [],
  textTransform = true): AriaFactsResult {
  let matches: Element[];
  try {
    matches = deepQuerySelectorAll(doc, selector);
  } catch {
    throw new BridgeError('bad-args', `selector ${JSON.stringify(selector)} is not a valid CSS selector`);
  }
  beginWalk();
  try {
    const elements: AriaFact[] = [];
    for (const element of matches.slice(0, kMaxFacts)) {
      const role = getRole(element);
      const fact: AriaFact = {
        tagName: tagNameOf(element),
        role: role === null ? 'generic' : role === 'presentation' ? 'none' : role,
        name: truncate(normalizeWhitespace(getAccessibleName(element, { textTransform })), kMaxFactName),
      };
      if (isHiddenForAria(element)) fact.hidden = true;
      const ref = refs.numberOf(element);
      if (ref !== undefined) fact.ref = refs.label(ref);
      const values: Record<string, string> = {};
      let any = false;
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value === null) continue;
        values[name] = value;
        any = true;
      }
      if (any) fact.attributes = values;
      elements.push(fact);
    }
    const result: AriaFactsResult = { elements };
    if (matches.length > kMaxFacts) result.omitted = matches.length - kMaxFacts;
    return result;
  } finally {
    endWalk();
  }
}

function deepQuerySelectorAll(doc: Document, selector: string): Element[] {
  const result = Array.from(doc.querySelectorAll(selector));
  const hosts: Element[] = [];
  const all = doc.querySelectorAll('*');
  for (let i = 0; i < all.length; i++) if (all[i]!.shadowRoot) hosts.push(all[i]!);
  // Shadow roots nest: a root's own hosts are queued after it.
  for (let i = 0; i < hosts.length; i++) {
    const shadow = hosts[i]!.shadowRoot!;
    result.push(...Array.from(shadow.querySelectorAll(selector)));
    const inner = shadow.querySelectorAll('*');
    for (let j = 0; j < inner.length; j++) if (inner[j]!.shadowRoot) hosts.push(inner[j]!);
  }
  return result;
}
