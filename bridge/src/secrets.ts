/**
 * Secret values in answers: the value of a secret field (`isSecretField`: a password, a one-time code,
 * card data, or a field that was one of these when first seen) is never sent out, also where the page
 * copies it (a `title` or `value` attribute, a text, a name). The answers of the methods that describe
 * the page have every such value replaced by `••••` (README, Security: Secrets).
 */

import { isSecretField } from './dom';

export const kMask = '••••';

/** Secret values shorter than this are masked only where a whole string equals them (a one-letter value
 * would otherwise mask every such letter). */
const kMinSubstring = 4;

/** `Node.DOCUMENT_POSITION_FOLLOWING` (DOM Standard, compareDocumentPosition). */
const kFollowing = 4;

/**
 * The non-empty values of the document's secret fields now, longest first (fields of equal length in
 * document order). Every describing call asks: the fields come from the document's live `input` and
 * `textarea` collections, which the browser keeps between calls while the DOM does not change (a
 * selector query walked the whole document each time).
 */
export function secretValues(root: Document): string[] {
  const fields: Element[] = [];
  for (const tag of ['input', 'textarea']) {
    const found = root.getElementsByTagName(tag);
    for (let i = 0; i < found.length; i++) if (isSecretField(found[i]!)) fields.push(found[i]!);
  }
  if (fields.length > 1) fields.sort((a, b) => (a.compareDocumentPosition(b) & kFollowing ? -1 : 1));
  const values = new Set<string>();
  for (const field of fields) {
    const value = (field as HTMLInputElement).value;
    if (value) values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** `value` (a JSON answer) with every secret value in its strings replaced by `••••`. */
export function maskSecrets<T>(value: T, secrets: readonly string[]): T {
  if (!secrets.length) return value;
  return mask(value, secrets) as T;
}

function mask(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return maskString(value, secrets);
  if (Array.isArray(value)) return value.map(item => mask(item, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mask(item, secrets);
    return out;
  }
  return value;
}

function maskString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < kMinSubstring) {
      if (out === secret) return kMask;
    } else if (out.includes(secret)) {
      out = out.split(secret).join(kMask);
    }
  }
  return out;
}
