"""Cold start: from spawning ``verdex serve`` to the answer of its first snapshot, and memory then.

Each run spawns a new server process behind a real MCP client over stdio and takes the first
steps a user's assistant takes: the MCP handshake (``initialize``), ``browser_navigate`` to the
lean shop (which launches the browser), ``browser_snapshot``. Times are milliseconds from the
spawn. ``firstCalls`` is the same path without the process start: from the end of the handshake
to the snapshot's answer (what a user waits for on the first call to a server that is already up,
since assistants start their MCP servers well before the first call).
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import memory_of, open_verdex, process_tree
from benchmarks.stats import summarize

__all__ = ["measure_cold_start"]


async def measure_cold_start(base_url: str, runs: int) -> dict[str, Any]:
    """Returns ``{"page", "runs", "handshake", "navigated", "firstSnapshot": Timing (ms since spawn), "firstCalls",
    "memory": {"server", "browser"} (MiB, after the first run's snapshot)}``."""
    handshake: list[float] = []
    navigated: list[float] = []
    snapshot: list[float] = []
    first_calls: list[float] = []
    memory: dict[str, Any] = {}
    for run in range(runs):
        async with open_verdex() as server:
            handshake.append((server.ready - server.started) * 1000)
            await server.ok("browser_navigate", url=base_url + "shop.html")
            navigated.append((time.perf_counter() - server.started) * 1000)
            await server.ok("browser_snapshot")
            answered = time.perf_counter()
            snapshot.append((answered - server.started) * 1000)
            first_calls.append((answered - server.ready) * 1000)
            if run == 0 and server.pid:
                memory = {
                    "server": memory_of([server.pid]),
                    "browser": memory_of([pid for pid in process_tree(server.pid) if pid != server.pid]),
                }
    return {
        "page": "shop.html",
        "runs": runs,
        "handshake": summarize(handshake).as_json(),
        "navigated": summarize(navigated).as_json(),
        "firstSnapshot": summarize(snapshot).as_json(),
        "firstCalls": summarize(first_calls).as_json(),
        "memory": memory,
    }
