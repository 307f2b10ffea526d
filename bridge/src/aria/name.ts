/**
 * Accessible name computation, step by step after https://w3c.github.io/accname/ (accname 1.2),
 * with the HTML host-language rules of https://w3c.github.io/html-aam/#accessible-name-computations
 * and SVG's https://www.w3.org/TR/svg-aam-1.0/#mapping_additional_nd.
 *
 * Deviations follow Chromium and the WPT accname tests; each is marked "DEVIATION" below.
 * Names are computed once per element per walk (and per set of {@link NameOptions}).
 *
 * {@link NameOptions} let a caller ask for a name computed by other rules: bridge/src/locator
 * asks for the name as Playwright's `getByRole` computes it (roleUtils.ts): text as written
 * (no `text-transform`), no CSS counters, Playwright's hidden rule, and with `includeHidden`
 * hidden elements named from their hidden content.
 */

import { flatChildNodes, getDisplay, getIdRefs, getStyle, registerWalkCache, tagOf, textData } from '../dom';
import { getOwnedElements, getOwnerMap } from './owns';
import { getRole } from './roles';
import { asFlatString, getCssContent } from './text';
import { getHiddenFlags, isHiddenForAria, isIgnoredTag, isStyleVisible } from './visibility';

/** How to compute a name; the defaults give the browser's name (the snapshot's). */
export interface NameOptions {
  /**
   * Apply CSS `text-transform` to text from content, as rendered (default true: Chromium, Firefox
   * and WPT do). Playwright's getByRole/getByText match untransformed DOM text: a locator engine
   * that emulates Playwright passes false.
   */
  textTransform?: boolean;
  /** Text from CSS `counter()`/`counters()` in generated content (default true). */
  counters?: boolean;
  /**
   * Which nodes are hidden (default: the accessibility tree's rule, visibility.ts). A caller's
   * rule also drops the special case of a visible descendant of a `visibility: hidden` element.
   */
  isHidden?: (element: Element) => boolean;
  /** Hidden elements and hidden content count (Playwright's `getByRole(..., { includeHidden })`). */
  includeHidden?: boolean;
}

/**
 * The elements a name computation has visited (no loops through aria-labelledby / aria-owns).
 * It also logs, in order, every element a step asked about (`checked`) and every element visited
 * (`added`), and counts the steps that found theirs already visited (`hits`): the content cache
 * (see accumulate) keeps only content whose text did not depend on what was visited before it.
 */
class Visited {
  private readonly seen = new Set<Element>();
  readonly checked: Element[] = [];
  readonly added: Element[] = [];
  hits = 0;

  has(element: Element): boolean {
    this.checked.push(element);
    if (!this.seen.has(element)) return false;
    this.hits++;
    return true;
  }

  /** Whether any of `elements` was visited (a look, not a step: nothing is logged). */
  any(elements: readonly Element[]): boolean {
    for (const element of elements) if (this.seen.has(element)) return true;
    return false;
  }

  add(element: Element): void {
    if (this.seen.has(element)) return;
    this.seen.add(element);
    this.added.push(element);
  }

  /** Replay what reading a cached content did: its steps' checks and visits. */
  replay(cached: CachedContent): void {
    for (const element of cached.checked) this.checked.push(element);
    for (const element of cached.added) this.add(element);
  }
}

interface Traversal {
  visited: Visited;
  /** The walk's content cache for these options (see accumulate); only the root's traversal has it. */
  contents?: Map<Element, CachedContent>;
  options: NameOptions;
  /** Inside an aria-labelledby traversal; `hidden`: the directly referenced node was hidden. */
  labelledBy?: { hidden: boolean };
  /** Inside a native label (`<label>`) traversal; `hidden`: that label was hidden. */
  label?: { hidden: boolean };
  /** Inside a native text alternative element (legend, caption, figcaption, svg title). */
  nativeAlternative?: { hidden: boolean };
  /** `self` for the element whose name we compute, `descendant` while recursing into its content. */
  target?: 'self' | 'descendant';
}

