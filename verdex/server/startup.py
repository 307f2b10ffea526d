"""``verdex serve`` over stdio: answer the MCP handshake first, import the rest while the client goes on.

A client spawns the server and waits for the answer to its first request before it sends a tool
call. Importing the MCP SDK and the tools takes most of a start (~0.45 s of CPU on a 2-core
machine: the SDK's protocol models for every revision, its HTTP transport, pydantic schemas), and a
first ``browser_navigate`` then waits for Chromium on top (~0.25 s to a blank tab). :func:`serve_stdio`
reads the client's first line, and when it is a handshake whose answer is known here
(:func:`early_answer`: ``initialize`` of a handshake-era protocol revision, or ``server/discover``
of the 2026-07-28 revision) the answer goes out at once, the same answer the SDK gives (a test
holds them equal, ``tests/unit/test_startup.py``). Then:

- A 2026-07-28 client (``server/discover``): its next requests are answered without the SDK
  (:mod:`verdex.server.early`: ``tools/list``, ``browser_navigate``, ``browser_snapshot``), and the
  SDK is imported once a request needs it or the client goes quiet; it then serves the rest. When
  that next request is a ``browser_navigate``, the browser is launched before the session's modules
  are imported (:class:`~verdex.browser.launcher.HeadStart`).
- Any other first line: the SDK and the server are imported in a worker thread (:func:`import_server`)
  while this thread reads the lines that follow ahead (kept for the SDK, in order). A ``tools/call``
  of ``browser_navigate`` among them launches the browser now, and makes its first browser context
  and blank tab, which the call then takes instead of launching one.

Nothing else launches a browser early, so a client that only lists tools never starts one. Either
way the SDK serves every line kept, from the first: it handles the handshake itself (so its session
state is its own) and its answer to it, already sent, is compared and dropped
(:meth:`~verdex.server.stdio.StdioWriteStream.send_answer`), as is its answer to a ``tools/list``
answered early. The session (and its browser) lives across both parts: opened here, closed when
the server ends, with its secrets masked in every log line and SIGTERM/SIGINT closing its browser.

Sources: MCP specification, lifecycle (``initialize``, protocol revisions 2024-11-05 to 2025-11-25)
and the 2026-07-28 revision's ``server/discover``; the answers follow the MCP SDK (``mcp`` 2.3)
``ServerRunner._handle_initialize`` and ``Server._handle_discover``.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any

import anyio
import trio

from verdex import __version__
from verdex.browser.launcher import HeadStart
from verdex.server.stdio import StdioReadStream, StdioWriteStream, open_stdio

if TYPE_CHECKING:
    from verdex.server.config import ServerConfig
    from verdex.server.session import Session

__all__ = [
    "HANDSHAKE_VERSIONS",
    "INSTRUCTIONS",
    "META",
    "MODERN_VERSIONS",
    "client_shape",
    "collection_paused",
    "early_answer",
    "early_calls_allowed",
    "import_server",
    "import_session",
    "json_object",
    "serve_stdio",
    "server_info",
    "tracer_configured",
]

logger = logging.getLogger(__name__)

#: The server's ``instructions`` (MCP ``InitializeResult.instructions``): what a client may add to its
#: model's context when it connects.
INSTRUCTIONS = (
    "verdex drives a real browser so you can write stable Playwright locators. Workflow: browser_navigate, then "
    "browser_find(text, role) for the element you need (or browser_snapshot for the whole page; refs like e12), "
    "then suggest_locator(ref): up to three locators, each checked to match that element alone. When the best is "
    "positional or you need to see the structure: resolve_container (ancestors and their test ids/roles), "
    "inspect_pattern (is the container repeated?), extract_anchors (distinct text inside it), and write a "
    "role-first, container-scoped locator such as page.getByTestId('product-card').filter({ has: "
    "page.getByRole('heading', { name: 'iPhone 15 Pro', exact: true }) }).getByRole('button', { name: 'Add to Cart' "
    "}); avoid nth(), XPath and generated CSS classes. Before writing a locator into a test, check it with "
    "verify_locator (pass the ref to confirm it finds exactly that element; a broken one gets the count after each "
    "step and near misses). Several users (roles): each role is its own browser context with its own login; "
    "select_role switches the role the other tools act on, list_current_roles shows them."
)

#: Protocol revisions whose ``initialize`` is answered early (the SDK answers others itself).
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
#: Protocol revisions whose ``server/discover`` is answered early.
MODERN_VERSIONS = ("2026-07-28",)

#: The tool calls that give the browser a head start (they launch one as their first step).
_LAUNCHING_TOOLS = frozenset({"browser_navigate"})

#: The prefix of the 2026-07-28 revision's ``_meta`` keys.
META = "io.modelcontextprotocol/"


def server_info() -> dict[str, str]:
    """``serverInfo`` as the SDK states it (``Implementation``: name and version)."""
    return {"name": "verdex", "version": __version__}


def _capabilities(list_changed: bool) -> dict[str, Any]:
    """The capabilities of verdex's server (logging, prompts, resources, tools), as the SDK states them:
    the handshake era says ``listChanged``/``subscribe`` false, the 2026-07-28 revision true."""
    return {
        "logging": {},
        "prompts": {"listChanged": list_changed},
        "resources": {"listChanged": list_changed, "subscribe": list_changed},
        "tools": {"listChanged": list_changed},
    }


def early_answer(line: bytes) -> tuple[str | int, dict[str, Any]] | None:
    """The request id and ``result`` the SDK would answer to ``line``, when it is a well-formed handshake
    request of a revision in :data:`HANDSHAKE_VERSIONS` (``initialize``) or :data:`MODERN_VERSIONS`
    (``server/discover``); None for anything else (the SDK then answers it, as it answers everything)."""
    message = json_object(line)
    if message is None or message.get("jsonrpc") != "2.0":
        return None
    request_id = message.get("id")
    params = message.get("params")
    if isinstance(request_id, bool) or not isinstance(request_id, str | int) or not isinstance(params, dict):
        return None
    if message.get("method") == "initialize":
        version = params.get("protocolVersion")
        if version not in HANDSHAKE_VERSIONS or not client_shape(params.get("clientInfo"), params.get("capabilities")):
            return None
        return request_id, {
            "capabilities": _capabilities(False),
            "instructions": INSTRUCTIONS,
            "protocolVersion": version,
            "serverInfo": server_info(),
        }
    if message.get("method") == "server/discover":
        meta = params.get("_meta")
        if (
            set(params) != {"_meta"}
            or not isinstance(meta, dict)
            or meta.get(META + "protocolVersion") not in MODERN_VERSIONS
        ):
            return None
        if not client_shape(meta.get(META + "clientInfo"), meta.get(META + "clientCapabilities")):
            return None
        return request_id, {
            "cacheScope": "private",
            "capabilities": _capabilities(True),
            "instructions": INSTRUCTIONS,
            "resultType": "complete",
            "supportedVersions": list(MODERN_VERSIONS),
            "ttlMs": 0,
            "_meta": {META + "serverInfo": server_info()},
        }
    return None


def client_shape(info: object, capabilities: object) -> bool:
    """A client description the SDK takes as it is: ``{name, version}`` strings (and a ``title``), and
    capabilities whose parts are objects of flags and objects (``{"roots": {"listChanged": true}, "sampling":
    {}}``)."""
    return (
        isinstance(info, dict)
        and {"name", "version"} <= set(info) <= {"name", "version", "title"}
        and all(isinstance(value, str) for value in info.values())
        and isinstance(capabilities, dict)
        and all(
            isinstance(part, dict) and all(isinstance(value, bool | dict) for value in part.values())
            for part in capabilities.values()
        )
    )


def json_object(line: bytes) -> dict[str, Any] | None:
    """``line`` as a JSON object, or None (the SDK answers a line that is not one)."""
    try:
        message = json.loads(line)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def _launches_browser(line: bytes) -> bool:
    message = json_object(line)
    if message is None or message.get("method") != "tools/call":
        return False
    params = message.get("params")
    return isinstance(params, dict) and params.get("name") in _LAUNCHING_TOOLS


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic garbage collection while the server's modules are imported; then what they made is frozen.

    The MCP SDK and the tools build ~100,000 tracked objects (pydantic models, schemas) that live as
    long as the process: the collector walked them a dozen times (one full collection), ~100 ms of the
    start, and found under 1,000 unreachable ones (they stay, frozen). ``gc.freeze`` keeps the rest out
    of later collections too.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.enable()


_Serve = Callable[["ServerConfig", tuple[StdioReadStream, StdioWriteStream], "Session"], Awaitable[None]]


def import_server() -> _Serve:
    """Import the MCP SDK and verdex's tools (the slow part of a start); returns ``verdex.server.app.serve``."""
    with collection_paused():
        from verdex.server.app import serve

    return serve


