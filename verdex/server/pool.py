"""One browser session per HTTP client: the pool behind ``verdex serve --port``.

Over stdio a server has one client and one :class:`~verdex.server.session.Session`. Over HTTP it
has as many clients as connect, and each gets its own session: its own browser, roles, refs and
tabs, so two assistants (or two people) never act on each other's pages.

A client is known by the key :func:`client_key` reads from its request:

- ``mcp-session-id``: the MCP session of a client that speaks a protocol with an ``initialize``
  handshake (2025-11-25 and earlier; the Streamable HTTP transport, MCP spec section "Session
  Management"). The session ends when the client sends DELETE, or after ``idle_seconds`` without
  a call.
- ``verdex-session``: a header the client sets in its server config. MCP 2026-07-28 has no
  sessions (every request stands alone), so a client of that protocol names its browser session
  with this header; any value, one per client.
- neither: the one shared session ``shared``, which every such client uses (logged once).

The tools are registered once, bound to :data:`CURRENT` (a :class:`SessionView`): each tool call
runs with the contextvar set to its client's session (:meth:`SessionPool.entered`).
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, cast

import trio

from verdex.errors import UsageError
from verdex.server.config import ServerConfig
from verdex.server.feedback import masked_logs
from verdex.server.session import Session, open_session

__all__ = ["CLIENT_HEADER", "CURRENT", "SHARED", "SessionPool", "SessionView", "client_key"]

logger = logging.getLogger(__name__)

#: The header that names a client's browser session when its protocol has no MCP session.
CLIENT_HEADER = "verdex-session"
#: The key of the session clients share when they send neither an MCP session id nor the header.
SHARED = "shared"
#: Longest client-given session name, characters.
_NAME_LIMIT = 100

_current: contextvars.ContextVar[Session] = contextvars.ContextVar("verdex_session")


class SessionView:
    """Stands for the session of the call being served: every attribute is read from (and written
    to) the :class:`Session` that :meth:`SessionPool.entered` set for this call."""

    def __getattr__(self, name: str) -> Any:
        try:
            session = _current.get()
        except LookupError:
            raise RuntimeError("no browser session is set for this call (SessionPool.entered)") from None
        return getattr(session, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(_current.get(), name, value)


#: What the tools of an HTTP server are bound to (typed as the Session it stands for).
CURRENT = cast(Session, SessionView())


def client_key(headers: Mapping[str, str] | None) -> str:
    """Which session a request belongs to (see the module docstring); ``headers`` of the HTTP request.

    Raises:
        UsageError: a ``verdex-session`` header that is empty or longer than 100 characters.
    """
    if headers is None:
        return SHARED
    mcp_session = headers.get("mcp-session-id")
    if mcp_session:
        return f"mcp:{mcp_session}"
    named = headers.get(CLIENT_HEADER)
    if named is None:
        return SHARED
    named = named.strip()
    if not named or len(named) > _NAME_LIMIT:
        raise UsageError(
            f"the {CLIENT_HEADER} header names this client's browser session: give 1 to {_NAME_LIMIT} characters "
            f"(got {len(named)})"
        )
    return f"named:{named}"


@dataclass(eq=False)
class _Entry:
    key: str
    session: Session
    close: trio.Event = field(default_factory=trio.Event)
    closed: trio.Event = field(default_factory=trio.Event)
    calls: int = 0
    last_used: float = 0.0


class SessionPool:
    """The sessions of an HTTP server, by client key; opened on a client's first call.

    Args:
        config: every session's configuration.
        nursery: where each session's task runs.
        max_sessions: most sessions open at once; a new client past it gets an error saying so.
        idle_seconds: a session without a call for this long is closed (its browser too).
    """

    def __init__(self, config: ServerConfig, nursery: trio.Nursery, *, max_sessions: int, idle_seconds: float) -> None:
        self.config = config
        self._nursery = nursery
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self._entries: dict[str, _Entry] = {}
        self._opening = trio.Lock()
        self._warned_shared = False

    @property
    def keys(self) -> list[str]:
        """The keys of the open sessions, oldest first."""
        return list(self._entries)

    @asynccontextmanager
    async def entered(self, key: str) -> AsyncIterator[Session]:
        """Run a call in the session of ``key`` (opened if it is new): :data:`CURRENT` stands for it.

        Raises:
            UsageError: ``max_sessions`` are open and ``key`` is not one of them; with a persistent
                profile (``--user-data-dir``), another session holds it.
        """
        entry = await self._entry(key)
        entry.calls += 1
        token = _current.set(entry.session)
        try:
            yield entry.session
        finally:
            _current.reset(token)
            entry.calls -= 1
            entry.last_used = trio.current_time()

    async def _entry(self, key: str) -> _Entry:
        async with self._opening:
            entry = self._entries.get(key)
            if entry is not None:
                return entry
            if self.config.browser.user_data_dir is not None and self._entries:
                raise UsageError(
                    f"the persistent profile {self.config.browser.user_data_dir} (--user-data-dir) is open in another "
                    "client's session, and a profile can be open in one browser only: close that client (or its "
                    "browser with browser_close and wait), or serve without --user-data-dir"
                )
            if len(self._entries) >= self.max_sessions:
                raise UsageError(
                    f"verdex serves at most {self.max_sessions} sessions at once (--max-sessions) and all are in use; "
                    f"a session ends when its client disconnects or after {self.idle_seconds:g} s without a call"
                )
            if key == SHARED and not self._warned_shared:
                self._warned_shared = True
                logger.warning(
                    "a client sent neither an MCP session id nor a %s header: clients like it share one browser "
                    "session; give each client its own %s header to keep them apart",
                    CLIENT_HEADER,
                    CLIENT_HEADER,
                )
            opened: _Entry = await self._nursery.start(self._hold, key)
            self._entries[key] = opened
            logger.info("opened the browser session of client %s (%d open)", key, len(self._entries))
            return opened

    async def _hold(self, key: str, task_status: trio.TaskStatus[_Entry] = trio.TASK_STATUS_IGNORED) -> None:
        try:
            async with open_session(self.config) as session:
                with masked_logs(session.secrets):
                    entry = _Entry(key, session, last_used=trio.current_time())
                    task_status.started(entry)
                    await entry.close.wait()
        finally:
            if self._entries.get(key) is not None:
                self._entries.pop(key).closed.set()

    async def close(self, key: str) -> bool:
        """Close the session of ``key`` and its browser; False when there is none."""
        entry = self._entries.get(key)
        if entry is None:
            return False
        entry.close.set()
        await entry.closed.wait()
        logger.info("closed the browser session of client %s", key)
        return True

    async def close_all(self) -> None:
        """Close every session (at shutdown)."""
        for key in list(self._entries):
            await self.close(key)

    async def reap_idle(self) -> None:
        """Close sessions idle for ``idle_seconds``, for ever (run it in a nursery)."""
        while True:
            await trio.sleep(min(60.0, self.idle_seconds / 4))
            now = trio.current_time()
            for entry in list(self._entries.values()):
                if entry.calls == 0 and now - entry.last_used >= self.idle_seconds:
                    logger.info("client %s made no call for %g s", entry.key, self.idle_seconds)
                    await self.close(entry.key)
