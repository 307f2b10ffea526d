"""The server session: the browser's lifetime, the roles, and the current role's page.

The browser is launched on first use and kept open by a task in the session's nursery until
``browser_close`` or the end of the session. If it goes away on its own (crash, killed, endpoint
dropped) the next tool call starts a new one and the answer says what was lost.

Each role has its own incognito browser context and page, created on first use: the role's auth
file (Playwright storageState) is read and checked first, then applied to the new context
(cookies, localStorage of every origin; see :mod:`verdex.browser.context_storage`), then the
role's page is opened and, while it is blank, sent to the role's default URL. If the file is
bad, or applying it fails, the context is disposed of: a role is either started with its whole
login or not started.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

import trio

from verdex._nowait import held
from verdex._nursery import open_service_nursery
from verdex.browser.browser import Browser, BrowserContext, open_browser
from verdex.browser.context_storage import apply_storage_state
from verdex.browser.events import PageEvents
from verdex.browser.page import Page, PageSettings
from verdex.browser.refs import RefLedger
from verdex.browser.storage_state import StorageState, load_storage_state
from verdex.errors import AuthFileError, BrowserLaunchError, NavigationError, UsageError
from verdex.masking import SecretValues
from verdex.server.config import RoleConfig, ServerConfig
from verdex.server.feedback import stage

__all__ = ["Role", "Session", "open_session"]

logger = logging.getLogger(__name__)

#: Seconds without a tool call after which the current page's document is warmed up (:meth:`Page.warm_up`): a
#: model reads an answer for a second or more, a script's next call comes within milliseconds and never waits on it.
WARM_UP_IDLE_SECONDS = 0.02

#: Seconds a warm-up may wait on the page in all (a page that never yields would keep it waiting until the next call).
WARM_UP_SECONDS = 10.0

#: Milliseconds in the page a warm-up pass may take (on a median real page the first snapshot takes ~20, the thirty
#: structural calls ~15).
WARM_UP_BUDGET_MS = 200

#: Times a warm-up runs the snapshot and structural code in a document (V8 compiles more of it after each run).
WARM_UP_PASSES = 3

_AUTH_HINT = (
    "Nothing of it was applied and the role has no browser context. Fix the file (Playwright's storageState "
    "JSON: context.storage_state(path=...) or verdex's save_role_state writes one), then call the tool again; "
    "the other roles are not affected"
)


@dataclass(eq=False)
class Role:
    """A configured role and, once used, its browser context (which owns its pages and the selected one)."""

    config: RoleConfig
    context: BrowserContext | None = None

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def page(self) -> Page | None:
        """The role's selected tab, None before the role started or once its context closed."""
        context = self.context
        return context.selected if context is not None and not context.closed else None

    @property
    def active(self) -> bool:
        return self.page is not None and not self.page.closed

    def detach(self) -> None:
        """Forget the role's context (the caller closes it)."""
        self.context = None


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
        #: Why the last browser went away and the roles that were active in it, until a new one starts.
        self._lost: tuple[str, list[Role]] | None = None
        self.roles: dict[str, Role] = {role.name: Role(role) for role in config.roles}
        self._current_role = config.roles[0].name
        #: The role a call that holds the lock acts on (:meth:`role_of_the_call`), in that call's task only.
        self._call_role: ContextVar[str | None] = ContextVar("verdex_call_role", default=None)
        self.lock = trio.Lock()
        #: Every ref given out in this server's life, in every browser it had (refs are never given out twice).
        self.ledger = RefLedger()
        #: Secret values seen (typed into a secret field ...): masked in every answer, log line and trace record.
        self.secrets = SecretValues()
        self.notices: list[str] = []
        #: Dialogs, new tabs and downloads the pages report (see verdex.browser.events).
        self.events = PageEvents(tab_of=self.tab_of)
        #: The warm-up waiting or running after the last call (:meth:`_warm_up`); the next call cancels it.
        self._warming: trio.CancelScope | None = None
        #: Warm up a new document's in-page code between calls (``VERDEX_NO_WARM_UP=1`` turns it off).
        self.warm_up = os.environ.get("VERDEX_NO_WARM_UP", "") in ("", "0")

    # -- current role ------------------------------------------------------------------------

    @property
    def current_role(self) -> str:
        """The role the tools act on: the one :meth:`role_of_the_call` pinned for the call running in this task,
        else the one ``select_role`` made current last."""
        return self._call_role.get() or self._current_role

    @current_role.setter
    def current_role(self, name: str) -> None:
        self._current_role = name
        if self._call_role.get() is not None:
            self._call_role.set(name)  # select_role of a role that had to start (it holds the lock)

    @asynccontextmanager
    async def holding(self) -> AsyncIterator[None]:
        """Hold :attr:`lock` for one tool call, its current role pinned (in its task) until it ends: ``select_role``
        of a started role answers without the lock (it needs no page), and must not move a call in flight to
        another role's page."""
        if self._warming is not None:
            self._warming.cancel()
        async with held(self.lock):
            token = self._call_role.set(self._current_role)
            try:
                yield
            finally:
                self._call_role.reset(token)
                self._schedule_warm_up()

    def _schedule_warm_up(self) -> None:
        """After a call: warm up the documents of the current role's page that have not been warmed up
        (:meth:`_warm_up`)."""
        role = self.roles.get(self._current_role)
        page = role.page if role is not None else None
        if not self.warm_up or page is None or page.closed or not page.cold_frames():
            return
        self._warming = trio.CancelScope()
        self._nursery.start_soon(self._warm_up, page, self._warming)

    async def _warm_up(self, page: Page, scope: trio.CancelScope) -> None:
        """:meth:`Page.warm_up` of each of the page's cold frames once the session has had no call for
        :data:`WARM_UP_IDLE_SECONDS`, so that the model's first calls on a new document run on compiled code.
        The next call cancels it; a pass still running in a document makes that call's first command there wait for
        it (at most :data:`WARM_UP_BUDGET_MS`). Failures are only logged: it answers nobody."""
        with scope, trio.move_on_after(WARM_UP_IDLE_SECONDS + WARM_UP_SECONDS):
            await trio.sleep(WARM_UP_IDLE_SECONDS)
            if self.lock.locked():
                return  # a call runs: it schedules the next warm-up when it ends
            for frame in page.cold_frames():
                try:
                    passes = await page.warm_up(frame, WARM_UP_BUDGET_MS, WARM_UP_PASSES)
                except Exception as exc:  # a warm-up answers nobody: the next call meets any real trouble itself
                    logger.debug("warming up %s (%s): %s", frame.label, frame.url, exc)
                    continue
                if passes:
                    times = ", ".join(str(result.elapsedMs) for result in passes)
                    calls = ", ".join(str(result.structureCalls) for result in passes)
                    budget = "" if passes[-1].complete else f" (the last stopped at its {WARM_UP_BUDGET_MS} ms budget)"
                    logger.debug(
                        "warmed up %s (%s): passes of %s ms (%s structural calls)%s",
                        frame.label,
                        frame.url,
                        times,
                        calls,
                        budget,
                    )

    # -- browser -----------------------------------------------------------------------------

    @property
    def browser_running(self) -> bool:
        return self._running is not None and self._running.browser.is_connected

    @property
    def running_browser(self) -> Browser | None:
        """The browser verdex runs now (connected or not), without starting one."""
        return self._running.browser if self._running is not None else None

    async def browser(self) -> Browser:
        """The browser, launched (or attached) if there is none or the last one went away.

        When the last one went away, the answer that gets a browser again says what was lost
        (a notice); while reattaching to ``--cdp-endpoint`` fails, each call says so and what to do.

        Raises:
            BrowserLaunchError: the browser could not be started or reached.
        """
        running = self._running
        if running is not None and running.browser.is_connected:
            return running.browser
        if running is not None:
            reason = running.browser.connection.close_reason or "unknown reason"
            lost = [role for role in self.roles.values() if role.active]
            await self._stop_browser()
            self._lost = (reason, lost)
        endpoint = self.config.browser.cdp_endpoint
        if endpoint is not None and self._lost is not None:
            reason, lost = self._lost
            self._lost = (reason.replace(f"the websocket to {endpoint} ", "the websocket "), lost)
        stage("starting the browser" if endpoint is None else f"connecting to the browser at {endpoint}")
        try:
            self._running = await self._nursery.start(self._run_browser)
        except BrowserLaunchError as exc:
            if endpoint is None:
                raise
            gone = ""
            if self._lost is not None:
                reason, lost = self._lost
                gone = (
                    f"The connection to the browser at {endpoint} dropped ({reason}), and reconnecting failed. "
                    f"Lost: the pages, refs and logins of role(s) {', '.join(r.name for r in lost) or 'none'}. "
                    "The endpoint does not answer: "
                )
            raise BrowserLaunchError(
                f"{gone}{exc}. Start the browser at that endpoint again (Chrome/Chromium with --remote-debugging-port) "
                "and call any tool to reconnect, or restart verdex without --cdp-endpoint to let it launch its own."
            ) from exc
        if self._lost is not None:
            reason, lost = self._lost
            self._lost = None
            names = ", ".join(role.name for role in lost) or "none"
            if endpoint is None:
                text = f"The browser had gone away ({reason}); verdex started a new one. "
            else:
                text = f"The connection to the browser at {endpoint} dropped ({reason}); verdex reconnected. "
            self.notices.append(text + f"Lost: the pages, refs and logins of role(s) {names}." + _relogin_note(lost))
        assert self._running is not None
        return self._running.browser

    async def _run_browser(self, task_status: trio.TaskStatus[_RunningBrowser] = trio.TASK_STATUS_IGNORED) -> None:
        running: _RunningBrowser | None = None
        try:
            async with open_browser(self.config.browser, ledger=self.ledger) as browser:
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
        if running is not None:
            self.ledger.retire()
        for role in self.roles.values():
            role.detach()
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
            events=self.events,
        )

    def tab_of(self, target_id: str) -> str | None:
        """``role 'admin', tab [1]`` for an open tab of a started role, else None."""
        for role in self.roles.values():
            if role.context is not None and not role.context.closed:
                for index, page in enumerate(role.context.pages):
                    if page.target_id == target_id and not page.closed:
                        return f"role {role.name!r}, tab [{index}]"
        return None

    async def page(self) -> Page:
        """The current role's page, creating its browser context and page on first use."""
        return await self.page_for(self.current_role)

    async def page_for(self, name: str) -> Page:
        """The page of role ``name`` (a configured role), starting the role on first use.

        Starting a role: check its auth file, create its incognito context, apply the file,
        open its page, and open its default URL while the page is blank (a default URL that
        fails to load leaves a notice, not an error: the role has started).

        Raises:
            UsageError: ``name`` is not a configured role (the message lists them).
            AuthFileError: the role's auth file is missing, unreadable, malformed or expired, or
                the browser refused part of it; no context was kept.
            BrowserLaunchError, CDPError: the browser could not be started or failed.
        """
        role = self.roles.get(name)
        if role is None:
            raise UsageError(
                f"there is no role {name!r}; the roles are {', '.join(self.roles)} "
                "(set with verdex serve --role NAME AUTH_FILE [DEFAULT_URL])"
            )
        browser = await self.browser()
        page, context = role.page, role.context
        if page is not None and not page.closed and context is not None and context.browser is browser:
            if not page.crashed:
                return page
            self.notices.append(
                f"The page of role {role.name!r} had crashed (it was at {page.url}); verdex opened a new page"
                + (" and applied its auth file again." if role.config.auth_file else ".")
            )
            await context.close()
            role.detach()
        elif context is not None and not context.closed and context.browser is browser:
            # Every tab of the role closed (window.close() of the last one): a new tab in the same
            # context keeps the role's cookies and storage.
            self.notices.append(f"The last tab of role {role.name!r} was closed; verdex opened a new blank tab.")
            return await context.new_page()
        return await self._start_role(role, browser)

    async def _start_role(self, role: Role, browser: Browser) -> Page:
        state = self.auth_state(role.config)
        context = await browser.new_context(self.page_settings(role.name))
        try:
            # The page first: Chromium gives the first target of a context its window (and size).
            page = await context.new_page()
            if state is not None:
                try:
                    await apply_storage_state(context, state)
                except AuthFileError as exc:
                    raise AuthFileError(exc.path, exc.problem, role=role.name, hint=_AUTH_HINT) from exc
        except BaseException:
            await context.close()
            raise
        if state is not None:
            context.note_origins(item.origin for item in state.origins)
        role.context = context
        if state is not None and state.not_applied:
            self.notices.append(
                f"Role {role.name!r}: its auth file also holds {', '.join(state.not_applied)}, which verdex does not "
                "restore (it applies cookies and localStorage)."
            )
        default_url = role.config.default_url
        if default_url and page.url in ("", "about:blank"):
            try:
                await page.navigate(default_url)
            except NavigationError as exc:
                self.notices.append(f"Role {role.name!r} started, but its default URL did not open: {exc}")
        return page

    def auth_state(self, config: RoleConfig) -> StorageState | None:
        """The role's auth file, read and checked now; None for a role without one.

        Raises:
            AuthFileError: the file is missing, unreadable, malformed or holds an expired cookie.
        """
        if config.auth_file is None:
            return None
        try:
            return load_storage_state(config.auth_file, now=time.time())
        except AuthFileError as exc:
            raise AuthFileError(exc.path, exc.problem, role=config.name, hint=_AUTH_HINT) from exc

    def take_notices(self) -> list[str]:
        notices, self.notices = self.notices + self.events.take_notes(), []
        return notices


def _relogin_note(roles: list[Role]) -> str:
    with_file = [role.name for role in roles if role.config.auth_file is not None]
    if not with_file:
        return ""
    return f" Role(s) {', '.join(with_file)} get their auth file applied again when next used."


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