// https://w3c.github.io/aria/#namefromprohibited
const kNameProhibitedRoles = new Set(['caption', 'code', 'definition', 'deletion', 'emphasis', 'generic',
  'insertion', 'mark', 'paragraph', 'presentation', 'strong', 'subscript', 'suggestion', 'superscript',
  'term', 'time']);

// https://w3c.github.io/aria/#namefromcontent, as Chromium applies it (w3c/aria#1821): these roles
// always take their name from content...
const kNameFromContentRoles = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading',
  'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch',
  'tab', 'tooltip', 'treeitem']);
// ...and these only as descendants of an element being named from content.
const kNameFromContentWhenDescendant = new Set(['', 'caption', 'code', 'contentinfo', 'definition',
  'deletion', 'emphasis', 'insertion', 'list', 'listitem', 'mark', 'none', 'paragraph', 'presentation',
  'region', 'row', 'rowgroup', 'section', 'strong', 'subscript', 'superscript', 'table', 'term', 'time']);

/** The walk's caches for one set of options: names, and the text of content read (see accumulate). */
interface NameCaches {
  names: Map<Element, string>;
  contents: Map<Element, CachedContent>;
}

/** One set of caches per set of options (key: optionsKey). */
let nameCaches: Map<string, NameCaches> | undefined;
registerWalkCache(
  () => { nameCaches ??= new Map(); },
  () => { nameCaches = undefined; },
);

const hiddenRuleIds = new WeakMap<(element: Element) => boolean, number>();
let nextHiddenRuleId = 1;

function optionsKey(options: NameOptions): string {
  let rule = 0;
  if (options.isHidden) {
    rule = hiddenRuleIds.get(options.isHidden) ?? 0;
    if (!rule) hiddenRuleIds.set(options.isHidden, rule = nextHiddenRuleId++);
  }
  return `${options.textTransform ?? true}|${options.counters ?? true}|${options.includeHidden ?? false}|${rule}`;
}

/** The accessible name of `element` as a flat string (not cut). */
export function getAccessibleName(element: Element, options: NameOptions = {}): string {
  let caches: NameCaches | undefined;
  if (nameCaches) {
    const key = optionsKey(options);
    caches = nameCaches.get(key);
    if (!caches) nameCaches.set(key, caches = { names: new Map(), contents: new Map() });
  }
  const cached = caches?.names.get(element);
  if (cached !== undefined) return cached;
  const name = computeAccessibleName(element, options, caches?.contents);
  caches?.names.set(element, name);
  return name;
}

function computeAccessibleName(element: Element, options: NameOptions,
  contents: Map<Element, CachedContent> | undefined): string {
  // Step 1: roles that prohibit naming have no name. DEVIATION (Chromium, WPT): of the elements
  // without a role, only div and span count as generic here (abbr, dl, iframe, summary are named).
  const role = getRole(element);
  if (role ? kNameProhibitedRoles.has(role) : isGenericTag(element)) return '';
  // Step 2: the text alternative of the root node.
  return asFlatString(textAlternative(element, { visited: new Visited(), options, target: 'self', contents }));
}

function isGenericTag(element: Element): boolean {
  const tag = element.localName;
  return tag === 'div' || tag === 'span';
}

/** Elements of a valid aria-labelledby, or null when it names no existing element (step 2B). */
function getLabelledByElements(element: Element): Element[] | null {
  const refs = getIdRefs(element, element.getAttribute('aria-labelledby'));
  return refs.length ? refs : null;
}

/**
 * Name from content (step 2F) recurses through the content, which can nest thousands of levels
 * deep. So the steps before it (textAlternativeStep) either answer or ask for `element`'s content
 * (a ContentRequest), and one loop with an explicit stack (accumulate) walks the content, taking
 * each child's step in turn; `finish` turns the accumulated text into the element's answer.
 */
interface ContentRequest {
  element: Element;
  /** The traversal of the children. */
  traversal: Traversal;
  finish: (text: string) => string;
}

