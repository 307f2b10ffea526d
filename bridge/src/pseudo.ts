/**
 * Which elements can have `::before`/`::after` content: the subjects of the style rules that
 * style those pseudo elements.
 *
 * Reading a pseudo element's computed style is the most expensive style query, and a page
 * usually styles few of them. So for each tree scope (document or shadow root) we take the
 * rules whose selector ends in `::before`/`::after`, strip the pseudo element to get the
 * subject selector (`.price:hover::before` -> `.price:hover`), and ask the scope for all
 * matches at once. When that cannot be done exactly (an unreadable cross-origin sheet, CSS
 * nesting, `:host`, a selector the scope rejects) every element of the scope is a candidate.
 * A sheet that did not load holds no rules, readable or not: the Python side knows them from the
 * Network domain and names them in every call (`failedSheets`, contract.ts `CallArgs`), so a page
 * whose cross-origin sheets failed (offline, blocked) is not read element by element.
 * The results are cached per walk by dom.ts; the state kept here is which sheets cannot be read
 * (asking throws, and an exception costs more than the rest of a small call's scan) and the
 * failed sheets of the current call.
 */

export type PseudoCandidates = Set<Element> | 'all' | 'none';

/**
 * Whether a style rule of `scope`'s sheets may set `content` on an element itself (not on its
 * `::before`/`::after`/`::marker`): a rule declaring `content` whose selector has a part without a
 * pseudo element, a nested rule declaring it, or a sheet that cannot be read (cross-origin).
 * `content` on an element replaces its children (CSS Content 3); pages almost never set it, and
 * reading it is a computed-style query per element of every name computed from content.
 */
export function scopeSetsElementContent(scope: Document | ShadowRoot): boolean {
  const lists = scopeRules(scope);
  if (!lists) return true; // A cross-origin sheet cannot be read.
  for (const rules of lists) if (rulesSetElementContent(rules, false)) return true;
  return false;
}

/** Sheets whose rules cannot be read: a cross-origin sheet throws a SecurityError, and stays so. */
const unreadableSheets = new WeakSet<CSSStyleSheet>();

/** URLs of the frame's stylesheets that did not load (this call's `failedSheets`). */
let failedSheets: ReadonlySet<string> = new Set();
let failedSheetsKey = '';

/** Takes a call's `failedSheets` (contract.ts `CallArgs`): sheets of these URLs hold no rules. */
export function configureFailedSheets(urls: readonly string[] | undefined): void {
  const key = urls && urls.length ? urls.join('\n') : '';
  if (key === failedSheetsKey) return;
  failedSheetsKey = key;
  failedSheets = new Set(urls ?? []);
}

const kNoRules: ArrayLike<CSSRule> = [];

/** The rules of `sheet`: none for a sheet that did not load; null when they cannot be read (cross-origin). */
function sheetRules(sheet: CSSStyleSheet): ArrayLike<CSSRule> | null {
  if (sheet.href !== null && failedSheets.has(sheet.href)) return kNoRules;
  if (unreadableSheets.has(sheet)) return null;
  try {
    return sheet.cssRules;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'SecurityError') unreadableSheets.add(sheet);
    return null;
  }
}

/** The rule lists of `scope`'s sheets (adopted ones included), or null when one cannot be read. */
function scopeRules(scope: Document | ShadowRoot): ArrayLike<CSSRule>[] | null {
  const sheets: CSSStyleSheet[] = [];
  if (scope.styleSheets) for (let i = 0; i < scope.styleSheets.length; i++) sheets.push(scope.styleSheets[i]!);
  if (scope.adoptedStyleSheets) sheets.push(...scope.adoptedStyleSheets);
  const lists: ArrayLike<CSSRule>[] = [];
  for (const sheet of sheets) {
    const rules = sheetRules(sheet);
    if (!rules) return null;
    lists.push(rules);
  }
  return lists;
}

