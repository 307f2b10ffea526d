/**
 * Builds the accessibility tree of a snapshot in one top-down pass over the flat tree, with an
 * explicit stack (pages nest thousands of levels deep).
 *
 * Each element's style, hidden flags, role and name are computed once per walk. Text is gathered
 * as raw tokens and normalized when its node closes, adjacent texts as one; `generic` wrappers
 * that add nothing and `none`/`presentation` elements give their children to their parent; under
 * a real, visible modal dialog the dialog is the whole page, after one line that says what it hides;
 * a rendered subtree left out by `aria-hidden` or `inert` gets one line that says how much it holds
 * (README: Snapshot format).
 */

import { containsComposed, deepActiveElement, flatChildNodes, flatParent, getDisplay, getPseudoCandidates, getStyle, isPseudoCandidate, isSecretField, tagOf, textData } from '../dom';
import type { PseudoCandidates } from '../pseudo';
import { getOwnedElements, getOwnerMap } from '../aria/owns';
import { getAccessibleName, transformText } from '../aria/name';
import { getRole } from '../aria/roles';
import { getChecked, getDisabled, getExpanded, getLevel, getPressed, getSelected, type Tristate } from '../aria/states';
import { getPseudoContentKnown, normalizeWhitespace, truncate } from '../aria/text';
import { computeHiddenFlags, getHiddenFlags, getModalScope, HIDDEN_ARIA, isClosedDetails, isDetailsSummary, isStyleVisible, setHiddenFlags } from '../aria/visibility';
import { countRendered, describeElement, hiddenReason, kNoteInteractive, kNoteTextChars } from './hidden';
import { isInteractive, isLocatorTarget, type RefRegistry } from './refs';
import { isClosedShadowHost, isRenderedLightChild, noteShadowCandidate } from '../shadow';

export const kMaxNameLength = 150;

/** A text line of the snapshot. */
export interface TextItem {
  text: string;
}

/** Consecutive sibling subtrees left out of the accessibility tree while rendered (one `- …` line). */
export interface HiddenRun {
  reason: 'aria-hidden' | 'inert' | 'modal';
  /** `tag#id.class` of the first subtree's root. */
  element: string;
  /** Subtrees in the run. */
  subtrees: number;
  elements: number;
  interactive: number;
}

/** The page behind a modal dialog, left out of a page snapshot. */
export interface ModalNote {
  role: string;
  name: string;
  ref: number;
  elements: number;
  interactive: number;
}

/** A line that says what the snapshot leaves out here (`- … ...`). */
export type NoteItem = { hidden: HiddenRun } | { modal: ModalNote };

export type TreeItem = AriaNode | TextItem | NoteItem;

export function isNode(item: TreeItem): item is AriaNode {
  return 'role' in item;
}

export function isText(item: TreeItem): item is TextItem {
  return 'text' in item;
}

export interface AriaNode {
  role: string;
  name: string;
  children: TreeItem[];
  ref?: number;
  checked?: Tristate;
  disabled?: boolean;
  expanded?: boolean;
  level?: number;
  pressed?: Tristate;
  selected?: boolean;
  active?: boolean;
  url?: string;
  value?: string;
  /** The element hosts a closed shadow root (rendered as a `- … closed shadow root` line). */
  closedShadow?: boolean;
  /** Not rendered: the text this node stands for in its parent's name (its name, else its children's),
   * set when the node has a name, else computed when an ancestor asks (contentOfNode). */
  content?: string;
}

interface OpenNode {
  node: AriaNode;
  fullName: string;
  tokens: Array<AriaNode | NoteItem | string>;
}

const kNoValueInputTypes = new Set(['checkbox', 'radio', 'file', 'hidden', 'button', 'submit', 'reset', 'image']);

export interface BuildOptions {
  /** Keep the root node even when it is a bare generic (a snapshot of one element's subtree). */
  keepRoot: boolean;
  /** Show the page behind an open modal dialog (the caller has made no dialog modal for the walk). */
  behindModal?: boolean;
  /** `performance.now()` past which the walk stops with {@link WalkBudgetExceeded} (a warm-up's budget). */
  deadline?: number;
}

/** Thrown by {@link buildTree} when the walk passes its `deadline`. */
export class WalkBudgetExceeded extends Error {}

