"""The server session: the browser's lifetime, the roles, and the current role's page.

The browser is launched on first use and kept open by a task in the session's nursery until
``browser_close`` or the end of the session. If it goes away on its own (crash, killed, endpoint
dropped) the next tool call starts a new one and the answer says what was lost.

Each role has its own incognito browser context and page, created on first use.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import trio

from verdex._nursery import open_service_nursery
from verdex.browser.browser import Browser, BrowserContext, open_browser
from verdex.browser.page import Page, PageSettings
from verdex.server.config import RoleConfig, ServerConfig

__all__ = ["Role", "Session", "open_session"]

logger = logging.getLogger(__name__)


@dataclass(eq=False)
class Role:
    """A configured role and, once used, its browser context and page."""

    config: RoleConfig
    context: BrowserContext | None = None
    page: Page | None = None

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def active(self) -> bool:
        return self.page is not None and not self.page.closed


@dataclass(eq=False)
class _RunningBrowser:
    browser: Browser
    stop: trio.Event = field(default_factory=trio.Event)
    done: trio.Event = field(default_factory=trio.Event)


class Session:
    """State shared by all tool calls of one server. Use :func:`open_session`.

    Attributes:
        lock: held by every tool call, so calls run one at a time in arrival order.
        notices: messages for the model about things that happened between calls
            (the browser restarted ...); the next answer carries and clears them.
    """

    def __init__(self, config: ServerConfig, nursery: trio.Nursery) -> None:
        self.config = config
        self._nursery = nursery
        self._running: _RunningBrowser | None = None
        self.roles: dict[str, Role] = {role.name: Role(role) for role in config.roles}
        self.current_role = config.roles[0].name
        self.lock = trio.Lock()
        self.notices: list[str] = []

    # -- browser -----------------------------------------------------------------------------

    @property
    def browser_running(self) -> bool:
        return self._running is not None and self._running.browser.is_connected

    async def browser(self) -> Browser:
        """The browser, launched (or attached) if there is none or the last one went away.

        Raises:
            BrowserLaunchError: the browser could not be started or reached.
        """
        running = self._running
        if running is not None and running.browser.is_connected:
            return running.browser
        if running is not None:
            reason = running.browser.connection.close_reason or "unknown reason"
            lost = [role.name for role in self.roles.values() if role.active]
            await self._stop_browser()
            self.notices.append(
                f"The browser had gone away ({reason}); verdex started a new one. "
                f"Lost: the pages, refs and logins of role(s) {', '.join(lost) or 'none'}."
            )
        self._running = await self._nursery.start(self._run_browser)
        assert self._running is not None
        return self._running.browser

    async def _run_browser(self, task_status: trio.TaskStatus[_RunningBrowser] = trio.TASK_STATUS_IGNORED) -> None:
        running: _RunningBrowser | None = None
        try:
            async with open_browser(self.config.browser) as browser:
                running = _RunningBrowser(browser)
                task_status.started(running)
                await running.stop.wait()
        except Exception:
            if running is None:
                raise  # launch failed: nursery.start re-raises it in the caller
            logger.exception("closing the browser failed")
        finally:
            if running is not None:
                running.done.set()

    async def _stop_browser(self) -> None:
        running, self._running = self._running, None
        for role in self.roles.values():
            role.context = None
            role.page = None
        if running is not None:
            running.stop.set()
            with trio.CancelScope(shield=True):
                await running.done.wait()

    async def close_browser(self) -> bool:
        """Close the browser and every role's context; False if none was open."""
        was_open = self._running is not None
        await self._stop_browser()
        return was_open

    # -- roles and pages ---------------------------------------------------------------------

    def page_settings(self, role: str) -> PageSettings:
        config = self.config
        return PageSettings(
            role=role,
            test_id_attribute=config.test_id_attribute,
            call_timeout=config.call_timeout,
            navigation_timeout=config.navigation_timeout,
        )

    async def page(self) -> Page:
        """The current role's page, creating its browser context and page on first use."""
        return await self.page_for(self.current_role)

    async def page_for(self, name: str) -> Page:
        """The page of role ``name`` (a configured role), creating its context and page on first use."""
        role = self.roles[name]
        browser = await self.browser()
        if (
            role.page is not None
            and not role.page.closed
            and role.context is not None
            and role.context.browser is browser
        ):
            if not role.page.crashed:
                return role.page
            self.notices.append(
                f"The page of role {role.name!r} had crashed (it was at {role.page.url}); verdex opened a new page."
            )
            await role.context.close()
        role.context = await browser.new_context(self.page_settings(role.name))
        role.page = await role.context.new_page()
        return role.page

    def take_notices(self) -> list[str]:
        notices, self.notices = self.notices, []
        return notices


@asynccontextmanager
async def open_session(config: ServerConfig) -> AsyncIterator[Session]:
    """A session whose browser (if one was started) is closed on exit."""
    async with open_service_nursery() as nursery:
        session = Session(config, nursery)
        try:
            yield session
        finally:
            with trio.CancelScope(shield=True):
                await session.close_browser()
            nursery.cancel_scope.cancel()
