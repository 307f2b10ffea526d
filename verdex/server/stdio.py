"""MCP over the process's stdin and stdout, read and written by trio itself (no worker threads).

The MCP SDK's ``stdio_server`` reads and writes through ``anyio.wrap_file``: every line in and every
line out is a round trip through a worker thread, which was most of a no-op tool call's server time.
:func:`open_stdio` serves the same wire (one JSON-RPC message a line, UTF-8, as the SDK parses and
serializes it) on non-blocking descriptors that trio polls (read and written at once when they can
be: :mod:`verdex._nowait`), and hands the SDK's server loop a read and a write stream of
:class:`~mcp.shared.message.SessionMessage` directly, with no task between.

It keeps the SDK's protection of the channel: while serving, fd 0 reads the null device and fd 1
writes to stderr, so a child process or a stray ``print`` can neither steal a request nor tear a
frame; the wire lives on private descriptors (above the standard range, close-on-exec). Both
standard descriptors are restored on exit.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import sys
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

import anyio
import trio

from verdex._nowait import FdReader, held, write_all

if TYPE_CHECKING:  # the SDK is imported at the first message, not with this module (see verdex.server.startup)
    from mcp.shared.message import SessionMessage

__all__ = ["MessageIterator", "StdioReadStream", "StdioWriteStream", "open_stdio", "wire_line"]

logger = logging.getLogger(__name__)

#: Bytes asked of the read descriptor at a time.
_CHUNK = 1 << 16


class _ClosedOnExit:
    """``async with`` a stream: closes it (:meth:`aclose`) on exit, as the SDK's streams do."""

    async def aclose(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()


class MessageIterator(_ClosedOnExit):
    """What the SDK does with a read stream besides :meth:`receive`: ``async for`` over its messages (ending when
    the client closes its side) and ``async with`` (closing it on exit)."""

    async def receive(self) -> SessionMessage | Exception:
        raise NotImplementedError

    def __aiter__(self) -> Self:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None


class StdioReadStream(MessageIterator):
    """The client's messages, one a line; a line that is not a JSON-RPC message arrives as the
    exception that says why (the SDK's dispatcher answers it), as the SDK's stdio transport does.

    Satisfies the SDK's ``ReadStream[SessionMessage | Exception]``; owned by one reader task.
    """

    def __init__(self, stream: trio.lowlevel.FdStream) -> None:
        self._stream = FdReader(stream)
        self._buffer = bytearray()
        self._ahead: deque[bytes] = deque()
        self._eof = False

    async def read_ahead(self) -> bytes:
        """Read the next line now, without parsing it, and keep it for :meth:`receive` (which hands
        out the lines read ahead first, in order). Cancelling it loses nothing.

        Raises:
            anyio.EndOfStream: the client closed stdin.
            anyio.ClosedResourceError: this stream was closed.
        """
        line = await self.read_line()
        self._ahead.append(line)
        return line

    def keep(self, line: bytes) -> None:
        """Keep ``line`` for :meth:`receive`, after the lines kept before it."""
        self._ahead.append(line)

    async def receive(self) -> SessionMessage | Exception:
        """The next message (blocks until a whole line arrived).

        Raises:
            anyio.EndOfStream: the client closed stdin.
            anyio.ClosedResourceError: this stream was closed.
        """
        return self.parse(await self.receive_line())

    async def receive_line(self) -> bytes:
        """The next line, unparsed (:meth:`receive` parses it; :class:`~verdex.server.fastcalls.FastCalls` looks
        at it first). Raises as :meth:`receive`."""
        return self._ahead.popleft() if self._ahead else await self.read_line()

    @staticmethod
    def parse(raw: bytes) -> SessionMessage | Exception:
        """One line as the SDK's stdio transport parses it: decoded as UTF-8 (invalid bytes replaced), then
        validated as a JSON-RPC message; a line that is not one is the exception that says why."""
        import mcp_types
        from mcp.shared.message import SessionMessage
        from pydantic import ValidationError

        line = raw.decode("utf-8", "replace")
        try:
            message = mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        except ValidationError as exc:  # a bad line is the client's problem: handed on, not raised
            return exc
        return SessionMessage(message)

    async def read_line(self) -> bytes:
        """Read the next line now, without parsing it or keeping it (:meth:`keep` keeps it for :meth:`receive`;
        :mod:`verdex.server.early` answers some lines itself). Cancelling it loses nothing.

        Raises:
            anyio.EndOfStream: the client closed stdin.
            anyio.ClosedResourceError: this stream was closed.
        """
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[: end + 1])
                del self._buffer[: end + 1]
                if line.strip():
                    return line
                continue
            if self._eof:
                raise anyio.EndOfStream
            try:
                chunk = await self._stream.receive_some(_CHUNK)
            except trio.ClosedResourceError as exc:
                raise anyio.ClosedResourceError from exc
            except trio.BrokenResourceError as exc:
                raise anyio.EndOfStream from exc
            if not chunk:
                self._eof = True
                if self._buffer.strip():  # a last line without its newline
                    line = bytes(self._buffer)
                    self._buffer.clear()
                    return line
                raise anyio.EndOfStream
            self._buffer += chunk

    async def aclose(self) -> None:
        """Stop reading (the descriptor itself is closed by :func:`open_stdio`)."""
        self._eof = True
        self._buffer.clear()
        self._ahead.clear()
        await trio.lowlevel.checkpoint()


