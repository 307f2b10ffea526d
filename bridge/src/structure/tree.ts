/**
 * The element tree the structural methods see. It is the tree Playwright's locators search:
 * ancestors climb parent elements and, from a shadow root's child, its host; a container's
 * children (`structureChildren`) are an open shadow root's children followed by the light-DOM
 * children, so slotted content belongs to its host (a locator scoped to an element inside the
 * shadow tree does not find it). `extractAnchors` alone lists content in render order, slotted
 * content under its slot, marked `slotted`.
 */

import { getStyle, textData } from '../dom';
import { getAccessibleName } from '../aria/name';
import { getRole } from '../aria/roles';
import { normalizeWhitespace, truncate } from '../aria/text';
import { HIDDEN_ARIA, HIDDEN_RENDER, getHiddenFlags, isIgnoredTag, isRendered, isStyleVisible } from '../aria/visibility';
import { BridgeError } from '../errors';
import { isInteractive, isInteractiveKind, type RefRegistry } from '../snapshot/refs';
import { isClosedShadowHost, isRenderedLightChild } from '../shadow';
import { kMaxNameLength } from '../snapshot/tree';

export interface Ancestor {
  element: Element;
  /** Reached by leaving a shadow root for its host. */
  shadowHost: boolean;
}

/** Ancestors from the parent (level 1) up to, not including, `<body>` (or `<html>`). */
export function getAncestors(element: Element): Ancestor[] {
  const result: Ancestor[] = [];
  let current: Element = element;
  for (;;) {
    let parent: Element | null = current.parentElement;
    let shadowHost = false;
    if (!parent) {
      const node = current.parentNode;
      if (node && node.nodeType === 11 && (node as ShadowRoot).host) {
        parent = (node as ShadowRoot).host;
        shadowHost = true;
      }
    }
    if (!parent || parent.localName === 'body' || parent.localName === 'html') break;
    result.push({ element: parent, shadowHost });
    current = parent;
  }
  return result;
}

/** The ancestor at `level` (1 = parent) or `level-out-of-range`. */
export function ancestorAt(element: Element, level: number): { ancestors: Ancestor[]; container: Element } {
  const ancestors = getAncestors(element);
  if (level < 1 || level > ancestors.length) {
    throw new BridgeError('level-out-of-range',
      `ancestorLevel ${level} is out of range: this element has ${ancestors.length} ancestor(s) below <body> (levels 1..${ancestors.length})`,
      { ancestorCount: ancestors.length });
  }
  return { ancestors, container: ancestors[level - 1]!.element };
}

/** Shadow-root children (open roots) then light children. */
export function structureChildren(element: Element): Element[] {
  const result: Element[] = [];
  const shadow = element.shadowRoot;
  if (shadow) for (let c = shadow.firstElementChild; c; c = c.nextElementSibling) result.push(c);
  for (let c = element.firstElementChild; c; c = c.nextElementSibling) result.push(c);
  return result;
}

/**
 * Element children in render order (the flat tree): an open shadow root's children for its host
 * (its light children render at their slots), a slot's assigned elements (else its fallback
 * children), a closed root's host's light children that render (slotted), else the children.
 */
export function flatChildren(element: Element): Element[] {
  const shadow = element.shadowRoot;
  if (shadow) return Array.from(shadow.children);
  if (element.localName === 'slot') {
    const assigned = (element as HTMLSlotElement).assignedElements();
    if (assigned.length || (element as HTMLSlotElement).assignedNodes().length) return assigned;
  }
  const children = Array.from(element.children);
  return isClosedShadowHost(element) ? children.filter(isRenderedLightChild) : children;
}

/** Not rendered at all (display:none, unslotted, closed details ...): skip the subtree. */
export function isSubtreeSkipped(element: Element): boolean {
  return isIgnoredTag(element) || (getHiddenFlags(element) & HIDDEN_RENDER) !== 0;
}

/** Rendered but excluded from the accessibility tree: inside aria-hidden, inert, or behind a modal dialog. */
export function isHiddenFromTree(element: Element): boolean {
  return (getHiddenFlags(element) & HIDDEN_ARIA) !== 0;
}

/** Rendered and `visibility: visible`. */
export function isVisible(element: Element): boolean {
  return isRendered(element) && isStyleVisible(element);
}

/**
 * Visible and interactive (README: Refs). The attribute and role tests come first: most elements
 * are not interactive, and for those no computed style is read.
 */
export function isVisibleInteractive(element: Element): boolean {
  return isInteractiveKind(element) && isVisible(element) && getStyle(element).pointerEvents !== 'none';
}

/**
 * Pre-order walk of the rendered elements under `root` (not `root` itself): `enter` (false: skip
 * the element's subtree), then its subtree, then `leave`. An explicit stack, no recursion per level.
 * By default in the locator tree (`structureChildren`: the DOM and open shadow roots, as
 * Playwright's locators see it: slotted content under its host); with `renderOrder`, in the flat
 * tree (`flatChildren`: slotted content under its slot).
 */
