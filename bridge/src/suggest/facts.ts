/**
 * `suggestFacts`: what a locator for one element can rest on, gathered in one walk up from it
 * (bridge/README.md: suggestFacts). The Python side (verdex/locator/suggest.py) composes candidate
 * locators from these facts and counts them with `countLocators`; every fact is Playwright's view:
 * roles and names as `getByRole` computes them, texts as `hasText` reads them.
 *
 * - The element's own facts: test ids, role and name, the label texts `getByLabel` reads,
 *   placeholder, alt, title, its text (`getByText`).
 * - Beside the elements like it (its role and name repeat): what every other one has and it has not
 *   (`othersHave`: a clone's class, a twin's attribute) and the attributes only it has (`onlyItHas`), for
 *   `:not(...)` and presence selectors.
 * - Each ancestor, from the parent up to `<body>` (through open shadow roots to their hosts, as
 *   Playwright's locators pierce them): its tag, test ids, id, classes, role and name; how many
 *   elements like the target it holds (`lookalikes`: the container that holds only the target is
 *   where a filter can set it apart); how many of its siblings look like it (`like`: a repeating
 *   card, row, item); and the texts that appear in it but not in the level below (`texts`:
 *   headings, then visible text nodes, then image alts), the candidates for a filter.
 *
 * A text is a visible text node's whole text, whitespace-normalized as Playwright normalizes it,
 * so it is a substring of every ancestor's text as `hasText` reads it (text inside `<a>`, `<b>` ...
 * counts; an alt or title does not: those are listed apart, for `has: getByAltText(...)`). A text
 * longer than {@link kMaxTextLength} is cut at a word boundary and marked `cut` (a prefix of the text,
 * still a substring: never an ellipsis); the Python side takes shorter windows of long texts.
 */

import { scopeTextCache } from '../cacheScope';
import { beginWalk, endWalk, parentElementOrHost, tagNameOf } from '../dom';
import { labelsOf } from '../locator/label';
import { getPlaywrightRole, withRoleCache } from '../locator/playwright-role';
import { getPlaywrightName, queryRole } from '../locator/role';
import { elementMatchesText, elementText, normalizeWhiteSpace, textArgMatcher, type TextCache } from '../locator/text';
import { isElementVisible, isHiddenForRole, withVisibilityCaches } from '../locator/visible';
import type { RefRegistry } from '../snapshot/refs';
import { isVisible, structureChildren } from '../structure/tree';

/** The test-id family besides the configured attribute (README: `attributes`). */
export const kTestIdFamily = ['data-testid', 'data-test', 'data-test-id', 'data-qa', 'data-cy'];
/** Ancestors described, at most; `omitted` counts the rest. */
const kMaxAncestors = 60;
/** Longest text of a filter candidate, characters; longer texts are cut at a word. */
export const kMaxTextLength = 300;
/** Longest name or value reported, characters (longer ones are cut and marked). */
const kMaxValue = 200;
/** Per level: headings, texts and alts listed at most. */
const kMaxHeadings = 4;
const kMaxTexts = 6;
const kMaxAlts = 2;
const kMaxNamed = 3;
/** Per ancestor level: ids of the elements inside listed at most (`kind: 'id'`), and their longest length. */
const kMaxIds = 2;
const kMaxIdLength = 60;
/** Roles whose accessible name can set a container apart (`has: getByRole(role, { name, exact })`). */
const kNamedRoles = new Set(['link', 'button', 'checkbox', 'radio', 'switch', 'textbox', 'option', 'tab',
  'menuitem', 'cell', 'rowheader', 'searchbox', 'combobox', 'spinbutton', 'slider']);
/** Elements visited per level while looking for texts. */
const kWalkBudget = 3000;
/** Longest `href` or `src` reported, characters (a longer one is left out: a locator would not read it). */
const kMaxUrl = 300;
/** Elements whose `name` attribute names them in a form. */
const kNamedControls = new Set(['input', 'select', 'textarea', 'button']);
/** Class names listed per element. */
const kMaxClasses = 12;
/** Other attributes reported for the target, at most (`attributes`). */
const kMaxAttributes = 6;
/** Elements like the target compared for `othersHave`, at most (more: none reported). */
const kMaxUnlike = 50;
/** Facts per kind in `othersHave`, at most. */
const kMaxUnlikeFacts = 4;
/** `data-*` attributes reported per ancestor, at most (`attributes`). */
const kMaxContainerAttributes = 3;
/** The attributes besides `data-*` that {@link SuggestTarget.attributes} reports: they say what an element
 * is for or which resource it shows, and a CSS attribute selector can name it by them. */
