"""A trio CDP connection: command ids and answers, timeouts, events, flat sessions.

One reader task (started by :func:`open_cdp_connection` in its own nursery) reads every message.
Answers wake the command that waits for them; events go to the handlers registered with
:meth:`CDPSession.on`. Commands and events are the typed ones of :mod:`verdex.cdp.protocol`
(``await session.send(Page.navigate({"url": url}))``): no CDP method name is written as a string
outside that table. The reader never raises into its nursery: when the transport breaks it
records why, fails every pending command with one :class:`~verdex.errors.BrowserClosedError`, and
later commands fail the same way at once.

Sessions are flat (``Target.attachToTarget(flatten=True)``): every message to or from a target
carries its ``sessionId`` over the one browser connection. :class:`CDPSession` with
``session_id=None`` is the browser itself.
"""

from __future__ import annotations

import itertools
import json
import logging
import math
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

import trio

from verdex._nursery import open_service_nursery
from verdex.cdp.protocol import Event, Request
from verdex.cdp.transport import Transport
from verdex.errors import BrowserClosedError, CDPError, CDPTimeoutError, ProtocolError

__all__ = ["DEFAULT_COMMAND_TIMEOUT", "JSON", "CDPConnection", "CDPSession", "open_cdp_connection"]

logger = logging.getLogger(__name__)

#: Seconds a command may wait for its answer unless the caller says otherwise.
DEFAULT_COMMAND_TIMEOUT = 30.0

P = TypeVar("P")
R = TypeVar("R")
JSON = dict[str, Any]
_Handler = Callable[[JSON], None]


@dataclass(eq=False)
class _Pending:
    method: str
    session_id: str | None
    done: trio.Event = field(default_factory=trio.Event)
    result: JSON | None = None
    error: CDPError | None = None


class CDPConnection:
    """The browser connection; use :func:`open_cdp_connection` to get one."""

    def __init__(self, transport: Transport) -> None:
        self._transport = transport
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._handlers: dict[tuple[str | None, str], list[_Handler]] = {}
        self._close_reason: str | None = None
        self.closed = trio.Event()

    @property
    def close_reason(self) -> str | None:
        """Why the connection closed, or ``None`` while it is open."""
        return self._close_reason

    def session(self, session_id: str | None) -> CDPSession:
        """A handle for commands and events of one flat session (``None``: the browser)."""
        return CDPSession(self, session_id)

    async def request(
        self,
        method: str,
        params: Any = None,
        *,
        session_id: str | None = None,
        timeout: float | None = None,
    ) -> JSON:
        """Send one command by its wire name and wait for its answer (:meth:`CDPSession.send` is the typed way).

        Args:
            method: CDP method, e.g. ``"Page.navigate"``.
            params: its parameters.
            session_id: the flat session of the target, ``None`` for the browser.
            timeout: seconds to wait (default :data:`DEFAULT_COMMAND_TIMEOUT`; ``math.inf`` for none).

        Returns:
            The ``result`` object of the answer.

        Raises:
            ProtocolError: the browser answered with an error.
            CDPTimeoutError: no answer in time.
            BrowserClosedError: the connection is closed, or closed while waiting.
        """
        if self._close_reason is not None:
            raise BrowserClosedError(self._close_reason)
        command_id = next(self._ids)
        message: JSON = {"id": command_id, "method": method, "params": params or {}}
        if session_id is not None:
            message["sessionId"] = session_id
        pending = _Pending(method, session_id)
        self._pending[command_id] = pending
        limit = DEFAULT_COMMAND_TIMEOUT if timeout is None else timeout
        try:
            with trio.move_on_after(limit) as scope:
                await self._transport.send(json.dumps(message))
                await pending.done.wait()
        except BrowserClosedError as exc:
            self._close(str(exc))
            raise
        finally:
            self._pending.pop(command_id, None)
        if scope.cancelled_caught:
            raise CDPTimeoutError(f"{method} got no answer from the browser within {_seconds(limit)}")
        if pending.error is not None:
            raise pending.error
        assert pending.result is not None
        return pending.result

    def listen(self, method: str, handler: _Handler, *, session_id: str | None = None) -> Callable[[], None]:
        """Call ``handler(params)`` for every ``method`` event of that session (:meth:`CDPSession.on` is the typed way).

        Handlers run in the reader task: they must not block, and an exception in one is logged
        and does not stop the reader. Returns a function that removes the handler.
        """
        key = (session_id, method)
        self._handlers.setdefault(key, []).append(handler)

        def remove() -> None:
            handlers = self._handlers.get(key, [])
            if handler in handlers:
                handlers.remove(handler)
            if not handlers:
                self._handlers.pop(key, None)

        return remove

    async def read_loop(self) -> None:
        """Read and dispatch messages until the transport ends. Never raises but Cancelled."""
        try:
            while True:
                self._dispatch(await self._transport.receive())
        except BrowserClosedError as exc:
            self._close(str(exc))
        except trio.Cancelled:
            self._close("the connection to the browser was closed")
            raise

    async def aclose(self) -> None:
        """Close the transport; pending commands fail with BrowserClosedError."""
        self._close("the connection to the browser was closed")
        with trio.CancelScope(shield=True):
            await self._transport.aclose()

    def _close(self, reason: str) -> None:
        if self._close_reason is not None:
            return
        self._close_reason = reason
        logger.info("CDP connection closed: %s", reason)
        for pending in self._pending.values():
            if not pending.done.is_set():
                pending.error = BrowserClosedError(reason)
                pending.done.set()
        self.closed.set()

    def _dispatch(self, text: str) -> None:
        try:
            message = json.loads(text)
        except json.JSONDecodeError:
            logger.warning("ignoring a CDP message that is not JSON: %.200s", text)
            return
        if not isinstance(message, dict):
            logger.warning("ignoring a CDP message that is not an object: %.200s", text)
            return
        if "id" in message:
            self._answer(message)
        elif isinstance(message.get("method"), str):
            self._event(message)

    def _answer(self, message: JSON) -> None:
        pending = self._pending.get(message["id"])
        if pending is None or pending.done.is_set():
            return  # timed out or cancelled meanwhile
        error = message.get("error")
        if isinstance(error, dict):
            pending.error = ProtocolError(pending.method, int(error.get("code", 0)), str(error.get("message", "")))
        else:
            result = message.get("result")
            pending.result = result if isinstance(result, dict) else {}
        pending.done.set()

    def _event(self, message: JSON) -> None:
        key = (message.get("sessionId"), message["method"])
        handlers = self._handlers.get(key)
        if not handlers:
            return
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        for handler in list(handlers):
            try:
                handler(params)
            except Exception:
                logger.exception("handler for %s raised; the reader goes on", message["method"])


