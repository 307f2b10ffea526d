"""The first calls of a 2026-07-28 connection, answered before the MCP SDK is imported.

Importing the MCP SDK (its protocol models for every revision, pydantic schemas) is most of a start on a 2-core
machine, ~0.45 s of CPU, and while it runs in a thread it takes the interpreter from everything else. A client of
the 2026-07-28 revision needs none of it for its first steps: ``server/discover`` is answered early already
(:mod:`verdex.server.startup`), and :class:`EarlyCalls` answers what usually follows, with verdex's own code and
the SDK not imported yet:

- ``tools/list``: from ``tool_list.json``, the SDK's own answer for every tool, written by ``make tool-list`` and
  held equal to the SDK's by a test (the tools this configuration turns on, in their order); once the SDK runs it
  answers the same request itself, and its answer is compared with the one sent (a difference is logged as an
  error) and dropped;
- ``tools/call`` of ``browser_navigate`` (``{"url": ...}``) and ``browser_snapshot`` (no arguments): run through
  the same code as the SDK's tools (:mod:`verdex.server.page_answers`, :func:`verdex.server.guarding.run_guarded`,
  the answer made safe and its secrets masked), one at a time in order, and written as the SDK writes a
  ``CallToolResult`` at that revision (text content, ``isError``, ``resultType``, the ``serverInfo`` stamp). A
  ``notifications/cancelled`` for one of them cancels it (no answer).

A request is answered early only in that exact shape: a JSON-RPC request whose ``_meta`` is the revision's
envelope alone (protocol version, client info, client capabilities: no progress token, no log level), on a server
without ``--trace``, ``--output-schemas`` or an OpenTelemetry tracer provider (their effects are the SDK's), with
the tool turned on. Anything else is kept, in order, for the SDK, and ends early answering: the SDK is imported
then (a call for it waits for the import, as every call did before), and serves every line kept, from the
first. It is also imported once the client has said nothing for :data:`IDLE_SECONDS` after the early answers (an
assistant's model reads them for seconds before its next call), and it takes over once imported, after the early
call in progress, if any, has answered. Clients of the handshake revisions (``initialize``) are served as before:
the SDK is imported from the start, beside the handshake.

``VERDEX_NO_EARLY_CALLS=1`` in the environment turns early answers off (the SDK answers everything but the
handshake): the tests compare both ways' answers byte for byte.

Sources: MCP specification 2026-07-28 (``_meta`` request envelope, ``tools/list``, ``tools/call``,
``CallToolResult``, cancellation); the answers' shapes follow the MCP SDK (``mcp`` 2.3) ``ServerRunner._serialize``.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import trio

from verdex import __version__
from verdex.safe_text import clean_text
from verdex.server.config import ServerConfig
from verdex.server.feedback import CallFeedback, calling
from verdex.server.guarding import ToolFailure, run_guarded
from verdex.server.limits import MAX_URL_CHARS
from verdex.server.page_answers import navigate, snapshot
from verdex.server.session import Session
from verdex.server.startup import META, MODERN_VERSIONS, client_shape, json_object, server_info
from verdex.server.stdio import StdioReadStream, StdioWriteStream

__all__ = [
    "EARLY_TOOLS",
    "IDLE_SECONDS",
    "REVISION",
    "TOOL_LIST",
    "EarlyCalls",
    "listed_tools",
]

logger = logging.getLogger(__name__)

#: Seconds without a line from the client, after the early answers, before the SDK is imported anyway.
IDLE_SECONDS = 0.05

#: The SDK's ``tools/list`` result for every tool at the 2026-07-28 revision (``make tool-list`` writes it).
TOOL_LIST = Path(__file__).with_name("tool_list.json")

#: The tools answered early, and the arguments each takes here (a check of each value).
EARLY_TOOLS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "browser_navigate": {"url": lambda url: isinstance(url, str) and len(url) <= MAX_URL_CHARS},
    "browser_snapshot": {},
}

#: The revision served early (its ``tools/list`` answer is the one ``tool_list.json`` holds), and the keys of its
#: request envelope.
REVISION = MODERN_VERSIONS[0]
_ENVELOPE_KEYS = frozenset({META + "protocolVersion", META + "clientInfo", META + "clientCapabilities"})
_REQUEST_KEYS = frozenset({"jsonrpc", "id", "method", "params"})


@functools.cache
def _all_tools() -> dict[str, Any] | None:
    try:
        result: dict[str, Any] = json.loads(TOOL_LIST.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        logger.warning("%s cannot be read (%s): the MCP SDK answers tools/list itself", TOOL_LIST, exc)
        return None
    return result


def listed_tools(config: ServerConfig) -> dict[str, Any] | None:
    """The ``tools/list`` result the SDK gives at 2026-07-28 for ``config``'s tools (None: not known here)."""
    if config.output_schemas:
        return None
    result = _all_tools()
    if result is None or result.get("_meta", {}).get(META + "serverInfo", {}).get("version") != __version__:
        return None  # written by another version: its own answer is the SDK's to give
    enabled = config.tools
    tools = [tool for tool in result["tools"] if tool["name"] in enabled]
    return {key: tools if key == "tools" else value for key, value in result.items()}


