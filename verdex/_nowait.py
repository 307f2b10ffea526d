"""Pipe reads and writes, and a lock, that give up the CPU only when they must wait.

trio's ``FdStream.send_all`` and ``receive_some`` pass through the scheduler on every call, even when
the pipe takes the bytes at once or has them ready: one more turn of the run loop (an epoll wait and
a step of every runnable task) each time. A tool call makes four of them (the request line, the CDP
command, its answer, the answer line). These functions make the system call first and wait (a
checkpoint) only on ``EAGAIN``; a reader that keeps finding data ready still yields every
:data:`_YIELD_EVERY` reads, so a flood of CDP events cannot keep the other tasks from running.

Both keep ``FdStream``'s errors: ``trio.ClosedResourceError`` for a stream closed here (``EBADF``),
``trio.BrokenResourceError`` for a pipe the other side closed (from the ``OSError``). :func:`held` is
``async with lock`` the same way: a free lock is taken without passing through the scheduler.
"""

from __future__ import annotations

import errno
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import trio

__all__ = ["FdReader", "held", "write_all"]

#: Reads in a row that found data ready before the reader lets the other tasks run.
_YIELD_EVERY = 16


def _error(exc: OSError) -> trio.ClosedResourceError | trio.BrokenResourceError:
    if exc.errno == errno.EBADF:
        return trio.ClosedResourceError("file was already closed")
    return trio.BrokenResourceError(str(exc))


async def write_all(stream: trio.lowlevel.FdStream, data: bytes) -> None:
    """Write all of ``data`` to ``stream`` (non-blocking), waiting only while the pipe is full.

    The caller serializes writers (one message must not interleave with another).

    Raises:
        trio.ClosedResourceError: ``stream`` was closed.
        trio.BrokenResourceError: the reading end is gone (``EPIPE``) or the write failed.
    """
    view = memoryview(data)
    sent = 0
    while sent < len(view):
        try:
            sent += os.write(stream.fileno(), view[sent:])
        except BlockingIOError:
            await trio.lowlevel.wait_writable(stream.fileno())
        except OSError as exc:
            raise _error(exc) from exc


class FdReader:
    """Reads of one ``FdStream`` (non-blocking) by one task: ``receive_some`` waits only when no byte is ready."""

    def __init__(self, stream: trio.lowlevel.FdStream) -> None:
        self._stream = stream
        self._ready_reads = 0

    async def receive_some(self, max_bytes: int) -> bytes:
        """The next bytes (at most ``max_bytes``); ``b""`` at end of file.

        Raises:
            trio.ClosedResourceError: the stream was closed (also while waiting).
            trio.BrokenResourceError: the read failed.
        """
        if self._ready_reads >= _YIELD_EVERY:
            self._ready_reads = 0
            await trio.lowlevel.checkpoint()
        while True:
            try:
                data = os.read(self._stream.fileno(), max_bytes)
            except BlockingIOError:
                self._ready_reads = 0
                await trio.lowlevel.wait_readable(self._stream.fileno())
                continue
            except OSError as exc:
                raise _error(exc) from exc
            self._ready_reads += 1
            return data


@asynccontextmanager
async def held(lock: trio.Lock | trio.StrictFIFOLock) -> AsyncIterator[None]:
    """Hold ``lock`` for the block: at once when it is free, else after the tasks waiting before (FIFO)."""
    if lock.locked():
        await lock.acquire()
    else:
        lock.acquire_nowait()
    try:
        yield
    finally:
        lock.release()