/** Elements walked between two looks at the clock when the walk has a deadline. */
const kClockEvery = 64;

/**
 * The tree under `root`: with `keepRoot` false the root element is only a container (the body of a
 * page snapshot), otherwise it is the first node.
 */
export function buildTree(root: Element, refs: RefRegistry, options: BuildOptions): AriaNode {
  const builder = new TreeBuilder(root, refs, options.deadline);
  return builder.build(options.keepRoot, !!options.behindModal);
}

/** One element of the walk: its node (if it has one) and where the walk of its content stands. */
interface Frame {
  element: Element;
  /** Where the element's node (or, without one, its content) goes. */
  parent: OpenNode;
  /** The element's own node; null for none/presentation, inline text and style-hidden elements. */
  open: OpenNode | null;
  /** `open ?? parent`: where the content goes. */
  target: OpenNode;
  /** The root of a page snapshot: only a container for its content (no node, no spaces). */
  containerOnly: boolean;
  isRoot: boolean;
  block: boolean;
  flags: number;
  /** Its own text nodes are shown (visible, not a value control, not a closed details). */
  showText: boolean;
  closedDetails: boolean;
  /** A closed root's host: its light children render only where its hidden tree slots them. */
  closedHost: boolean;
  /** The ::before/::after candidates of the children's tree scope. */
  childPseudo: PseudoCandidates;
  /** Flat children (shadow root or slot), else null: light children are walked by nextSibling. */
  children: ArrayLike<Node> | null;
  index: number;
  next: Node | null;
  /** aria-owns elements still to walk, taken when the children are done. */
  owned: Element[] | null;
  ownedIndex: number;
  /** Push ::after content when the element is done. */
  after: boolean;
}

class TreeBuilder {
  private readonly active: Element | null;
  /** Elements taken out of their DOM place by an aria-owns elsewhere, mapped to their owner. */
  private readonly ownedBy: Map<Element, Element>;
  private readonly visitedOwned = new Set<Element>();
  /** Set by nextChild for the element it returns. */
  private nextFlags = 0;
  private nextPseudo: PseudoCandidates = 'none';
  /** Elements entered so far (counted only when there is a deadline). */
  private entered = 0;

  constructor(private readonly root: Element, private readonly refs: RefRegistry,
    private readonly deadline: number | undefined) {
    const doc = root.ownerDocument;
    this.active = deepActiveElement(doc);
    this.ownedBy = getOwnerMap(doc);
  }

  build(keepRoot: boolean, behindModal: boolean): AriaNode {
    const fragment: OpenNode = { node: { role: 'fragment', name: '', children: [] }, fullName: '', tokens: [] };
    // A page snapshot while a modal dialog is open is the dialog's: the rest of the document is
    // inert, its ancestors included (https://html.spec.whatwg.org/multipage/interaction.html#blocked-by-a-modal-dialog),
    // and an aria-modal dialog limits navigation to itself (https://www.w3.org/TR/wai-aria-1.2/#aria-modal).
    // One line says so first: the dialog and what it hides.
    const modal = keepRoot || behindModal ? null
      : getModalScope(this.root.ownerDocument)?.dialog ?? findAriaModal(this.root, this.active);
    if (modal) fragment.tokens.push({ modal: this.modalNote(modal) });
    const root = modal ?? this.root;
    const flags = getHiddenFlags(root);
    const pseudo = getPseudoCandidates(root.getRootNode());
    // A hidden root shows nothing.
    if (!flags) this.walk(fragment, root, flags, pseudo, keepRoot || !!modal, !keepRoot && !modal);
    this.close(fragment);
    return fragment.node;
  }

  /**
   * Walks `element` and its flat-tree descendants depth first with an explicit stack (a page can
   * nest thousands of levels deep: no recursion per level).
   */
  private walk(parent: OpenNode, element: Element, flags: number, pseudo: PseudoCandidates, isRoot: boolean,
    containerOnly: boolean): void {
    const stack: Frame[] = [];
    const first = this.enter(parent, element, flags, pseudo, isRoot, containerOnly);
    if (first) stack.push(first);
    while (stack.length) {
      const frame = stack[stack.length - 1]!;
      const child = this.nextChild(frame);
      if (child) {
        if (this.deadline !== undefined && ++this.entered % kClockEvery === 0 && performance.now() > this.deadline)
          throw new WalkBudgetExceeded();
        const entered = this.enter(frame.target, child, this.nextFlags, this.nextPseudo, false, false);
        if (entered) stack.push(entered);
      } else {
        stack.pop();
        this.leave(frame);
      }
    }
  }