const kNamingAttributes = new Set(['srcset', 'aria-controls', 'rel', 'target', 'action', 'for']);

export interface OwnFacts {
  tagName: string;
  /** Playwright's role (`getByRole`), absent when it has none. */
  role?: string;
  /** Playwright's accessible name, whitespace-normalized; absent when empty. */
  name?: string;
  /** The name was longer than 200 characters and is cut here (not usable as a whole). */
  nameCut?: true;
  /** The configured test-id attribute's value (`getByTestId`). */
  testId?: string;
  /** Values of the other test-id attributes of the family (`data-qa` ...). */
  otherTestIds?: Record<string, string>;
  id?: string;
  classes?: string[];
}

export interface TextFact {
  /** A visible text (a heading's whole text, a text node), an image's alt, a control's accessible
   * name (`named`), or the `id` of an element inside (`id`: shown or not, as `has: locator('#id')`
   * matches it); at most 300 characters. */
  text: string;
  kind: 'heading' | 'text' | 'alt' | 'named' | 'id';
  /** For `named`: the control's role (its name is `text`). */
  role?: string;
  /** For a heading: its accessible name (what `getByRole('heading', { name })` matches). */
  name?: string;
  /** The text was longer and this is its first words (still a substring). */
  cut?: true;
  /** How many times it occurs in the page's text (case-insensitive, as hasText compares; a text inside a
   * longer one counts): 1 means no other container can hold it. */
  occurrences: number;
}

export interface SuggestTarget extends OwnFacts {
  ref: string;
  /** The texts `getByLabel` compares (aria-labelledby texts, aria-label, `<label>` texts), at most 3. */
  labels?: string[];
  placeholder?: string;
  alt?: string;
  title?: string;
  /** Its text as Playwright's text matching reads it, normalized (at most 200 characters). */
  text?: string;
  /** `getByText` with its whole text would pick it (no child element holds that text alone). */
  textSelf?: true;
  /** `getByRole` leaves it out (hidden by Playwright's rule). */
  hiddenForRole?: true;
  /** Playwright would not call it visible. */
  hidden?: true;
  /** An `<input>`'s type attribute (`locator('input[type="submit"]')`). */
  inputType?: string;
  /** A link's (`<a>`, `<area>`) `href` attribute as authored (not the resolved URL), at most
   * {@link kMaxUrl} characters: what `locator('a[href="/x"]')` compares. */
  href?: string;
  /** An `<img>`'s `src` attribute as authored, at most {@link kMaxUrl} characters. */
  src?: string;
  /** A form control's (`<input>`, `<select>`, `<textarea>`, `<button>`) `name` attribute. */
  nameAttribute?: string;
  /** Its other attributes that a CSS attribute selector can name it by, in document order, at most
   * {@link kMaxAttributes}: `data-*` (the test-id family aside: `testId`, `otherTestIds`), `srcset`,
   * `aria-controls`, `rel`, `target`, `action`, `for`; values of 1 to {@link kMaxUrl} characters without
   * line breaks. A lazy image's `data-src` or a button's `data-action` tells apart elements whose role
   * and name repeat. */
  attributes?: Record<string, string>;
  /** Elements on the page like it: its role and name as `getByRole(role, { name })` matches (its
   * role and text when it has no name, its tag and text when it has no role), itself included. */
  lookalikes: number;
  /** What every other element like it (with its exact name, when it has one) has and it has not, when there
   * are 2 to {@link kMaxUnlike} of them:
   * a carousel's cloned slide (`containerClasses: ['ndn_carousel-clone']`), the twin of a lazy image that
   * has a `data-srcset` (`attributes`). A `:not(...)` selector excludes them all. */
  othersHave?: OthersHave;
  /** Attribute names (as in {@link OthersHave.attributes}) it has and none of the others like it has, at most
   * {@link kMaxUnlikeFacts}, under the same conditions: a lazy image's `data-srcset` whose value is too long
   * to quote sets it apart by being there (`img[data-srcset]`). */
  onlyItHas?: string[];
  /** Texts inside it (as an ancestor's `texts`: headings, text nodes, alts, named controls), when it
   * has any. With more than one, its name or text is made of parts in document order, and a filter on
   * one part (`getByRole('row').filter({ has: getByRole('cell', { name, exact: true }) })`) still holds
   * when its children are reordered; without a name, a part is what names it. */
  parts?: TextFact[];
}

