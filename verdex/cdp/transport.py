"""Byte transports that carry CDP's JSON messages: a pipe pair and a websocket.

Both implement :class:`Transport`. ``receive`` returns one whole message as text and raises
:class:`~verdex.errors.BrowserClosedError` when the other side is gone; ``send`` raises the same.

- :class:`PipeTransport`: Chromium's ``--remote-debugging-pipe``. The browser reads commands from
  its fd 3 and writes replies and events to its fd 4; each message ends with a NUL byte.
  When our write end closes (our process exits, even by SIGKILL) the browser reads EOF and quits.
- :class:`WebSocketTransport`: a browser's DevTools websocket (``ws://host:port/devtools/browser/...``),
  for ``--cdp-endpoint``: a browser started elsewhere (a grid, a remote host).
- :class:`MemoryTransport`: an in-process peer (tests of everything above the wire, without a browser).
"""

from __future__ import annotations

import math
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Protocol

import trio

from verdex._nowait import FdReader, held, write_all
from verdex.errors import BrowserClosedError

if TYPE_CHECKING:
    import trio_websocket

__all__ = [
    "MAX_MESSAGE_BYTES",
    "MemoryTransport",
    "PipeTransport",
    "Transport",
    "WebSocketTransport",
    "memory_transport_pair",
    "open_websocket_transport",
]

#: Largest CDP message accepted, in bytes (screenshots and big snapshots exceed 1 MiB).
MAX_MESSAGE_BYTES = 256 * 1024 * 1024

_READ_CHUNK = 1 << 16


class Transport(Protocol):
    """A message channel to one browser."""

    async def send(self, message: str) -> None:
        """Send one message. Raises BrowserClosedError if the channel is closed."""

    async def receive(self) -> str:
        """Wait for the next whole message. Raises BrowserClosedError at end of stream."""

    async def aclose(self) -> None:
        """Close the channel; idempotent."""