const identity = (text: string): string => text;

function textAlternative(element: Element, t: Traversal): string {
  const step = textAlternativeStep(element, t);
  return typeof step === 'string' ? step : accumulate(step);
}

function textAlternativeStep(element: Element, t: Traversal): string | ContentRequest {
  if (t.visited.has(element)) return '';
  const childTraversal: Traversal = { ...t, target: t.target === 'self' ? 'descendant' : t.target };

  // Step 2A (Hidden Not Referenced): a hidden node gives nothing, unless we are inside the
  // traversal of a hidden node that aria-labelledby or a native label referenced directly.
  const inHiddenReference = !!t.labelledBy?.hidden || !!t.label?.hidden || !!t.nativeAlternative?.hidden ||
    !!t.options.includeHidden;
  if (isIgnoredTag(element)) {
    t.visited.add(element);
    return '';
  }
  const isHidden = hiddenRule(t);
  if (!inHiddenReference && isHidden(element)) {
    t.visited.add(element);
    // visibility:hidden is inherited but a descendant can be visible again: only that part counts.
    if (!t.options.isHidden && t.target !== 'self' && getHiddenFlags(element) === 0)
      return { element, traversal: childTraversal, finish: identity };
    return '';
  }
  // A slot is not in the accessibility tree: it stands for its assigned (or fallback) content.
  const isSlot = element.localName === 'slot';

  // Step 2B (LabelledBy): not already inside an aria-labelledby traversal, and at least one IDREF
  // names an element: the text alternatives of the referenced nodes, joined with spaces.
  const labelledBy = isSlot ? null : getLabelledByElements(element);
  if (!t.labelledBy && labelledBy) {
    const text = labelledBy.map(ref => textAlternative(ref, {
      visited: t.visited,
      options: t.options,
      labelledBy: { hidden: isHidden(ref) },
    })).join(' ');
    if (text.trim()) return text;
  }

  const role = getRole(element) ?? '';
  const tag = tagOf(element);

  // Step 2C (Embedded Control): a control inside the label of another widget (or, DEVIATION
  // following Chromium and w3c/accname#64, inside any name from content) gives its value.
  if (t.label || t.labelledBy || t.target === 'descendant') {
    const ownLabelledBy = !!labelledBy && labelledBy.includes(element);
    if (!ownLabelledBy) {
      const embedded = embeddedControlText(element, role, tag, childTraversal, t);
      if (embedded !== undefined) return embedded;
    }
  }

  // Step 2D (AriaLabel): a non-blank aria-label.
  const ariaLabel = isSlot ? '' : element.getAttribute('aria-label') ?? '';
  if (ariaLabel.trim()) {
    t.visited.add(element);
    return ariaLabel;
  }

  // Step 2E (Host Language Label): HTML labels and text alternative attributes and elements.
  if (role !== 'presentation' && role !== 'none') {
    const native = hostLanguageLabel(element, tag, !!labelledBy, t, childTraversal);
    if (native !== undefined) return native;
  }

  // Step 2F (Name From Content), and step 2H (recursion) for the nodes of a traversal.
  const summaryNamesFromContent = tag === 'SUMMARY' && role !== 'presentation' && role !== 'none';
  if (allowsNameFromContent(role, t.target === 'descendant') || summaryNamesFromContent ||
      !!t.labelledBy || !!t.label || !!t.nativeAlternative) {
    t.visited.add(element);
    return {
      element,
      traversal: childTraversal,
      // DEVIATION: the spec returns the accumulated text when it is not empty; browsers and WPT
      // fall back to the tooltip when the root's content is only whitespace.
      finish: text => ((t.target === 'self' ? text.trim() : text) ? text : tooltip(element, role, tag, t)),
    };
  }
  return tooltip(element, role, tag, t);
}

/** Step 2I (Tooltip Attribute): the title; then nothing. */
function tooltip(element: Element, role: string, tag: string, t: Traversal): string {
  t.visited.add(element);
  if ((role !== 'presentation' && role !== 'none') || tag === 'IFRAME' || tag === 'FRAME') {
    const title = element.getAttribute('title') ?? '';
    if (title.trim()) return title;
  }
  return '';
}

