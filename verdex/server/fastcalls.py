"""``tools/call`` over stdio without the MCP SDK's per-request dispatch.

Every request the SDK serves goes through its generic machinery: the line validated into a JSON-RPC message
model, a relay task, an in-flight table and cancel scope, a per-request connection and session (2026-07-28), the
middleware chain (OpenTelemetry, requestState sealing), the params validated against the protocol revision's
surface and again into the handler's model, the result dumped, validated against the revision's result surface
and dumped again, and the answer built as a JSON-RPC model and dumped a last time. On a tool call that answers in
a few milliseconds this was a third of the server's CPU time (py-spy, ``resolve_container`` on a real page).

:class:`FastCalls` is the SDK's read stream over stdio. A ``tools/call`` request whose shape it can vouch for is
answered here: the SDK's own ``tools/call`` handler runs (the one ``MCPServer`` registers: its Context, error
results and logging), with a request context whose session sends progress and log notifications exactly as the
SDK's does (MCP "Utilities: Progress" and "Utilities: Logging": ``notifications/progress`` for a request with a
``progressToken``; ``notifications/message`` unconditionally on a handshake-era connection, only at or above the
request's ``io.modelcontextprotocol/logLevel`` on a 2026-07-28 one), and the answer is written as one JSON line.
``notifications/cancelled`` for such a request cancels it (no answer is sent, as the spec says). Everything else
(the handshake, ``tools/list``, malformed requests, a call before ``initialize``, the first request of a 2026-07-28
connection, a request carrying ``requestState``) goes to the SDK unchanged, in order.

A request is answered here only when the SDK would have served it and its answer is the same:

- a handshake-era connection after an ``initialize`` the SDK accepts (at the revision it negotiates), for requests
  without the 2026-07-28 envelope;
- a 2026-07-28 connection (its first request carried the envelope), for requests whose envelope the SDK's
  inbound ladder accepts (``classify_inbound_request``);
- params holding only ``name`` (a string), ``arguments`` (an object) and ``_meta``, whose ``_meta`` the SDK's
  surface validation accepts for that revision (checked once per distinct envelope), with no ``requestState``;
- no OpenTelemetry tracer provider configured (the SDK's middleware would record a span per call) and no extension
  on ``tools/call``.

The answer is the SDK's: the SDK's own ``ServerRunner._serialize`` shapes the result (cache hints, the revision's
result sieve, ``resultType`` and the ``serverInfo`` ``_meta`` stamp on a 2026-07-28 connection, spec #3002); tests
hold the answers equal to the SDK's in both eras (tests/e2e/test_fastcalls.py).
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

import trio
from mcp.server.connection import allowed_log_levels
from mcp.server.context import ServerRequestContext
from mcp.server.runner import ServerRunner
from mcp.shared.inbound import InboundModernRoute, classify_inbound_request
from mcp.shared.jsonrpc_dispatcher import handler_exception_to_error_data
from mcp_types import (
    CONNECTION_CLOSED,
    PROTOCOL_VERSION_META_KEY,
    CallToolRequestParams,
    ErrorData,
    LoggingLevel,
    LoggingMessageNotification,
    LoggingMessageNotificationParams,
)
from mcp_types import methods as _methods
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import ValidationError

from verdex.server.startup import tracer_configured
from verdex.server.stdio import MessageIterator, StdioReadStream, StdioWriteStream

if TYPE_CHECKING:
    from mcp.shared.message import SessionMessage

    from verdex.server.app import VerdexServer

__all__ = ["FastCalls"]

logger = logging.getLogger(__name__)


#: The keys of a JSON-RPC request and of tools/call params this path takes (anything more goes to the SDK).
_REQUEST_KEYS = frozenset({"jsonrpc", "id", "method", "params"})
_PARAM_KEYS = frozenset({"name", "arguments", "_meta"})

#: Distinct ``_meta`` envelopes remembered (then forgotten all at once and checked again).
_MAX_ENVELOPES = 256

#: Seconds the answer to a call cut short by the server's shutdown may take to write (the SDK's own bound).
_SHUTDOWN_WRITE_SECONDS = 2.0


class FastCalls(MessageIterator):
    """The SDK's read stream (``ReadStream[SessionMessage | Exception]``) over :class:`StdioReadStream`, answering
    the ``tools/call`` requests it can itself (see the module docstring) in tasks of ``nursery``."""

    def __init__(
        self, server: VerdexServer, reader: StdioReadStream, writer: StdioWriteStream, nursery: trio.Nursery
    ) -> None:
        self._reader = reader
        self._writer = writer
        self._nursery = nursery
        lowlevel = server._lowlevel_server
        entry = lowlevel.get_request_handler("tools/call")
        self._handler = entry.handler if entry is not None else None
        #: The SDK's per-connection kernel, for its result serializer alone (``_serialize`` reads only the server).
        self._runner: ServerRunner[Any] = ServerRunner(lowlevel, None, {})  # type: ignore[arg-type]
        #: Off when something the SDK would do on every call is configured (see the module docstring).
        self._enabled = self._handler is not None and not server._extensions and not tracer_configured()
        #: "legacy" (the initialize handshake) or "modern" (2026-07-28 envelopes), from the first request.
        self._era: str | None = None
        #: The revision a handshake-era connection's ``initialize`` negotiated (None: not yet, or refused).
        self._handshake_version: str | None = None
        #: Per era, handshake revision and distinct ``_meta`` envelope (its JSON): the revision its requests are
        #: served at, or None (the SDK serves them).
        self._envelopes: dict[str, str | None] = {}
        #: The requests answered here and still running, by id: their cancel scopes.
        self._running: dict[str | int, trio.CancelScope] = {}

    async def receive(self) -> SessionMessage | Exception:
        """The next message for the SDK; the ``tools/call`` requests served here are started on the way.

        Raises:
            anyio.EndOfStream: the client closed stdin.
            anyio.ClosedResourceError: this stream was closed.
        """
        while True:
            raw = await self._reader.receive_line()
            if self._enabled and self._taken(raw):
                continue
            return self._reader.parse(raw)

    async def aclose(self) -> None:
        """Close the stdio read stream."""
        await self._reader.aclose()

    def _taken(self, raw: bytes) -> bool:
        """Whether ``raw`` (one line) was handled here: a tools/call started, or the cancellation of one."""
        if b'"tools/call"' not in raw and b'"notifications/cancelled"' not in raw:
            if self._era is None or (self._era == "legacy" and b'"initialize"' in raw):
                self._note(raw)
            return False
        try:
            message = json.loads(raw, parse_constant=_not_json)
        except ValueError:
            return False  # not JSON (NaN and Infinity are not either): the SDK says so
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return False
        method = message.get("method")
        if method == "notifications/cancelled":
            return self._cancelled(message)
        call = self._call(message) if method == "tools/call" else None
        if call is None:
            self._note(raw, message)
            return False
        request_id, params, version = call
        logger.debug("tools/call %r (%s) served without the SDK's dispatch, at %s", request_id, params["name"], version)
        scope = trio.CancelScope()
        self._running[request_id] = scope
        self._nursery.start_soon(self._answer, request_id, params, version, scope)
        return True

    def _note(self, raw: bytes, message: Any = None) -> None:
        """Follow the era and the handshake from a message the SDK serves: its first request decides the era, as the
        SDK's ``serve_dual_era_loop`` decides it, and a handshake-era ``initialize`` the revision of the calls after it
        (the SDK runs it inline, before any request after it)."""
        if message is None:
            try:
                message = json.loads(raw, parse_constant=_not_json)
            except ValueError:
                return
        if not isinstance(message, dict) or "id" not in message or not isinstance(message.get("method"), str):
            return  # not a request: a notification, an answer, or what the SDK will refuse
        params = message.get("params")
        if self._era is None:
            meta = params.get("_meta") if isinstance(params, dict) else None
            modern = isinstance(meta, dict) and PROTOCOL_VERSION_META_KEY in meta
            self._era = "modern" if modern and message["method"] != "initialize" else "legacy"
        if self._era == "legacy" and message["method"] == "initialize":
            self._handshake_version = _negotiated(params)

    def _call(self, message: dict[str, Any]) -> tuple[str | int, dict[str, Any], str] | None:
        """The id, params and revision of a tools/call request served here, or None (the SDK serves it)."""
        request_id = message.get("id")
        params = message.get("params")
        if (
            not message.keys() <= _REQUEST_KEYS
            or not isinstance(request_id, str | int)
            or isinstance(request_id, bool)
            or request_id in self._running
            or not isinstance(params, dict)
            or not params.keys() <= _PARAM_KEYS
            or not isinstance(params.get("name"), str)
            or not isinstance(params.get("arguments", {}), dict)
        ):
            return None
        meta = params.get("_meta", {})
        if not isinstance(meta, dict):
            return None
        token = meta.get("progressToken")
        if token is not None and (not isinstance(token, str | int) or isinstance(token, bool)):
            return None
        envelope = {key: value for key, value in meta.items() if key != "progressToken"}
        try:
            key = f"{self._era} {self._handshake_version} {json.dumps(envelope, sort_keys=True)}"
        except (TypeError, ValueError):
            return None
        version = self._envelopes.get(key, "")
        if version == "":
            if len(self._envelopes) >= _MAX_ENVELOPES:
                self._envelopes.clear()  # a client whose _meta differs on every request (a trace id in it)
            version = self._envelopes[key] = self._revision(envelope)
        return (request_id, params, version) if version is not None else None

    def _revision(self, envelope: dict[str, Any]) -> str | None:
        """The revision requests with this ``_meta`` (less its progressToken) are served at here, if the SDK would
        serve them and accept the envelope (its surface validation for tools/call at that revision)."""
        modern = PROTOCOL_VERSION_META_KEY in envelope
        if self._era == "modern" and modern:
            route = classify_inbound_request({"method": "tools/call", "params": {"_meta": envelope}})
            if not isinstance(route, InboundModernRoute) or route.protocol_version not in MODERN_PROTOCOL_VERSIONS:
                return None
            version = route.protocol_version
        elif self._era == "legacy" and not modern and self._handshake_version is not None:
            version = self._handshake_version
        else:
            return None
        params = {"name": "verdex", "arguments": {}, "_meta": {**envelope, "progressToken": 0}}
        try:
            _methods.validate_client_request("tools/call", version, params)
        except (KeyError, ValueError, ValidationError):
            return None
        return version

    def _cancelled(self, message: dict[str, Any]) -> bool:
        """Cancel the call a ``notifications/cancelled`` names if it runs here (True); else the SDK's (False)."""
        params = message.get("params")
        request_id = params.get("requestId") if isinstance(params, dict) else None
        scope = self._running.get(request_id) if isinstance(request_id, str | int) else None
        if scope is None:
            return False
        logger.debug("the client cancelled tools/call %r", request_id)
        scope.cancel()
        return True

    async def _answer(
        self, request_id: str | int, params: dict[str, Any], version: str, scope: trio.CancelScope
    ) -> None:
        """Run the SDK's tools/call handler for one request and write its answer (none when the client cancelled)."""
        assert self._handler is not None
        meta = params.get("_meta", {})
        context_meta: dict[str, Any] = {k: v for k, v in meta.items() if k != "progressToken"}
        if "progressToken" in meta:
            context_meta["progress_token"] = meta["progressToken"]
        session = _Notifications(self._writer, meta.get("progressToken"), allowed_log_levels(version, context_meta))
        context: ServerRequestContext[Any, Any] = ServerRequestContext(
            session=session,  # type: ignore[arg-type]  # the two methods a tool call uses (see _Notifications)
            lifespan_context={},
            protocol_version=version,
            method="tools/call",
            params=params,
            request_id=request_id,
            meta=context_meta or None,  # type: ignore[arg-type]  # RequestParamsMeta is this dict
        )
        typed = CallToolRequestParams.model_construct(name=params["name"], arguments=params.get("arguments"))
        message: dict[str, Any] | None = None
        try:
            with scope:
                try:
                    result = await self._handler(context, typed)
                    answer = self._runner._serialize("tools/call", version, result)
                    message = {"jsonrpc": "2.0", "id": request_id, "result": answer}
                except Exception as exc:
                    error = handler_exception_to_error_data(exc)
                    if error is None:
                        logger.exception("handler for 'tools/call' raised")
                        error = ErrorData(code=0, message=str(exc))
                    message = {"jsonrpc": "2.0", "id": request_id, "error": _dumped(error)}
        except trio.Cancelled:
            # The server shuts down: answer, unless the answer is being written already or the client cancelled.
            if message is None and not scope.cancel_called:
                error = ErrorData(code=CONNECTION_CLOSED, message="Connection closed")
                with trio.CancelScope(shield=True), trio.move_on_after(_SHUTDOWN_WRITE_SECONDS):
                    await self._writer.send_json({"jsonrpc": "2.0", "id": request_id, "error": _dumped(error)})
            raise
        finally:
            self._running.pop(request_id, None)
        if message is not None and not scope.cancelled_caught:
            await self._writer.send_json(message)