class PipeTransport:
    """NUL-delimited JSON over two pipes (``--remote-debugging-pipe``).

    Args:
        read_fd: our read end of the pipe the browser writes to (its fd 4). Owned from now on.
        write_fd: our write end of the pipe the browser reads from (its fd 3). Owned from now on.
    """

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self._reader = trio.lowlevel.FdStream(read_fd)
        self._writer = trio.lowlevel.FdStream(write_fd)
        self._read = FdReader(self._reader)
        self._send_lock = trio.Lock()
        self._buffer = bytearray()
        self._closed = False

    async def send(self, message: str) -> None:
        data = message.encode() + b"\0"
        async with held(self._send_lock):
            try:
                await write_all(self._writer, data)
            except trio.BrokenResourceError as exc:  # EPIPE: the browser's end is closed, as when it reads EOF
                raise BrowserClosedError("the browser closed its pipe (the browser process exited)") from exc
            except (trio.ClosedResourceError, OSError) as exc:
                raise BrowserClosedError(f"the browser's pipe is closed ({exc})") from exc

    async def receive(self) -> str:
        searched = 0  # the bytes already searched for the NUL (a big message comes in many chunks)
        while True:
            end = self._buffer.find(0, searched)
            if end >= 0:
                message = self._buffer[:end].decode()
                del self._buffer[: end + 1]
                return message
            searched = len(self._buffer)
            try:
                chunk = await self._read.receive_some(_READ_CHUNK)
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                raise BrowserClosedError(f"the browser's pipe broke ({exc})") from exc
            if not chunk:
                raise BrowserClosedError("the browser closed its pipe (the browser process exited)")
            if len(self._buffer) + len(chunk) > MAX_MESSAGE_BYTES:
                raise BrowserClosedError(f"a CDP message exceeded {MAX_MESSAGE_BYTES} bytes")
            self._buffer += chunk

    async def aclose(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._writer.aclose()
        await self._reader.aclose()

    @staticmethod
    def make_pipes() -> tuple[tuple[int, int], tuple[int, int]]:
        """Create the two pipes: ``((browser_reads, we_write), (we_read, browser_writes))``.

        All four descriptors are non-inheritable (PEP 446); the launcher passes the browser's two
        ends explicitly.
        """
        to_browser = os.pipe()
        from_browser = os.pipe()
        return to_browser, from_browser


class WebSocketTransport:
    """CDP over a websocket (``--cdp-endpoint ws://...``).

    ``trio_websocket`` is imported only when a websocket is opened: most servers launch their own
    browser over the pipe, and the import costs their start (tens of milliseconds).
    """

    def __init__(self, connection: trio_websocket.WebSocketConnection, url: str) -> None:
        import trio_websocket

        self._connection = connection
        self._url = url
        self._closed_error = trio_websocket.ConnectionClosed

    async def send(self, message: str) -> None:
        try:
            await self._connection.send_message(message)
        except self._closed_error as exc:
            raise BrowserClosedError(f"the websocket to {self._url} is closed ({_close_reason(exc)})") from exc

    async def receive(self) -> str:
        try:
            message = await self._connection.get_message()
        except self._closed_error as exc:
            raise BrowserClosedError(f"the websocket to {self._url} closed ({_close_reason(exc)})") from exc
        return message if isinstance(message, str) else message.decode()

    async def aclose(self) -> None:
        await self._connection.aclose()


@asynccontextmanager
async def open_websocket_transport(
    url: str, *, connect_timeout: float = 10.0, headers: Sequence[tuple[str, str]] = ()
) -> AsyncIterator[WebSocketTransport]:
    """Connect to a DevTools websocket; the connection is closed on exit.

    Args:
        url: ``ws://`` or ``wss://`` URL of the browser endpoint.
        connect_timeout: seconds to wait for the handshake.
        headers: ``(name, value)`` HTTP headers of the handshake request (``--cdp-header``: a cloud
            browser's ``Authorization`` token), UTF-8.

    Raises:
        BrowserClosedError: the endpoint refused the connection or did not answer in time.
    """
    import trio_websocket

    connected = False
    try:
        async with trio_websocket.open_websocket_url(
            url,
            max_message_size=MAX_MESSAGE_BYTES,
            connect_timeout=connect_timeout,
            disconnect_timeout=2,
            extra_headers=[(name.encode(), value.encode()) for name, value in headers] or None,
        ) as connection:
            connected = True
            yield WebSocketTransport(connection, url)
    except trio_websocket.ConnectionRejected as exc:
        if connected:
            raise
        body = exc.body.decode(errors="replace").strip()[:200] if exc.body else ""
        hint = "; give its credentials with --cdp-header 'NAME: VALUE'" if exc.status_code in (401, 403) else ""
        raise BrowserClosedError(
            f"cannot connect to the CDP endpoint {url}: it refused the handshake with HTTP {exc.status_code}"
            + (f" ({body})" if body else "")
            + hint
        ) from exc
    except (trio_websocket.HandshakeError, OSError) as exc:
        if connected:
            raise
        cause = exc.__cause__ or exc.__context__
        detail = str(exc) or (str(cause) if cause is not None and str(cause) else "")
        detail = detail or f"nothing accepts connections there ({type(exc).__name__})"
        raise BrowserClosedError(f"cannot connect to the CDP endpoint {url}: {detail}") from exc


def _close_reason(exc: trio_websocket.ConnectionClosed) -> str:
    """``code 1006, abnormal closure`` (RFC 6455 close codes), plus the peer's reason when it sent one."""
    reason = exc.reason
    if reason is None:
        return "no close frame"
    text = f"code {reason.code}, {str(reason.name).lower().replace('_', ' ')}"
    return f"{text}: {reason.reason}" if reason.reason else text


class MemoryTransport:
    """A transport to an in-process peer over trio memory channels: the seam for tests of the layers above
    the wire (connection, sessions, frames, navigation, dialogs, tabs) without a browser.

    Create both ends with :func:`memory_transport_pair`. Messages are the JSON text CDP sends.
    """

    def __init__(self, send: trio.MemorySendChannel[str], receive: trio.MemoryReceiveChannel[str]) -> None:
        self._send = send
        self._receive = receive

    async def send(self, message: str) -> None:
        try:
            await self._send.send(message)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            raise BrowserClosedError("the peer closed the connection") from exc

    async def receive(self) -> str:
        try:
            return await self._receive.receive()
        except (trio.EndOfChannel, trio.ClosedResourceError) as exc:
            raise BrowserClosedError("the peer closed the connection") from exc

    async def aclose(self) -> None:
        await self._send.aclose()
        await self._receive.aclose()


def memory_transport_pair() -> tuple[MemoryTransport, MemoryTransport]:
    """Two connected :class:`MemoryTransport` ends: what one sends, the other receives (unbounded buffers)."""
    a_send, b_receive = trio.open_memory_channel[str](math.inf)
    b_send, a_receive = trio.open_memory_channel[str](math.inf)
    return MemoryTransport(a_send, a_receive), MemoryTransport(b_send, b_receive)
