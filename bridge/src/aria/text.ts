/**
 * Text helpers for accessible names: flat strings and CSS generated content.
 *
 * "Flat string": https://w3c.github.io/accname/#terminology. CSS content: accname step 2F.ii
 * (https://w3c.github.io/accname/#comp_name_from_content) with the CSS `content` alternative text
 * after `/` (https://drafts.csswg.org/css-content/#alt).
 */

import { getPseudoStyle, getStyle, mayHaveElementContent } from '../dom';
import { getCounterValues } from './counters';

/** Collapses ASCII whitespace runs to one space and trims; no-break spaces stay. */
export function normalizeWhitespace(text: string): string {
  // One pass collapses the runs; the edges then hold at most one space each (cut by slicing: a second
  // regular expression over the whole text cost a quarter of the function).
  const collapsed = text.replace(/[\t\n\f\r ]+/g, ' ');
  const length = collapsed.length;
  const start = length && collapsed.charCodeAt(0) === 32 ? 1 : 0;
  const end = length > start && collapsed.charCodeAt(length - 1) === 32 ? length - 1 : length;
  return start === 0 && end === length ? collapsed : collapsed.slice(start, end);
}

/** A flat string: zero-width space and soft hyphen dropped, whitespace collapsed, trimmed. */
export function asFlatString(text: string): string {
  return normalizeWhitespace(text.replace(/[\u200b\u00ad]/g, ''));
}

/** Cuts `text` to `max` characters, marking a cut with `…`. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, max - 1) + '…';
}

/**
 * Generated text of `element`'s `::before`/`::after`, or of the element itself (`content`
 * replacing its children, where only the alternative text after `/` counts), or undefined.
 * Pseudo content that is not `display: inline` is padded with spaces, as browsers do.
 * `counters`: false for Playwright's rule, where a `counter()` makes the content unknown.
 */
export function getCssContent(element: Element, pseudo?: '::before' | '::after', counters = true): string | undefined {
  if (!pseudo && !mayHaveElementContent(element)) return undefined;
  const style = pseudo ? getPseudoStyle(element, pseudo) : getStyle(element);
  return contentOf(element, style, pseudo, counters);
}

/** getCssContent for a pseudo element the caller knows may have style rules (skips that check). */
export function getPseudoContentKnown(element: Element, pseudo: '::before' | '::after'): string | undefined {
  return contentOf(element, getPseudoStyle(element, pseudo, true), pseudo);
}

function contentOf(element: Element, style: CSSStyleDeclaration | undefined, pseudo?: '::before' | '::after',
  counters = true): string | undefined {
  if (!style) return undefined;
  const value = style.content;
  if (!value || value === 'none' || value === 'normal') return undefined;
  if (style.display === 'none' || style.visibility === 'hidden') return undefined;
  const text = parseContent(element, value, pseudo, counters);
  if (text === undefined || !pseudo) return text;
  return style.display !== 'inline' ? ` ${text} ` : text;
}

type Token = { kind: 'string' | 'ident' | 'slash' | 'attr' | 'counter' | 'counters' | 'other'; value: string; extra?: string };

function parseContent(element: Element, content: string, pseudo: '::before' | '::after' | undefined,
  counters: boolean): string | undefined {
  const isPseudo = !!pseudo;
  const tokens = tokenizeContent(content);
  if (!tokens) return undefined;
  const slash = tokens.findIndex(t => t.kind === 'slash');
  let parts = tokens;
  if (slash >= 0) parts = tokens.slice(slash + 1);
  else if (!isPseudo) return undefined; // On an element, `content` is an image: only its alt text names it.
  let result = '';
  for (const token of parts) {
    if (token.kind === 'string') result += token.value;
    else if (token.kind === 'attr') result += element.getAttribute(token.value) ?? '';
    else if ((token.kind === 'counter' || token.kind === 'counters') && pseudo && counters) {
      const values = getCounterValues(element, pseudo, token.value);
      if (!values.length) return undefined;
      // DEVIATION (Chromium, WPT comp_name_from_content): a counter's text stands apart from the
      // content that follows it.
      result += (token.kind === 'counter' ? String(values[values.length - 1]) : values.join(token.extra ?? '.')) + ' ';
    }
    else return undefined; // counters, quotes, images without alt: no text we can know
  }
  return result;
}

function tokenizeContent(content: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < content.length) {
    const ch = content[i]!;
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === '"' || ch === "'") {
      let value = '';
      i++;
      while (i < content.length && content[i] !== ch) {
        if (content[i] === '\\' && i + 1 < content.length) {
          const hex = /^[0-9a-fA-F]{1,6} ?/.exec(content.slice(i + 1));
          if (hex) {
            value += String.fromCodePoint(parseInt(hex[0].trim(), 16));
            i += 1 + hex[0].length;
          } else {
            value += content[i + 1];
            i += 2;
          }
          continue;
        }
        value += content[i];
        i++;
      }
      i++;
      tokens.push({ kind: 'string', value });
      continue;
    }
    if (ch === '/') { tokens.push({ kind: 'slash', value: '/' }); i++; continue; }
    const word = /^[-\w]+/.exec(content.slice(i));
    if (!word) return undefined;
    i += word[0].length;
    if (content[i] === '(') {
      const close = content.indexOf(')', i);
      if (close < 0) return undefined;
      const arg = content.slice(i + 1, close).trim();
      i = close + 1;
      const fn = word[0].toLowerCase();
      const counter = /^([-\w]+)\s*(?:,\s*(?:"([^"]*)"|'([^']*)'))?\s*(?:,\s*decimal)?$/.exec(arg);
      if (fn === 'attr' && /^[-\w]+$/.test(arg)) tokens.push({ kind: 'attr', value: arg });
      else if (fn === 'counter' && counter && counter[2] === undefined && counter[3] === undefined)
        tokens.push({ kind: 'counter', value: counter[1]! });
      else if (fn === 'counters' && counter && (counter[2] ?? counter[3]) !== undefined)
        tokens.push({ kind: 'counters', value: counter[1]!, extra: counter[2] ?? counter[3] });
      else tokens.push({ kind: 'other', value: word[0] });
      continue;
    }
    tokens.push({ kind: 'ident', value: word[0] });
  }
  return tokens;
}
