/**
 * Renders a snapshot tree as text, Playwright-MCP style (README: Snapshot format), one node a line,
 * two spaces of indent a level, with the depth and size limits of the `snapshot` method.
 */

import { truncate } from '../aria/text';
import type { AriaNode, TextItem } from './tree';
import type { RefRegistry } from './refs';

export const kMaxLineText = 200;

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
  const visit = (item: AriaNode | TextItem, indent: string): Array<AriaNode | TextItem> | undefined => {
    if (!('role' in item)) {
      lines.push({ text: `${indent}- text: ${yamlValue(truncate(item.text, kMaxLineText))}`, node: false, iframe: false });
      return undefined;
    }
    let line = `${indent}- ${item.role}`;
    if (item.name) line += ' ' + quote(item.name);
    line += stateSuffix(item);
    if (item.ref !== undefined) line += ` [ref=${refs.label(item.ref)}]`;
    const props: string[] = [];
    if (item.url !== undefined) props.push(`${indent}  - /url: ${yamlValue(truncate(item.url, kMaxLineText))}`);
    if (item.closedShadow) props.push(`${indent}  - … closed shadow root`);
    const children = item.children;
    // `- paragraph: $999`, `- textbox "Email": a@b.c`: one text (or an input's value) goes inline.
    const onlyText = children.length === 1 && !('role' in children[0]!) ? (children[0] as TextItem).text : undefined;
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
  const stack: Array<{ items: Array<AriaNode | TextItem>; index: number; indent: string; depth: number }> = [
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

/** Lines the children would print: nodes, texts and `/url` lines (an inline text is on its node's line). */
function countLines(children: Array<AriaNode | TextItem>): number {
  let count = 0;
  const pending: Array<Array<AriaNode | TextItem>> = [children];
  while (pending.length) {
    for (const child of pending.pop()!) {
      count++;
      if (!('role' in child)) continue;
      if (child.url !== undefined) count++;
      if (child.closedShadow) count++;
      const inline = child.url === undefined && !child.closedShadow && child.children.length === 1 &&
        !('role' in child.children[0]!);
      if (!inline) pending.push(child.children);
    }
  }
  return count;
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
