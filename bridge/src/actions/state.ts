/**
 * `elementState`: the live facts a plan's pre- and postconditions check about one element, in one
 * call: visible and in the viewport, enabled, its text or field value, an attribute, its ARIA
 * states (as the snapshot computes them), and whether it is a secret field.
 *
 * Visibility follows the actionability rules (https://playwright.dev/docs/actionability#visible):
 * rendered, `visibility: visible`, a non-empty box. States follow wai-aria 1.2 and html-aam
 * (see ../aria/states.ts).
 */

import { beginWalk, endWalk, isSecretField, tagNameOf, tagOf } from '../dom';
import { getChecked, getDisabled, getExpanded, getPressed, getSelected, type Tristate } from '../aria/states';
import { normalizeWhitespace, truncate } from '../aria/text';
import type { RefRegistry } from '../snapshot/refs';
import { describeRole, isVisible } from '../structure/tree';

/** Longest `text`/`value` returned, characters. */
const kMaxText = 4000;

export interface ElementState {
  tagName: string;
  role: string;
  name: string;
  visible: boolean;
  inViewport: boolean;
  scrolled: boolean;
  enabled: boolean;
  text: string;
  value?: string;
  attribute?: string | null;
  secret: boolean;
  states: { checked: Tristate; disabled: boolean; expanded: boolean | null; pressed: Tristate; selected: boolean };
}

export function elementState(refs: RefRegistry, ref: number, attribute: string | undefined, scroll: boolean): ElementState {
  const element = refs.resolve(ref);
  beginWalk();
  try {
    const rect = element.getBoundingClientRect();
    const visible = isVisible(element) && rect.width > 0 && rect.height > 0;
    let inViewport = visible && intersectsViewport(element);
    let scrolled = false;
    if (scroll && visible && !inViewport) {
      element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      scrolled = true;
      inViewport = intersectsViewport(element);
    }
    const disabled = getDisabled(element);
    const tag = tagOf(element);
    const state: ElementState = {
      tagName: tagNameOf(element),
      ...describeRole(element),
      visible,
      inViewport,
      scrolled,
      enabled: !disabled,
      text: truncate(normalizeWhitespace(element instanceof HTMLElement ? element.innerText : element.textContent ?? ''), kMaxText),
      secret: isSecretField(element),
      states: {
        checked: getChecked(element),
        disabled,
        expanded: getExpanded(element) ?? null,
        pressed: getPressed(element),
        selected: getSelected(element),
      },
    };
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT')
      state.value = truncate((element as HTMLInputElement).value, kMaxText);
    if (attribute !== undefined) state.attribute = element.getAttribute(attribute);
    return state;
  } finally {
    endWalk();
  }
}

function intersectsViewport(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  const view = element.ownerDocument.defaultView;
  if (!view) return true;
  return rect.bottom > 0 && rect.right > 0 && rect.top < view.innerHeight && rect.left < view.innerWidth;
}
