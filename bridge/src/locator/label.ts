/**
 * `getByLabel(text)`: elements whose label matches, as Playwright's `internal:label` engine reads
 * labels (`getElementLabels` in Playwright's selectorUtils.ts):
 * 1. `aria-labelledby`: the text of each referenced element (its text, not its accessible name);
 * 2. else a non-blank `aria-label`;
 * 3. else, for a button, meter, output, progress, select, textarea or input (not hidden), the text
 *    of each of its `<label>`s (`for=` or wrapping).
 * Any element qualifies, hidden ones too; elements are visited in Playwright's order (order.ts).
 */

import { getIdRefs } from '../dom';
import type { Step } from './ast';
import { queryAllPierce } from './order';
import { elementText, normalizeWhiteSpace, textArgMatcher, type ElementText, type TextCache } from './text';

type LabelStep = Extract<Step, { kind: 'label' }>;

const kLabelable = new Set(['BUTTON', 'METER', 'OUTPUT', 'PROGRESS', 'SELECT', 'TEXTAREA']);

/** Elements under `root` (not `root` itself) whose label matches. */
export function queryLabel(root: Document | Element, step: LabelStep, cache: TextCache): Element[] {
  const { matcher } = textArgMatcher(step.text, step.exact, step.at);
  return queryAllPierce(root, '*').filter(element => labelsOf(element, cache).some(matcher));
}

/** The label texts `getByLabel` compares for `element` (module docstring). */
export function labelsOf(element: Element, cache: TextCache): ElementText[] {
  const labelledBy = labelledByElements(element);
  if (labelledBy) return labelledBy.map(label => elementText(cache, label));
  const ariaLabel = element.getAttribute('aria-label');
  if (ariaLabel !== null && ariaLabel.trim())
    return [{ full: ariaLabel, normalized: normalizeWhiteSpace(ariaLabel), immediate: [ariaLabel] }];
  const isInput = element.nodeName === 'INPUT' && (element as HTMLInputElement).type !== 'hidden';
  if (kLabelable.has(element.nodeName) || isInput) {
    const labels = (element as HTMLInputElement).labels;
    if (labels) return Array.from(labels, label => elementText(cache, label));
  }
  return [];
}

function labelledByElements(element: Element): Element[] | null {
  const reflected = (element as Element & { ariaLabelledByElements?: readonly Element[] | null }).ariaLabelledByElements;
  const refs = reflected || getIdRefs(element, element.getAttribute('aria-labelledby'));
  return refs && refs.length ? [...refs] : null;
}
