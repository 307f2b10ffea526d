"""A TCP proxy in front of a CDP endpoint that a test can cut (drop every connection) or stop (refuse)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

import trio


class CutProxy:
    """Forwards 127.0.0.1:``port`` to the endpoint's host and port. Use :func:`open_cut_proxy`.

    Attributes:
        url: the endpoint's websocket URL through the proxy.
        traffic: set when bytes go from a client to the browser after :meth:`arm`.
    """

    def __init__(self, endpoint: str, nursery: trio.Nursery) -> None:
        parts = urlsplit(endpoint)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 80)
        self._path = parts.path
        self._nursery = nursery
        self._listener: trio.CancelScope | None = None
        self._connections: set[trio.CancelScope] = set()
        self.port = 0
        self.traffic = trio.Event()
        self._armed = False

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{self._path}"

    def arm(self) -> None:
        """Set :attr:`traffic` at the next client message."""
        self.traffic = trio.Event()
        self._armed = True

    async def start(self) -> None:
        """Accept connections (again on the same port after :meth:`stop`)."""
        listeners = await trio.open_tcp_listeners(self.port, host="127.0.0.1")
        self.port = listeners[0].socket.getsockname()[1]
        scope = trio.CancelScope()
        self._listener = scope

        async def accept() -> None:
            with scope:
                await trio.serve_listeners(self._handle, listeners)

        self._nursery.start_soon(accept)

    def cut(self) -> None:
        """Drop every open connection (the listener keeps accepting)."""
        for scope in list(self._connections):
            scope.cancel()

    def stop(self) -> None:
        """Drop every connection and stop listening: new connections are refused."""
        self.cut()
        if self._listener is not None:
            self._listener.cancel()
            self._listener = None

    async def _handle(self, client: trio.SocketStream) -> None:
        with trio.CancelScope() as scope:
            self._connections.add(scope)
            try:
                upstream = await trio.open_tcp_stream(*self._target)
                async with client, upstream, trio.open_nursery() as nursery:
                    nursery.start_soon(self._pump, client, upstream, True)
                    nursery.start_soon(self._pump, upstream, client, False)
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                pass  # either side went away: the connection is over
            finally:
                self._connections.discard(scope)

    async def _pump(self, source: trio.SocketStream, sink: trio.SocketStream, to_browser: bool) -> None:
        async for data in source:
            await sink.send_all(data)
            if to_browser and self._armed:
                self._armed = False
                self.traffic.set()
        await sink.send_eof()


@asynccontextmanager
async def open_cut_proxy(endpoint: str) -> AsyncIterator[CutProxy]:
    async with trio.open_nursery() as nursery:
        proxy = CutProxy(endpoint, nursery)
        await proxy.start()
        try:
            yield proxy
        finally:
            proxy.stop()
            nursery.cancel_scope.cancel()