  /** Opens the element's node and pushes what comes before its children; null when it has no content to walk. */
  private enter(parent: OpenNode, element: Element, flags: number, pseudo: PseudoCandidates, isRoot: boolean,
    containerOnly: boolean): Frame | null {
    const selfVisible = isStyleVisible(element);
    noteShadowCandidate(element);
    const open = selfVisible && !containerOnly ? this.openNode(element, isRoot) : null;
    const target = open ?? parent;
    const display = getDisplay(element);
    const block = !containerOnly && ((display !== 'inline' && display !== 'contents') || element.localName === 'br');
    // A block's text stands apart from its neighbours' (the spaces go to the parent: they matter
    // when the element's own node is replaced by its text).
    if (block) parent.tokens.push(' ');
    const frame: Frame = {
      element, parent, open, target, containerOnly, isRoot, block, flags, showText: false, closedDetails: false, closedHost: false,
      childPseudo: pseudo, children: null, index: 0, next: null, owned: null, ownedIndex: 0, after: false,
    };
    const local = element.localName;
    // Frames have their own lines; the content of a content-visibility:hidden element is skipped,
    // pseudo content included.
    if (local === 'iframe' || local === 'frame' || getStyle(element).contentVisibility === 'hidden') {
      this.leave(frame);
      return null;
    }
    const shadow = element.shadowRoot;
    const ownPseudo = selfVisible &&
      (isPseudoCandidate(element, pseudo) || (!!shadow && getPseudoCandidates(shadow) !== 'none'));
    if (ownPseudo) {
      const before = getPseudoContentKnown(element, '::before');
      if (before) target.tokens.push(before);
      frame.after = true;
    }
    frame.closedDetails = isClosedDetails(element);
    frame.closedHost = isClosedShadowHost(element);
    frame.showText = selfVisible && !isValueControl(element) && !frame.closedDetails;
    if (shadow || local === 'slot') {
      const children = flatChildNodes(element);
      frame.children = children;
      if (shadow) frame.childPseudo = getPseudoCandidates(shadow);
      else if (children.length && children[0]!.parentNode !== element)
        frame.childPseudo = getPseudoCandidates(children[0]!.getRootNode());
    } else {
      // Light children are walked with firstChild/nextSibling (cheaper than a NodeList).
      frame.next = element.firstChild;
    }
    return frame;
  }

  /**
   * The next child element to walk (its flags and pseudo candidates in nextFlags/nextPseudo),
   * pushing the text nodes met on the way; then the aria-owns elements; null when done.
   */
  private nextChild(frame: Frame): Element | null {
    const element = frame.element;
    for (;;) {
      let child: Node | null;
      if (frame.children) child = frame.index < frame.children.length ? frame.children[frame.index++]! : null;
      else {
        child = frame.next;
        if (child) frame.next = child.nextSibling;
      }
      if (!child) break;
      if (frame.closedHost && !isRenderedLightChild(child)) continue;
      if (child.nodeType === 3) {
        if (frame.showText) frame.target.tokens.push(transformText(textData(child as Text), element));
      } else if (child.nodeType === 1) {
        const childElement = child as Element;
        if (this.ownedBy.size && this.ownedBy.has(childElement) && this.ownedBy.get(childElement) !== element) continue;
        if (frame.closedDetails && !isDetailsSummary(element, childElement)) continue;
        const childFlags = computeHiddenFlags(childElement, element, frame.flags, true);
        setHiddenFlags(childElement, childFlags);
        if (childFlags !== 0) {
          // The top of a rendered subtree out of the accessibility tree: one line says so.
          if (childFlags === HIDDEN_ARIA && !(frame.flags & HIDDEN_ARIA)) this.noteHidden(frame.target, childElement);
          continue;
        }
        this.nextFlags = childFlags;
        this.nextPseudo = frame.childPseudo;
        return childElement;
      }
    }
    if (!frame.owned) frame.owned = this.ownedBy.size && element.hasAttribute('aria-owns') ? getOwnedElements(element) : [];
    while (frame.ownedIndex < frame.owned.length) {
      const owned = frame.owned[frame.ownedIndex++]!;
      if (this.visitedOwned.has(owned)) continue;
      this.visitedOwned.add(owned);
      const ownedFlags = getHiddenFlags(owned);
      if (ownedFlags !== 0) continue;
      this.nextFlags = ownedFlags;
      this.nextPseudo = getPseudoCandidates(owned.getRootNode());
      return owned;
    }
    return null;
  }

