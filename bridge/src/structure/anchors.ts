/**
 * `extractAnchors`: the descendants of one ancestor, pre-order and flat, with the facts that make
 * a container-scoped locator distinctive (test ids, roles, names, texts).
 */

import { beginWalk, endWalk, tagNameOf, tagOf } from '../dom';
import { getAccessibleName } from '../aria/name';
import { getRole } from '../aria/roles';
import { normalizeWhitespace, truncate } from '../aria/text';
import type { RefRegistry } from '../snapshot/refs';
import { kMaxNameLength } from '../snapshot/tree';
import { getAttributes, type Attributes } from './attributes';
import {
  ancestorAt, directText, flatChildren, isHiddenFromTree, isSubtreeSkipped, isVisible, isVisibleInteractive, visibleText,
  walkRendered,
} from './tree';
import { isClosedShadowHost } from '../shadow';

export const kMaxAnchorDepth = 4;
export const kMaxAnchors = 40;
export const kMaxAnchorText = 80;

export interface AnchorEntry {
  depth: number;
  index: number;
  tagName: string;
  attributes: Attributes;
  ref?: string;
  role?: string;
  name?: string;
  /** The topmost listed element of a subtree excluded from the accessibility tree. */
  ariaHidden?: boolean;
  directText?: string;
  fullText?: string;
  closedShadowRoot?: boolean;
  /** Rendered here through the slot above it; in the DOM (and for locators) a child of the host. */
  slotted?: boolean;
  /** This entry stands for `count` consecutive identical leaf siblings (`index` is the first). */
  count?: number;
}

export interface AnchorsResult {
  /** The container; `directText`: the text directly inside it (between its child elements), at most 80 characters. */
  ancestorAt: { level: number; tagName: string; attributes: Attributes; directText?: string };
  descendants: AnchorEntry[];
  omitted?: number;
}

// Elements whose whole text is the useful fact, even when it is spread over child elements.
const kFullTextTags = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LABEL', 'LEGEND', 'CAPTION', 'FIGCAPTION',
  'SUMMARY', 'BUTTON', 'A', 'P', 'LI', 'DT', 'DD', 'TD', 'TH', 'OPTION']);
const kFullTextRoles = new Set(['heading', 'button', 'link', 'paragraph', 'listitem', 'cell', 'gridcell',
  'columnheader', 'rowheader', 'option', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem']);

export function extractAnchors(refs: RefRegistry, ref: number, level: number): AnchorsResult {
  const target = refs.resolve(ref);
  beginWalk();
  try {
    const { ancestors, container } = ancestorAt(target, level);
    // The target and its ancestors below the container are always listed, whatever the limits.
    const path = new Set<Element>([target, ...ancestors.slice(0, level - 1).map(a => a.element)]);
    const descendants: AnchorEntry[] = [];
    let omitted = 0;
    const indexOf = new Map<Element, number>();
    const index = (element: Element, parent: Element): number => {
      if (!indexOf.has(element)) flatChildren(parent).forEach((c, i) => indexOf.set(c, i));
      return indexOf.get(element) ?? 0;
    };
    const parents: Element[] = [container];
    // The last entry, when it may take in the next siblings: a leaf without a ref, and its parent.
    let run: { entry: AnchorEntry; key: string; parent: Element } | undefined;
    walkRendered(container, (element, depth) => {
      parents.length = depth;
      parents.push(element);
      if (!isVisible(element)) return true;
      const onPath = path.has(element);
      if (!onPath && (depth > kMaxAnchorDepth || descendants.length >= kMaxAnchors)) {
        omitted++;
        return element.namespaceURI !== 'http://www.w3.org/2000/svg';
      }
      const parent = parents[depth - 1]!;
      // Inside aria-hidden, inert or behind a modal dialog: no role or name (getByRole cannot
      // find it); the topmost such element says so.
      const hidden = isHiddenFromTree(element) ? (depth === 1 || !isHiddenFromTree(parent) ? 'top' : 'inside') : false;
      const entry = describe(refs, element, depth, index(element, parent), hidden);
      if (parent.localName === 'slot' && element.assignedSlot) entry.slotted = true;
      const leaf = entry.ref === undefined && !onPath && isLeaf(element);
      const key = leaf ? runKey(entry) : '';
      const last = descendants[descendants.length - 1];
      if (run && leaf && run.entry === last && run.parent === parent && run.key === key
        && run.entry.index + (run.entry.count ?? 1) === entry.index) {
        run.entry.count = (run.entry.count ?? 1) + 1;
      } else {
        descendants.push(entry);
        run = leaf ? { entry, key, parent } : undefined;
      }
      // SVG internals are drawing, not anchors.
      return tagOf(element) !== 'SVG';
    }, undefined, true);
    const result: AnchorsResult = {
      ancestorAt: { level, tagName: tagNameOf(container), attributes: getAttributes(container) },
      descendants,
    };
    const own = directText(container);
    if (own) result.ancestorAt.directText = truncate(own, kMaxAnchorText);
    if (omitted) result.omitted = omitted;
    return result;
  } finally {
    endWalk();
  }
}

/** Nothing below it is walked: no rendered element children, or SVG (whose internals are skipped). */
function isLeaf(element: Element): boolean {
  if (tagOf(element) === 'SVG') return true;
  return flatChildren(element).every(isSubtreeSkipped);
}

/** What two entries must share to be one run: everything but their place. */
function runKey(entry: AnchorEntry): string {
  const { depth: _depth, index: _index, ...facts } = entry;
  return JSON.stringify(facts);
}

function describe(refs: RefRegistry, element: Element, depth: number, index: number,
  hidden: 'top' | 'inside' | false): AnchorEntry {
  const entry: AnchorEntry = { depth, index, tagName: tagNameOf(element), attributes: getAttributes(element) };
  if (isClosedShadowHost(element)) entry.closedShadowRoot = true;
  // Interactive elements get a ref; an element that has one already (a heading, cell ... from the
  // snapshot, the target) shows it.
  const known = refs.numberOf(element);
  if (known !== undefined || isVisibleInteractive(element)) entry.ref = refs.label(known ?? refs.ensure(element));
  const role = getRole(element);
  if (hidden === 'top') entry.ariaHidden = true;
  if (!hidden && role && role !== 'none' && role !== 'presentation' && role !== 'generic') {
    entry.role = role;
    const name = normalizeWhitespace(getAccessibleName(element));
    if (name) entry.name = truncate(name, kMaxNameLength);
  }
  const own = directText(element);
  const fullTextKind = kFullTextTags.has(tagOf(element)) || kFullTextRoles.has(role ?? '');
  const full = fullTextKind ? visibleText(element, kMaxAnchorText) : '';
  // A text equal to the accessible name says nothing new (`name: "Add to Cart"`).
  if (full && full !== truncate(own, kMaxAnchorText)) {
    if (full !== entry.name) entry.fullText = full;
  } else if (own) {
    const text = truncate(own, kMaxAnchorText);
    if (text !== entry.name) entry.directText = text;
  }
  return entry;
}