class _Notifications:
    """The part of the SDK's ``ServerSession`` a tool call uses (``Context.report_progress`` and ``Context.log``),
    writing the notifications the SDK writes for one request."""

    def __init__(
        self, writer: StdioWriteStream, progress_token: str | int | None, allowed: frozenset[LoggingLevel]
    ) -> None:
        self._writer = writer
        self._progress_token = progress_token
        self._allowed = allowed

    async def report_progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        """``notifications/progress`` for this request's progressToken (none without one)."""
        if self._progress_token is None:
            return
        params: dict[str, Any] = {"progressToken": self._progress_token, "progress": progress}
        if total is not None:
            params["total"] = total
        if message is not None:
            params["message"] = message
        await self._writer.send_json({"jsonrpc": "2.0", "method": "notifications/progress", "params": params})

    async def send_log_message(
        self, level: LoggingLevel, data: Any, logger: str | None = None, related_request_id: Any = None
    ) -> None:
        """``notifications/message``, if this request's revision and ``_meta`` let ``level`` through."""
        if level not in self._allowed:
            return
        notification = LoggingMessageNotification(
            params=LoggingMessageNotificationParams(level=level, data=data, logger=logger)
        )
        await self._writer.send_json({"jsonrpc": "2.0", **_dumped(notification)})


def _not_json(constant: str) -> Any:
    """``json.loads``'s hook for ``NaN``, ``Infinity`` and ``-Infinity``, which JSON does not have."""
    raise ValueError(f"{constant} is not JSON")


def _dumped(model: Any) -> dict[str, Any]:
    return dict(model.model_dump(by_alias=True, mode="json", exclude_none=True))


def _negotiated(params: Any) -> str | None:
    """The revision the SDK's ``initialize`` negotiates for these params (its own ``_negotiate_initialize``), or
    None when it refuses them."""
    try:
        return ServerRunner._negotiate_initialize(params)[1]
    except ValidationError:
        return None
