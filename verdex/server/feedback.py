"""What a client hears while a tool call runs: MCP progress notifications and log messages.

Progress (MCP spec, "Utilities: Progress"): when a request carries a ``progressToken``, the call
sends ``notifications/progress`` every :data:`HEARTBEAT_SECONDS` while it runs, and at once when
it enters a new stage (:func:`stage`: loading a URL, waiting for the page to be stable or for a
text, each plan step). ``progress`` is the seconds since the call began (it only grows; the total
is unknown), ``message`` says what the call is doing: ``browser_navigate: loading
http://localhost:3000/ (4 s)``, ``browser_run_plan: step 3 of 7: click e12 (2 s)``.

Logging (MCP spec, "Utilities: Logging"): records of verdex's loggers emitted during a call are
sent to that call's client as ``notifications/message`` (logger name, level, message), at or
above the level it asked for: ``logging/setLevel`` for clients with an ``initialize`` handshake,
the request's ``io.modelcontextprotocol/logLevel`` ``_meta`` for MCP 2026-07-28 clients (the SDK
applies that one). verdex's own level (``--log-level``, default warning) still bounds what is
logged at all; ``logging/setLevel`` lowers it for the server when a client asks for more. Records
outside a call (a browser that crashed between calls) go to stderr only.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, cast

import trio

from verdex._nursery import open_service_nursery
from verdex.masking import MaskingFilter, SecretValues, mask_urls
from verdex.safe_text import clean_text

if TYPE_CHECKING:  # the SDK is imported after the handshake (verdex.server.startup)
    from mcp.server.mcpserver import Context

__all__ = [
    "HEARTBEAT_SECONDS",
    "LEVELS",
    "CallFeedback",
    "McpLogHandler",
    "calling",
    "forward_logs",
    "masked_logs",
    "stage",
]

#: Seconds between progress notifications while a call runs.
HEARTBEAT_SECONDS = 1.0

LoggingLevel = Literal["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
#: MCP's log levels (RFC 5424 severities), least severe first.
LEVELS: tuple[LoggingLevel, ...] = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
_PYTHON_LEVEL = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "notice": logging.INFO + 5,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
    "alert": logging.CRITICAL + 5,
    "emergency": logging.CRITICAL + 10,
}

_current: contextvars.ContextVar[CallFeedback | None] = contextvars.ContextVar("verdex_feedback", default=None)


@dataclass(eq=False)
class CallFeedback:
    """The feedback of one tool call.

    Attributes:
        tool: the tool's name, at the head of every progress message.
        context: the SDK's request context (None: an in-process call with nobody to tell).
        min_level: the least severe log level this call's client receives (None: no log messages).
        progress: the request carries a ``progressToken`` (MCP sends progress only for such requests,
            so a call without one runs no heartbeat).
    """

    tool: str
    context: Context[Any, Any] | None
    min_level: LoggingLevel | None = None
    progress: bool = True
    doing: str = "working"
    started: float = field(default_factory=trio.current_time)
    _sent: float = -1.0
    _stages: list[str] = field(default_factory=list)
    _changed: trio.Event = field(default_factory=trio.Event)
    _records: tuple[trio.MemorySendChannel[logging.LogRecord], trio.MemoryReceiveChannel[logging.LogRecord]] = field(
        default_factory=lambda: trio.open_memory_channel[logging.LogRecord](100)
    )
    _thread: int = field(default_factory=threading.get_ident)
    _forwarded: trio.Event = field(default_factory=trio.Event)
    #: The forwarding task runs (it starts with the call's first record to send).
    _forwarding: bool = False
    #: The call ended: no more records are taken.
    _ended: bool = False

    async def _progress(self, doing: str) -> None:
        assert self.context is not None
        elapsed = trio.current_time() - self.started
        progress = max(round(elapsed, 1), round(self._sent + 0.1, 1))
        self._sent = progress
        # Made safe as answers are (invisible characters escaped, URL passwords masked).
        message = clean_text(mask_urls(f"{self.tool}: {doing} ({elapsed:.0f} s)"))
        await self.context.report_progress(progress, None, message)

    async def _heartbeat(self) -> None:
        while True:
            with trio.move_on_after(HEARTBEAT_SECONDS):
                await self._changed.wait()
            self._changed = trio.Event()
            stages, self._stages = self._stages, []
            for doing in stages or [self.doing]:
                await self._progress(doing)

    async def _forward_logs(self) -> None:
        assert self.context is not None
        try:
            async for record in self._records[1]:
                await self.context.log(_mcp_level(record.levelno), record.getMessage(), logger_name=record.name)
        except Exception:  # the client left: its log messages have nowhere to go
            pass
        finally:
            self._forwarded.set()

    def _take(self, record: logging.LogRecord) -> None:
        if self.min_level is None or self.context is None or self._ended or threading.get_ident() != self._thread:
            return
        if record.levelno < _PYTHON_LEVEL[self.min_level]:
            return
        # 100 records behind: the rest of this call's records stay on stderr.
        with contextlib.suppress(trio.WouldBlock, trio.ClosedResourceError):
            self._records[0].send_nowait(record)
        if not self._forwarding:
            # Most calls log nothing: the task that sends records starts with the first one. It is a system task
            # (no nursery of the call's to enter and leave on every call); it ends when the call does.
            self._forwarding = True
            trio.lowlevel.spawn_system_task(
                self._forward_logs, name=f"verdex log forwarding ({self.tool})", context=contextvars.copy_context()
            )

    async def _end_logs(self) -> None:
        """Take no more records; let the records taken so far go out (at most a second)."""
        self._ended = True
        self._records[0].close()
        if self._forwarding:
            with trio.move_on_after(1, shield=True):
                await self._forwarded.wait()


@asynccontextmanager
async def calling(feedback: CallFeedback) -> AsyncIterator[CallFeedback]:
    """Run a tool call with ``feedback``: heartbeats and log forwarding in the background, stopped on exit
    (neither runs when nobody listens: heartbeats only for a call with a progress token, log forwarding from
    the first record to send on; a call with neither passes through the scheduler no more than its tool does)."""
    token = _current.set(feedback)
    try:
        if feedback.context is None or not feedback.progress:
            try:
                yield feedback
            finally:
                await feedback._end_logs()
            return
        async with open_service_nursery() as nursery:
            nursery.start_soon(feedback._heartbeat)
            try:
                yield feedback
            finally:
                # Let the records logged so far go out, then stop the heartbeat.
                await feedback._end_logs()
                nursery.cancel_scope.cancel()
    finally:
        _current.reset(token)


def stage(doing: str) -> None:
    """Say what the running call does now (``loading http://...``); a progress notification follows at once.

    Does nothing outside a call.
    """
    feedback = _current.get()
    if feedback is not None:
        feedback.doing = doing
        feedback._stages.append(doing)
        feedback._changed.set()


class McpLogHandler(logging.Handler):
    """Passes records to the running call's client (see the module docstring). Install it on ``verdex``'s logger."""

    def emit(self, record: logging.LogRecord) -> None:
        feedback = _current.get()
        if feedback is not None:
            feedback._take(record)


def forward_logs() -> None:
    """Send verdex's log records to the calling client (:class:`McpLogHandler` on the ``verdex`` logger), and
    keep stderr at the level it has now, whatever level a client asks for later."""
    root = logging.getLogger()
    for handler in root.handlers:
        if handler.level == logging.NOTSET:
            handler.setLevel(root.getEffectiveLevel())
    package = logging.getLogger("verdex")
    if not any(isinstance(handler, McpLogHandler) for handler in package.handlers):
        package.addHandler(McpLogHandler())


@contextlib.contextmanager
def masked_logs(secrets: SecretValues) -> Iterator[None]:
    """Mask ``secrets`` in every log line while a session lives: stderr's (the SDK's lines included) and the
    log messages sent to clients (:class:`McpLogHandler`)."""
    masking = MaskingFilter(secrets)
    handlers = [*logging.getLogger().handlers, *logging.getLogger("verdex").handlers]
    for handler in handlers:
        handler.addFilter(masking)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(masking)


def mcp_level_of(python_level: int) -> LoggingLevel:
    """The MCP level of a Python logging level."""
    return _mcp_level(python_level)


def python_level_of(level: str) -> int:
    """The Python logging level of an MCP level."""
    return _PYTHON_LEVEL[cast(LoggingLevel, level)]


def _mcp_level(levelno: int) -> LoggingLevel:
    chosen: LoggingLevel = "debug"
    for name in LEVELS:
        if levelno >= _PYTHON_LEVEL[name]:
            chosen = name
    return chosen