  /** Pushes what comes after the children, closes the node and gives it (or its text) to the parent. */
  private leave(frame: Frame): void {
    const { open, parent, block } = frame;
    if (frame.after) {
      const after = getPseudoContentKnown(frame.element, '::after');
      if (after) frame.target.tokens.push(after);
    }
    if (frame.containerOnly) return;
    if (open) {
      this.close(open);
      const node = open.node;
      if (!frame.isRoot && isCollapsible(node)) {
        // A bare generic with at most one child is replaced by that child; a text child joins the
        // parent's running text (set apart by the spaces around it when the generic is a block).
        for (const child of node.children) parent.tokens.push(isText(child) ? child.text : child);
      } else if (!frame.isRoot && isEmptyLeaf(node)) {
        // A line that carries nothing (a bare `- img`) is left out.
      } else {
        parent.tokens.push(node);
      }
    }
    if (block) parent.tokens.push(' ');
  }

  /** The node of a visible element, or null when it has none (none/presentation, inline text span). */
  private openNode(element: Element, isRoot: boolean): OpenNode | null {
    const local = element.localName;
    if (local === 'iframe' || local === 'frame') {
      const ref = this.refs.ensure(element);
      this.refs.remember(ref, 'iframe', '');
      return { node: { role: 'iframe', name: '', children: [], ref }, fullName: '', tokens: [] };
    }
    const role = getRole(element) ?? 'generic';
    if ((role === 'none' || role === 'presentation') && !isRoot) return null;
    const interactive = isInteractive(element);
    if (role === 'generic' && !interactive && !isRoot && isInlineTextOnly(element)) return null;

    // A generic node shows no name: naming is prohibited on generic (and on none/presentation),
    // https://www.w3.org/TR/wai-aria-1.2/#generic, and getByRole cannot find such an element by
    // one. A summary (no ARIA role, https://www.w3.org/TR/html-aria/#el-summary) shows its text.
    const shownRole = role === 'none' || role === 'presentation' ? 'generic' : role;
    const fullName = shownRole === 'generic' ? '' : normalizeWhitespace(getAccessibleName(element));
    const node: AriaNode = { role: shownRole, name: truncate(fullName, kMaxNameLength), children: [] };
    // Refs on every element a locator may target (README: Refs), and on any element given one before.
    if (interactive || isLocatorTarget(element, shownRole, fullName) || this.refs.numberOf(element) !== undefined) {
      node.ref = this.refs.ensure(element);
      this.refs.remember(node.ref, node.role, node.name);
    }
    const checked = getChecked(element);
    if (checked) node.checked = checked;
    if (getDisabled(element)) node.disabled = true;
    if (getExpanded(element)) node.expanded = true;
    const level = getLevel(element);
    if (level) node.level = level;
    const pressed = getPressed(element);
    if (pressed) node.pressed = pressed;
    if (getSelected(element)) node.selected = true;
    if (element === this.active) node.active = true;
    if (isClosedShadowHost(element)) node.closedShadow = true;
    if (role === 'link' && element.hasAttribute('href')) node.url = element.getAttribute('href') ?? '';
    const value = controlValue(element);
    if (value) node.value = value;
    return { node, fullName, tokens: [] };
  }

