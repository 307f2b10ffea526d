"""``verdex serve --port``: MCP over Streamable HTTP, one browser session per client.

The MCP SDK's Streamable HTTP app (MCP spec, "Transports: Streamable HTTP") served by Hypercorn
on trio at ``http://HOST:PORT/mcp``. Each client gets its own browser session
(:mod:`verdex.server.pool`). Requests whose ``Host`` header is not an allowed host are refused
(421), as a defence against DNS rebinding: by default the host verdex is bound to (any port), or
``--allowed-hosts``; ``*`` turns the check off.

Stops on SIGTERM/SIGINT: the server stops taking requests, then every session's browser closes.
"""

from __future__ import annotations

import logging
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

import trio
from hypercorn.config import Config as HypercornConfig
from hypercorn.trio import serve as hypercorn_serve
from mcp.server.transport_security import TransportSecuritySettings

from verdex.errors import UsageError
from verdex.server.app import build_http_server
from verdex.server.config import ServerConfig
from verdex.server.feedback import forward_logs
from verdex.server.pool import SessionPool
from verdex.server.trace import TraceWriter

__all__ = ["MCP_PATH", "HttpOptions", "serve_http", "transport_security"]

logger = logging.getLogger(__name__)

#: Where the MCP endpoint is.
MCP_PATH = "/mcp"

_Scope = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
_Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
_ASGIApp = Callable[[_Scope, _Receive, _Send], Awaitable[None]]


@dataclass(frozen=True)
class HttpOptions:
    """``--port``, ``--host``, ``--allowed-hosts``, ``--max-sessions``.

    Attributes:
        port: TCP port; 0 takes a free one (the address is printed on stderr).
        host: the interface to bind: ``localhost`` by default, ``0.0.0.0`` for every interface.
        allowed_hosts: ``Host`` header values served (``host``, ``host:port`` or ``host:*``); empty:
            the bound host on any port (bound to localhost or every interface: ``localhost``,
            ``127.0.0.1`` and ``[::1]``); ``("*",)``: any.
        max_sessions: most client sessions open at once.
        idle_seconds: a client session without a call for this long is closed.
    """

    port: int
    host: str = "localhost"
    allowed_hosts: tuple[str, ...] = ()
    max_sessions: int = 8
    idle_seconds: float = 30 * 60


_LOCAL = ("localhost", "127.0.0.1", "::1")
_EVERY_INTERFACE = ("0.0.0.0", "::")


def transport_security(options: HttpOptions) -> TransportSecuritySettings:
    """The SDK's DNS-rebinding check for ``options``: allowed ``Host`` values (and browser ``Origin`` values)."""
    if "*" in options.allowed_hosts:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    hosts = list(options.allowed_hosts)
    if not hosts:
        bound = f"[{options.host}]" if ":" in options.host else options.host
        hosts = [f"{bound}:*"]
        if options.host in _LOCAL or options.host in _EVERY_INTERFACE:
            hosts = ["localhost:*", "127.0.0.1:*", "[::1]:*"]
    with_port = [host if ":" in host.rsplit("]", 1)[-1] else f"{host}:*" for host in hosts]
    origins = [f"{scheme}://{host}" for host in with_port for scheme in ("http", "https")]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts + with_port, allowed_origins=origins
    )


def _listen(options: HttpOptions) -> socket.socket:
    """A listening TCP socket on ``options.host`` (its first address, IPv4 first) and ``options.port``.

    Raises:
        UsageError: the host does not resolve, or the address cannot be bound (in use, not this machine's).
    """
    where = f"{options.host}:{options.port}"
    try:
        found = socket.getaddrinfo(options.host, options.port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageError(f"cannot serve on {where}: the host does not resolve ({exc.strerror})") from None
    family, kind, proto, _, address = sorted(found, key=lambda info: info[0] != socket.AF_INET)[0]
    listening = socket.socket(family, kind, proto)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
        listening.listen(128)
    except OSError as exc:
        listening.close()
        raise UsageError(f"cannot serve on {where}: {exc.strerror or exc}") from None
    return listening


def _closing_sessions(app: _ASGIApp, pool: SessionPool) -> _ASGIApp:
    """``app``, plus: a DELETE of an MCP session (the client leaves) closes that client's browser session."""

    async def wrapped(scope: _Scope, receive: _Receive, send: _Send) -> None:
        await app(scope, receive, send)
        if scope.get("type") == "http" and scope.get("method") == "DELETE":
            for name, value in scope.get("headers", []):
                if name == b"mcp-session-id":
                    await pool.close(f"mcp:{value.decode('latin-1')}")

    return wrapped


async def serve_http(config: ServerConfig, options: HttpOptions) -> None:
    """Serve MCP over Streamable HTTP until SIGTERM/SIGINT; then close every session's browser.

    Raises:
        UsageError: the address cannot be bound (in use, not an address of this machine).
    """
    forward_logs()
    tracer = TraceWriter(config.trace_file) if config.trace_file is not None else None
    try:
        await _serve(config, options, tracer)
    finally:
        if tracer is not None:
            tracer.close()


async def _serve(config: ServerConfig, options: HttpOptions, tracer: TraceWriter | None) -> None:
    async with trio.open_nursery() as nursery:
        pool = SessionPool(config, nursery, max_sessions=options.max_sessions, idle_seconds=options.idle_seconds)
        server = build_http_server(pool, tracer)
        app = server.streamable_http_app(
            streamable_http_path=MCP_PATH,
            transport_security=transport_security(options),
            session_idle_timeout=options.idle_seconds,
            host=options.host,
        )
        if options.host in _EVERY_INTERFACE and not options.allowed_hosts:
            logger.warning(
                "serving on every interface, but only requests addressed to localhost are answered (a DNS rebinding "
                "defence): give the names clients use with --allowed-hosts, such as --allowed-hosts myhost,10.0.0.5"
            )
        listening = _listen(options)
        hypercorn_config = HypercornConfig()
        hypercorn_config.bind = [f"fd://{listening.detach()}"]  # Hypercorn owns it from here
        hypercorn_config.accesslog = None
        hypercorn_config.errorlog = logging.getLogger("hypercorn.error")
        hypercorn_config.graceful_timeout = 5.0
        stop = trio.Event()
        nursery.start_soon(pool.reap_idle)
        addresses = await nursery.start(
            lambda task_status: hypercorn_serve(
                _closing_sessions(app, pool),  # type: ignore[arg-type]
                hypercorn_config,
                shutdown_trigger=stop.wait,
                task_status=task_status,
            )
        )
        for address in addresses:
            # The one line a script (or a test) waits for: where to connect.
            print(f"verdex serves MCP at {address}{MCP_PATH}", file=sys.stderr, flush=True)
        with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
            async for received in signals:
                logger.info("received signal %s; closing every session's browser and exiting", received)
                break
        stop.set()
        with trio.CancelScope(shield=True), trio.move_on_after(15):
            await pool.close_all()
        nursery.cancel_scope.cancel()
