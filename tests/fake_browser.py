"""A scripted stand-in for Chromium at the other end of a :class:`~verdex.cdp.transport.MemoryTransport`.

For unit tests of the layers above the wire (connection, sessions, frames, navigation, dialogs,
tabs) without a browser: the fake reads each command verdex sends, answers it from a handler the
test registers for its method (or ``{}`` for the setup commands every page sends), records it, and
sends the events the test asks for. What a real browser does that these tests depend on is written
out in each test, so the test says which protocol behaviour it assumes.

    async with fake_browser() as (browser, connection):
        browser.handle("Page.navigate", lambda params, session: {"frameId": "F", "loaderId": "L2"})
        ...
        browser.event("Page.lifecycleEvent", {...}, session="S1")
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import trio

from verdex.cdp.connection import CDPConnection, open_cdp_connection
from verdex.cdp.transport import MemoryTransport, memory_transport_pair

JSON = dict[str, Any]
#: ``handler(params, session_id)``: the command's result, or a :class:`Refuse` to answer with an error,
#: or :data:`SILENT` to never answer.
Handler = Callable[[JSON, str | None], Any]

#: Commands every page sets up with (answered ``{}`` unless a test handles them).
SETUP = {
    "Page.enable",
    "Page.setLifecycleEventsEnabled",
    "Network.enable",
    "Runtime.enable",
    "Page.addScriptToEvaluateOnNewDocument",
    "Target.setAutoAttach",
    "Target.setDiscoverTargets",
    "Emulation.setDeviceMetricsOverride",
    "Page.bringToFront",
    "Runtime.runIfWaitingForDebugger",
    "Page.stopLoading",
    "Browser.setDownloadBehavior",
}

#: Commands answered with a fixed result unless a test handles them: the page's answer to the round trip
#: that checks it is not running an endless script before a navigation (Page.stop_runaway_script), and
#: the isolated world a dialog's answer queues its task in, then that task (verdex.browser.dialogs).
DEFAULT_RESULTS: dict[str, JSON] = {
    "Runtime.evaluate": {"result": {"type": "number", "value": 0, "description": "0"}},
    "Page.createIsolatedWorld": {"executionContextId": 77},
}

SILENT = object()


@dataclass(frozen=True)
class Refuse:
    """Answer a command with a protocol error."""

    message: str
    code: int = -32000


@dataclass(frozen=True)
class Sent:
    """A command verdex sent."""

    method: str
    params: JSON
    session: str | None


@dataclass
class FakeBrowser:
    """The peer: answers commands by method, records them, sends events."""

    transport: MemoryTransport
    handlers: dict[str, Handler] = field(default_factory=dict)
    sent: list[Sent] = field(default_factory=list)
    _changed: trio.Event = field(default_factory=trio.Event)

    def handle(self, method: str, handler: Handler | JSON) -> None:
        """Answer ``method`` with ``handler(params, session)`` (or with a fixed result)."""
        self.handlers[method] = handler if callable(handler) else (lambda _params, _session, value=handler: value)

    def methods(self, session: str | None = ...) -> list[str]:  # type: ignore[assignment]
        """The methods sent so far, in order (of one session when given)."""
        return [s.method for s in self.sent if session is ... or s.session == session]

    def params_of(self, method: str) -> list[JSON]:
        """The parameters of every ``method`` command sent, in order."""
        return [s.params for s in self.sent if s.method == method]

    async def event(self, method: str, params: JSON, *, session: str | None = None) -> None:
        """Send an event (on a flat session, or the browser's when ``session`` is None)."""
        message: JSON = {"method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        await self.transport.send(json.dumps(message))

    async def wait_for(self, method: str, count: int = 1) -> JSON:
        """Wait until ``method`` was sent ``count`` times; its last parameters."""
        with trio.fail_after(5):
            while len(self.params_of(method)) < count:
                await self._changed.wait()
        return self.params_of(method)[-1]

    async def serve(self) -> None:
        """Answer commands until the connection closes."""
        from verdex.errors import BrowserClosedError

        try:
            while True:
                message = json.loads(await self.transport.receive())
                session = message.get("sessionId")
                self.sent.append(Sent(message["method"], message.get("params") or {}, session))
                self._changed.set()
                self._changed = trio.Event()
                handler = self.handlers.get(message["method"])
                if handler is None:
                    if message["method"] not in SETUP and message["method"] not in DEFAULT_RESULTS:
                        raise AssertionError(f"the fake browser has no answer for {message['method']}")
                    result: Any = DEFAULT_RESULTS.get(message["method"], {})
                else:
                    result = handler(message["params"], session)
                if result is SILENT:
                    continue
                answer: JSON = {"id": message["id"]}
                if session is not None:
                    answer["sessionId"] = session
                if isinstance(result, Refuse):
                    answer["error"] = {"code": result.code, "message": result.message}
                else:
                    answer["result"] = result
                await self.transport.send(json.dumps(answer))
        except BrowserClosedError:
            return


@asynccontextmanager
async def fake_browser() -> AsyncIterator[tuple[FakeBrowser, CDPConnection]]:
    """A :class:`FakeBrowser` and a verdex :class:`CDPConnection` to it, both running; closed on exit."""
    ours, theirs = memory_transport_pair()
    browser = FakeBrowser(theirs)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(browser.serve)
        async with open_cdp_connection(ours) as connection:
            yield browser, connection
        await theirs.aclose()
        nursery.cancel_scope.cancel()


async def until(predicate: Callable[[], bool], timeout: float = 2.0) -> None:
    """Wait until ``predicate()`` holds (something another task does: the reader handling an event)."""
    with trio.fail_after(timeout):
        while not predicate():  # noqa: ASYNC110 -- state of other tasks, polled
            await trio.sleep(0.01)