def import_session() -> None:
    """Import the session and the calls answered before the SDK (:mod:`verdex.server.early`): the browser's modules,
    pydantic, not the SDK."""
    with collection_paused():
        import verdex.server.early  # noqa: F401


def early_calls_allowed(config: ServerConfig) -> bool:
    """Whether this server answers calls before the SDK is imported (:mod:`verdex.server.early`): not with
    ``VERDEX_NO_EARLY_CALLS=1``, ``--trace``, ``--output-schemas`` or an OpenTelemetry tracer provider set."""
    return (
        os.environ.get("VERDEX_NO_EARLY_CALLS", "") in ("", "0")
        and config.trace_file is None
        and not config.output_schemas
        and not tracer_configured()
    )


def tracer_configured() -> bool:
    """An OpenTelemetry tracer provider is configured (the SDK's middleware records a span per request then).

    One configured imported the OpenTelemetry API to do so (code run before verdex's, or the SDK's): without it
    imported, none is."""
    if "opentelemetry.trace" not in sys.modules:
        return False
    from opentelemetry import trace

    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider | trace.NoOpTracerProvider)


async def serve_stdio(config: ServerConfig) -> None:
    """Serve MCP over stdin/stdout until stdin closes or SIGTERM/SIGINT arrives (see the module docstring)."""
    heads: list[HeadStart] = []  # the browser launched ahead, if one was
    async with open_stdio() as streams, trio.open_nursery() as nursery:
        read_stream, write_stream = streams
        imported: list[_Serve] = []
        done = trio.Event()

        async def load() -> None:
            imported.append(await trio.to_thread.run_sync(import_server))
            done.set()

        def start_import() -> None:
            nursery.start_soon(load)

        try:
            first = await read_stream.read_ahead()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            return  # the client left without a word
        answer = early_answer(first)
        try:
            discover = (json_object(first) or {}).get("method") == "server/discover"
            if answer is not None and discover and early_calls_allowed(config):
                await write_stream.send_answer(*answer)
                await _serve_early(config, streams, nursery, heads, start_import, done, imported)
                return
            start_import()
            with trio.CancelScope() as reading:
                nursery.start_soon(_cancel_when, done, reading)
                try:
                    if answer is None:
                        await trio.sleep_forever()
                    await write_stream.send_answer(*answer)
                    while True:
                        line = await read_stream.read_ahead()
                        if not heads and _launches_browser(line):
                            _head_start(config, nursery, heads)
                except (anyio.EndOfStream, anyio.ClosedResourceError):
                    pass  # the client is gone: the SDK will read the end of the input too
            await done.wait()  # the input may have ended before the import did
            from verdex.server.session import open_session

            async with open_session(config) as session, _guarded(session):
                await imported[0](config, streams, session)
        finally:
            for head in heads:
                await head.discard()