function rulesSetElementContent(rules: ArrayLike<CSSRule>, nested: boolean): boolean {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const style = (rule as CSSStyleRule).style;
    if (style && style.getPropertyValue('content')) {
      const selector = (rule as CSSStyleRule).selectorText;
      if (nested || !selector || selector.includes('&')) return true;
      if (splitTopLevel(selector).some(complex => !kAnyPseudoElement.test(complex))) return true;
    }
    const inner = (rule as CSSGroupingRule).cssRules;
    if (inner && inner.length && rulesSetElementContent(inner, nested || !!(rule as CSSStyleRule).selectorText))
      return true;
    const imported = (rule as CSSImportRule).styleSheet;
    if (imported) {
      const importedRules = sheetRules(imported);
      if (!importedRules || rulesSetElementContent(importedRules, nested)) return true;
    }
  }
  return false;
}

/** A selector that styles a pseudo element (`::before`, `:after`, `::marker` ...): not the element itself. */
const kAnyPseudoElement = /::?(before|after)\b|::(?!slotted\b|part\b)[a-z-]+/i;

const kPseudoMention = /:(before|after)\b/i;
const kPseudoElement = /^::?(before|after)(?![-\w])/i;

export function computePseudoCandidates(scope: Document | ShadowRoot): PseudoCandidates {
  const lists = scopeRules(scope);
  if (!lists) return 'all'; // A cross-origin sheet cannot be read.
  const subjects = new Set<string>();
  for (const rules of lists) if (!collectSubjects(rules, subjects)) return 'all';
  if (!subjects.size) return 'none';
  if (subjects.has('*')) return 'all';
  try {
    return new Set(Array.from(scope.querySelectorAll(Array.from(subjects).join(','))));
  } catch {
    return 'all';
  }
}

/** Adds the subject selectors of pseudo-element rules; false when one cannot be known. */
function collectSubjects(rules: ArrayLike<CSSRule>, subjects: Set<string>): boolean {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const selector = (rule as CSSStyleRule).selectorText;
    // Only a rule that declares `content` (`all` sets it too) can give a pseudo element a box: the
    // others (`*::before { box-sizing: border-box }` in most resets, hover colours) style boxes that
    // some content rule made, whose subjects are collected from that rule.
    if (selector && kPseudoMention.test(selector) && declaresContent(rule as CSSStyleRule)) {
      if (selector.includes('&') || /:host\b|::slotted|::part/i.test(selector)) return false;
      for (const complex of splitTopLevel(selector)) {
        const subject = subjectOf(complex);
        if (subject === null) continue;
        subjects.add(subject);
      }
    }
    const nested = (rule as CSSGroupingRule).cssRules;
    if (nested && nested.length) {
      // Nested style rules (CSS nesting) have relative selectors we cannot resolve alone.
      if (selector && hasNestedStyleRule(nested)) return false;
      if (!collectSubjects(nested, subjects)) return false;
    }
    const imported = (rule as CSSImportRule).styleSheet;
    if (imported) {
      const importedRules = sheetRules(imported);
      if (!importedRules || !collectSubjects(importedRules, subjects)) return false;
    }
  }
  return true;
}

function declaresContent(rule: CSSStyleRule): boolean {
  const style = rule.style as CSSStyleDeclaration | undefined;
  return !style || style.getPropertyValue('content') !== '';
}

function hasNestedStyleRule(rules: CSSRuleList): boolean {
  for (let i = 0; i < rules.length; i++) if ((rules[i] as CSSStyleRule).selectorText) return true;
  return false;
}

/** Splits a selector list at its top-level commas. */
function splitTopLevel(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts.map(p => p.trim()).filter(Boolean);
}

/** The selector without its trailing `::before`/`::after`, or null if it styles no such pseudo. */
function subjectOf(complex: string): string | null {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < complex.length; i++) {
    const ch = complex[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ':' && depth === 0 && kPseudoElement.test(complex.slice(i))) {
      const subject = complex.slice(0, i).trim();
      if (!subject || /[>+~]$/.test(subject)) return subject ? subject + ' *' : '*';
      return /\s$/.test(complex.slice(0, i)) ? subject + ' *' : subject;
    }
  }
  return null;
}
