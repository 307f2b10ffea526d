"""A browser context and its pages (tabs): the one owner of their lifecycle.

Each role of the server is one incognito browser context (``Target.createBrowserContext``):
cookies, storage, cache and permissions are never shared. :class:`BrowserContext` owns its pages
from opening to closing, whoever opens or closes them:

- verdex opens one (:meth:`BrowserContext.new_page`: the role's first page, ``browser_tabs new``);
- a page opens one (``window.open``, ``target=_blank`` links, form targets): the browser session
  discovers page targets (``Target.setDiscoverTargets``), and a page created in one of verdex's
  contexts with an ``openerId`` is adopted (:meth:`BrowserContext.adopt`), set up like any page
  (frames, isolated worlds, dialogs, downloads), given the same viewport;
- verdex closes one (:meth:`BrowserContext.close_page`: ``browser_tabs close``), or it goes away on
  its own (``window.close()``, a crash that destroys the target): ``Target.targetDestroyed``.

The tab order is the order the pages opened in (tab ``[i]`` is ``pages[i]``). One page is
*selected*: every tool acts on it. When the selected page closes, its opener is selected if it is
still open, or else the last tab (the README's rule), and the model is told so. In a headless
browser a new tab is shown in front, which hides its opener (hidden documents get no animation
frames, which actionability checks wait for), so the selected page is brought back to the front.
Targets of other CDP clients' contexts (a shared browser) are left alone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import trio

from verdex.browser.emulation import apply_emulation
from verdex.browser.launcher import FIRST_WINDOW
from verdex.browser.page import Page, PageSettings, shown_title
from verdex.browser.storage_state import origin_of
from verdex.cdp import protocol as cdp
from verdex.errors import CDPError, UsageError

if TYPE_CHECKING:
    from verdex.browser.browser import Browser

__all__ = ["VIEWPORT", "BrowserContext", "watch_tabs"]

logger = logging.getLogger(__name__)

#: Viewport of new pages, in CSS pixels (Playwright's default).
VIEWPORT = FIRST_WINDOW

#: Seconds a new tab is given to commit its first document before it is reported.
_FIRST_DOCUMENT = 5.0


class BrowserContext:
    """An incognito browser context and its pages. Create with :meth:`Browser.new_context`.

    Attributes:
        id: the CDP browser context id.
        settings: what every page of the context gets (its role, timeouts, where it reports events).
        selected: the page the tools act on (None before the first page opens).
        origins: the http(s) origins the context has had storage for, in first-seen order: those
            given by :meth:`note_origins` (an auth file's) and every document its pages showed.
            ``save_role_state`` reads their localStorage.
        closed: the context was disposed.
    """

    def __init__(
        self, browser: Browser, context_id: str, settings: PageSettings, *, first_tab: str | None = None
    ) -> None:
        """``first_tab``: a blank page target the context already has (made ahead:
        :class:`~verdex.browser.launcher.SpareTab`), which the first :meth:`new_page` takes instead of creating one."""
        self.browser = browser
        self._first_tab = first_tab
        self.id = context_id
        self.settings = settings
        self.selected: Page | None = None
        self.origins: dict[str, None] = {}
        self.closed = False
        self._pages: list[Page] = []

    # -- reading -----------------------------------------------------------------------------

    @property
    def pages(self) -> list[Page]:
        """The open pages in tab order (a copy: only this class changes the list)."""
        return list(self._pages)

    def page_of(self, target_id: str) -> Page | None:
        """The open page of a CDP target, if it is one of this context's."""
        return next((page for page in self._pages if page.target_id == target_id), None)

    def index(self, page: Page) -> int:
        """The tab index of an open page."""
        return self._pages.index(page)

    def opener_of(self, page: Page) -> Page | None:
        """The open page that opened ``page``, if any."""
        return self.page_of(page.opener_id) if page.opener_id else None

    def page_with_dialog(self) -> Page | None:
        """The open page that shows a JavaScript dialog, the selected one first; None if none does."""
        pages = [self.selected, *self._pages] if self.selected is not None else self._pages
        return next((page for page in pages if not page.closed and page.dialog is not None), None)

    def note_origins(self, origins: Iterable[str]) -> None:
        """Remember origins the context has storage for (an auth file's), before any page shows them."""
        for origin in origins:
            self.origins.setdefault(origin, None)

    # -- opening -----------------------------------------------------------------------------

    async def new_page(self, url: str = "about:blank") -> Page:
        """Open a page (``Target.createTarget``), attach to it with a flat session and select it.

        The first page of a context opens a window of the viewport's size; later ones are tabs of
        that window (Chromium 156 refuses a size for a tab: "Target position can only be set for
        new windows").

        Raises:
            CDPError: the browser refused or failed.
        """
        if self._first_tab is not None and url == "about:blank" and not self._pages:
            target_id, self._first_tab = self._first_tab, None
        else:
            params: cdp.TargetCreateTargetParams = {"url": url, "browserContextId": self.id}
            if not self._pages:
                params["width"], params["height"] = VIEWPORT
            target = await self.browser.session.send(
                cdp.Target.createTarget(params), timeout=self.settings.call_timeout
            )
            target_id = target["targetId"]
        page = await self._attach(target_id)
        await self.select(page)
        return page

    async def adopt(self, target_id: str, opener_id: str) -> Page | None:
        """Take in a tab a page of this context opened, and tell the model (the selection is unchanged).

        Returns:
            The page, or None when it went away before it could be attached.
        """
        try:
            page = await self._attach(target_id)
        except CDPError as exc:
            logger.info("a new tab %s could not be attached: %s", target_id, exc)
            return None
        page.opener_id = opener_id
        if self.selected is not None and not self.selected.closed:
            await bring_to_front(self.selected)
        await page.wait_until(lambda: page.url not in ("", "about:blank") or page.closed, _FIRST_DOCUMENT)
        events = self.settings.events
        if events is None or page.closed or page not in self._pages:
            return page
        index = self.index(page)
        opener = self.opener_of(page)
        source = f" by tab [{self.index(opener)}]" if opener is not None else ""
        blocked = page.guard.blocked_in(page.tree.main_id or "")
        if blocked is not None and page.url.startswith("chrome-error://"):
            events.note(
                f"A new tab [{index}] was opened{source}, but its page {blocked.url} was blocked: {blocked.reason}. "
                f"It shows the browser's error page; the selected tab is unchanged."
            )
        else:
            events.note(
                f"A new tab [{index}] was opened{source}: {page.url or 'about:blank'}. The selected tab is unchanged; "
                f"call browser_tabs(action='select', index={index}) to use the new one."
            )
        return page

    async def _attach(self, target_id: str) -> Page:
        """Attach to a page target of this context and set it up (frames, worlds, dialogs, viewport)."""
        browser = self.browser
        timeout = self.settings.call_timeout
        attached = await browser.session.send(
            cdp.Target.attachToTarget({"targetId": target_id, "flatten": True}), timeout=timeout
        )
        session = browser.connection.session(attached["sessionId"])
        page = await Page.open(
            session, target_id, browser.bridge, browser.ledger, self.settings, browser.nursery, browser.guard
        )
        if browser.downloads is not None:
            browser.downloads.watch(page)

        def navigated(params: cdp.PageFrameNavigated) -> None:
            origin = origin_of(params.get("frame", {}).get("url", ""))
            if origin is not None:
                self.origins.setdefault(origin, None)

        session.on(cdp.Page.frameNavigated, navigated)
        await apply_emulation(session, browser.emulation, timeout=timeout)
        self._pages.append(page)
        return page

    async def replace_page(self, page: Page) -> Page:
        """Close ``page`` and open a new blank tab in its place (same index, selected when it was): a tab
        whose renderer cannot be used any more (a dialog loop). The context's cookies and storage stay.

        Raises:
            CDPError: the browser refused or failed.
        """
        was_selected = page is self.selected
        index = self.index(page) if page in self._pages else len(self._pages)
        target = await self.browser.session.send(
            cdp.Target.createTarget({"url": "about:blank", "browserContextId": self.id}),
            timeout=self.settings.call_timeout,
        )
        fresh = await self._attach(target["targetId"])
        self._pages.remove(fresh)
        self._pages.insert(index, fresh)
        fresh.opener_id = page.opener_id
        if page in self._pages:
            self._pages.remove(page)
        await page.close()
        if was_selected:
            await self.select(fresh)
        return fresh

    # -- selecting ---------------------------------------------------------------------------

    async def select(self, page: Page) -> None:
        """Make ``page`` the selected tab and show it in front.

        Raises:
            UsageError: ``page`` is not an open page of this context.
        """
        if page not in self._pages:
            raise UsageError("that tab is closed; browser_tabs list shows the open ones")
        self.selected = page
        await bring_to_front(page)

    # -- closing -----------------------------------------------------------------------------

    async def close_page(self, page: Page) -> Page | None:
        """Close one tab (``Target.closeTarget``).

        Returns:
            The tab selected now when ``page`` was the selected one (its opener, or else the last
            tab), else None.

        Raises:
            UsageError: ``page`` is the context's only tab (navigate it elsewhere instead).
        """
        if len(self._pages) == 1 and page in self._pages:
            raise UsageError(
                f"tab [0] is the only tab of role {self.settings.role!r}; navigate it elsewhere instead of closing it"
            )
        fallback = self._remove(page)
        await page.close()
        if fallback is not None:
            await bring_to_front(fallback)
        return fallback

    def target_destroyed(self, target_id: str) -> None:
        """A page of this context went away on its own (``window.close()``, a crash): forget it, tell the model."""
        page = self.page_of(target_id)
        if page is None or self.closed:
            return
        index = self.index(page)
        was_selected = page is self.selected
        fallback = self._remove(page)
        page.mark_closed()
        events = self.settings.events
        if events is None:
            return
        role = self.settings.role
        if was_selected and fallback is not None:
            events.note(
                f"The selected tab of role {role!r} ({page.url}) was closed; "
                f"tab [{self.index(fallback)}] ({fallback.url}) is selected now."
            )
            self.browser.nursery.start_soon(bring_to_front, fallback)
        else:
            events.note(f"Tab [{index}] of role {role!r} ({page.url}) was closed.")

    def _remove(self, page: Page) -> Page | None:
        """Take ``page`` out of the tabs; if it was selected, select its opener, or else the last tab.

        Returns:
            The newly selected page when the selection moved, else None.
        """
        opener = self.opener_of(page)
        if page in self._pages:
            self._pages.remove(page)
        if page is not self.selected:
            return None
        self.selected = opener if opener is not None and opener in self._pages else self._last()
        return self.selected

    def _last(self) -> Page | None:
        return self._pages[-1] if self._pages else None

    async def close(self) -> None:
        """Close the context and its pages (``Target.disposeBrowserContext``); idempotent."""
        if self.closed:
            return
        self.closed = True
        for page in self._pages:
            page.mark_closed()
        self.browser.forget(self)
        if not self.browser.is_connected:
            return
        with trio.CancelScope(shield=True), trio.move_on_after(10):
            try:
                await self.browser.session.send(
                    cdp.Target.disposeBrowserContext({"browserContextId": self.id}), timeout=10
                )
            except CDPError as exc:
                logger.debug("disposing context %s: %s", self.id, exc)


async def watch_tabs(browser: Browser) -> None:
    """Route page targets created and destroyed in verdex's contexts to their :class:`BrowserContext`.

    Raises:
        CDPError: the browser refused target discovery.
    """
    session = browser.session

    def created(params: cdp.TargetTargetCreated) -> None:
        info = params.get("targetInfo") or {}
        context = browser.context_of(info.get("browserContextId", ""))
        opener_id = info.get("openerId")
        target_id = info.get("targetId", "")
        if info.get("type") != "page" or not opener_id or context is None or context.page_of(target_id):
            return
        events = context.settings.events
        done: Callable[[], None] | None = events.begin_work() if events is not None else None

        async def adopt() -> None:
            try:
                await context.adopt(target_id, opener_id)
            finally:
                if done is not None:
                    done()

        browser.nursery.start_soon(adopt)

    def destroyed(params: cdp.TargetTargetDestroyed) -> None:
        target_id = params.get("targetId", "")
        for context in list(browser.contexts):
            context.target_destroyed(target_id)

    def changed(params: cdp.TargetTargetCreated) -> None:
        info = params.get("targetInfo") or {}
        context = browser.context_of(info.get("browserContextId", ""))
        page = context.page_of(info.get("targetId", "")) if context is not None else None
        if page is not None:
            page.known_title = shown_title(info)  # what calls that must not wait on the page show

    session.on(cdp.Target.targetCreated, created)
    session.on(cdp.Target.targetDestroyed, destroyed)
    session.on(cdp.Target.targetInfoChanged, changed)
    await session.send(cdp.Target.setDiscoverTargets({"discover": True, "filter": [{"type": "page"}]}), timeout=10)


async def bring_to_front(page: Page) -> None:
    """Show ``page`` in front of its window's other tabs (``Page.bringToFront``): hidden pages get no
    animation frames. A page that is gone meanwhile is only logged."""
    try:
        await page.session.send(cdp.Page.bringToFront(), timeout=page.settings.call_timeout)
    except CDPError as exc:
        logger.debug("bringing %s to the front: %s", page.target_id, exc)