function hiddenRule(t: Traversal): (element: Element) => boolean {
  return t.options.isHidden ?? isHiddenForAria;
}

function allowsNameFromContent(role: string, descendant: boolean): boolean {
  return kNameFromContentRoles.has(role) || (descendant && kNameFromContentWhenDescendant.has(role));
}

/** Step 2C: the value of an embedded control, or undefined when `element` is not one. */
function embeddedControlText(element: Element, role: string, tag: string, childTraversal: Traversal,
  t: Traversal): string | undefined {
  // Textbox: its value (or its text for a contenteditable textbox).
  if (role === 'textbox') {
    t.visited.add(element);
    if (tag === 'INPUT' || tag === 'TEXTAREA') return (element as HTMLInputElement).value;
    return element.textContent ?? '';
  }
  // Combobox or listbox: the text alternatives of the selected options.
  if (role === 'combobox' || role === 'listbox') {
    t.visited.add(element);
    let selected: Element[];
    if (tag === 'SELECT') {
      const select = element as HTMLSelectElement;
      selected = Array.from(select.selectedOptions);
      if (!selected.length && select.options.length) selected.push(select.options[0]!);
    } else {
      const listbox = role === 'combobox' ? findInOwned(element, e => getRole(e) === 'listbox')[0] : element;
      selected = listbox
        ? findInOwned(listbox, e => e.getAttribute('aria-selected') === 'true' && getRole(e) === 'option')
        : [];
    }
    // DEVIATION (Chromium, WPT): a combobox with no selected option gives its value (an input's
    // value, another element's text).
    if (!selected.length && tag === 'INPUT') return (element as HTMLInputElement).value;
    if (!selected.length && role === 'combobox' && tag !== 'SELECT') return element.textContent ?? '';
    return selected.map(option => textAlternative(option, childTraversal)).join(' ');
  }
  // Range: aria-valuetext, else aria-valuenow, else the host language value.
  if (role === 'progressbar' || role === 'scrollbar' || role === 'slider' || role === 'spinbutton' || role === 'meter') {
    t.visited.add(element);
    const valueText = element.getAttribute('aria-valuetext');
    if (valueText !== null) return valueText;
    const valueNow = element.getAttribute('aria-valuenow');
    if (valueNow !== null) return valueNow;
    if (tag === 'INPUT') return (element as HTMLInputElement).value;
    return element.getAttribute('value') ?? '';
  }
  // A menu gives nothing (w3c/accname#67).
  if (role === 'menu') {
    t.visited.add(element);
    return '';
  }
  return undefined;
}

/** Descendants (and aria-owns descendants) of `element` that match. */
function findInOwned(element: Element, predicate: (e: Element) => boolean): Element[] {
  const result: Element[] = [];
  const scan = (root: Element, includeRoot: boolean): void => {
    if (includeRoot && predicate(root)) result.push(root);
    const all = root.querySelectorAll('*');
    for (let i = 0; i < all.length; i++) if (predicate(all[i]!)) result.push(all[i]!);
  };
  scan(element, false);
  for (const owned of getIdRefs(element, element.getAttribute('aria-owns'))) scan(owned, true);
  return result;
}

const kPlaceholderInputTypes = new Set(['text', 'password', 'number', 'search', 'tel', 'email', 'url']);

