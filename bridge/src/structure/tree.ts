/**
 * The element tree the structural methods see. It is the tree Playwright's locators search:
 * ancestors climb parent elements and, from a shadow root's child, its host; a container's
 * children (`structureChildren`) are an open shadow root's children followed by the light-DOM
 * children, so slotted content belongs to its host (a locator scoped to an element inside the
 * shadow tree does not find it). `extractAnchors` alone lists content in render order, slotted
 * content under its slot, marked `slotted`.
 */

import { getStyle } from '../dom';
import { getAccessibleName } from '../aria/name';
import { getRole } from '../aria/roles';
import { normalizeWhitespace, truncate } from '../aria/text';
import { HIDDEN_RENDER, getHiddenFlags, isIgnoredTag, isStyleVisible } from '../aria/visibility';
import { BridgeError } from '../errors';
import { isInteractive, type RefRegistry } from '../snapshot/refs';
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

/** Rendered and `visibility: visible`. */
export function isVisible(element: Element): boolean {
  return !isSubtreeSkipped(element) && isStyleVisible(element);
}

/** Visible and interactive (README: Refs). */
export function isVisibleInteractive(element: Element): boolean {
  return isVisible(element) && isInteractive(element);
}

/**
 * Pre-order walk of the rendered elements under `root` (not `root` itself). By default in the
 * locator tree (`structureChildren`: the DOM and open shadow roots, as Playwright's locators see
 * it: slotted content under its host); with `renderOrder`, in the flat tree (`flatChildren`:
 * slotted content under its slot).
 */
export function walkRendered(root: Element, enter: (element: Element, depth: number) => boolean | void,
  leave?: (element: Element) => void, renderOrder = false): void {
  const children = renderOrder ? flatChildren : structureChildren;
  const visit = (element: Element, depth: number): void => {
    for (const child of children(element)) {
      if (isSubtreeSkipped(child)) continue;
      const descend = enter(child, depth);
      if (descend !== false) visit(child, depth + 1);
      leave?.(child);
    }
  };
  visit(root, 1);
}

/** Refs of the visible interactive descendants of `root`, DOM order, at most `max`. */
export function collectRefs(refs: RefRegistry, root: Element, max: number): { refs: string[]; omitted: number } {
  const found: string[] = [];
  let total = 0;
  walkRendered(root, element => {
    if (isStyleVisible(element) && isInteractive(element)) {
      total++;
      if (found.length < max) found.push(refs.label(refs.ensure(element)));
    }
  });
  return { refs: found, omitted: total - found.length };
}

/** The element's own text nodes, normalized. */
export function directText(element: Element): string {
  let text = '';
  for (let c = element.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) text += (c as Text).data;
  return normalizeWhitespace(text);
}

/**
 * Normalized rendered text of `element` (shadow content included, hidden subtrees skipped,
 * block children set apart by spaces), cut at `max` characters; stops reading once it has enough.
 */
export function visibleText(element: Element, max: number): string {
  let text = '';
  const limit = max * 2 + 16;
  const visit = (el: Element): void => {
    const children = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
    for (let i = 0; i < children.length && text.length < limit; i++) {
      const child = children[i]!;
      if (child.nodeType === 3) {
        if (isStyleVisible(el)) text += (child as Text).data;
      } else if (child.nodeType === 1) {
        const childElement = child as Element;
        if (childElement.localName === 'slot') {
          const assigned = (childElement as HTMLSlotElement).assignedNodes();
          if (assigned.length) {
            for (const node of assigned) {
              if (node.nodeType === 3) text += (node as Text).data;
              else if (node.nodeType === 1 && !isSubtreeSkipped(node as Element)) visit(node as Element);
            }
            continue;
          }
        }
        if (isSubtreeSkipped(childElement)) continue;
        const display = getStyle(childElement).display;
        const pad = display !== 'inline' || childElement.localName === 'br' ? ' ' : '';
        text += pad;
        visit(childElement);
        text += pad;
      }
    }
  };
  if (element.localName === 'input' || element.localName === 'textarea') return '';
  visit(element);
  return truncate(normalizeWhitespace(text), max);
}

/** Role and accessible name as reported by structural methods (`generic` for no role). */
export function describeRole(element: Element): { role: string; name: string } {
  const role = getRole(element) ?? 'generic';
  return { role, name: truncate(normalizeWhitespace(getAccessibleName(element)), kMaxNameLength) };
}


