"""The browser: a CDP connection, its incognito browser contexts and their pages.

:func:`open_browser` launches Chromium over a pipe, or attaches to ``--cdp-endpoint`` over a
websocket. Each role of the server gets its own :class:`BrowserContext`
(``Target.createBrowserContext``): cookies, storage, cache and permissions are never shared.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import trio

from verdex._nursery import open_service_nursery
from verdex.bridge.client import BridgeSource, bridge_source
from verdex.browser.downloads import Downloads
from verdex.browser.guard import NavigationGuard
from verdex.browser.launcher import (
    DOWNLOADS_PREFIX,
    BrowserOptions,
    LaunchedBrowser,
    launch_chromium,
    remove_orphan_folders,
)
from verdex.browser.page import Page, PageSettings
from verdex.browser.refs import RefLedger
from verdex.browser.tabs import watch_tabs
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPConnection, CDPSession, open_cdp_connection
from verdex.cdp.endpoint import websocket_url
from verdex.cdp.transport import Transport, open_websocket_transport
from verdex.errors import BrowserClosedError, BrowserLaunchError, CDPError

__all__ = ["Browser", "BrowserContext", "open_browser"]

logger = logging.getLogger(__name__)

#: Viewport of new pages, in CSS pixels (Playwright's default).
VIEWPORT = (1280, 720)

#: Seconds for the CDP commands of the origin guard (answers to paused requests, releasing targets).
_COMMAND_TIMEOUT = 30.0


@dataclass
class BrowserInfo:
    """``Browser.getVersion``: product (``Chrome/156.0...``), protocol version, user agent."""

    product: str
    protocol_version: str
    user_agent: str


class Browser:
    """A connected browser. Use :func:`open_browser`."""

    def __init__(
        self,
        connection: CDPConnection,
        info: BrowserInfo,
        launched: LaunchedBrowser | None,
        nursery: trio.Nursery,
        guard: NavigationGuard | None = None,
        ledger: RefLedger | None = None,
    ) -> None:
        self.connection = connection
        self.nursery = nursery
        self.session: CDPSession = connection.session(None)
        self.info = info
        self.launched = launched
        self.bridge: BridgeSource = bridge_source()
        #: The refs given out: the server session's ledger (it outlives the browser), or the browser's own.
        self.ledger = ledger if ledger is not None else RefLedger()
        self.contexts: list[BrowserContext] = []
        #: Downloads of the pages (see verdex.browser.downloads); set by open_browser.
        self.downloads: Downloads | None = None
        #: The origin policy, enforced on every page's sessions (see verdex.browser.guard).
        self.guard = guard or NavigationGuard(BrowserOptions().policy, nursery, _COMMAND_TIMEOUT)

    @property
    def is_connected(self) -> bool:
        return self.connection.close_reason is None

    async def new_context(self, settings: PageSettings) -> BrowserContext:
        """Create an incognito browser context (``Target.createBrowserContext``).

        Args:
            settings: the settings every page of the context gets (its role, timeouts).
        """
        result = await self.session.send(
            cdp.Target.createBrowserContext({"disposeOnDetach": True}), timeout=settings.call_timeout
        )
        context = BrowserContext(self, str(result["browserContextId"]), settings)
        self.contexts.append(context)
        if self.downloads is not None:
            await self.downloads.enable(context)
        return context


class BrowserContext:
    """An incognito browser context and the pages opened in it."""

    def __init__(self, browser: Browser, context_id: str, settings: PageSettings) -> None:
        self.browser = browser
        self.id = context_id
        self.settings = settings
        self.pages: list[Page] = []
        self.closed = False

    async def new_page(self, url: str = "about:blank") -> Page:
        """Open a page (``Target.createTarget``) and attach to it with a flat session."""
        browser = self.browser
        timeout = self.settings.call_timeout
        width, height = VIEWPORT
        target = await browser.session.send(
            cdp.Target.createTarget({"url": url, "browserContextId": self.id, "width": width, "height": height}),
            timeout=timeout,
        )
        return await self.attach_page(str(target["targetId"]))

    async def attach_page(self, target_id: str) -> Page:
        """Attach to a page target of this context (a new one, or a tab a page opened) and set it up."""
        browser = self.browser
        timeout = self.settings.call_timeout
        width, height = VIEWPORT
        attached = await browser.session.send(
            cdp.Target.attachToTarget({"targetId": target_id, "flatten": True}), timeout=timeout
        )
        session = browser.connection.session(str(attached["sessionId"]))
        page = await Page.open(
            session, target_id, browser.bridge, browser.ledger, self.settings, browser.nursery, browser.guard
        )
        if browser.downloads is not None:
            browser.downloads.watch(page)
        await session.send(
            cdp.Emulation.setDeviceMetricsOverride(
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
            ),
            timeout=timeout,
        )
        self.pages.append(page)
        return page

    async def close(self) -> None:
        """Close the context and its pages (``Target.disposeBrowserContext``); idempotent."""
        if self.closed:
            return
        self.closed = True
        for page in self.pages:
            page.closed = True
        if self in self.browser.contexts:
            self.browser.contexts.remove(self)
        if not self.browser.is_connected:
            return
        with trio.CancelScope(shield=True), trio.move_on_after(10):
            try:
                await self.browser.session.send(
                    cdp.Target.disposeBrowserContext({"browserContextId": self.id}), timeout=10
                )
            except CDPError as exc:
                logger.debug("disposing context %s: %s", self.id, exc)


@asynccontextmanager
async def open_browser(options: BrowserOptions, *, ledger: RefLedger | None = None) -> AsyncIterator[Browser]:
    """Launch (or attach to) a browser; on exit close what we created.

    ``ledger``: the refs given out so far (the server session's, so that no ref number is given out
    twice in a server's life); a new one if None.

    A launched browser is closed and its profile deleted. An attached browser (``cdp_endpoint``)
    keeps running; only the contexts verdex created are disposed.

    Raises:
        BrowserLaunchError: no browser, it did not start, or the endpoint refused the connection.
    """
    async with AsyncExitStack() as stack:
        launched: LaunchedBrowser | None = None
        transport: Transport
        if options.cdp_endpoint:
            try:
                url = await websocket_url(options.cdp_endpoint)
                transport = await stack.enter_async_context(open_websocket_transport(url))
            except BrowserClosedError as exc:
                raise BrowserLaunchError(str(exc)) from exc
        else:
            launched = await stack.enter_async_context(launch_chromium(options))
            transport = launched.transport
        connection = await stack.enter_async_context(open_cdp_connection(transport))
        try:
            version = await connection.session(None).send(cdp.Browser.getVersion(), timeout=options.launch_timeout)
        except CDPError as exc:
            detail = f"\nbrowser stderr:\n{launched.stderr_tail()}" if launched else ""
            raise BrowserLaunchError(f"the browser did not answer on CDP: {exc}{detail}") from exc
        info = BrowserInfo(
            product=str(version.get("product", "")),
            protocol_version=str(version.get("protocolVersion", "")),
            user_agent=str(version.get("userAgent", "")),
        )
        # Background work of pages (setting up out-of-process iframes); cancelled before the connection closes.
        nursery = await stack.enter_async_context(open_service_nursery())
        stack.callback(nursery.cancel_scope.cancel)
        browser = Browser(
            connection, info, launched, nursery, NavigationGuard(options.policy, nursery, _COMMAND_TIMEOUT), ledger
        )
        await watch_tabs(browser)
        await browser.guard.watch_new_tabs(
            browser.session, lambda: [context.id for context in browser.contexts if not context.closed]
        )
        # One folder per browser for its downloads, deleted with it (or, if this process is killed, at the next start).
        remove_orphan_folders()
        folder = tempfile.TemporaryDirectory(prefix=f"{DOWNLOADS_PREFIX}{os.getpid()}-")
        browser.downloads = Downloads(browser, Path(stack.enter_context(folder)))
        logger.info("browser ready: %s", info.product)
        try:
            yield browser
        finally:
            with trio.CancelScope(shield=True):
                for context in list(browser.contexts):
                    await context.close()
                if launched is not None and browser.is_connected:
                    # Closing politely is optional: the browser also quits when its pipe closes.
                    with trio.move_on_after(5), contextlib.suppress(CDPError):
                        await connection.session(None).send(cdp.Browser.close(), timeout=5)