/** Step 2E for HTML and SVG; undefined when no host-language rule applies (go on to 2F). */
function hostLanguageLabel(element: Element, tag: string, hasLabelledBy: boolean, t: Traversal,
  childTraversal: Traversal): string | undefined {
  if (tag === 'INPUT') {
    const input = element as HTMLInputElement;
    const type = input.type;
    // https://w3c.github.io/html-aam/#input-type-button-input-type-submit-and-input-type-reset-accessible-name-computation
    // DEVIATION (Chromium, Firefox): applies even with aria-labelledby.
    if (type === 'button' || type === 'submit' || type === 'reset') {
      t.visited.add(element);
      if (input.value.trim()) return input.value;
      if (type === 'submit') return 'Submit';
      if (type === 'reset') return 'Reset';
      return element.getAttribute('title') ?? '';
    }
    // DEVIATION (Chromium): a file input is named by its labels, else "Choose File".
    if (type === 'file') {
      t.visited.add(element);
      const labels = labelsOf(element);
      if (labels.length && !t.labelledBy) return namesFromLabels(labels, t);
      return 'Choose File';
    }
    // https://w3c.github.io/html-aam/#input-type-image-accessible-name-computation
    if (type === 'image') {
      t.visited.add(element);
      const labels = labelsOf(element);
      if (labels.length && !t.labelledBy) return namesFromLabels(labels, t);
      const alt = element.getAttribute('alt') ?? '';
      if (alt.trim()) return alt;
      const title = element.getAttribute('title') ?? '';
      if (title.trim()) return title;
      return 'Submit';
    }
  }
  // https://w3c.github.io/html-aam/#button-element-accessible-name-computation: labels, else content.
  if (tag === 'BUTTON' && !hasLabelledBy) {
    const labels = labelsOf(element);
    if (labels.length) {
      t.visited.add(element);
      return namesFromLabels(labels, t);
    }
    return undefined;
  }
  // https://w3c.github.io/html-aam/#output-element-accessible-name-computation
  if (tag === 'OUTPUT' && !hasLabelledBy) {
    t.visited.add(element);
    const labels = labelsOf(element);
    if (labels.length) return namesFromLabels(labels, t);
    return element.getAttribute('title') ?? '';
  }
  // Text fields, textarea, select and other inputs, and the other labelable form elements meter
  // and progress (https://w3c.github.io/html-aam/#other-form-elements-accessible-name-computation):
  // labels (label[for] and wrapping label), then title, then placeholder.
  if ((tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'METER' || tag === 'PROGRESS') && !hasLabelledBy) {
    t.visited.add(element);
    const labels = labelsOf(element);
    if (labels.length) return namesFromLabels(labels, t);
    const usesPlaceholder = tag === 'TEXTAREA' || (tag === 'INPUT' && kPlaceholderInputTypes.has((element as HTMLInputElement).type));
    const title = element.getAttribute('title') ?? '';
    if (!usesPlaceholder || title) return title;
    return element.getAttribute('placeholder') ?? '';
  }
  // https://w3c.github.io/html-aam/#fieldset-and-legend-elements
  if (tag === 'FIELDSET' && !hasLabelledBy) return firstChildAlternative(element, 'LEGEND', t, childTraversal);
  // https://w3c.github.io/html-aam/#figure-and-figcaption-elements
  if (tag === 'FIGURE' && !hasLabelledBy) return firstChildAlternative(element, 'FIGCAPTION', t, childTraversal);
  // https://w3c.github.io/html-aam/#img-element (DEVIATION: also with aria-labelledby, as browsers)
  if (tag === 'IMG' || tag === 'AREA') {
    t.visited.add(element);
    const alt = element.getAttribute('alt') ?? '';
    if (alt.trim()) return alt;
    return element.getAttribute('title') ?? '';
  }
  // https://w3c.github.io/html-aam/#table-element: caption, else summary (DEVIATION: browsers
  // read summary; the title is left to step 2I after name from content).
  if (tag === 'TABLE') {
    t.visited.add(element);
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (tagOf(child) === 'CAPTION')
        return textAlternative(child, { ...childTraversal, nativeAlternative: { hidden: hiddenRule(t)(child) } });
    }
    const summary = element.getAttribute('summary') ?? '';
    if (summary) return summary;
    return undefined;
  }
  // https://www.w3.org/TR/svg-aam-1.0/#mapping_additional_nd: a <title> child of an SVG element.
  if (element instanceof SVGElement) {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (tagOf(child) === 'TITLE') {
        t.visited.add(element);
        return textAlternative(child, { ...childTraversal, labelledBy: { hidden: hiddenRule(t)(child) } });
      }
    }
    if (tag === 'A') {
      const title = element.getAttribute('xlink:title') ?? '';
      if (title.trim()) {
        t.visited.add(element);
        return title;
      }
    }
  }
  return undefined;
}

