/**
 * Cache scopes: the caches of one evaluation (computed styles, roles, names, visibility, element
 * texts) kept open across the bridge calls of one operation, so a later call reads what an earlier
 * one computed instead of computing it again over the whole page (suggest_locator asks for the
 * target's facts, then counts its candidates in one or more calls: on a long page each call
 * rebuilt the same caches).
 *
 * A call that carries `cacheScope` (a token, CallArgs) runs in that scope: the first call with a
 * token opens it (the caches stay open after the call, as if an outer evaluation held them), the
 * following calls with the same token share them. A call with another token or none closes the
 * open scope first, so no other call ever reads a scope's caches, and a scope ends at the latest
 * with the next call its operation makes with another token or none (suggest_locator checks its
 * answers in a scope of their own, opened fresh after its counting).
 *
 * A DOM change in the document (a MutationObserver on it: children, attributes, texts) closes the
 * scope before the next call, which then opens a new one with fresh caches. Changes it does not
 * see (inside shadow roots, style changes without a DOM change: a transition, a media query) can
 * leave a cached fact stale for the rest of the scope, which lasts the few milliseconds of one
 * operation's calls.
 */

import { beginWalk, endWalk } from './dom';
import type { TextCache } from './locator/text';
import { closeRoleCache, openRoleCache } from './locator/playwright-role';
import { closeVisibilityCaches, openVisibilityCaches } from './locator/visible';

class Scope {
  readonly textCache: TextCache = new Map();
  /** A DOM change was seen since the scope began. */
  changed = false;
  /** Watches the document for the first DOM change (then stops). */
  readonly observer = new MutationObserver(() => {
    this.changed = true;
    this.observer.disconnect();
  });

  constructor(readonly token: string) {
    this.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }
}

let open: Scope | null = null;

/** Runs before every call: enters `token`'s scope (opening it if needed), or closes the open scope (no token). */
export function enterCacheScope(token: string | undefined): void {
  if (open && (open.token !== token || open.changed || open.observer.takeRecords().length > 0)) closeCacheScope();
  if (token === undefined || open) return;
  beginWalk();
  openRoleCache();
  openVisibilityCaches();
  open = new Scope(token);
}

/** Closes the open scope, if any: its caches are dropped. */
export function closeCacheScope(): void {
  if (!open) return;
  open.observer.disconnect();
  open = null;
  closeVisibilityCaches();
  closeRoleCache();
  endWalk();
}

/** The element texts of the open scope (an evaluation's text cache), or undefined outside a scope. */
export function scopeTextCache(): TextCache | undefined {
  return open?.textCache;
}