export interface OthersHave {
  /** Classes on each of them and not on it, at most {@link kMaxUnlikeFacts}. */
  classes?: string[];
  /** Attribute names (CSS identifiers; not class, style or id) on each of them and not on it, at most
   * {@link kMaxUnlikeFacts}. */
  attributes?: string[];
  /** Classes on an ancestor (below `<body>`) of each of them and on none of its own ancestors nor itself,
   * at most {@link kMaxUnlikeFacts}. */
  containerClasses?: string[];
  /** Explicit roles (`role` attribute values, CSS-quotable, at most {@link kMaxRoleValue} characters) on an
   * ancestor (below `<body>`) of each of them and on none of its own ancestors nor itself, at most
   * {@link kMaxUnlikeFacts}: a twin inside a zoom wrapper (`role="button"`) whose classes all say how it looks.
   * `img:not([role="button"] img)` excludes them all. */
  containerRoles?: string[];
  /** For a class of one of its nearest {@link kScopeLevels} ancestors that an ancestor of some of the others has
   * too: the classes on every ancestor of theirs with that class and not on its own, at most
   * {@link kMaxUnlikeFacts}; at most {@link kMaxScopes} entries, nearest ancestor first. The others without
   * such an ancestor are outside the scope already: a side rail's ad (`scope: 'siderail-ad'`) beside the bottom
   * ad nested in the same rail (`classes: ['siderail-bottom-ad']`) and a third twin in the footer. */
  scoped?: ScopedAbsence[];
}

export interface ScopedAbsence {
  /** A class of one of its ancestors. */
  scope: string;
  /** Classes on every ancestor of the others that has `scope`, and not on its own ancestor. */
  classes: string[];
}

export interface SuggestAncestor extends OwnFacts {
  level: number;
  /** Reached by leaving an open shadow root for its host. */
  shadowHost?: true;
  /** Its `data-*` attributes (the test-id family aside), in document order, at most
   * {@link kMaxContainerAttributes}, values of 1 to {@link kMaxUrl} characters without line breaks: a
   * figure's `data-id`, a widget's `data-component` name a container that nothing else names. */
  attributes?: Record<string, string>;
  /** Elements like the target inside it, the target included. */
  lookalikes: number;
  /** Its parent's element children like it (same tag, test id, role attribute and classes), itself included. */
  like: number;
  /** Texts in it and not in the level below: headings, text nodes, alts, named controls, ids. */
  texts: TextFact[];
}

export interface SuggestFactsResult {
  target: SuggestTarget;
  ancestors: SuggestAncestor[];
  omitted?: number;
}

function cut(text: string, max: number): { text: string; cut?: true } {
  if (text.length <= max) return { text };
  const head = text.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  return { text: (space > max / 2 ? head.slice(0, space) : text.slice(0, max)).trim(), cut: true };
}

function ownFacts(element: Element, testIdAttribute: string): OwnFacts {
  const facts: OwnFacts = { tagName: tagNameOf(element) };
  const role = getPlaywrightRole(element);
  if (role) facts.role = role;
  const name = normalizeWhiteSpace(getPlaywrightName(element, false));
  if (name) {
    facts.name = name.length > kMaxValue ? name.slice(0, kMaxValue) : name;
    if (name.length > kMaxValue) facts.nameCut = true;
  }
  const testId = element.getAttribute(testIdAttribute);
  if (testId !== null) facts.testId = testId;
  for (const attribute of kTestIdFamily) {
    if (attribute === testIdAttribute) continue;
    const value = element.getAttribute(attribute);
    if (value !== null) (facts.otherTestIds ??= {})[attribute] = value;
  }
  const id = element.getAttribute('id');
  if (id) facts.id = id;
  const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
  if (classes.length) facts.classes = classes.slice(0, kMaxClasses);
  return facts;
}

