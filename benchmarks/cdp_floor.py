"""A bare CDP round trip, without verdex: the browser half of the MCP+CDP floor.

:func:`open_cdp_floor` launches the machine's Chromium (headless, ``--remote-debugging-port=0``),
opens one blank page, attaches to it with a flat session over the browser's websocket, and times
``Runtime.evaluate('1')`` on it: the cheapest command that crosses to the renderer and back, which
any tool that makes one CDP call cannot go below. It is written against the protocol alone (no
verdex module), so a benchmark that must treat verdex as a black box (``verdex serve`` over MCP)
still measures the floor beside it. verdex's own transport is a pipe (``benchmarks.latency``
times that one, from verdex's own CDP layer); this one is a websocket.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio
from trio_websocket import WebSocketConnection, open_websocket_url

__all__ = ["CDPFloor", "open_cdp_floor"]

#: Longest a command of the floor may take, seconds.
TIMEOUT = 30.0
#: Flags of every launch (those ``verdex serve`` uses on this network, less its window flags).
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-breakpad",
    "--remote-debugging-port=0",
)


class CDPFloor:
    """A page session of a browser this process launched. Use :func:`open_cdp_floor`."""

    def __init__(self, socket: WebSocketConnection) -> None:
        self._socket = socket
        self._next_id = 0
        self._session: str | None = None

    async def send(self, method: str, params: dict[str, Any] | None = None, *, page: bool = True) -> dict[str, Any]:
        """Send one command and wait for its answer (events in between are dropped).

        Args:
            method: a CDP method, e.g. ``Runtime.evaluate``.
            params: its parameters.
            page: send it on the page's session (else to the browser).

        Returns:
            The command's ``result``.

        Raises:
            RuntimeError: the browser answered with an error.
            trio.TooSlowError: no answer within :data:`TIMEOUT` seconds.
        """
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if page and self._session is not None:
            message["sessionId"] = self._session
        with trio.fail_after(TIMEOUT):
            await self._socket.send_message(json.dumps(message))
            while True:
                answer = json.loads(await self._socket.get_message())
                if answer.get("id") == self._next_id:
                    break
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    async def attach_blank_page(self) -> None:
        """Open ``about:blank`` in a new target and attach to it (flat session)."""
        target = await self.send("Target.createTarget", {"url": "about:blank"}, page=False)
        attach = {"targetId": target["targetId"], "flatten": True}
        attached = await self.send("Target.attachToTarget", attach, page=False)
        self._session = str(attached["sessionId"])

    async def round_trip(self) -> float:
        """One ``Runtime.evaluate('1')`` on the page, milliseconds."""
        start = time.perf_counter()
        await self.send("Runtime.evaluate", {"expression": "1"})
        return (time.perf_counter() - start) * 1000


async def _devtools_url(profile: Path, process: trio.Process) -> str:
    """The browser's websocket URL, from the ``DevToolsActivePort`` file Chromium writes at start."""
    port_file = profile / "DevToolsActivePort"
    with trio.fail_after(TIMEOUT):
        while True:
            if process.returncode is not None:
                raise RuntimeError(f"the browser exited at start (status {process.returncode})")
            lines = port_file.read_text().splitlines() if port_file.exists() else []
            if len(lines) >= 2:
                return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
            await trio.sleep(0.02)


@asynccontextmanager
async def open_cdp_floor(browser: str) -> AsyncIterator[CDPFloor]:
    """Launch ``browser`` headless with a fresh profile, attach to a blank page; closed on exit.

    Args:
        browser: the Chrome/Chromium executable.
    """
    profile = Path(tempfile.mkdtemp(prefix="verdex-bench-cdp-"))
    environment = {**os.environ, "XDG_CONFIG_HOME": str(profile / "xdg")}
    process = await trio.lowlevel.open_process(
        [browser, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=environment,
    )
    try:
        url = await _devtools_url(profile, process)
        async with open_websocket_url(url, max_message_size=64 * 1024 * 1024) as socket:
            floor = CDPFloor(socket)
            await floor.attach_blank_page()
            yield floor
    finally:
        with trio.CancelScope(shield=True):
            process.terminate()
            with trio.move_on_after(10):
                await process.wait()
            if process.returncode is None:
                process.kill()
                await process.wait()
            shutil.rmtree(profile, ignore_errors=True)
