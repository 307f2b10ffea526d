"""Cold start: from spawning ``verdex serve`` to the answer of its first snapshot, and memory then.

Each run spawns a new server process behind a real MCP client over stdio and takes the first
steps a user's assistant takes: the MCP handshake (``initialize``), ``browser_navigate`` to the
lean shop (which launches the browser), ``browser_snapshot``. Times are milliseconds from the
spawn.
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import memory_of, open_verdex, process_tree
from benchmarks.stats import summarize

__all__ = ["measure_cold_start"]


async def measure_cold_start(base_url: str, runs: int) -> dict[str, Any]:
    """Returns ``{"page", "runs", "handshake", "navigated", "firstSnapshot": Timing (ms since spawn),
    "memory": {"server", "browser"} (MiB, after the first run's snapshot)}``."""
    handshake: list[float] = []
    navigated: list[float] = []
    snapshot: list[float] = []
    memory: dict[str, Any] = {}
    for run in range(runs):
        async with open_verdex() as server:
            handshake.append((server.ready - server.started) * 1000)
            await server.ok("browser_navigate", url=base_url + "shop.html")
            navigated.append((time.perf_counter() - server.started) * 1000)
            await server.ok("browser_snapshot")
            snapshot.append((time.perf_counter() - server.started) * 1000)
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
        "memory": memory,
    }
