/**
 * `waitForStable`: resolves once the DOM has not changed for `quietMs`, or when `timeoutMs` has
 * passed (`wait_for_stable`).
 *
 * A `MutationObserver` (https://dom.spec.whatwg.org/#interface-mutationobserver) with `childList`,
 * `subtree`, `characterData` and `attributes` watches this document and the documents of the
 * same-origin `<iframe>`/`<frame>` elements in it, nested, including iframes added or reloaded
 * during the wait (their `load` counts as a change). Cross-origin frames' documents cannot be
 * reached from here and are not watched. Every change re-arms the quiet timer; `mutations` counts
 * the `MutationRecord`s delivered. The observer and timers live in verdex's isolated world: page
 * scripts cannot see or stop them.
 *
 * Returns `{stable, waitedMs, mutations, longestQuietMs, documents}`: `stable` false on timeout;
 * `longestQuietMs` the longest spell without a change (the current one included); `documents` how
 * many documents were watched.
 */

import { BridgeError } from '../errors';

export interface StableResult {
  stable: boolean;
  waitedMs: number;
  mutations: number;
  longestQuietMs: number;
  documents: number;
}

const kOptions: MutationObserverInit = { childList: true, subtree: true, characterData: true, attributes: true };

export function waitForStable(quietMs: number, timeoutMs: number): Promise<StableResult> {
  if (quietMs < 0 || timeoutMs <= quietMs)
    throw new BridgeError('bad-args', `need 0 <= quietMs < timeoutMs, got quietMs ${quietMs}, timeoutMs ${timeoutMs}`);
  return new Promise(resolve => {
    const start = performance.now();
    let last = start;
    let longest = 0;
    let mutations = 0;
    let done = false;
    let quietTimer = 0;
    const watched = new Set<Document>();
    const owners = new Set<Element>();

    const changed = (): void => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(true), quietMs) as unknown as number;
    };
    const onLoad = (event: Event): void => {
      if (event.target instanceof Element) watchOwner(event.target);
      changed();
    };
    const observer = new MutationObserver(records => {
      mutations += records.length;
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node instanceof Element) watchOwnersIn(node);
      changed();
    });
    const watchOwner = (owner: Element): void => {
      if (!owners.has(owner)) {
        owners.add(owner);
        owner.addEventListener('load', onLoad);
      }
      let inner: Document | null = null;
      try {
        inner = (owner as HTMLIFrameElement).contentDocument;
      } catch {
        inner = null; // cross-origin
      }
      if (inner) watchDocument(inner);
    };
    const watchOwnersIn = (root: Element | Document): void => {
      if (root instanceof Element && (root.localName === 'iframe' || root.localName === 'frame')) watchOwner(root);
      for (const owner of Array.from(root.querySelectorAll('iframe, frame'))) watchOwner(owner);
    };
    const watchDocument = (doc: Document): void => {
      if (watched.has(doc)) return;
      watched.add(doc);
      observer.observe(doc, kOptions);
      watchOwnersIn(doc);
    };
    const finish = (stable: boolean): void => {
      if (done) return;
      done = true;
      const now = performance.now();
      observer.disconnect();
      for (const owner of owners) owner.removeEventListener('load', onLoad);
      clearTimeout(quietTimer);
      clearTimeout(timeoutTimer);
      resolve({
        stable,
        waitedMs: Math.round(now - start),
        mutations,
        longestQuietMs: Math.round(Math.max(longest, now - last)),
        documents: watched.size,
      });
    };

    watchDocument(document);
    quietTimer = setTimeout(() => finish(true), quietMs) as unknown as number;
    const timeoutTimer = setTimeout(() => finish(false), timeoutMs) as unknown as number;
  });
}