/** The element's ancestors in the locator tree (parent elements, then a shadow root's host), below `<body>`. */
function ancestorsOf(element: Element): Array<{ element: Element; shadowHost: boolean }> {
  const result: Array<{ element: Element; shadowHost: boolean }> = [];
  for (let current: Element = element; ;) {
    const parent = parentElementOrHost(current);
    if (!parent || parent.localName === 'body' || parent.localName === 'html') break;
    result.push({ element: parent, shadowHost: current.parentElement !== parent });
    current = parent;
  }
  return result;
}

/** The elements like the target on the page: `getByRole(role, { name })`; without a name, its role and
 * the same text (an unnamed list item is set apart by what it holds); without a role, its tag and exact text. */
function lookalikesOf(target: Element, cache: TextCache): Element[] {
  const role = getPlaywrightRole(target);
  if (role && !isHiddenForRole(target)) {
    const name = normalizeWhiteSpace(getPlaywrightName(target, false));
    if (name) return queryRole(document, { kind: 'role' as const, at: 0, role, name: { string: name } });
    const all = queryRole(document, { kind: 'role' as const, at: 0, role });
    const text = elementText(cache, target).normalized;
    return all.filter(element => element === target || elementText(cache, element).normalized === text);
  }
  const text = elementText(cache, target).normalized;
  const tag = target.localName;
  const result: Element[] = [];
  const { matcher } = textArgMatcher({ string: text }, true, 0);
  const visit = (root: Document | ShadowRoot): void => {
    for (const element of Array.from(root.querySelectorAll(tag))) {
      if (!text || matcher(elementText(cache, element))) result.push(element);
    }
    for (const element of Array.from(root.querySelectorAll('*'))) if (element.shadowRoot) visit(element.shadowRoot);
  };
  visit(document);
  if (!result.includes(target)) result.push(target);
  return result;
}

function signature(element: Element, testIdAttribute: string): string {
  const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).sort().join(' ');
  return [element.localName, element.getAttribute(testIdAttribute) ?? '', element.getAttribute('role') ?? '', classes].join('|');
}

function likeSiblings(element: Element, testIdAttribute: string): number {
  const parent = element.parentNode;
  if (!parent) return 1;
  const mine = signature(element, testIdAttribute);
  let count = 0;
  for (let child = (parent as ParentNode).firstElementChild; child; child = child.nextElementSibling)
    if (child === element || signature(child, testIdAttribute) === mine) count++;
  return count;
}

/**
 * Texts in `root`'s subtree, outside `skip`'s subtree: headings (their whole text, and their name),
 * then visible text nodes of at least two characters with a letter or digit (`root`'s own ones first
 * when `ownText`), then image alts, then named controls, then (`withIds`) the ids of elements inside, a hidden
 * element's own too (an ad slot's empty `<div id="Content_Mid">`; not those below it); each distinct, in the
 * locator tree's order.
 */
export function textsOf(root: Element, skip: Element | null, cache: TextCache, seen: Set<string>,
  pageText?: string, ownText = false, withIds = false): TextFact[] {
  const headings: TextFact[] = [];
  const ids: TextFact[] = [];
  const texts: TextFact[] = [];
  const alts: TextFact[] = [];
  const named: TextFact[] = [];
  const add = (list: TextFact[], fact: Omit<TextFact, 'occurrences'>, max: number): void => {
    const key = `${fact.kind}:${fact.text.toLowerCase()}`;
    if (list.length >= max || seen.has(key)) return;
    seen.add(key);
    const counted = pageText !== undefined && (fact.kind === 'heading' || fact.kind === 'text');
    list.push({ ...fact, occurrences: counted ? occurrencesOf(pageText, fact.text) : 0 });
  };
  const addTextNodes = (element: Element): void => {
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 3) continue;
      const text = normalizeWhiteSpace(child.nodeValue ?? '');
      if (text.length >= 2 && /[\p{L}\p{N}]/u.test(text)) add(texts, { ...cut(text, kMaxTextLength), kind: 'text' }, kMaxTexts);
    }
  };
  // `root`'s own text nodes (`<li>Alice <button>Edit</button></li>`), unless a shadow root renders instead.
  if (ownText && !root.shadowRoot) addTextNodes(root);
  let budget = kWalkBudget;
  const stack: Element[] = [...structureChildren(root)].reverse();
  while (stack.length && budget-- > 0) {
    const element = stack.pop()!;
    if (element === skip) continue;
    if (withIds && element.id && element.id.length <= kMaxIdLength && kCssIdent.test(element.id))
      add(ids, { text: element.id, kind: 'id' }, kMaxIds);
    if (!isVisible(element)) continue;
    const tag = element.localName;
    if (tag === 'script' || tag === 'style' || tag === 'noscript' || tag === 'template') continue;
    if (getPlaywrightRole(element) === 'heading') {
      const text = elementText(cache, element).normalized;
      if (text) {
        const name = normalizeWhiteSpace(getPlaywrightName(element, false));
        add(headings, { ...cut(text, kMaxTextLength), kind: 'heading', ...(name ? { name } : {}) }, kMaxHeadings);
      }
      continue;
    }
    if (tag === 'img') {
      const alt = normalizeWhiteSpace(element.getAttribute('alt') ?? '');
      if (alt) add(alts, { ...cut(alt, kMaxTextLength), kind: 'alt' }, kMaxAlts);
    }
    const role = getPlaywrightRole(element);
    if (role && kNamedRoles.has(role) && named.length < kMaxNamed && !isHiddenForRole(element)) {
      const name = normalizeWhiteSpace(getPlaywrightName(element, false));
      if (name && name.length <= kMaxTextLength) add(named, { text: name, kind: 'named', role }, kMaxNamed);
    }
    addTextNodes(element);
    const children = structureChildren(element);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return [...headings, ...texts, ...alts, ...named, ...ids];
}

