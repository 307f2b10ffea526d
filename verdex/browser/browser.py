"""The browser: a CDP connection and its incognito browser contexts.

:func:`open_browser` launches Chromium over a pipe, or attaches to ``--cdp-endpoint`` over a
websocket. Each role of the server gets its own :class:`~verdex.browser.context.BrowserContext`
(``Target.createBrowserContext``), which owns its pages (:mod:`verdex.browser.context`).
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
from verdex.browser.context import BrowserContext, watch_tabs
from verdex.browser.downloads import Downloads
from verdex.browser.emulation import Emulation
from verdex.browser.guard import NavigationGuard
from verdex.browser.launcher import (
    DOWNLOADS_PREFIX,
    BrowserOptions,
    LaunchedBrowser,
    launch_chromium,
    remove_orphan_folders,
)
from verdex.browser.page import PageSettings
from verdex.browser.profile import profile_context
from verdex.browser.refs import RefLedger
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPConnection, CDPSession, open_cdp_connection
from verdex.cdp.endpoint import websocket_url
from verdex.cdp.transport import Transport, open_websocket_transport
from verdex.errors import BrowserClosedError, BrowserLaunchError, CDPError

__all__ = ["Browser", "BrowserContext", "open_browser"]

logger = logging.getLogger(__name__)

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
        emulation: Emulation | None = None,
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
        #: Viewport, device, user agent and certificate settings of every page (see verdex.browser.emulation).
        self.emulation = emulation or Emulation()

    @property
    def is_connected(self) -> bool:
        return self.connection.close_reason is None

    async def new_context(self, settings: PageSettings) -> BrowserContext:
        """Create an incognito browser context (``Target.createBrowserContext``).

        Args:
            settings: the settings every page of the context gets (its role, timeouts).
        """
        if (profile := await profile_context(self, settings)) is not None:
            return profile  # the role that keeps a --user-data-dir profile (see verdex.browser.profile)
        launched = self.launched
        spare = launched.spare_tab if launched is not None else None
        if launched is not None and spare is not None:
            # The first context is the one the launch made ahead, with its blank first tab (HeadStart).
            launched.spare_tab = None
            context = BrowserContext(self, spare.context_id, settings, first_tab=spare.target_id)
        else:
            result = await self.session.send(
                cdp.Target.createBrowserContext({"disposeOnDetach": True}), timeout=settings.call_timeout
            )
            context = BrowserContext(self, result["browserContextId"], settings)
        self.contexts.append(context)
        if self.downloads is not None:
            await self.downloads.enable(context)
        return context

    def context_of(self, context_id: str) -> BrowserContext | None:
        """The open browser context of that CDP id, if it is one of verdex's."""
        return next((c for c in self.contexts if c.id == context_id and not c.closed), None)

    def forget(self, context: BrowserContext) -> None:
        """Drop a context that closed (:meth:`BrowserContext.close` calls it)."""
        if context in self.contexts:
            self.contexts.remove(context)


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
                url = await websocket_url(options.cdp_endpoint, headers=options.cdp_headers)
                transport = await stack.enter_async_context(open_websocket_transport(url, headers=options.cdp_headers))
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
            connection,
            info,
            launched,
            nursery,
            NavigationGuard(options.policy, nursery, _COMMAND_TIMEOUT),
            options.emulation,
            ledger,
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
