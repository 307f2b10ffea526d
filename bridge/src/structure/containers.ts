/**
 * `resolveContainer`: the target and its ancestors up to `<body>`, each with its locator
 * attributes, child count and the refs of the visible interactive elements inside it.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import { kMaybeInteractiveSelector, type RefRegistry } from '../snapshot/refs';
import { getAttributes, getTargetAttributes, type Attributes } from './attributes';
import { anyClosedShadowHost, isClosedShadowHost } from '../shadow';
import { describeRole, getAncestors, isHiddenFromTree, isVisibleInteractive, structureChildren, visibleText, walkStructure } from './tree';

export const kMaxAncestors = 25;
export const kMaxRefsPerContainer = 8;
export const kMaxTargetText = 100;

export interface ContainerResult {
  target: {
    ref: string; tagName: string; role?: string; name?: string; ariaHidden?: boolean; text: string;
    /** Its locator attributes, plus its other aria-* and short data-* attributes. */
    attributes: Attributes;
    closedShadowRoot?: boolean;
  };
  ancestors: Array<{
    level: number;
    tagName: string;
    attributes: Attributes;
    childElements: number;
    containsRefs: string[];
    refsOmitted?: number;
    shadowHost?: boolean;
    closedShadowRoot?: boolean;
  }>;
  omitted?: number;
}

export function resolveContainer(refs: RefRegistry, ref: number): ContainerResult {
  const target = refs.resolve(ref);
  beginWalk();
  try {
    const all = getAncestors(target);
    const shown = all.slice(0, kMaxAncestors);
    const inside = interactiveRanges(shown.map(a => a.element));
    // Once an ancestor holds more refs than it lists, the ones above it would list the same first
    // refs again: they give their count only.
    let counting = false;
    const result: ContainerResult = {
      target: {
        ref: refs.label(ref), tagName: tagNameOf(target), ...targetRole(target), text: visibleText(target, kMaxTargetText),
        attributes: getTargetAttributes(target),
      },
      ancestors: shown.map((ancestor, i) => {
        const elements = inside.get(ancestor.element) ?? [];
        const listed = counting ? [] : elements.slice(0, kMaxRefsPerContainer);
        const entry: ContainerResult['ancestors'][number] = {
          level: i + 1,
          tagName: tagNameOf(ancestor.element),
          attributes: getAttributes(ancestor.element),
          childElements: structureChildren(ancestor.element).length,
          containsRefs: listed.map(e => refs.label(refs.ensure(e))),
        };
        if (elements.length > listed.length) entry.refsOmitted = elements.length - listed.length;
        if (elements.length > kMaxRefsPerContainer) counting = true;
        if (ancestor.shadowHost) entry.shadowHost = true;
        if (isClosedShadowHost(ancestor.element)) entry.closedShadowRoot = true;
        return entry;
      }),
    };
    if (isClosedShadowHost(target)) result.target.closedShadowRoot = true;
    if (all.length > shown.length) result.omitted = all.length - shown.length;
    return result;
  } finally {
    endWalk();
  }
}

/**
 * Role and name of the target; none for an element excluded from the accessibility tree
 * (`ariaHidden: true` instead), no name for a generic one (naming is prohibited on generic).
 */
function targetRole(target: Element): { role?: string; name?: string; ariaHidden?: boolean } {
  if (isHiddenFromTree(target)) return { ariaHidden: true };
  const { role, name } = describeRole(target);
  return { role, name: role === 'generic' ? '' : name };
}

/**
 * For each element of a chain of ancestors, the visible interactive elements inside it in DOM
 * order: a subtree is a contiguous run of a pre-order walk of the outermost. The outermost is often
 * the whole page, so where no shadow root is in it (`flatInteractiveRanges`) the browser finds the
 * elements that can be interactive (`querySelectorAll`, a superset) and only those are tested;
 * otherwise one walk of the outermost passes every element without reading its style
 * (`walkStructure`), and only the interactive ones are checked for visibility.
 */
function interactiveRanges(chain: Element[]): Map<Element, Element[]> {
  if (!chain.length) return new Map();
  return flatInteractiveRanges(chain) ?? walkedInteractiveRanges(chain);
}

/** `Node.DOCUMENT_POSITION_*` bits (DOM Standard, compareDocumentPosition). */
const kPreceding = 2;
const kFollowing = 4;
const kContainedBy = 16;

/**
 * `interactiveRanges` for a chain whose outermost element holds no shadow root (null otherwise, and
 * when a closed root was ever found in the document): the candidates come in document order, which
 * is then the walk's, and each chain element's run is found by binary search
 * (`compareDocumentPosition`).
 */
function flatInteractiveRanges(chain: Element[]): Map<Element, Element[]> | null {
  const top = chain[chain.length - 1]!;
  if (anyClosedShadowHost() || top.shadowRoot) return null;
  const all = top.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) if (all[i]!.shadowRoot) return null;
  const found: Element[] = [];
  const candidates = top.querySelectorAll(kMaybeInteractiveSelector);
  for (let i = 0; i < candidates.length; i++) {
    const element = candidates[i]!;
    if (isVisibleInteractive(element)) found.push(element);
  }
  const result = new Map<Element, Element[]>();
  for (const member of chain) {
    if (member === top) continue;
    // The run of `member`: from the first element that is not before it (it, or inside it) to the
    // first after it.
    const start = firstIndex(found, e => (member.compareDocumentPosition(e) & kPreceding) === 0);
    const end = firstIndex(found, e => {
      const position = member.compareDocumentPosition(e);
      return (position & kFollowing) !== 0 && (position & kContainedBy) === 0;
    });
    result.set(member, found.slice(start, Math.max(start, end)));
  }
  result.set(top, found);
  return result;
}

/** The first index of `items` whose item passes `test` (false for a prefix, true after), or its length. */
function firstIndex<T>(items: T[], test: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (test(items[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}

function walkedInteractiveRanges(chain: Element[]): Map<Element, Element[]> {
  const result = new Map<Element, Element[]>();
  const top = chain[chain.length - 1]!;
  const members = new Set(chain);
  const found: Element[] = [];
  const starts = new Map<Element, number>();
  walkStructure(top, element => {
    if (members.has(element)) starts.set(element, found.length);
    if (isVisibleInteractive(element)) found.push(element);
  }, element => {
    if (members.has(element)) result.set(element, found.slice(starts.get(element) ?? found.length));
  });
  result.set(top, found);
  return result;
}
