/**
 * Renders a snapshot tree as text, Playwright-MCP style (README: Snapshot format), one node a line,
 * two spaces of indent a level, with the depth and size limits of the `snapshot` method.
 */

import { truncate } from '../aria/text';
import { isNode, isText, type AriaNode, type HiddenRun, type ModalNote, type NoteItem, type TreeItem } from './tree';
import type { RefRegistry } from './refs';

/**
 * Longest text of a line (a text, an inline text or value) and of a `/url`, characters: a snapshot
 * is for finding elements and scoping locators (getByText and hasText match substrings), not for
 * reading an article; the tail of a long text or a URL's tracking parameters cost tokens on every
 * line that has them (issue 17: on real pages, texts and URLs are most of a snapshot's tokens).
 */
export const kMaxLineText = 100;
export const kMaxUrl = 100;

export interface RenderOptions {
  /** Lines deeper than this are cut (the root's children are depth 1). */
  depth?: number;
  /** The text is cut at the last whole line that fits. */
  maxChars?: number;
  /** The tree's root node is itself a line (a subtree snapshot) rather than a container. */
  rootIsNode: boolean;
}

export interface RenderedSnapshot {
  text: string;
  refCount: number;
  nodeCount: number;
  truncated: null | { totalChars: number; totalLines: number; shownLines: number };
  iframes: Array<{ ref: string; line: number }>;
}

interface Line {
  text: string;
  ref?: number;
  node: boolean;
  iframe: boolean;
}

export function renderTree(root: AriaNode, refs: RefRegistry, options: RenderOptions): RenderedSnapshot {
  const lines: Line[] = [];
  const maxDepth = options.depth !== undefined && options.depth >= 0 ? options.depth : Infinity;

  /** Pushes the item's lines; returns the children still to print below it. */
  const visit = (item: TreeItem, indent: string): TreeItem[] | undefined => {
    if (isText(item)) {
      lines.push({ text: `${indent}- text: ${yamlValue(truncate(item.text, kMaxLineText))}`, node: false, iframe: false });
      return undefined;
    }
    if (!isNode(item)) {
      lines.push({ text: `${indent}- … ${noteText(item, refs)}`, node: false, iframe: false });
      return undefined;
    }
    let line = `${indent}- ${item.role}`;
    if (item.name) line += ' ' + quote(item.name);
    line += stateSuffix(item);
    if (item.ref !== undefined) line += ` [ref=${refs.label(item.ref)}]`;
    const props: string[] = [];
    if (item.url !== undefined) props.push(`${indent}  - /url: ${yamlValue(truncate(item.url, kMaxUrl))}`);
    if (item.closedShadow) props.push(`${indent}  - … closed shadow root`);
    const children = item.children;
    // `- paragraph: $999`, `- textbox "Email": a@b.c`: one text (or an input's value) goes inline.
    const only = children.length === 1 ? children[0]! : undefined;
    const onlyText = only && isText(only) ? only.text : undefined;
    const inline = item.value !== undefined && !children.length ? item.value : (props.length ? undefined : onlyText);
    if (inline !== undefined) {
      lines.push(lineOf(`${line}: ${yamlValue(truncate(inline, kMaxLineText))}`, item));
      return undefined;
    }
    const hasChildren = children.length > 0 || props.length > 0;
    lines.push(lineOf(hasChildren ? line + ':' : line, item));
    for (const p of props) lines.push({ text: p, node: false, iframe: false });
    return children;
  };

  // Depth first with an explicit stack: trees can nest thousands of levels deep.
  const stack: Array<{ items: TreeItem[]; index: number; indent: string; depth: number }> = [
    { items: root.children, index: 0, indent: '', depth: options.rootIsNode ? 0 : 1 },
  ];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.items.length) {
      stack.pop();
      continue;
    }
    const children = visit(frame.items[frame.index++]!, frame.indent);
    if (!children || !children.length) continue;
    if (frame.depth + 1 > maxDepth) {
      lines.push({ text: `${frame.indent}  - … ${countLines(children)} more`, node: false, iframe: false });
      continue;
    }
    stack.push({ items: children, index: 0, indent: frame.indent + '  ', depth: frame.depth + 1 });
  }
  return finish(lines, refs, options.maxChars);
}

function lineOf(text: string, node: AriaNode): Line {
  return { text, ref: node.ref, node: true, iframe: node.role === 'iframe' };
}

