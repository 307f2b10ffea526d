/**
 * DOM helpers shared by every concern: tag names, flat-tree navigation, idrefs, and the per-walk
 * cache of computed styles.
 *
 * The bridge runs in an isolated world, so page scripts cannot replace these globals; we still
 * capture the few we call at injection time (STYLE.md: no reliance on page globals).
 */

import { computePseudoCandidates, scopeSetsElementContent, type PseudoCandidates } from './pseudo';

const getComputedStyleFn = globalThis.getComputedStyle.bind(globalThis);

const upperNames = new Map<string, string>();

/**
 * Autofill field names of fields whose value is a secret: credentials and payment card data
 * (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-field).
 * `cc-exp` also matches `cc-exp-month` and `cc-exp-year`.
 */
const kSecretAutocomplete = /(?:^|\s)(?:current-password|new-password|one-time-code|cc-number|cc-csc|cc-exp(?:-month|-year)?)(?:\s|$)/i;

/** Fields seen as secret once: they stay secret ("show password" switches a password field to type=text). */
const seenSecret = new WeakSet<Element>();

/**
 * A password input, or a field whose `autocomplete` names a secret, or a field that was one of these
 * when the bridge saw it before (its value is never shown).
 */
export function isSecretField(element: Element): boolean {
  if (seenSecret.has(element)) return true;
  if (!isSecretNow(element)) return false;
  seenSecret.add(element);
  return true;
}

function isSecretNow(element: Element): boolean {
  const tag = tagOf(element);
  if (tag === 'INPUT' && (element as HTMLInputElement).type === 'password') return true;
  if (tag !== 'INPUT' && tag !== 'TEXTAREA' && tag !== 'SELECT') return false;
  return kSecretAutocomplete.test(element.getAttribute('autocomplete') ?? '');
}

/**
 * Characters of one text node the bridge reads at most: a page's 50 MB text node is read as its first
 * ones (snapshot lines, names and anchor texts show far fewer), so no call copies or scans it whole.
 */
export const kMaxTextNodeChars = 10_000;

/** The text of a text node, at most its first kMaxTextNodeChars characters. */
export function textData(node: CharacterData): string {
  return node.length <= kMaxTextNodeChars ? node.data : node.substringData(0, kMaxTextNodeChars);
}

/** Upper-case local name for HTML and SVG elements alike (`svg` -> `SVG`). */
export function tagOf(element: Element): string {
  const local = element.localName;
  let upper = upperNames.get(local);
  if (upper === undefined) {
    upper = local.toUpperCase();
    if (upperNames.size < 512) upperNames.set(local, upper);
  }
  return upper;
}

/** Lower-case tag name as reported to the model. */
export function tagNameOf(element: Element): string {
  return element.localName.toLowerCase();
}

/** Parent element, or the host when `element` is a child of an (open or closed) shadow root. */
export function parentElementOrHost(element: Element): Element | null {
  const parent = element.parentElement;
  if (parent) return parent;
  const node = element.parentNode;
  if (node && node.nodeType === 11 /* DOCUMENT_FRAGMENT_NODE */ && (node as ShadowRoot).host)
    return (node as ShadowRoot).host;
  return null;
}

/**
 * Parent in the flat tree (rendering order): the assigned slot for a slotted node, the host for a
 * shadow root's child, otherwise the parent element.
 */
export function flatParent(node: Node): Element | null {
  const slot = (node as Element | Text).assignedSlot;
  if (slot) return slot;
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  if (parent.nodeType === 11 && (parent as ShadowRoot).host) return (parent as ShadowRoot).host;
  return null;
}

/**
 * Child nodes in render order: a slot's assigned nodes (or its fallback content), a shadow
 * host's shadow-root children (light children then appear where their slot is), else the
 * element's own child nodes.
 */
export function flatChildNodes(element: Element): ArrayLike<Node> {
  if (element.localName === 'slot') {
    const assigned = (element as HTMLSlotElement).assignedNodes();
    if (assigned.length) return assigned;
    return element.childNodes;
  }
  const shadow = element.shadowRoot;
  if (shadow) return shadow.childNodes;
  return element.childNodes;
}

/** True when `ancestor` contains `node` in the composed tree (through shadow roots). */
export function containsComposed(ancestor: Element, node: Node): boolean {
  let current: Node | null = node;
  while (current) {
    if (current === ancestor) return true;
    const parent: Node | null = current.parentNode;
    if (parent && parent.nodeType === 11) current = (parent as ShadowRoot).host ?? null;
    else current = parent;
  }
  return false;
}

/** Elements named by an IDREF list attribute, first element per id, duplicates dropped. */
export function getIdRefs(element: Element, value: string | null): Element[] {
  if (!value) return [];
  const root = element.getRootNode() as Document | ShadowRoot;
  if (typeof root.getElementById !== 'function') return [];
  const result: Element[] = [];
  for (const id of value.split(/[ \t\n\f\r]+/)) {
    if (!id) continue;
    const found = root.getElementById(id);
    if (found && !result.includes(found)) result.push(found);
  }
  return result;
}

/** The focused element, followed into open shadow roots. */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement)
    active = active.shadowRoot.activeElement;
  return active;
}

// ---------------------------------------------------------------------------------------------
// Per-walk caches. A call that walks the DOM opens them with `beginWalk()` and closes them with
// `endWalk()`; outside a walk every getter computes afresh (nothing stale survives a call).

type PseudoKind = '::before' | '::after';