function targetFacts(refs: RefRegistry, ref: number, target: Element, testIdAttribute: string, cache: TextCache,
  lookalikes: number, pageText: string): SuggestTarget {
  const facts: SuggestTarget = { ref: refs.label(ref), ...ownFacts(target, testIdAttribute), lookalikes };
  const labels = labelsOf(target, cache).map(label => label.normalized).filter(Boolean);
  if (labels.length) facts.labels = labels.slice(0, 3);
  for (const attribute of ['placeholder', 'alt', 'title'] as const) {
    const value = target.getAttribute(attribute);
    if (value !== null && value.trim()) facts[attribute] = value;
  }
  const text = elementText(cache, target).normalized;
  if (text) {
    facts.text = text.length > kMaxValue ? text.slice(0, kMaxValue) : text;
    const { matcher } = textArgMatcher({ string: text }, true, 0);
    if (elementMatchesText(cache, target, matcher) === 'self') facts.textSelf = true;
  }
  if (target.localName === 'input') facts.inputType = (target as HTMLInputElement).type;
  const url = (attribute: string): string | undefined => selectorValue(target.getAttribute(attribute));
  const tag = target.localName;
  const href = tag === 'a' || tag === 'area' ? url('href') : undefined;
  if (href !== undefined) facts.href = href;
  const src = tag === 'img' ? url('src') : undefined;
  if (src !== undefined && !src.startsWith('data:')) facts.src = src;
  const formName = kNamedControls.has(tag) ? target.getAttribute('name') : null;
  if (formName && formName.length <= kMaxValue) facts.nameAttribute = formName;
  const attributes = namingAttributes(target, testIdAttribute);
  if (attributes) facts.attributes = attributes;
  if (isHiddenForRole(target)) facts.hiddenForRole = true;
  if (!isElementVisible(target)) facts.hidden = true;
  const parts = textsOf(target, null, cache, new Set(), pageText, true);
  if (parts.length) facts.parts = parts;
  return facts;
}

/** An attribute value a CSS attribute selector can quote as it is: not blank, at most {@link kMaxUrl}
 * characters, no line breaks or tabs; else undefined. */
function selectorValue(value: string | null): string | undefined {
  return value !== null && value.trim() && value.length <= kMaxUrl && !/[\n\r\f\t]/.test(value) ? value : undefined;
}

/** The attributes of `element` that `keep` accepts and a selector can quote ({@link selectorValue}), in
 * document order, at most `max`; undefined when it has none. */
function attributesOf(element: Element, keep: (name: string) => boolean, max: number): Record<string, string> | undefined {
  let found: Record<string, string> | undefined;
  let count = 0;
  for (const { name, value } of Array.from(element.attributes)) {
    const usable = keep(name) ? selectorValue(value) : undefined;
    if (usable === undefined) continue;
    (found ??= {})[name] = usable;
    if (++count >= max) break;
  }
  return found;
}

