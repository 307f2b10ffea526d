"""Cold start: from spawning ``verdex serve`` to the answer of its first snapshot, and memory then.

Each run spawns a new server process behind a real MCP client over stdio and takes the first
steps a user's assistant takes: the MCP handshake (the SDK client's ``server/discover``),
``browser_navigate`` to the lean shop (which launches the browser), ``browser_snapshot`` (the SDK's
client also lists the tools once, after the first answer, to check answers against their output schemas). Times are
milliseconds from the spawn. The server answers such a client's handshake, ``tools/list``,
``browser_navigate`` and ``browser_snapshot`` before it imports the MCP SDK (:mod:`verdex.server.startup`,
:mod:`verdex.server.early`), and imports the SDK once the client goes quiet or asks for something
else. ``ready`` is measured in runs of their own, as the answer to ``tools/list`` sent right after the
handshake; ``firstCalls`` is the path from ``ready`` to the snapshot's answer in those runs.

The server is started as a user's configuration starts it: ``verdex serve`` with its default tool
groups (``--caps core``; the other benchmarks add ``--caps all`` to time every tool, which builds 29
tools instead of 14 at start, ~45 ms more on a 2-core machine).
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import memory_of, open_verdex, process_tree
from benchmarks.stats import summarize
from verdex.server.groups import DEFAULT_GROUPS

__all__ = ["measure_cold_start"]

#: ``verdex serve``'s own tool groups.
DEFAULT_CAPS = ("--caps", ",".join(sorted(DEFAULT_GROUPS)))


async def measure_cold_start(base_url: str, runs: int) -> dict[str, Any]:
    """Returns ``{"page", "runs", "handshake", "navigated", "firstSnapshot", "ready": Timing (ms since spawn),
    "firstCalls": Timing (ms since ready), "memory": {"server", "browser"} (MiB, after the first run's snapshot)}``.

    ``runs`` runs of each kind, alternating (cold, then up first)."""
    handshake: list[float] = []
    navigated: list[float] = []
    snapshot: list[float] = []
    ready: list[float] = []
    first_calls: list[float] = []
    memory: dict[str, Any] = {}
    url = base_url + "shop.html"
    for run in range(runs):
        async with open_verdex(*DEFAULT_CAPS) as server:
            handshake.append((server.ready - server.started) * 1000)
            await server.ok("browser_navigate", url=url)
            navigated.append((time.perf_counter() - server.started) * 1000)
            await server.ok("browser_snapshot")
            snapshot.append((time.perf_counter() - server.started) * 1000)
            if run == 0 and server.pid:
                memory = {
                    "server": memory_of([server.pid]),
                    "browser": memory_of([pid for pid in process_tree(server.pid) if pid != server.pid]),
                }
        async with open_verdex(*DEFAULT_CAPS) as server:
            await server.client.list_tools()
            up = time.perf_counter()
            ready.append((up - server.started) * 1000)
            await server.ok("browser_navigate", url=url)
            await server.ok("browser_snapshot")
            first_calls.append((time.perf_counter() - up) * 1000)
    return {
        "page": "shop.html",
        "runs": runs,
        "handshake": summarize(handshake).as_json(),
        "navigated": summarize(navigated).as_json(),
        "firstSnapshot": summarize(snapshot).as_json(),
        "ready": summarize(ready).as_json(),
        "firstCalls": summarize(first_calls).as_json(),
        "memory": memory,
    }