export function walkRendered(root: Element, enter: (element: Element, depth: number) => boolean | void,
  leave?: (element: Element) => void, renderOrder = false): void {
  const children = renderOrder ? flatChildren : structureChildren;
  const stack: Array<{ element: Element | null; children: Element[]; index: number }> = [
    { element: null, children: children(root), index: 0 },
  ];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.children.length) {
      stack.pop();
      if (frame.element) leave?.(frame.element);
      continue;
    }
    const child = frame.children[frame.index++]!;
    if (isSubtreeSkipped(child)) continue;
    if (enter(child, stack.length) !== false) stack.push({ element: child, children: children(child), index: 0 });
    else leave?.(child);
  }
}

/**
 * Pre-order walk of every element under `root` (not `root` itself) in the locator tree (open
 * shadow root's children, then light children), hidden subtrees included: `enter`, its subtree,
 * then `leave`. No style is read, no array is built per element: for walks that test few of the
 * elements they pass (the hidden ones among them answer `isVisible` false, hidden flags being
 * inherited down the flat tree, which passes through every ancestor of the locator tree).
 */
export function walkStructure(root: Element, enter: (element: Element) => void, leave: (element: Element) => void): void {
  // Each frame: the element whose children are walked, the next child, and whether that child is
  // in the element's shadow root (the light children follow it).
  const stack: Array<{ element: Element; next: Element | null; inShadow: boolean }> = [];
  const push = (element: Element): void => {
    const shadow = element.shadowRoot;
    const first = shadow?.firstElementChild ?? null;
    stack.push(first ? { element, next: first, inShadow: true } : { element, next: element.firstElementChild, inShadow: false });
  };
  push(root);
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const child = frame.next;
    if (!child) {
      if (frame.inShadow) {
        frame.inShadow = false;
        frame.next = frame.element.firstElementChild;
        continue;
      }
      stack.pop();
      if (stack.length) leave(frame.element);
      continue;
    }
    frame.next = child.nextElementSibling;
    if (!frame.next && frame.inShadow) {
      frame.inShadow = false;
      frame.next = frame.element.firstElementChild;
    }
    enter(child);
    push(child);
  }
}

/** Refs of the visible interactive descendants of `root`, DOM order, at most `max`. */
export function collectRefs(refs: RefRegistry, root: Element, max: number): { refs: string[]; omitted: number } {
  const found: string[] = [];
  let total = 0;
  walkRendered(root, element => {
    if (isInteractive(element) && isStyleVisible(element)) {
      total++;
      if (found.length < max) found.push(refs.label(refs.ensure(element)));
    }
  });
  return { refs: found, omitted: total - found.length };
}

/** The element's own text nodes, normalized. */
export function directText(element: Element): string {
  let text = '';
  for (let c = element.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) text += textData(c as Text);
  return normalizeWhitespace(text);
}

/**
 * Normalized rendered text of `element` (shadow content included, hidden subtrees skipped,
 * block children set apart by spaces), cut at `max` characters; stops reading once it has enough.
 */
export function visibleText(element: Element, max: number): string {
  if (element.localName === 'input' || element.localName === 'textarea') return '';
  let text = '';
  const limit = max * 2 + 16;
  // Frames of the elements being read; `pad` closes a block with a space; `assigned`: the nodes a
  // slot was given (they count as they are, without padding).
  const stack: Array<{ parent: Element; nodes: ArrayLike<Node>; index: number; pad: string; assigned: boolean }> = [
    { parent: element, nodes: childrenOf(element), index: 0, pad: '', assigned: false },
  ];
  while (stack.length && text.length < limit) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.nodes.length) {
      stack.pop();
      text += frame.pad;
      continue;
    }
    const child = frame.nodes[frame.index++]!;
    if (child.nodeType === 3) {
      if (frame.assigned || isStyleVisible(frame.parent)) text += textData(child as Text);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const childElement = child as Element;
    if (childElement.localName === 'slot' && !frame.assigned) {
      const assigned = (childElement as HTMLSlotElement).assignedNodes();
      if (assigned.length) {
        stack.push({ parent: childElement, nodes: assigned, index: 0, pad: '', assigned: true });
        continue;
      }
    }
    if (isSubtreeSkipped(childElement)) continue;
    const display = getStyle(childElement).display;
    const pad = !frame.assigned && (display !== 'inline' || childElement.localName === 'br') ? ' ' : '';
    text += pad;
    stack.push({ parent: childElement, nodes: childrenOf(childElement), index: 0, pad, assigned: false });
  }
  return truncate(normalizeWhitespace(text), max);
}

function childrenOf(element: Element): NodeListOf<ChildNode> {
  return element.shadowRoot ? element.shadowRoot.childNodes : element.childNodes;
}

/** Role and accessible name as reported by structural methods (`generic` for no role). */
export function describeRole(element: Element): { role: string; name: string } {
  const role = getRole(element) ?? 'generic';
  return { role, name: truncate(normalizeWhitespace(getAccessibleName(element)), kMaxNameLength) };
}