interface WalkCaches {
  style: Map<Element, CSSStyleDeclaration>;
  display: Map<Element, string>;
  before: Map<Element, CSSStyleDeclaration>;
  after: Map<Element, CSSStyleDeclaration>;
  scopes: Map<Node, PseudoCandidates>;
  contentScopes: Map<Node, boolean>;
  /** Content checks answered by reading the element's style directly (see kDirectContentReads). */
  direct: number;
}

/**
 * Content checks per walk answered by reading the computed style itself before a scope's style
 * rules are scanned (pseudo.ts): a scan reads every rule of the scope's sheets, thousands on a real
 * page, and costs more than a few style reads, so a walk that computes one or two names from
 * content (a structural call's target) never pays for it. Either way the answer is exact: the scan
 * only tells which elements need no read.
 */
const kDirectContentReads = 32;

/** Whether this content check is read directly: outside a walk (nothing would keep a scan), or within its budget. */
function readsDirectly(cache: Map<Node, unknown> | undefined, scope: Node): boolean {
  if (!caches || !cache) return true;
  if (cache.has(scope) || caches.direct >= kDirectContentReads) return false;
  caches.direct++;
  return true;
}

let caches: WalkCaches | undefined;
let depth = 0;

export function beginWalk(): void {
  if (depth++ === 0)
    caches = { style: new Map(), display: new Map(), before: new Map(), after: new Map(), scopes: new Map(),
      contentScopes: new Map(), direct: 0 };
  onBegin.forEach(fn => fn());
}

export function endWalk(): void {
  if (--depth === 0) {
    caches = undefined;
    onEnd.forEach(fn => fn());
  }
}

const onBegin: Array<() => void> = [];
const onEnd: Array<() => void> = [];

/** Lets a module keep its own per-walk cache: `start` runs on every begin, `stop` on the last end. */
export function registerWalkCache(start: () => void, stop: () => void): void {
  onBegin.push(start);
  onEnd.push(stop);
}

export function inWalk(): boolean {
  return depth > 0;
}

/** Computed style of an element, once per element per walk. */
export function getStyle(element: Element): CSSStyleDeclaration {
  const cache = caches?.style;
  let style = cache?.get(element);
  if (!style) {
    style = getComputedStyleFn(element);
    cache?.set(element, style);
  }
  return style;
}

/**
 * The computed `display` of an element, once per element per walk: each read of a computed style
 * property asks the engine again (CSSStyleDeclaration is live), and a walk reads `display` of an
 * element several times (hidden, name from content, rendering).
 */
export function getDisplay(element: Element): string {
  const cache = caches?.display;
  let display = cache?.get(element);
  if (display === undefined) {
    display = getStyle(element).display;
    cache?.set(element, display);
  }
  return display;
}

/**
 * Computed style of a `::before`/`::after` pseudo element, or undefined when no style rule can give
 * it one (see pseudo.ts). `known`: the caller already checked that one can.
 */
export function getPseudoStyle(element: Element, pseudo: PseudoKind, known = false): CSSStyleDeclaration | undefined {
  if (!known && !mayHavePseudoContent(element)) return undefined;
  const cache = pseudo === '::before' ? caches?.before : caches?.after;
  let style = cache?.get(element);
  if (!style) {
    style = getComputedStyleFn(element, pseudo);
    cache?.set(element, style);
  }
  return style;
}

function mayHavePseudoContent(element: Element): boolean {
  if (readsDirectly(caches?.scopes, element.getRootNode())) return true;
  if (isPseudoCandidate(element, getPseudoCandidates(element.getRootNode()))) return true;
  const shadow = element.shadowRoot;
  return !!shadow && getPseudoCandidates(shadow) !== 'none';
}

/**
 * Whether a style rule may set `content` on `element` itself: one of the scopes whose rules can
 * match it sets `content` somewhere (its own tree scope, its shadow root's for `:host`, the scopes of
 * the slots it is assigned to for `::slotted`), it is a shadow part (`::part` rules of outer
 * scopes), or its `style` attribute mentions it.
 */
export function mayHaveElementContent(element: Element): boolean {
  if (element.hasAttribute('part') || /content/i.test(element.getAttribute('style') ?? '')) return true;
  if (readsDirectly(caches?.contentScopes, element.getRootNode())) return true;
  if (scopeSetsContent(element.getRootNode())) return true;
  if (element.shadowRoot && scopeSetsContent(element.shadowRoot)) return true;
  for (let slot = element.assignedSlot; slot; slot = slot.assignedSlot)
    if (scopeSetsContent(slot.getRootNode())) return true;
  return false;
}

function scopeSetsContent(scope: Node): boolean {
  const cache = caches?.contentScopes;
  const cached = cache?.get(scope);
  if (cached !== undefined) return cached;
  const result = scope.nodeType === 9 || scope.nodeType === 11
    ? scopeSetsElementContent(scope as Document | ShadowRoot)
    : true;
  cache?.set(scope, result);
  return result;
}

/** Whether `element` can have pseudo content given its scope's candidates (`:host` rules included). */
export function isPseudoCandidate(element: Element, candidates: PseudoCandidates): boolean {
  if (candidates === 'all') return true;
  if (candidates !== 'none' && candidates.has(element)) return true;
  return false;
}

/** The elements of a document or shadow root that `::before`/`::after` rules can style (per walk). */
export function getPseudoCandidates(scope: Node): PseudoCandidates {
  const cache = caches?.scopes;
  const cached = cache?.get(scope);
  if (cached !== undefined) return cached;
  const result = scope.nodeType === 9 || scope.nodeType === 11
    ? computePseudoCandidates(scope as Document | ShadowRoot)
    : 'none';
  cache?.set(scope, result);
  return result;
}