function stateSuffix(node: AriaNode): string {
  let s = '';
  if (node.checked === 'mixed') s += ' [checked=mixed]';
  else if (node.checked) s += ' [checked]';
  if (node.disabled) s += ' [disabled]';
  if (node.expanded) s += ' [expanded]';
  if (node.level) s += ` [level=${node.level}]`;
  if (node.pressed === 'mixed') s += ' [pressed=mixed]';
  else if (node.pressed) s += ' [pressed]';
  if (node.selected) s += ' [selected]';
  if (node.active) s += ' [active]';
  return s;
}

/** Lines the children would print: nodes, texts, notes and `/url` lines (an inline text is on its node's line). */
function countLines(children: TreeItem[]): number {
  let count = 0;
  const pending: TreeItem[][] = [children];
  while (pending.length) {
    for (const child of pending.pop()!) {
      count++;
      if (!isNode(child)) continue;
      if (child.url !== undefined) count++;
      if (child.closedShadow) count++;
      const inline = child.url === undefined && !child.closedShadow && child.children.length === 1 &&
        isText(child.children[0]!);
      if (!inline) pending.push(child.children);
    }
  }
  return count;
}

/**
 * The text of a note line (after `- … `):
 * `modal dialog "Cookies" [ref=e3] hides 812 elements of the page (95 interactive); behindModal: true shows them`,
 * `aria-hidden div#main: 812 elements (95 interactive) not shown; getByRole finds them only with includeHidden: true`.
 */
function noteText(item: NoteItem, refs: RefRegistry): string {
  if ('modal' in item) return modalText(item.modal, refs);
  return hiddenText(item.hidden);
}

function modalText(modal: ModalNote, refs: RefRegistry): string {
  const name = modal.name ? ` ${JSON.stringify(modal.name)}` : '';
  return `modal ${modal.role}${name} [ref=${refs.label(modal.ref)}] hides ${modal.elements} elements of the page ` +
    `(${modal.interactive} interactive); behindModal: true shows them`;
}

function hiddenText(run: HiddenRun): string {
  const what = run.subtrees > 1 ? `${run.element} and ${run.subtrees - 1} more sibling(s)` : run.element;
  const locators = run.reason === 'aria-hidden'
    ? 'getByRole finds them only with includeHidden: true'
    : run.reason === 'inert' ? 'inert: they take no focus or clicks' : 'inert behind the modal dialog';
  return `${run.reason === 'modal' ? 'behind a modal' : run.reason} ${what}: ${run.elements} elements ` +
    `(${run.interactive} interactive) not shown; ${locators}`;
}

function finish(lines: Line[], refs: RefRegistry, maxChars: number | undefined): RenderedSnapshot {
  let shown = lines.length;
  let totalChars = 0;
  for (let i = 0; i < lines.length; i++) totalChars += lines[i]!.text.length + (i ? 1 : 0);
  if (maxChars !== undefined && totalChars > maxChars) {
    let used = 0;
    shown = 0;
    for (let i = 0; i < lines.length; i++) {
      const next = used + lines[i]!.text.length + (i ? 1 : 0);
      if (next > maxChars) break;
      used = next;
      shown = i + 1;
    }
  }
  const iframes: Array<{ ref: string; line: number }> = [];
  let refCount = 0;
  let nodeCount = 0;
  const out: string[] = [];
  for (let i = 0; i < shown; i++) {
    const line = lines[i]!;
    out.push(line.text);
    if (line.node) nodeCount++;
    if (line.ref !== undefined) {
      refCount++;
      if (line.iframe) iframes.push({ ref: refs.label(line.ref), line: i });
    }
  }
  return {
    text: out.join('\n'),
    refCount,
    nodeCount,
    truncated: shown < lines.length ? { totalChars, totalLines: lines.length, shownLines: shown } : null,
    iframes,
  };
}

/**
 * Bidi controls and zero-width characters (verdex/safe_text.py INVISIBLE: the same list): never
 * written raw, since they reorder or hide the text around them. A string holding one is quoted, and in
 * quotes they are JSON escapes (`"\u202eDelete"`): the same string, so a locator copied from it matches.
 */
const kInvisible = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** `text` as a JSON string literal, invisible characters as `\uXXXX` escapes. */
export function quote(text: string): string {
  return JSON.stringify(text).replace(kInvisible, ch => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
}

// A YAML plain scalar when it reads back as the same string, else a JSON (= YAML double-quoted) one.
const kNeedsQuotes = /^$|^\s|\s$|^[-?:,[\]{}#&*!|>'"%@`]|: |:$| #|^(true|false|null|yes|no|on|off|~)$|^[-+]?(\d[\d_]*\.?\d*|\.\d+)([eE][-+]?\d+)?$|[\u0000-\u001f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/i;

export function yamlValue(text: string): string {
  return kNeedsQuotes.test(text) ? quote(text) : text;
}