class CDPSession:
    """Commands and events of one flat session (a page, a frame's target, or the browser)."""

    def __init__(self, connection: CDPConnection, session_id: str | None) -> None:
        self.connection = connection
        self.session_id = session_id

    async def send(self, request: Request[R], *, timeout: float | None = None) -> R:
        """Send a command of :mod:`verdex.cdp.protocol` on this session and wait for its answer.

        Args:
            request: e.g. ``Page.navigate({"url": url})`` or ``Page.enable()``.
            timeout: seconds to wait (default :data:`DEFAULT_COMMAND_TIMEOUT`; ``math.inf`` for none).

        Returns:
            The answer's ``result`` object, as the command's result type.

        Raises:
            ProtocolError: the browser answered with an error.
            CDPTimeoutError: no answer in time.
            BrowserClosedError: the connection is closed, or closed while waiting.
        """
        answer = await self.connection.request(
            request.method, request.params, session_id=self.session_id, timeout=timeout
        )
        return cast(R, answer)

    def on(self, event: Event[P], handler: Callable[[P], None]) -> Callable[[], None]:
        """Call ``handler(params)`` for every ``event`` of this session; returns a function that removes it.

        Handlers run in the reader task: they must not block, and an exception in one is logged
        and does not stop the reader. ``params`` is the event's JSON as the browser sent it.
        """
        return self.connection.listen(event.method, cast(_Handler, handler), session_id=self.session_id)

    @asynccontextmanager
    async def expect(
        self, event: Event[P], predicate: Callable[[P], bool] | None = None
    ) -> AsyncIterator[Expectation[P]]:
        """Catch the first matching event from now on, also one that arrives before ``wait``.

        Use it around the command that causes the event::

            async with session.expect(Page.loadEventFired) as load:
                await session.send(Page.reload())
                await load.wait(timeout=30)
        """
        expectation = Expectation(event.method, predicate)
        remove = self.on(event, expectation.offer)
        try:
            yield expectation
        finally:
            remove()


class Expectation(Generic[P]):
    """An event awaited by :meth:`CDPSession.expect`."""

    def __init__(self, method: str, predicate: Callable[[P], bool] | None) -> None:
        self.method = method
        self._predicate = predicate
        self._event = trio.Event()
        self.params: P | None = None

    @property
    def happened(self) -> bool:
        return self._event.is_set()

    def offer(self, params: P) -> None:
        if self._event.is_set():
            return
        if self._predicate is None or self._predicate(params):
            self.params = params
            self._event.set()

    async def wait(self, timeout: float) -> P:
        """Wait for the event. Raises CDPTimeoutError if it does not come in ``timeout`` seconds."""
        with trio.move_on_after(timeout):
            await self._event.wait()
        if self.params is None:
            raise CDPTimeoutError(f"no {self.method} event within {_seconds(timeout)}")
        return self.params


@asynccontextmanager
async def open_cdp_connection(transport: Transport) -> AsyncIterator[CDPConnection]:
    """Run a connection over ``transport`` with its reader task; closed on exit.

    Blocks nothing; on exit the reader is cancelled and the transport closed.
    """
    connection = CDPConnection(transport)
    async with open_service_nursery() as nursery:
        nursery.start_soon(connection.read_loop)
        try:
            yield connection
        finally:
            await connection.aclose()
            nursery.cancel_scope.cancel()


def _seconds(limit: float) -> str:
    if math.isinf(limit):
        return "ever"
    return f"{limit:g} s"