function firstChildAlternative(element: Element, childTag: string, t: Traversal, childTraversal: Traversal): string {
  t.visited.add(element);
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (tagOf(child) === childTag)
      return textAlternative(child, { ...childTraversal, nativeAlternative: { hidden: hiddenRule(t)(child) } });
  }
  return element.getAttribute('title') ?? '';
}

/**
 * `element.labels`, read only when a label can exist: reading it scans the tree scope for
 * `label[for]`, so an element without an id outside any label skips it.
 */
function labelsOf(element: Element): HTMLLabelElement[] {
  if (!element.id && !element.closest('label')) return [];
  const labels = (element as HTMLInputElement).labels;
  return labels ? Array.from(labels) : [];
}

function namesFromLabels(labels: HTMLLabelElement[], t: Traversal): string {
  return labels
    .map(label => textAlternative(label, { visited: t.visited, options: t.options, label: { hidden: hiddenRule(t)(label) } }))
    .filter(text => !!text)
    .join(' ');
}

/**
 * Step 2F.ii-v: the text of an element's content: `::before`, the children in render order (slots
 * give their assigned nodes) and aria-owns elements, `::after`. Each child element's text is its
 * text alternative (step 2F.iii); block-level children are set apart with spaces (DEVIATION:
 * inline elements join without a space, as in browsers and WPT; `<br>` always adds one).
 * One frame per element whose content is being read, on an explicit stack.
 */
interface ContentFrame {
  request: ContentRequest;
  text: string;
  children: ArrayLike<Node>;
  index: number;
  owned: Element[] | null;
  ownedIndex: number;
  /** Its own text nodes count (visible, or inside a hidden node that was referenced). */
  ownTextVisible: boolean;
  /** Its answer is set apart with spaces in its parent's text (a block). */
  padded: boolean;
  /** owned element -> owner (aria-owns), for the document. */
  owners: Map<Element, Element>;
  /** Lengths of `traversal.visited`'s logs, and its hits, when the frame opened (see storeContent). */
  checkedFrom: number;
  addedFrom: number;
  hitsFrom: number;
}

/**
 * An element's content text (before its step's `finish`) and the elements reading it visited.
 *
 * Reading the same content twice is common: a table row is named from its cells' content, then
 * each cell from the same content again (and a button in a cell a third time). The text of an
 * element's content is the same each time it is read by a plain traversal (not inside an
 * aria-labelledby, a label or a native text alternative) with the same options, as long as no
 * element its steps met had been visited before (`Visited.hits` unchanged): such text is kept for
 * the walk. A later read takes it, unless an element those steps met is visited by then (then the
 * content is read again, as without the cache), and replays the steps' checks and visits.
 */
interface CachedContent {
  text: string;
  /** The elements the steps of the reading asked about, and those they marked visited. */
  checked: Element[];
  added: Element[];
}

function isPlain(t: Traversal): boolean {
  return !t.labelledBy && !t.label && !t.nativeAlternative;
}

function contentCache(t: Traversal): Map<Element, CachedContent> | undefined {
  return isPlain(t) ? t.contents : undefined;
}

/** The cached content text of the request's element, marked visited again; undefined when there is none. */
function cachedContent(request: ContentRequest): string | undefined {
  const cached = contentCache(request.traversal)?.get(request.element);
  if (!cached) return undefined;
  const visited = request.traversal.visited;
  if (visited.any(cached.checked)) return undefined;
  visited.replay(cached);
  return cached.text;
}

function storeContent(frame: ContentFrame, text: string): void {
  const { element, traversal } = frame.request;
  const visited = traversal.visited;
  if (visited.hits !== frame.hitsFrom) return;
  contentCache(traversal)?.set(element, {
    text, checked: visited.checked.slice(frame.checkedFrom), added: visited.added.slice(frame.addedFrom),
  });
}