/** A `data-*` attribute outside the test-id family (those are `testId`, `otherTestIds`). */
function isDataAttribute(name: string, testIdAttribute: string): boolean {
  return name.startsWith('data-') && name !== testIdAttribute && !kTestIdFamily.includes(name);
}

/** {@link SuggestTarget.attributes} of `element`, or undefined when it has none. */
function namingAttributes(element: Element, testIdAttribute: string): Record<string, string> | undefined {
  const keep = (name: string) => isDataAttribute(name, testIdAttribute) || kNamingAttributes.has(name);
  return attributesOf(element, keep, kMaxAttributes);
}

/** {@link SuggestAncestor.attributes} of `element`, or undefined when it has none. */
function dataAttributes(element: Element, testIdAttribute: string): Record<string, string> | undefined {
  return attributesOf(element, name => isDataAttribute(name, testIdAttribute), kMaxContainerAttributes);
}

/** A name a CSS selector can write as it is (`.name`, `[name]`, `#name`). */
const kCssIdent = /^-?[A-Za-z_][\w-]*$/;

function classesOf(element: Element): string[] {
  return (element.getAttribute('class') ?? '').split(/\s+/).filter(name => kCssIdent.test(name));
}

/** The names in every one of `sets` and not in `mine`, in the first set's order, at most {@link kMaxUnlikeFacts}. */
function inEveryOther(sets: Array<Set<string>>, mine: Set<string>): string[] | undefined {
  const [first, ...rest] = sets;
  if (!first) return undefined;
  const found = [...first].filter(name => !mine.has(name) && rest.every(set => set.has(name))).slice(0, kMaxUnlikeFacts);
  return found.length ? found : undefined;
}

/** The attribute names a selector can test for presence (`[name]`): not class, style or id. */
function attributeNames(element: Element): Set<string> {
  return new Set(Array.from(element.attributes, attribute => attribute.name)
    .filter(name => name !== 'class' && name !== 'style' && name !== 'id' && kCssIdent.test(name)));
}

/** The others like `target`, when there are 1 to {@link kMaxUnlike} - 1 of them; else undefined. */
function othersLike(target: Element, lookalikes: Element[]): Element[] | undefined {
  const others = lookalikes.filter(element => element !== target);
  return others.length && others.length < kMaxUnlike ? others : undefined;
}

/** {@link SuggestTarget.onlyItHas}: the attribute names `target` has and no other element like it has. */
function onlyItHas(target: Element, lookalikes: Element[]): string[] | undefined {
  const others = othersLike(target, lookalikes);
  if (!others) return undefined;
  const theirs = others.map(attributeNames);
  const found = [...attributeNames(target)].filter(name => theirs.every(set => !set.has(name))).slice(0, kMaxUnlikeFacts);
  return found.length ? found : undefined;
}

/** Longest `role` value in {@link OthersHave.containerRoles}. */
const kMaxRoleValue = 40;
/** A `role` value a selector can quote as it is. */
const kQuotableRole = /^[A-Za-z][\w -]*$/;

/** The `role` attribute value of `element` that {@link OthersHave.containerRoles} can name (none or one). */
function quotableRole(element: Element): string[] {
  const role = element.getAttribute('role');
  return role !== null && role.length <= kMaxRoleValue && kQuotableRole.test(role) ? [role] : [];
}

/** The names `of` gives for any of `elements`. */
function namesOf(elements: Element[], of: (element: Element) => string[]): Set<string> {
  const names = new Set<string>();
  for (const element of elements) for (const name of of(element)) names.add(name);
  return names;
}

/** Ancestors whose classes scope {@link OthersHave.scoped}, nearest first. */
const kScopeLevels = 6;
/** Entries of {@link OthersHave.scoped}, at most. */
const kMaxScopes = 4;

/**
 * {@link OthersHave.scoped}: for each class of the target's nearest ancestors (`mine`, nearest first), what
 * the others' ancestors (`theirs`, one chain each) of that class have.
 */
function scopedAbsences(mine: Element[], theirs: Element[][]): ScopedAbsence[] | undefined {
  const found: ScopedAbsence[] = [];
  const tried = new Set<string>();
  for (const ancestor of mine.slice(0, kScopeLevels)) {
    const own = new Set(classesOf(ancestor));
    for (const scope of own) {
      if (tried.has(scope)) continue;
      tried.add(scope);
      const scoped = theirs.flatMap(chain => chain.filter(element => classesOf(element).includes(scope)))
        .map(element => new Set(classesOf(element)));
      const classes = inEveryOther(scoped, own);
      if (classes) found.push({ scope, classes });
      if (found.length >= kMaxScopes) return found;
    }
  }
  return found.length ? found : undefined;
}