async def _serve_early(
    config: ServerConfig,
    streams: tuple[StdioReadStream, StdioWriteStream],
    nursery: trio.Nursery,
    heads: list[HeadStart],
    start_import: Callable[[], None],
    done: trio.Event,
    imported: list[_Serve],
) -> None:
    """The rest of a 2026-07-28 connection: its first calls answered before the SDK (:mod:`verdex.server.early`),
    then the SDK, if it is needed. A browser launched ahead goes into ``heads``."""
    read_stream, write_stream = streams
    try:
        second = await read_stream.read_line()
    except (anyio.EndOfStream, anyio.ClosedResourceError):
        return  # the handshake alone: answered
    if _launches_browser(second):
        _head_start(config, nursery, heads)
    await trio.to_thread.run_sync(import_session)
    from verdex.server.early import EarlyCalls
    from verdex.server.session import open_session

    async with open_session(config) as session, _guarded(session):
        calls = EarlyCalls(session, read_stream, write_stream, start_import)
        if await calls.serve(done, first=second):
            await done.wait()
            await imported[0](config, streams, session)


def _head_start(config: ServerConfig, nursery: trio.Nursery, heads: list[HeadStart]) -> None:
    """Launch the browser ahead for the first call (it navigates) into ``heads``, unless the browser is an
    endpoint's."""
    if config.browser.cdp_endpoint:
        return
    logger.info("launching the browser while the server starts (the first call navigates)")
    heads.append(HeadStart.begin(config.browser, nursery))


@asynccontextmanager
async def _guarded(session: Session) -> AsyncIterator[None]:
    """While ``session`` serves: verdex's log records forwarded to the calling client, secrets masked in every log
    line, and the browser closed on SIGTERM/SIGINT."""
    from verdex.server.feedback import forward_logs, masked_logs

    forward_logs()
    with masked_logs(session.secrets):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_stop_on_signal, session)
            yield
            nursery.cancel_scope.cancel()


async def _cancel_when(event: trio.Event, scope: trio.CancelScope) -> None:
    await event.wait()
    scope.cancel()


async def _stop_on_signal(session: Session) -> None:
    """On SIGTERM/SIGINT close the browser (and its profile), then exit.

    After closing what we own the process exits directly: a tool call in progress must not hold
    the exit up.
    """
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async for received in signals:
            logger.info("received signal %s; closing the browser and exiting", received)
            with trio.CancelScope(shield=True), trio.move_on_after(10):
                await session.close_browser()
            os._exit(128 + int(received))