class StdioWriteStream(_ClosedOnExit):
    """Writes each message as one line of JSON, whole: concurrent senders wait their turn.

    Satisfies the SDK's ``WriteStream[SessionMessage]``.
    """

    def __init__(self, stream: trio.lowlevel.FdStream) -> None:
        self._stream = stream
        self._lock = trio.StrictFIFOLock()
        self._closed = False
        #: The requests answered before the SDK runs whose SDK answer is still to come: their results, by id.
        self._answered: dict[str | int, dict[str, Any]] = {}

    async def send_answer(self, request_id: str | int, result: dict[str, Any]) -> None:
        """Answer a request before the SDK runs (:mod:`verdex.server.startup`, :mod:`verdex.server.early`); the
        SDK's own answer to that request, when it comes, is not sent again: it is compared with ``result`` (a
        difference is logged as an error) and dropped.

        Raises:
            anyio.ClosedResourceError, anyio.BrokenResourceError: as :meth:`send`.
        """
        self._answered[request_id] = result
        await self._write(_json_line({"jsonrpc": "2.0", "id": request_id, "result": result}))

    async def send_json(self, message: dict[str, Any]) -> None:
        """Write one JSON-RPC message given as its JSON object (:mod:`verdex.server.fastcalls`), as one line
        (:func:`wire_line`); a client that stopped reading loses it (logged at debug level), as the SDK's answers
        are lost then."""
        if self._closed:
            logger.debug("dropped a message for the client: the stream is closed")
            return
        try:
            await self._write(wire_line(message))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            logger.debug("dropped a message for the client: it closed its input")

    async def send(self, item: SessionMessage, /) -> None:
        """Write one message (blocks while the client does not read).

        Raises:
            anyio.ClosedResourceError: this stream was closed.
            anyio.BrokenResourceError: the client closed stdout.
        """
        if self._closed:
            raise anyio.ClosedResourceError
        line = item.message.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n"
        if self._answered and self._is_answered(line):
            return
        await self._write(line)

    def _is_answered(self, line: bytes) -> bool:
        """Whether ``line`` is the SDK's answer to the request :meth:`send_answer` answered already."""
        message = json.loads(line)
        request_id = message.get("id")
        if "method" in message or not isinstance(request_id, str | int) or request_id not in self._answered:
            return False
        result = self._answered.pop(request_id)
        if message.get("result") != result:
            logger.error(
                "the early answer to request %r differs from the MCP SDK's: sent %s, the SDK's was %s",
                request_id,
                json.dumps(result),
                json.dumps(message.get("result", message.get("error"))),
            )
        return True

    async def _write(self, line: bytes) -> None:
        async with held(self._lock):
            try:
                await write_all(self._stream, line)
            except trio.ClosedResourceError as exc:
                raise anyio.ClosedResourceError from exc
            except trio.BrokenResourceError as exc:
                raise anyio.BrokenResourceError from exc

    async def aclose(self) -> None:
        """Refuse further messages (the descriptor itself is closed by :func:`open_stdio`)."""
        self._closed = True
        await trio.lowlevel.checkpoint()


@asynccontextmanager
async def open_stdio() -> AsyncIterator[tuple[StdioReadStream, StdioWriteStream]]:
    """Claim fd 0 and fd 1 for MCP and yield the streams the SDK's ``Server.run`` takes.

    On entry the wire moves to private descriptors and fd 0/1 are diverted (null device, stderr);
    Python's ``sys.stdout`` is flushed first, so nothing written before is lost. On exit both
    descriptors point at the wire again, in blocking mode as found, and the private ones are closed.
    """
    sys.stdout.flush()
    wire_in = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
    wire_out = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
    _divert(0, os.open(os.devnull, os.O_RDONLY))
    _divert(1, os.dup(2))
    # FdStream makes a descriptor non-blocking and restores its mode when closed.
    reader = trio.lowlevel.FdStream(wire_in)
    writer = trio.lowlevel.FdStream(wire_out)
    try:
        yield StdioReadStream(reader), StdioWriteStream(writer)
    finally:
        sys.stdout.flush()
        with suppress(OSError):
            os.dup2(wire_in, 0)
        with suppress(OSError):
            os.dup2(wire_out, 1)
        with trio.CancelScope(shield=True):
            await reader.aclose()
            await writer.aclose()


def _json_line(message: dict[str, Any]) -> bytes:
    """``message`` as one line of compact JSON, UTF-8 unescaped (as the SDK writes a message)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def wire_line(message: dict[str, Any]) -> bytes:
    """``message`` as one line of compact JSON, UTF-8 unescaped, written by the serializer the SDK writes its own
    messages with (pydantic-core's: four times as fast as :mod:`json` on a snapshot's answer, ~0.1 ms a call on a
    real page). A string that UTF-8 cannot hold (a lone surrogate, which a JavaScript string can carry) is written
    as its JSON escape (``\\ud800``), the rest of the line as :mod:`json` writes it: the same value, and the
    message still goes out.

    Imports pydantic-core on its first call: after the handshake, once the SDK is in (:mod:`verdex.server.startup`).
    """
    from pydantic_core import PydanticSerializationError, to_json

    try:
        return to_json(message) + b"\n"
    except PydanticSerializationError:
        return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def _divert(fd: int, to: int) -> None:
    """Point ``fd`` where ``to`` points, then close ``to``."""
    try:
        os.dup2(to, fd)
    finally:
        os.close(to)
