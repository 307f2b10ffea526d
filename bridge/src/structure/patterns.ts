/**
 * `inspectPattern`: the element children of the ancestor at one level, to show whether the
 * target sits in a repeating pattern (cards, rows, list items) and what tells the siblings apart.
 */

import { beginWalk, endWalk, tagNameOf } from '../dom';
import { normalizeWhitespace, truncate } from '../aria/text';
import { elementText, type TextCache } from '../locator/text';
import { getRole } from '../aria/roles';
import type { RefRegistry } from '../snapshot/refs';
import { getAttributes, type Attributes } from './attributes';
import { kMaxRefsPerContainer } from './containers';
import { ancestorAt, collectRefs, isSubtreeSkipped, isVisible, structureChildren, visibleText } from './tree';

export const kMaxSiblings = 30;
/** Texts per sibling in page order, then more (up to `kMaxTextsApart`) to tell it apart from each sibling. */
export const kMaxTexts = 3;
export const kMaxTextsApart = 8;
export const kMaxTextLength = 60;
/** Texts read per sibling, and the longest (a heading's whole text) before the cut to `kMaxTextLength`. */
const kMaxTextsRead = 40;
const kMaxWholeText = 200;
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
    const texts = siblingTexts(indices.map(index => children[index]!));
    const result: PatternResult = {
      ancestorLevel: level,
      containerAt: { tagName: tagNameOf(container), attributes: getAttributes(container) },
      targetSiblingIndex: targetIndex,
      siblings: indices.map((index, position) => {
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
          containsText: texts[position]!,
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

/** A sibling's texts in page order (full, for comparing) and its whole text (lower case, for `hasText`). */
interface SiblingTexts {
  texts: string[];
  whole: string;
}

/**
 * Each listed sibling's texts, chosen so that the ones that set it apart are never dropped: its
 * first 3 distinct texts in page order (a heading's whole text, else each element's own text),
 * then, for every other listed sibling it is not yet told apart from, its first text that sibling
 * does not contain (case-insensitive, as `filter({ hasText })` compares: Playwright's element text),
 * at most 8 in all, shown in page order, each cut to 60 characters.
 */
function siblingTexts(siblings: Element[]): string[][] {
  const cache: TextCache = new Map();
  const all: SiblingTexts[] = siblings.map(sibling => ({
    texts: textsInOrder(sibling),
    whole: elementText(cache, sibling).normalized.toLowerCase(),
  }));
  return all.map((mine, i) => {
    const kept = new Set<number>();
    for (let t = 0; t < mine.texts.length && kept.size < kMaxTexts; t++) kept.add(t);
    for (let j = 0; j < all.length && kept.size < kMaxTextsApart; j++) {
      if (j === i) continue;
      const other = all[j]!;
      const apart = (t: number): boolean => !other.whole.includes(mine.texts[t]!.toLowerCase());
      if ([...kept].some(apart)) continue;
      const next = mine.texts.findIndex((_text, t) => !kept.has(t) && apart(t));
      if (next >= 0) kept.add(next);
    }
    return [...kept].sort((a, b) => a - b).map(t => truncate(mine.texts[t]!, kMaxTextLength));
  });
}

/**
 * Distinct texts of `root` in page order: each run of text between elements (normalized), a
 * heading's whole text; hidden subtrees and form fields skipped.
 */
function textsInOrder(root: Element): string[] {
  if (!isVisible(root)) return [];
  if (isHeading(root)) return [visibleText(root, kMaxWholeText)].filter(Boolean);
  const texts: string[] = [];
  const add = (run: string): void => {
    const text = normalizeWhitespace(run);
    if (text && !texts.includes(text)) texts.push(text);
  };
  let budget = kTextWalkBudget;
  const stack: Array<{ nodes: Node[]; index: number; run: string; shown: boolean }> = [
    { nodes: nodesOf(root), index: 0, run: '', shown: true },
  ];
  while (stack.length && texts.length < kMaxTextsRead && budget > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.nodes.length) {
      add(frame.run);
      stack.pop();
      continue;
    }
    const node = frame.nodes[frame.index++]!;
    if (node.nodeType === 3) {
      if (frame.shown) frame.run += (node as Text).data;
      continue;
    }
    if (node.nodeType !== 1) continue;
    add(frame.run);
    frame.run = '';
    budget--;
    const element = node as Element;
    const tag = element.localName;
    if (isSubtreeSkipped(element) || tag === 'input' || tag === 'textarea' || tag === 'select') continue;
    if (isHeading(element)) {
      if (isVisible(element)) add(visibleText(element, kMaxWholeText));
      continue;
    }
    stack.push({ nodes: nodesOf(element), index: 0, run: '', shown: isVisible(element) });
  }
  return texts;
}

/** An open shadow root's nodes, then the light ones (the locator tree). */
function nodesOf(element: Element): Node[] {
  const light = Array.from(element.childNodes);
  return element.shadowRoot ? [...Array.from(element.shadowRoot.childNodes), ...light] : light;
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
