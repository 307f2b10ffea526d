"""Soak: thousands of read-only tool calls on one page and across three roles; memory at start and end.

Run: ``python -m benchmarks.load [--calls 10000] [--role-calls 3000]`` (``make soak``).

The workload (:func:`run_load`, also run by ``tests/reliability/test_load.py`` with fewer calls):

1. **One page.** ``shop.html`` in role ``r1``; then ``calls`` calls that cycle through
   ``browser_snapshot``, ``resolve_container``, ``inspect_pattern``, ``extract_anchors`` and
   ``verify_locator`` (the iPhone 15 Pro card's Add to Cart button as target).
2. **Three roles, interleaved.** Each of ``r1``, ``r2``, ``r3`` shows its own page (shop,
   storefront, login); then ``role_calls`` calls that go round the roles: ``select_role`` and
   one read-only call on that role's page, the kind changing every round.

Every answer (text and structured content) must equal the first answer of its kind, exactly:
the same call on an unchanged page gives the same answer, however many calls came before. Errors
and differing answers are counted and the first few printed.

The benchmark runs ``verdex serve`` with its own Chromium (over the pipe, headless), so the
browser's processes are the server's descendants, and prints the server's RSS and the browser's
RSS and PSS (``/proc/PID/smaps_rollup``) after the setup and after the last call, with the growth.
Nothing is asserted about memory here: the numbers are for the reader (and the README).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult, TextContent

from benchmarks.harness import memory_of, process_tree, serve_fixtures

__all__ = ["ROLES", "LoadResult", "run_load", "serve_args"]

#: The roles of the interleaved part, and the page each one shows.
ROLES = {"r1": "shop.html", "r2": "storefront.html", "r3": "login.html"}

#: The target of the structural calls on each page: the first button with this accessible name.
_TARGETS = {"shop.html": "Add to Cart", "storefront.html": "Add to Cart", "login.html": "Sign in"}

#: Seconds to let the browser settle (GC, lazy work) before reading memory.
_SETTLE = 1.0

#: Differences and errors kept for the report.
_KEPT = 5

Call = Callable[[str, dict[str, Any]], Awaitable[CallToolResult]]


def serve_args() -> list[str]:
    """``verdex serve`` options for the workload: its three roles, logged out."""
    args: list[str] = []
    for role in ROLES:
        args += ["--role", role, "none"]
    return args


@dataclass
class LoadResult:
    """What the workload saw.

    Attributes:
        calls: tool calls made (setup included).
        errors: calls that answered with ``isError`` (the first few: ``tool(args): text``).
        differing: answers unlike the first of their kind (the first few).
        error_count: every error.
        differing_count: every differing answer.
        kinds: distinct kinds of call compared.
        seconds: wall-clock time of the workload.
    """

    calls: int = 0
    errors: list[str] = field(default_factory=list)
    differing: list[str] = field(default_factory=list)
    error_count: int = 0
    differing_count: int = 0
    kinds: int = 0
    seconds: float = 0.0


class _Book:
    """The first answer of each kind of call, and what differs from it."""

    def __init__(self, call: Call, result: LoadResult) -> None:
        self._call = call
        self._result = result
        self._first: dict[str, str] = {}

    async def call(self, key: str, tool: str, arguments: dict[str, Any]) -> str:
        """Make the call; count an error or a difference from the first answer of ``key``. Returns its text."""
        answer = await self._call(tool, arguments)
        self._result.calls += 1
        text = "\n".join(block.text for block in answer.content if isinstance(block, TextContent))
        if answer.is_error:
            self._result.error_count += 1
            if len(self._result.errors) < _KEPT:
                self._result.errors.append(f"{tool}({arguments}): {text}")
            return text
        seen = text + "\n" + json.dumps(answer.structured_content, sort_keys=True)
        first = self._first.setdefault(key, seen)
        if seen != first:
            self._result.differing_count += 1
            if len(self._result.differing) < _KEPT:
                self._result.differing.append(f"{key}: first\n{first}\nnow\n{seen}")
        self._result.kinds = len(self._first)
        return text


def _target(snapshot: str, name: str) -> str:
    for line in snapshot.splitlines():
        if f'button "{name}"' in line and "[ref=" in line:
            return line.split("[ref=", 1)[1].split("]", 1)[0]
    raise RuntimeError(f"no button {name!r} in the snapshot")


def _kinds(target: str, name: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        ("browser_snapshot", {}),
        ("resolve_container", {"ref": target}),
        ("inspect_pattern", {"ref": target, "ancestorLevel": 2}),
        ("extract_anchors", {"ref": target, "ancestorLevel": 1}),
        ("verify_locator", {"locator": f"page.getByRole('button', {{ name: '{name}' }}).first()", "ref": target}),
    ]


async def run_load(call: Call, base: str, calls: int, role_calls: int) -> LoadResult:
    """Run the workload of the module docstring against a server started with :func:`serve_args`.

    Args:
        call: ``client.call_tool``.
        base: the fixture server's base URL (ends with ``/``).
        calls: calls on one page (part 1).
        role_calls: calls across the three roles (part 2; each round is a select_role and one call).
    """
    result = LoadResult()
    book = _Book(call, result)
    started = time.perf_counter()
    kinds: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for role, page in ROLES.items():
        await book.call(f"setup select {role}", "select_role", {"role": role})
        await book.call(f"setup navigate {role}", "browser_navigate", {"url": base + page})
        snapshot = await book.call(f"setup snapshot {role}", "browser_snapshot", {})
        name = _TARGETS[page]
        kinds[role] = _kinds(_target(snapshot, name), name)
    await book.call("select r1", "select_role", {"role": "r1"})
    for index in range(calls):
        tool, arguments = kinds["r1"][index % len(kinds["r1"])]
        await book.call(f"r1 {tool}", tool, arguments)
    roles = list(ROLES)
    # Round after round, each select_role comes from the same role (its answer says which).
    await book.call("select the last role", "select_role", {"role": roles[-1]})
    for index in range(role_calls // 2):
        role = roles[index % len(roles)]
        await book.call(f"round: select {role}", "select_role", {"role": role})
        tool, arguments = kinds[role][(index // len(roles)) % len(kinds[role])]
        await book.call(f"{role} {tool}", tool, arguments)
    result.seconds = time.perf_counter() - started
    return result


async def _soak(calls: int, role_calls: int) -> None:
    async with serve_fixtures() as base:
        args = ["-m", "verdex", "serve", *serve_args()]
        async with Client(StdioServerParameters(command=sys.executable, args=args)) as client:
            await client.call_tool("browser_initialize", {})
            server = _server_pid()
            warm = await run_load(client.call_tool, base, 0, 0)
            await trio.sleep(_SETTLE)
            start = _memory(server)
            result = await run_load(client.call_tool, base, calls, role_calls)
            await trio.sleep(_SETTLE)
            end = _memory(server)
    print(
        f"{result.calls} tool calls in {result.seconds:.1f} s ({result.calls / result.seconds:.0f}/s); "
        f"{result.kinds} kinds of call; {result.error_count} errors; {result.differing_count} answers unlike the "
        f"first of their kind (setup: {warm.calls} calls)"
    )
    for line in result.errors + result.differing:
        print("  " + line.replace("\n", "\n  "))
    print(f"{'MiB':<12} {'server RSS':>11} {'browser RSS':>12} {'browser PSS':>12} {'processes':>10}")
    for label, sample in (("start", start), ("end", end)):
        print(
            f"{label:<12} {sample['server_rss']:>11.1f} {sample['rss']:>12.1f} {sample['pss']:>12.1f} "
            f"{sample['processes']:>10.0f}"
        )
    print(
        f"{'growth':<12} {end['server_rss'] - start['server_rss']:>+11.1f} {end['rss'] - start['rss']:>+12.1f} "
        f"{end['pss'] - start['pss']:>+12.1f}"
    )


def _server_pid() -> int:
    for pid in process_tree(os.getpid())[1:]:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"verdex" in command and b"serve" in command:
            return pid
    raise RuntimeError("verdex serve is not running")


def _memory(server: int) -> dict[str, float]:
    browser = process_tree(server)[1:]
    sample = memory_of(browser)
    sample["server_rss"] = memory_of([server])["rss"]
    return sample


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=10_000, help="calls on one page (default 10000)")
    parser.add_argument("--role-calls", type=int, default=3_000, help="calls across three roles (default 3000)")
    args = parser.parse_args(argv)
    trio.run(_soak, args.calls, args.role_calls)


if __name__ == "__main__":
    main()
