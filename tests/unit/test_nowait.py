"""Pipe I/O and a lock that wait only when they must (verdex._nowait): no checkpoint when the pipe takes
the bytes, has them ready, or the lock is free; trio's errors for closed and broken pipes; a reader that
keeps finding data still lets other tasks run; a lock held elsewhere is waited for in turn."""

from __future__ import annotations

import os

import pytest
import trio
import trio.testing

from verdex._nowait import FdReader, held, write_all


def _pipe() -> tuple[trio.lowlevel.FdStream, trio.lowlevel.FdStream]:
    read_fd, write_fd = os.pipe()
    return trio.lowlevel.FdStream(read_fd), trio.lowlevel.FdStream(write_fd)


async def test_ready_reads_and_writes_pass_no_checkpoint() -> None:
    reader, writer = _pipe()
    read = FdReader(reader)
    with trio.testing.assert_no_checkpoints():
        await write_all(writer, b"one line\n")
        assert await read.receive_some(100) == b"one line\n"
    await writer.aclose()
    assert await read.receive_some(100) == b""  # end of file
    await reader.aclose()


async def test_a_read_waits_for_bytes_and_a_write_for_room() -> None:
    reader, writer = _pipe()
    read = FdReader(reader)
    big = bytes(range(256)) * 4096  # 1 MiB: more than a pipe holds
    received = bytearray()

    async def drain() -> None:
        while len(received) < len(big):
            received.extend(await read.receive_some(65536))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(drain)
        with trio.testing.assert_checkpoints():
            await write_all(writer, big)
    assert bytes(received) == big
    with trio.testing.assert_checkpoints():
        with trio.move_on_after(0.05):
            await read.receive_some(10)  # nothing comes: it waits (and is cancelled)
    await reader.aclose()
    await writer.aclose()


async def test_closed_and_broken_pipes_raise_trio_errors() -> None:
    reader, writer = _pipe()
    await reader.aclose()
    with pytest.raises(trio.BrokenResourceError):
        await write_all(writer, b"x")  # EPIPE: the read end is gone
    await writer.aclose()
    with pytest.raises(trio.ClosedResourceError):
        await write_all(writer, b"x")
    with pytest.raises(trio.ClosedResourceError):
        await FdReader(reader).receive_some(10)


async def test_a_reader_that_keeps_finding_data_yields_every_16_reads() -> None:
    reader, writer = _pipe()
    read = FdReader(reader)
    await write_all(writer, b"x" * 100)
    checkpoints = 0
    for _ in range(40):
        try:
            with trio.testing.assert_no_checkpoints():
                await read.receive_some(1)
        except AssertionError:
            checkpoints += 1
    assert checkpoints == 2  # the 17th and the 34th read
    await reader.aclose()
    await writer.aclose()


async def test_held_takes_a_free_lock_at_once_and_a_held_one_in_turn() -> None:
    lock = trio.StrictFIFOLock()
    with trio.testing.assert_no_checkpoints():
        async with held(lock):
            assert lock.locked()
    assert not lock.locked()
    order: list[str] = []

    async def holder(name: str, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        async with held(lock):
            task_status.started()
            order.append(name)
            await trio.sleep(0.01)

    async with trio.open_nursery() as nursery:
        await nursery.start(holder, "first")
        nursery.start_soon(holder, "second")
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(holder, "third")
    assert order == ["first", "second", "third"]
    assert not lock.locked()