  /**
   * Notes a rendered subtree left out of the accessibility tree (`aria-hidden`, `inert`, behind a
   * modal), when it holds an interactive element or some text; a run of such siblings is one note.
   */
  private noteHidden(target: OpenNode, element: Element): void {
    if (!isStyleVisible(element) && !element.firstElementChild) return;
    const count = countRendered(element);
    if (count.interactive < kNoteInteractive && count.textChars < kNoteTextChars) return;
    const reason = hiddenReason(element);
    const tokens = target.tokens;
    let last = tokens.length - 1;
    while (last >= 0 && typeof tokens[last] === 'string' && !(tokens[last] as string).trim()) last--;
    const previous = last >= 0 ? tokens[last] : undefined;
    if (previous && typeof previous !== 'string' && 'hidden' in previous && previous.hidden.reason === reason) {
      tokens.length = last + 1;
      previous.hidden.subtrees++;
      previous.hidden.elements += count.elements;
      previous.hidden.interactive += count.interactive;
      return;
    }
    tokens.push({ hidden: { reason, element: describeElement(element), subtrees: 1, elements: count.elements,
      interactive: count.interactive } });
  }

  /** The note of a page snapshot limited to a modal dialog: the dialog (given a ref) and what it hides. */
  private modalNote(dialog: Element): ModalNote {
    const doc = dialog.ownerDocument;
    const role = getRole(dialog) ?? 'dialog';
    const name = truncate(normalizeWhitespace(getAccessibleName(dialog)), kMaxNameLength);
    const ref = this.refs.ensure(dialog);
    this.refs.remember(ref, role, name);
    const top = doc.body ?? doc.documentElement;
    const count = countRendered(top, dialog);
    // The dialog's ancestors hold it: they are not hidden behind it.
    for (let up = flatParent(dialog); up; up = up === top ? null : flatParent(up))
      if (isStyleVisible(up) && getDisplay(up) !== 'none') count.elements--;
    return { role, name, ref, elements: Math.max(0, count.elements), interactive: count.interactive };
  }

  /** Joins raw text tokens into normalized text lines and finalizes the node's children. */
  private close(open: OpenNode): void {
    const children: TreeItem[] = [];
    let buffer = '';
    const flush = (): void => {
      const text = normalizeWhitespace(buffer);
      if (text) children.push({ text });
      buffer = '';
    };
    for (const token of open.tokens) {
      if (typeof token === 'string') {
        buffer += token;
      } else {
        flush();
        children.push(token);
      }
    }
    flush();
    const node = open.node;
    const only = children.length === 1 ? children[0] : undefined;
    if (only && isText(only) && (only.text === open.fullName || (node.value !== undefined && only.text === node.value)))
      node.children = [];
    else node.children = children;
    // A name that only repeats what the lines below it show (a row's cells, a link's image and
    // text, a heading's link) is not shown again: Playwright's AI snapshot drops it too.
    if (node.name && node.children.some(isNode) && contentEquals(node.children, node.value, open.fullName))
      node.name = '';
    if (open.fullName) node.content = open.fullName;
  }
}

/**
 * The shown aria-modal dialog that limits navigation: role dialog or alertdialog, `aria-modal="true"`,
 * in the accessibility tree, inside `root`, and focus not moved outside it (then ATs "SHOULD NOT
 * limit navigation", WAI-ARIA 1.2 aria-modal). Only a real, visible modal counts (`isRealModal`).
 * The last such in tree order; null when none.
 */
function findAriaModal(root: Element, active: Element | null): Element | null {
  const candidates = root.querySelectorAll('[aria-modal]');
  for (let i = candidates.length - 1; i >= 0; i--) {
    const element = candidates[i]!;
    if ((element.getAttribute('aria-modal') ?? '').toLowerCase() !== 'true') continue;
    const role = getRole(element);
    if (role !== 'dialog' && role !== 'alertdialog') continue;
    if (getHiddenFlags(element) !== 0 || !isStyleVisible(element)) continue;
    if (!isRealModal(element)) continue;
    const doc = element.ownerDocument;
    const focusOutside = !!active && active !== doc.body && active !== doc.documentElement &&
      !containsComposed(element, active);
    if (focusOutside) continue;
    return element;
  }
  return null;
}

/**
 * A dialog that can hold a user: not a native control given the role (`<button role=dialog>`: the
 * role is not allowed there, https://www.w3.org/TR/html-aria/#el-button), with a non-empty box
 * (its own, or a child's under `display: contents`), and with content: some text or a focusable
 * element. Chromium keeps the rest of the page in its tree while an `aria-modal` dialog is shown
 * (it prunes only on platforms that ask it to, and only while focus is inside the dialog), and
 * Playwright's snapshot and locators ignore `aria-modal`; an empty 0×0 dialog or a button marked
 * as one must not hide the page.
 */