@dataclass
class _Call:
    request_id: str | int
    tool: str
    arguments: dict[str, Any]
    scope: trio.CancelScope


class EarlyCalls:
    """Answers a 2026-07-28 connection's first requests before the SDK is imported (see the module docstring).

    Args:
        session: the server's session (the SDK's tools use it later).
        reader, writer: stdio (:func:`verdex.server.stdio.open_stdio`).
        import_sdk: starts importing the SDK (called once; it returns at once).
    """

    def __init__(
        self,
        session: Session,
        reader: StdioReadStream,
        writer: StdioWriteStream,
        import_sdk: Callable[[], None],
    ) -> None:
        self._session = session
        self._reader = reader
        self._writer = writer
        self._import_sdk = import_sdk
        self._importing = False
        self._tools = session.config.tools
        self._listed = listed_tools(session.config)
        #: Answering early: until a line is kept for the SDK.
        self._open = True
        self._calls, self._queue = trio.open_memory_channel[_Call](100)
        #: The early calls accepted and not answered yet, by request id.
        self._pending: dict[str | int, _Call] = {}
        #: A line was kept that only the SDK answers (a request, or what is not JSON).
        self._for_sdk = False
        #: Set while no early call is pending (a new one clears it).
        self._drained = trio.Event()
        self._drained.set()

    async def serve(self, imported: trio.Event, first: bytes | None = None) -> bool:
        """Read and answer lines until the SDK is imported (``imported`` set) and the early calls accepted have
        answered (lines read meanwhile are kept for the SDK, but a cancellation of an early call still cancels
        it), or until the client's input ends (the calls still running are cut short, unanswered, as the SDK's
        are then). The lines for the SDK are kept in order in the reader. Returns True when the SDK has to run:
        it was imported, or a line kept is the SDK's alone to answer. ``first``: a line read already, taken
        first."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._run_calls)
            ended = False
            with trio.CancelScope() as reading:
                async with trio.open_nursery() as watching:
                    watching.start_soon(self._stop_reading, imported, reading)
                    try:
                        if first is not None:
                            await self._take(first)
                        await self._read()
                    except (anyio.EndOfStream, anyio.ClosedResourceError):
                        ended = True
                    watching.cancel_scope.cancel()
            self._calls.close()
            if ended:
                nursery.cancel_scope.cancel()
        return imported.is_set() or self._for_sdk

    async def _stop_reading(self, imported: trio.Event, reading: trio.CancelScope) -> None:
        """Once the SDK is imported, answer nothing more early and stop reading when the early calls are done."""
        await imported.wait()
        self._open = False
        await self._drained.wait()
        reading.cancel()

    async def _read(self) -> None:
        while True:
            line: bytes | None = None
            if self._importing:
                line = await self._reader.read_line()
            else:
                with trio.move_on_after(IDLE_SECONDS):
                    line = await self._reader.read_line()
                if line is None:
                    if not self._pending:
                        self._start_import("the client is quiet")  # its model reads the answers
                    continue
            await self._take(line)

    async def _take(self, line: bytes) -> None:
        """Answer ``line`` early, or keep it for the SDK."""
        message = json_object(line)
        method = message.get("method") if message is not None else None
        if message is not None and method == "notifications/cancelled" and self._cancelled(message):
            return
        if message is not None and self._open:
            if method == "tools/call" and self._accept(message):
                return
            if method == "tools/list" and self._listed is not None and self._request(message, {"_meta"}):
                self._reader.keep(line)  # answered by the SDK too, once it runs: compared, then dropped
                await self._writer.send_answer(message["id"], self._listed)
                return
        self._reader.keep(line)
        if message is None or "id" in message:
            self._open = False  # a request the SDK answers: the calls after it wait for it too
            self._for_sdk = True
            self._start_import("a request for it")

    def _request(self, message: dict[str, Any], keys: set[str]) -> bool:
        """``message`` is a request of the early revision whose params hold ``keys`` and its envelope alone."""
        request_id = message.get("id")
        params = message.get("params")
        if (
            message.keys() != _REQUEST_KEYS
            or message.get("jsonrpc") != "2.0"
            or isinstance(request_id, bool)
            or not isinstance(request_id, str | int)
            or request_id in self._pending
            or not isinstance(params, dict)
            or params.keys() != keys
        ):
            return False
        meta = params["_meta"]
        return (
            isinstance(meta, dict)
            and meta.keys() == _ENVELOPE_KEYS
            and meta[META + "protocolVersion"] == REVISION
            and client_shape(meta[META + "clientInfo"], meta[META + "clientCapabilities"])
        )

    def _accept(self, message: dict[str, Any]) -> bool:
        """Start answering a ``tools/call`` early if it has the shape of the module docstring."""
        if not self._request(message, {"name", "arguments", "_meta"}):
            return False
        params = message["params"]
        tool, arguments = params["name"], params["arguments"]
        checks = EARLY_TOOLS.get(tool) if isinstance(tool, str) and tool in self._tools else None
        if (
            checks is None
            or not isinstance(arguments, dict)
            or arguments.keys() != checks.keys()
            or not all(check(arguments[key]) for key, check in checks.items())
        ):
            return False
        call = _Call(message["id"], tool, arguments, trio.CancelScope())
        try:
            self._calls.send_nowait(call)
        except trio.WouldBlock:
            return False
        self._pending[call.request_id] = call
        if self._drained.is_set():
            self._drained = trio.Event()
        logger.debug("tools/call %r (%s) answered before the MCP SDK is imported", call.request_id, tool)
        return True

    def _cancelled(self, message: dict[str, Any]) -> bool:
        params = message.get("params")
        request_id = params.get("requestId") if isinstance(params, dict) else None
        call = self._pending.get(request_id) if isinstance(request_id, str | int) else None
        if call is None:
            return False
        logger.debug("the client cancelled tools/call %r", request_id)
        call.scope.cancel()
        return True

    def _start_import(self, why: str) -> None:
        if not self._importing:
            logger.debug("importing the MCP SDK: %s", why)
            self._importing = True
            self._import_sdk()

    async def _run_calls(self) -> None:
        async for call in self._queue:
            await self._answer(call)
            del self._pending[call.request_id]
            if not self._pending:
                self._drained.set()

    async def _answer(self, call: _Call) -> None:
        """Run one call and write its answer (none when the client cancelled it)."""
        answer: dict[str, Any] | None = None
        with call.scope:
            text, failed = await self._run(call)
            answer = {
                "content": [{"text": text, "type": "text"}],
                "isError": failed,
                "resultType": "complete",
                "_meta": {META + "serverInfo": server_info()},
            }
        if answer is not None:
            await self._writer.send_json({"jsonrpc": "2.0", "id": call.request_id, "result": answer})

    async def _run(self, call: _Call) -> tuple[str, bool]:
        """The call's text (made safe, secrets masked, as :meth:`VerdexServer._traced` makes it) and whether it
        failed."""
        session = self._session
        body: Callable[[], Awaitable[tuple[str, Any]]]
        if call.tool == "browser_navigate":
            body = functools.partial(navigate, session, call.arguments["url"])
        else:
            body = functools.partial(snapshot, session)
        async with calling(CallFeedback(call.tool, None, None, False)):
            try:
                (text, _), notes = await run_guarded(session, call.tool, body)
            except ToolFailure as exc:
                # The SDK's tool runner says which tool failed (mcp.server.mcpserver.tools.base.Tool.run).
                message = f"Error executing tool {call.tool}: {exc.message}"
                logger.info("Tool %r failed: %r", call.tool, message)
                return session.secrets.mask(clean_text(message)), True
        return session.secrets.mask(clean_text(notes + "\n" + text if notes else text)), False
