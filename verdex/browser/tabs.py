"""New tabs a page opens (``window.open``, ``target=_blank`` links, form targets): tracked and usable.

The browser session discovers page targets (``Target.setDiscoverTargets`` filtered to pages);
a page created in one of verdex's browser contexts with an ``openerId`` is a tab a page opened.
It is attached with a flat session and set up like any verdex page (frames, isolated worlds,
dialogs), given the same viewport, and added to its context's ``pages`` (tab index = position
there). In a headless browser a new tab is shown in front, which hides its opener (hidden
documents get no animation frames, which actionability checks wait for), so the opener is
brought back to the front. A tab that goes away (``window.close()``, a crash that destroys it,
``browser_tabs`` close) is marked closed and removed. Targets of other CDP clients' contexts (a
shared browser) are left alone.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from verdex.browser.page import Page
from verdex.cdp import protocol as cdp
from verdex.errors import CDPError

if TYPE_CHECKING:
    from verdex.browser.browser import Browser, BrowserContext

__all__ = ["bring_to_front", "watch_tabs"]

logger = logging.getLogger(__name__)

#: Seconds a new tab is given to commit its first document before it is reported.
_FIRST_DOCUMENT = 5.0


async def watch_tabs(browser: Browser) -> None:
    """Start tracking tabs opened by verdex's pages (see the module docstring)."""
    session = browser.session

    def created(params: cdp.TargetTargetCreated) -> None:
        info = params.get("targetInfo") or {}
        context = _context_of(browser, str(info.get("browserContextId", "")))
        if info.get("type") != "page" or not info.get("openerId") or context is None:
            return
        target_id = str(info.get("targetId", ""))
        if any(page.target_id == target_id for page in context.pages):
            return
        events = context.settings.events
        done = events.begin_work() if events is not None else None

        async def adopt() -> None:
            try:
                await _adopt(browser, context, target_id, str(info["openerId"]))
            finally:
                if done is not None:
                    done()

        browser.nursery.start_soon(adopt)

    def destroyed(params: cdp.TargetTargetDestroyed) -> None:
        target_id = str(params.get("targetId", ""))
        for context in browser.contexts:
            for index, page in enumerate(context.pages):
                if page.target_id == target_id and not page.closed:
                    page.closed = True
                    page.tree.close()
                    context.pages.remove(page)
                    if context.settings.events is not None and not context.closed:
                        context.settings.events.note(
                            f"Tab [{index}] of role {context.settings.role!r} ({page.url}) was closed."
                        )
                    return

    session.on(cdp.Target.targetCreated, created)
    session.on(cdp.Target.targetDestroyed, destroyed)
    await session.send(cdp.Target.setDiscoverTargets({"discover": True, "filter": [{"type": "page"}]}), timeout=10)


def _context_of(browser: Browser, context_id: str) -> BrowserContext | None:
    return next((c for c in browser.contexts if c.id == context_id and not c.closed), None)


async def _adopt(browser: Browser, context: BrowserContext, target_id: str, opener_id: str) -> None:
    events = context.settings.events
    try:
        page = await context.attach_page(target_id)
    except CDPError as exc:
        logger.info("a new tab %s could not be attached: %s", target_id, exc)
        return
    page.opener_id = opener_id
    opener = next((p for p in context.pages if p.target_id == opener_id and not p.closed), None)
    if opener is not None:
        await bring_to_front(opener)
    await page.wait_until(lambda: page.url not in ("", "about:blank") or page.closed, _FIRST_DOCUMENT)
    if events is not None and not page.closed and page in context.pages:
        index = context.pages.index(page)
        source = f" by tab [{context.pages.index(opener)}]" if opener in context.pages else ""
        blocked = page.guard.blocked_in(page.tree.main_id or "")
        if blocked is not None and page.url.startswith("chrome-error://"):
            events.note(
                f"A new tab [{index}] was opened{source}, but its page {blocked.url} was blocked: {blocked.reason}. "
                f"It shows the browser's error page; the selected tab is unchanged."
            )
            return
        events.note(
            f"A new tab [{index}] was opened{source}: {page.url or 'about:blank'}. "
            f"The selected tab is unchanged; call browser_tabs(action='select', index={index}) to use the new one."
        )


async def bring_to_front(page: Page) -> None:
    """Show ``page`` in front of its window's other tabs (``Page.bringToFront``): hidden pages get no
    animation frames."""
    try:
        await page.session.send(cdp.Page.bringToFront(), timeout=page.settings.call_timeout)
    except CDPError as exc:
        logger.debug("bringing %s to the front: %s", page.target_id, exc)
