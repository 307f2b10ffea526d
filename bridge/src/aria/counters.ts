/**
 * CSS counters for generated content in names (`content: "" / counter(n)` on `::before`), after
 * https://drafts.csswg.org/css-lists-3/#auto-numbering: counter-reset, then counter-increment,
 * then counter-set on each element in document order, `::before` as the first child and
 * `::after` as the last; a counter created by a reset is visible to the element's following
 * siblings and their descendants. Only decimal numbering.
 *
 * Values are computed by one pass over the document on the first counter in a walk (rare: most
 * pages never reach here), then read from the cache.
 */

import { flatChildNodes, getPseudoStyle, getStyle, inWalk, registerWalkCache } from '../dom';

type PseudoKey = '::before' | '::after';

let valuesCache: Map<Element, Map<PseudoKey, Map<string, number[]>>> | undefined;
registerWalkCache(() => undefined, () => { valuesCache = undefined; });

/** The counter's value(s), outermost first, at `element`'s pseudo element; [] when unknown. */
export function getCounterValues(element: Element, pseudo: PseudoKey, name: string): number[] {
  const values = valuesCache ?? computeAll(element.ownerDocument);
  if (inWalk()) valuesCache = values;
  return values.get(element)?.get(pseudo)?.get(name) ?? [];
}

interface Instance {
  name: string;
  value: number;
}

function parsePairs(value: string, defaultValue: number): Array<[string, number]> {
  if (!value || value === 'none') return [];
  const result: Array<[string, number]> = [];
  const parts = value.trim().split(/\s+/);
  for (let i = 0; i < parts.length; i++) {
    const name = parts[i]!;
    const next = parts[i + 1];
    if (next !== undefined && /^[-+]?\d+$/.test(next)) {
      result.push([name, Number(next)]);
      i++;
    } else {
      result.push([name, defaultValue]);
    }
  }
  return result;
}

function computeAll(doc: Document): Map<Element, Map<PseudoKey, Map<string, number[]>>> {
  const result = new Map<Element, Map<PseudoKey, Map<string, number[]>>>();
  // Counters in scope, innermost last. Each frame lists instances created by its children.
  const scope: Instance[] = [];

  const apply = (style: CSSStyleDeclaration, created: Instance[]): void => {
    for (const [name, value] of parsePairs(style.counterReset, 0)) {
      const instance = { name, value };
      scope.push(instance);
      created.push(instance);
    }
    for (const [name, value] of parsePairs(style.counterIncrement, 1)) {
      const instance = find(name) ?? create(name, created);
      instance.value += value;
    }
    for (const [name, value] of parsePairs(style.counterSet, 0)) {
      const instance = find(name) ?? create(name, created);
      instance.value = value;
    }
  };
  const find = (name: string): Instance | undefined => {
    for (let i = scope.length - 1; i >= 0; i--) if (scope[i]!.name === name) return scope[i];
    return undefined;
  };
  const create = (name: string, created: Instance[]): Instance => {
    const instance = { name, value: 0 };
    scope.push(instance);
    created.push(instance);
    return instance;
  };
  const snapshotValues = (): Map<string, number[]> => {
    const values = new Map<string, number[]>();
    for (const instance of scope) {
      const list = values.get(instance.name) ?? [];
      list.push(instance.value);
      values.set(instance.name, list);
    }
    return values;
  };
  const pseudo = (element: Element, kind: PseudoKey, created: Instance[]): void => {
    const style = getPseudoStyle(element, kind);
    if (!style || style.content === 'none' || style.content === 'normal') return;
    apply(style, created);
    let forElement = result.get(element);
    if (!forElement) result.set(element, (forElement = new Map()));
    forElement.set(kind, snapshotValues());
  };

  // Depth first with an explicit stack. `inner`: instances created by the element's children (and
  // its pseudo elements), dropped from scope when the element ends.
  const stack: Array<{ element: Element; children: ArrayLike<Node>; index: number; inner: Instance[] }> = [];
  const enter = (element: Element, siblingsCreated: Instance[]): void => {
    const style = getStyle(element);
    if (style.display === 'none') return;
    apply(style, siblingsCreated);
    const inner: Instance[] = [];
    pseudo(element, '::before', inner);
    stack.push({ element, children: flatChildNodes(element), index: 0, inner });
  };
  const root = doc.documentElement;
  if (root) enter(root, []);
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.index < frame.children.length) {
      const child = frame.children[frame.index++]!;
      if (child.nodeType === 1) enter(child as Element, frame.inner);
      continue;
    }
    stack.pop();
    pseudo(frame.element, '::after', frame.inner);
    for (const instance of frame.inner) scope.splice(scope.lastIndexOf(instance), 1);
  }
  return result;
}
