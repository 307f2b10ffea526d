/**
 * Text as Playwright's locators see it, and the text matchers of getByText, hasText, :has-text ...
 *
 * Facts from Playwright's injected `selectorUtils.ts` (`elementText`, `elementMatchesText`) and
 * `injectedScript.ts` (`createTextMatcher`):
 * - An element's text is its text nodes and its children's text in DOM order (light children,
 *   then an open shadow root's text appended), comments skipped; `<script>`, `<noscript>`,
 *   `<style>` and anything in `<head>` have none. An `<input type=submit|button|reset>` has its
 *   value. Hidden elements have text too: locators match hidden elements (getByRole aside).
 * - "Normalized": zero-width space and soft hyphen dropped, trimmed, every whitespace run (`\s`,
 *   which includes no-break spaces) one space.
 * - String matching is a case-insensitive substring of the normalized text; `exact` is equality
 *   of the normalized text, case-sensitive; a regular expression is tested on the raw text.
 * - An element matches getByText only if no child element matches too ("self", not
 *   "selfAndChildren"): the deepest elements holding the text.
 */

import { BridgeError } from '../errors';
import type { TextArg } from './ast';

export interface ElementText {
  /** All text, as in the DOM. */
  full: string;
  /** `full`, normalized. */
  normalized: string;
  /** The runs of text nodes directly inside the element (between child elements). */
  immediate: string[];
}

export type TextCache = Map<Element | ShadowRoot, ElementText>;

export type TextMatcher = (text: ElementText) => boolean;

/** Playwright's normalizeWhiteSpace. */
export function normalizeWhiteSpace(text: string): string {
  return text.replace(/[\u200b\u00ad]/g, '').trim().replace(/\s+/g, ' ');
}

/** Whether text matching skips `element` (and reads no text from it). */
export function shouldSkipForTextMatching(element: Element): boolean {
  const name = element.nodeName;
  const head = element.ownerDocument.head;
  return name === 'SCRIPT' || name === 'NOSCRIPT' || name === 'STYLE' || (!!head && head.contains(element));
}

const kEmpty: ElementText = { full: '', normalized: '', immediate: [] };

/** The text of an element or shadow root, memoized in `cache` for one evaluation. */
export function elementText(cache: TextCache, root: Element | ShadowRoot): ElementText {
  let value = cache.get(root);
  if (value !== undefined) return value;
  value = { full: '', normalized: '', immediate: [] };
  if (root.nodeType === 1 && shouldSkipForTextMatching(root as Element)) {
    value = kEmpty;
  } else if (isButtonLikeInput(root)) {
    const input = root as HTMLInputElement;
    value = { full: input.value, normalized: normalizeWhiteSpace(input.value), immediate: [input.value] };
  } else {
    let current = '';
    for (let child = root.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        value.full += child.nodeValue || '';
        current += child.nodeValue || '';
      } else if (child.nodeType === 8) {
        continue;
      } else {
        if (current) value.immediate.push(current);
        current = '';
        if (child.nodeType === 1) value.full += elementText(cache, child as Element).full;
      }
    }
    if (current) value.immediate.push(current);
    const shadow = root.nodeType === 1 ? (root as Element).shadowRoot : null;
    if (shadow) value.full += elementText(cache, shadow).full;
    if (value.full) value.normalized = normalizeWhiteSpace(value.full);
  }
  cache.set(root, value);
  return value;
}

function isButtonLikeInput(node: Element | ShadowRoot): boolean {
  if (node.nodeType !== 1 || (node as Element).localName !== 'input') return false;
  const type = (node as HTMLInputElement).type;
  return type === 'submit' || type === 'button' || type === 'reset';
}

/**
 * Whether `element`'s text matches and whether a child element's text matches as well:
 * `none`, `self` (only the element) or `selfAndChildren`.
 */
export function elementMatchesText(cache: TextCache, element: Element, matcher: TextMatcher): 'none' | 'self' | 'selfAndChildren' {
  if (shouldSkipForTextMatching(element)) return 'none';
  if (!matcher(elementText(cache, element))) return 'none';
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && matcher(elementText(cache, child as Element))) return 'selfAndChildren';
  }
  if (element.shadowRoot && matcher(elementText(cache, element.shadowRoot))) return 'selfAndChildren';
  return 'self';
}

/** A RegExp for a regex argument; an invalid one is a `bad-locator` error naming the step. */
export function compileRegex(source: string, flags: string, at: number): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BridgeError('bad-locator', `invalid regular expression /${source}/${flags}: ${reason}`, { at });
  }
}

/**
 * The matcher of getByText, getByLabel, hasText and hasNotText (Playwright's createTextMatcher
 * for internal selectors): `kind` tells how getByText walks (`lax` skips inside a non-matching
 * element; `strict` and `regex` do not).
 */
export function textArgMatcher(arg: TextArg, exact: boolean, at: number): { matcher: TextMatcher; kind: 'lax' | 'strict' | 'regex' } {
  if (arg.regex !== undefined) {
    const re = compileRegex(arg.regex, arg.flags, at);
    return { kind: 'regex', matcher: text => { re.lastIndex = 0; return re.test(text.full); } };
  }
  const wanted = normalizeWhiteSpace(arg.string);
  if (exact) return { kind: 'strict', matcher: text => text.normalized === wanted };
  const lower = wanted.toLowerCase();
  return { kind: 'lax', matcher: text => text.normalized.toLowerCase().includes(lower) };
}

/**
 * The matcher of a `text=` selector part (Playwright's createTextMatcher for its older text
 * engine): `/re/flags`; `"quoted"` or `'quoted'` for a whole immediate text node, case-sensitive;
 * otherwise a case-insensitive substring.
 */
export function legacyTextMatcher(selector: string, at: number): { matcher: TextMatcher; kind: 'lax' | 'strict' | 'regex' } {
  if (selector[0] === '/' && selector.lastIndexOf('/') > 0) {
    const last = selector.lastIndexOf('/');
    const re = compileRegex(selector.substring(1, last), selector.substring(last + 1), at);
    return { kind: 'regex', matcher: text => { re.lastIndex = 0; return re.test(text.full); } };
  }
  let strict = false;
  if (selector.length > 1 && ((selector[0] === '"' && selector[selector.length - 1] === '"') ||
      (selector[0] === "'" && selector[selector.length - 1] === "'"))) {
    selector = cssUnquote(selector);
    strict = true;
  }
  const wanted = normalizeWhiteSpace(selector);
  if (strict) {
    return {
      kind: 'strict',
      matcher: text => {
        if (!wanted && !text.immediate.length) return true;
        return text.immediate.some(s => normalizeWhiteSpace(s) === wanted);
      },
    };
  }
  const lower = wanted.toLowerCase();
  return { kind: 'lax', matcher: text => text.normalized.toLowerCase().includes(lower) };
}

function cssUnquote(s: string): string {
  s = s.substring(1, s.length - 1);
  if (!s.includes('\\')) return s;
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length) i++;
    out.push(s[i]!);
  }
  return out.join('');
}