/** {@link SuggestTarget.othersHave}: what every other element like `target` has and it has not. */
function othersHave(target: Element, lookalikes: Element[]): OthersHave | undefined {
  const others = othersLike(target, lookalikes);
  if (!others) return undefined;
  // Each element's ancestors below <body>, walked once.
  const chainOf = (element: Element) => ancestorsOf(element).map(({ element: ancestor }) => ancestor);
  const mine = chainOf(target);
  const theirs = others.map(chainOf);
  const result: OthersHave = {};
  const classes = inEveryOther(others.map(element => new Set(classesOf(element))), new Set(classesOf(target)));
  if (classes) result.classes = classes;
  const attributes = inEveryOther(others.map(attributeNames), attributeNames(target));
  if (attributes) result.attributes = attributes;
  const containerClasses = inEveryOther(theirs.map(chain => namesOf(chain, classesOf)), namesOf([target, ...mine], classesOf));
  if (containerClasses) result.containerClasses = containerClasses;
  const containerRoles = inEveryOther(theirs.map(chain => namesOf(chain, quotableRole)), namesOf([target, ...mine], quotableRole));
  if (containerRoles) result.containerRoles = containerRoles;
  const scoped = scopedAbsences(mine, theirs);
  if (scoped) result.scoped = scoped;
  return Object.keys(result).length ? result : undefined;
}

/** Occurrences of `text` in `haystack` (lower case), case-insensitive, not overlapping. */
function occurrencesOf(haystack: string, text: string): number {
  const needle = text.toLowerCase();
  if (!needle) return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The facts of ref `ref`'s element (module docstring). */
export function suggestFacts(refs: RefRegistry, ref: number, testIdAttribute: string): SuggestFactsResult {
  const target = refs.resolve(ref);
  beginWalk();
  try {
    return withRoleCache(() => withVisibilityCaches(() => {
      const cache: TextCache = scopeTextCache() ?? new Map();
      const lookalikes = lookalikesOf(target, cache);
      const all = ancestorsOf(target);
      const shown = all.slice(0, kMaxAncestors);
      const seen = new Set<string>();
      const pageText = document.body ? elementText(cache, document.body).normalized.toLowerCase() : '';
      let below: Element = target;
      const ancestors = shown.map((ancestor, i) => {
        const inside = lookalikes.filter(element => containsInTree(ancestor.element, element)).length;
        const entry: SuggestAncestor = {
          level: i + 1,
          ...ownFacts(ancestor.element, testIdAttribute),
          lookalikes: inside,
          like: likeSiblings(ancestor.element, testIdAttribute),
          texts: textsOf(ancestor.element, below, cache, seen, pageText, true, true),
        };
        const attributes = dataAttributes(ancestor.element, testIdAttribute);
        if (attributes) entry.attributes = attributes;
        if (ancestor.shadowHost) entry.shadowHost = true;
        below = ancestor.element;
        return entry;
      });
      const result: SuggestFactsResult = {
        target: targetFacts(refs, ref, target, testIdAttribute, cache, lookalikes.length, pageText),
        ancestors,
      };
      // The locators built on these facts name the element by its exact name: the others with that name.
      const name = result.target.nameCut ? undefined : result.target.name;
      const alike = name === undefined ? lookalikes : lookalikes.filter(element =>
        element === target || normalizeWhiteSpace(getPlaywrightName(element, false)) === name);
      const unlike = othersHave(target, alike);
      if (unlike) result.target.othersHave = unlike;
      const only = onlyItHas(target, alike);
      if (only) result.target.onlyItHas = only;
      if (all.length > shown.length) result.omitted = all.length - shown.length;
      return result;
    }));
  } finally {
    endWalk();
  }
}

/** `element` is `ancestor` or inside it, in the locator tree (through shadow roots). */
export function containsInTree(ancestor: Element, element: Element): boolean {
  for (let current: Element | null = element; current; current = parentElementOrHost(current))
    if (current === ancestor) return true;
  return false;
}