function isRealModal(element: Element): boolean {
  if (kNativeControls.has(element.localName)) return false;
  if (element.localName === 'a' && element.hasAttribute('href')) return false;
  if (!hasBox(element)) return false;
  const text = normalizeWhitespace(element.textContent ?? '');
  return !!text || !!element.querySelector(kFocusableSelector);
}

const kNativeControls = new Set(['button', 'input', 'select', 'textarea', 'summary', 'option', 'img', 'iframe']);
const kFocusableSelector = 'a[href], button, input:not([type=hidden]), select, textarea, [tabindex], [contenteditable]';

function hasBox(element: Element): boolean {
  if (getDisplay(element) === 'contents') {
    for (let c = element.firstElementChild; c; c = c.nextElementSibling) if (hasBox(c)) return true;
    return false;
  }
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

/**
 * Whether the text the lines below a node show, in order (a child node counts by its name, else by
 * its own lines), is `expected`. Stops as soon as that text is longer: a page's outer nodes hold
 * most of its text, and only named nodes ask.
 */
function contentEquals(children: TreeItem[], value: string | undefined, expected: string): boolean {
  const parts: string[] = [];
  let length = -1;
  for (let i = -1; i < children.length; i++) {
    // Each part is normalized (no edge or repeated ASCII whitespace): joined by single spaces, the
    // text is normalized as it grows, so its length so far is a lower bound.
    const part = i < 0 ? (value ? normalizeWhitespace(value) : '') : partOf(children[i]!);
    if (!part) continue;
    parts.push(part);
    length += part.length + 1;
    if (length > expected.length) return false;
  }
  return parts.join(' ') === expected;
}

/** The text a child item stands for in its parent's content ('' for a note line). */
function partOf(child: TreeItem): string {
  if (isText(child)) return child.text;
  return isNode(child) ? contentOfNode(child) : '';
}

/** A node's content (AriaNode.content): its name, else its children's, computed once. */
function contentOfNode(node: AriaNode): string {
  if (node.content !== undefined) return node.content;
  const parts: string[] = [];
  if (node.value) parts.push(normalizeWhitespace(node.value));
  for (const child of node.children) {
    const part = partOf(child);
    if (part) parts.push(part);
  }
  node.content = parts.filter(Boolean).join(' ');
  return node.content;
}

/** A leaf line without a name, ref, state, value or URL: it tells nothing (a bare `- img`). */
function isEmptyLeaf(node: AriaNode): boolean {
  return !node.children.length && !node.name && node.ref === undefined && node.url === undefined &&
    node.value === undefined && !node.closedShadow && !node.active && !node.disabled && !node.checked &&
    !node.expanded && !node.pressed && !node.selected && !node.level;
}

function isCollapsible(node: AriaNode): boolean {
  return node.role === 'generic' && !node.name && node.ref === undefined && node.children.length <= 1 &&
    !node.active && !node.disabled && !node.checked && !node.expanded && !node.pressed && !node.selected;
}

/** An inline element whose only child is one text node: its text joins the parent's text. */
function isInlineTextOnly(element: Element): boolean {
  const first = element.firstChild;
  return !!first && first.nodeType === 3 && !first.nextSibling && !element.shadowRoot &&
    getDisplay(element) === 'inline';
}

/** Inputs and textareas show their value, not their children. */
function isValueControl(element: Element): boolean {
  return element.localName === 'textarea' || element.localName === 'input';
}

/**
 * The value shown inline for text-like inputs and textareas. A secret field's (a password, or an
 * `autocomplete` of a credential, a one-time code or card data: see `isSecretField`) is masked.
 */
function controlValue(element: Element): string | undefined {
  const tag = tagOf(element);
  if (tag !== 'TEXTAREA' && tag !== 'INPUT') return undefined;
  const field = element as HTMLInputElement | HTMLTextAreaElement;
  if (tag === 'INPUT' && kNoValueInputTypes.has((field as HTMLInputElement).type)) return undefined;
  if (isSecretField(element)) return field.value ? '••••' : undefined;
  return field.value;
}