const kNoChildren: ArrayLike<Node> = [];

function accumulate(first: ContentRequest): string {
  const known = cachedContent(first);
  if (known !== undefined) return first.finish(known);
  const stack: ContentFrame[] = [openContent(first, false)];
  for (;;) {
    const frame = stack[stack.length - 1]!;
    const child = nextContentChild(frame);
    if (child) {
      const padded = isBlockForName(child);
      let step = textAlternativeStep(child, frame.request.traversal);
      if (typeof step !== 'string') {
        const text = cachedContent(step);
        if (text === undefined) {
          stack.push(openContent(step, padded));
          continue;
        }
        step = step.finish(text);
      }
      frame.text += padded ? ' ' + step + ' ' : step;
      continue;
    }
    stack.pop();
    const element = frame.request.element;
    const counters = frame.request.traversal.options.counters ?? true;
    const content = frame.text + (getCssContent(element, '::after', counters) ?? '');
    storeContent(frame, content);
    const value = frame.request.finish(content);
    if (!stack.length) return value;
    stack[stack.length - 1]!.text += frame.padded ? ' ' + value + ' ' : value;
  }
}

function openContent(request: ContentRequest, padded: boolean): ContentFrame {
  const { element, traversal: t } = request;
  const counters = t.options.counters ?? true;
  const frame: ContentFrame = {
    request, text: getCssContent(element, '::before', counters) ?? '', children: kNoChildren, index: 0, owned: null,
    ownedIndex: 0, ownTextVisible: false, padded, owners: getOwnerMap(element.ownerDocument),
    checkedFrom: t.visited.checked.length, addedFrom: t.visited.added.length, hitsFrom: t.visited.hits,
  };
  const replaced = getCssContent(element, undefined, counters);
  if (replaced !== undefined) {
    frame.text += replaced;
    frame.owned = [];
    return frame;
  }
  const inHiddenReference = !!t.labelledBy?.hidden || !!t.label?.hidden || !!t.nativeAlternative?.hidden ||
    !!t.options.includeHidden;
  frame.ownTextVisible = inHiddenReference || isStyleVisible(element);
  frame.children = flatChildNodes(element);
  return frame;
}

/** Appends the text nodes up to the next child element and returns it; then the owned elements; then null. */
function nextContentChild(frame: ContentFrame): Element | null {
  const element = frame.request.element;
  while (frame.index < frame.children.length) {
    const child = frame.children[frame.index++]!;
    if (child.nodeType === 3) {
      // Step 2G (Text Node), as rendered: text-transform applies (unless asked not to).
      if (frame.ownTextVisible)
        frame.text += (frame.request.traversal.options.textTransform ?? true) ? transformText(textData(child as Text), element) : textData(child as Text);
    } else if (child.nodeType === 1) {
      // An element that aria-owns took elsewhere is not part of this content.
      const owner = frame.owners.size ? frame.owners.get(child as Element) : undefined;
      if (owner && owner !== element) continue;
      return child as Element;
    }
  }
  frame.owned ??= getOwnedElements(element);
  return frame.ownedIndex < frame.owned.length ? frame.owned[frame.ownedIndex++]! : null;
}

function isBlockForName(element: Element): boolean {
  const display = getDisplay(element);
  return (!!display && display !== 'inline') || element.localName === 'br';
}

const kLetter = /[^\s\d\p{P}]/u;

/** `text` as rendered inside `parent`: its text-transform applied. */
export function transformText(text: string, parent: Element): string {
  if (!kLetter.test(text)) return text;
  const transform = getStyle(parent).textTransform;
  if (!transform || transform === 'none') return text;
  if (transform === 'uppercase') return text.toUpperCase();
  if (transform === 'lowercase') return text.toLowerCase();
  if (transform === 'capitalize') return text.replace(/(^|[\s\p{P}])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
  return text;
}
