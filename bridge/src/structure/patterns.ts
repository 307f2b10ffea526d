/**
 * `inspectPattern`: the element children of the ancestor at one level, to show whether the
 * target sits in a repeating pattern (cards, rows, list items) and what tells the siblings apart.
 */

import { beginWalk, endWalk, getStyle, tagNameOf } from '../dom';
import { normalizeWhitespace, truncate } from '../aria/text';
import { getRole } from '../aria/roles';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes, type Attributes } from './attributes';
import { kMaxRefsPerContainer } from './containers';
import { ancestorAt, collectRefs, directText, isVisible, structureChildren, visibleText, walkRendered } from './tree';

export const kMaxSiblings = 30;
export const kMaxTexts = 3;
export const kMaxTextLength = 60;
export const kMaxOutline = 6;
const kOutlineChainDepth = 3;
const kTextWalkBudget = 400;

export interface PatternResult {
  ancestorLevel: number;
  containerAt: { tagName: string; attributes: Attributes };
  targetSiblingIndex: number;
  siblings: Array<{
    index: number;
    tagName: string;
    attributes: Attributes;
    containsText: string[];
    /** The child shape; `'same'` when it equals the previous listed sibling's. */
    outline: string[] | 'same';
    containsRefs: string[];
    refsOmitted?: number;
  }>;
  omitted?: number;
}

export function inspectPattern(refs: RefRegistry, ref: number, level: number): PatternResult {
  const target = refs.resolve(ref);
  beginWalk();
  try {
    const { ancestors, container } = ancestorAt(target, level);
    const onPath = level === 1 ? target : ancestors[level - 2]!.element;
    const children = onPath.parentNode === container.shadowRoot && container.shadowRoot
      ? Array.from(container.shadowRoot.children)
      : Array.from(container.children);
    const targetIndex = children.indexOf(onPath);
    const indices: number[] = [];
    for (let i = 0; i < children.length && indices.length < kMaxSiblings; i++) indices.push(i);
    if (targetIndex >= kMaxSiblings) indices[kMaxSiblings - 1] = targetIndex;
    let previousOutline = '';
    const result: PatternResult = {
      ancestorLevel: level,
      containerAt: { tagName: tagNameOf(container), attributes: getAttributes(container) },
      targetSiblingIndex: targetIndex,
      siblings: indices.map(index => {
        const sibling = children[index]!;
        const found = collectRefs(refs, sibling, kMaxRefsPerContainer);
        // A repeating card's shape is told once: the siblings after it that share it say 'same'.
        const shape = outline(sibling);
        const key = JSON.stringify(shape);
        const same = key === previousOutline;
        previousOutline = key;
        const entry: PatternResult['siblings'][number] = {
          index,
          tagName: tagNameOf(sibling),
          attributes: getAttributes(sibling),
          containsText: containedTexts(sibling),
          outline: same ? 'same' : shape,
          containsRefs: found.refs,
        };
        if (found.omitted) entry.refsOmitted = found.omitted;
        return entry;
      }),
    };
    if (children.length > indices.length) result.omitted = children.length - indices.length;
    return result;
  } finally {
    endWalk();
  }
}

function isHeading(element: Element): boolean {
  return getRole(element) === 'heading';
}

/** Up to 3 distinct texts: headings first, then each element's own text in DOM order. */
function containedTexts(root: Element): string[] {
  if (!isVisible(root)) return [];
  const headings: string[] = [];
  const others: string[] = [];
  const rootOwn = directText(root);
  if (isHeading(root)) headings.push(visibleText(root, kMaxTextLength));
  else if (rootOwn) others.push(rootOwn);
  let budget = kTextWalkBudget;
  walkRendered(root, element => {
    if (--budget < 0) return false;
    if (!isVisible(element)) return true;
    if (isHeading(element)) {
      const text = visibleText(element, kMaxTextLength);
      if (text) headings.push(text);
      return false;
    }
    const own = ownText(element);
    if (own) others.push(own);
    return true;
  });
  const result: string[] = [];
  for (const text of [...headings, ...others]) {
    const cut = truncate(text, kMaxTextLength);
    if (!result.includes(cut)) result.push(cut);
    if (result.length >= kMaxTexts) break;
  }
  return result;
}

function ownText(element: Element): string {
  const tag = element.localName;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return '';
  if (getStyle(element).visibility !== 'visible') return '';
  return normalizeWhitespace(directText(element));
}

/**
 * Up to 6 child elements as `tag`, or a single-child chain `div>button` (the shape of the sibling;
 * its refs are in `containsRefs`).
 */
function outline(element: Element): string[] {
  const result: string[] = [];
  for (const child of structureChildren(element)) {
    if (result.length >= kMaxOutline) break;
    if (!isVisible(child)) continue;
    const parts: string[] = [];
    let current: Element | null = child;
    while (current && parts.length < kOutlineChainDepth) {
      parts.push(tagNameOf(current));
      const kids: Element[] = structureChildren(current).filter(isVisible);
      current = kids.length === 1 ? kids[0]! : null;
    }
    result.push(parts.join('>'));
  }
  return result;
}
