/**
 * `resolveContainer`: the target and its ancestors up to `<body>`, each with its locator
 * attributes, child count and the refs of the visible interactive elements inside it.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes, getTargetAttributes, type Attributes } from './attributes';
import { isClosedShadowHost } from '../shadow';
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
 * order, from one walk of the outermost: a subtree is a contiguous run of a pre-order walk. The
 * outermost is often the whole page: the walk passes every element without reading its style
 * (`walkStructure`), and only the interactive ones are checked for visibility.
 */
function interactiveRanges(chain: Element[]): Map<Element, Element[]> {
  const result = new Map<Element, Element[]>();
  if (!chain.length) return result;
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
