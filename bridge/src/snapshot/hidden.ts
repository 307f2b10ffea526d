/**
 * What a snapshot leaves out, measured so that it can say so in one line (README: Snapshot format):
 * the page behind a modal dialog, and a subtree excluded from the accessibility tree by
 * `aria-hidden="true"` or `inert` while it is still rendered.
 *
 * Content hidden this way is still on screen, and locators still reach it: `getByText`, CSS and
 * test ids match it; `getByRole` skips it unless `includeHidden: true` (Playwright's
 * `isElementHiddenForAria` counts `aria-hidden`; `inert` and a modal dialog do not hide for it).
 */

import { getDisplay, tagNameOf } from '../dom';
import { isIgnoredTag, isStyleVisible } from '../aria/visibility';
import { classValue } from '../structure/attributes';
import { isInteractive } from './refs';

/** Elements a count reads at most: a count is an order of size, not a census. */
export const kMaxCounted = 50_000;
/**
 * A hidden subtree gets a line only when it holds this many interactive elements or this much text
 * (characters): a page or a section hidden by a banner's focus trap, not a decorative icon or the
 * duplicate image link beside a title link.
 */
export const kNoteInteractive = 3;
export const kNoteTextChars = 200;

export interface RenderedCount {
  /** Rendered elements (not `display: none`, not in an unrendered subtree), `visibility: visible`. */
  elements: number;
  /** Of them, interactive ones (README: Refs). */
  interactive: number;
  /** Characters of their own text nodes, each trimmed. */
  textChars: number;
}

/**
 * Counts the rendered elements of `root`'s subtree (`root` included unless `exclude` is `root`),
 * through open shadow roots, leaving out the subtree of `exclude`. SVG content counts as its `<svg>`.
 */
export function countRendered(root: Element, exclude?: Element): RenderedCount {
  const count: RenderedCount = { elements: 0, interactive: 0, textChars: 0 };
  const stack: Element[] = [root];
  let read = 0;
  while (stack.length && read < kMaxCounted) {
    const element = stack.pop()!;
    read++;
    if (element === exclude || isIgnoredTag(element) || getDisplay(element) === 'none') continue;
    const visible = isStyleVisible(element);
    if (visible) {
      count.elements++;
      if (isInteractive(element)) count.interactive++;
      for (let c = element.firstChild; c; c = c.nextSibling)
        if (c.nodeType === 3) count.textChars += (c as Text).data.trim().length;
    }
    if (element.localName === 'svg') continue;
    const children = element.shadowRoot ? element.shadowRoot.children : element.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    // A host's light children render through its slots.
    if (element.shadowRoot) for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]!);
  }
  return count;
}

/** `tag#id.class1.class2`: how a note names an element (at most two class names). */
export function describeElement(element: Element): string {
  let text = tagNameOf(element);
  const id = element.getAttribute('id');
  if (id && /^[A-Za-z][\w-]{0,39}$/.test(id)) text += `#${id}`;
  const classes = classValue(element.getAttribute('class') ?? '').replace(/…$/, '').split(' ').filter(Boolean);
  for (const name of classes.slice(0, 2)) if (/^[A-Za-z_-][\w-]*$/.test(name)) text += `.${name}`;
  return text;
}

/** Why a rendered subtree is out of the accessibility tree: its own attribute, else a modal dialog. */
export function hiddenReason(element: Element): 'aria-hidden' | 'inert' | 'modal' {
  if ((element.getAttribute('aria-hidden') ?? '').toLowerCase() === 'true') return 'aria-hidden';
  if (element.hasAttribute('inert')) return 'inert';
  return 'modal';
}
