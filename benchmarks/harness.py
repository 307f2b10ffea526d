"""What every benchmark section drives: the fixture server, ``verdex serve`` behind a real MCP
client over stdio (every call timed), Playwright in a process of its own, and process memory.

Timings are wall-clock milliseconds (``time.perf_counter``) around one request and its answer,
as the client sees them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent

from verdex.browser.snapshot import REF_LINE
from verdex.locator.compose import Step
from verdex.server.tools_structure import facts_from_shown

#: The structural tools (their answers are JSON texts).
STRUCTURAL_TOOLS = ("resolve_container", "inspect_pattern", "extract_anchors")

__all__ = [
    "ROOT",
    "STRUCTURAL_TOOLS",
    "Answer",
    "MCPServerUnderTest",
    "PlaywrightReference",
    "facts_of_text",
    "memory_of",
    "open_playwright",
    "open_verdex",
    "process_tree",
    "serve_fixtures",
    "steps_to_json",
]

ROOT = Path(__file__).resolve().parents[1]
FIXTURE_SERVER = ROOT / "fixtures" / "server.py"
#: Longest any single request of a benchmark may take, seconds.
REQUEST_TIMEOUT = 120.0


async def _read_line(stream: trio.abc.ReceiveStream, buffer: bytearray) -> bytes:
    while b"\n" not in buffer:
        chunk = await stream.receive_some(65536)
        if not chunk:
            raise RuntimeError("the process closed its output")
        buffer += chunk
    end = buffer.index(b"\n")
    line = bytes(buffer[:end])
    del buffer[: end + 1]
    return line


@asynccontextmanager
async def serve_fixtures(pages: Path | None = None) -> AsyncIterator[str]:
    """Run ``fixtures/server.py`` on 127.0.0.1 and a free port; yields its base URL (ends with ``/``).

    Args:
        pages: directory to serve instead of ``fixtures/pages``.
    """
    command = [sys.executable, str(FIXTURE_SERVER), "--port", "0"]
    if pages is not None:
        command += ["--pages", str(pages)]
    process = await trio.lowlevel.open_process(command, stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None
        with trio.fail_after(30):
            line = await _read_line(process.stdout, bytearray())
        yield str(json.loads(line)["url"])
    finally:
        process.terminate()
        with trio.CancelScope(shield=True):
            await process.wait()


@dataclass(frozen=True)
class Answer:
    """One tool answer.

    Attributes:
        text: the text block (what the model reads).
        data: the structured content; ``verdex serve`` sends it only with ``--output-schemas``, so without
            it the facts the benchmarks read are taken from the text (:func:`facts_of_text`).
        is_error: the tool failed.
        ms: the whole call as the client sees it: request, server, answer, and the client's own
            check of the structured content against the tool's outputSchema.
        check_ms: that check alone (the MCP Python SDK validates with ``jsonschema``; it is the
            client's cost, timed again on the same answer right after the call).
    """

    text: str
    data: dict[str, Any]
    is_error: bool
    ms: float
    check_ms: float

    @property
    def server_ms(self) -> float:
        """The call without the client's schema check: transport, server, browser."""
        return self.ms - self.check_ms


_CUT = re.compile(r"\n\[snapshot cut after line (\d+) of (\d+) \((\d+) characters in all\)")
#: A node line with a ref, as verdex counts ``refCount`` (one per line of the text).
_REF_LINE = re.compile(REF_LINE.pattern, re.MULTILINE)


def facts_of_text(tool: str, text: str) -> dict[str, Any]:
    """The facts a benchmark reads, from an answer's text (a server started without ``--output-schemas``
    sends no structured content): a JSON text as its object; ``browser_snapshot``'s ``snapshot`` (the
    text after its ``Page:`` line, without the cut notice), ``refCount`` (the refs it shows) and
    ``truncated`` (``{shownLines, totalLines, totalChars}`` when it was cut); else ``{}``."""
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            return {}
        if not isinstance(value, dict):
            return {}
        # A structural answer's text leaves out empty attributes and containsRefs: put back as the model has them.
        return facts_from_shown(value) if tool in STRUCTURAL_TOOLS else value
    if tool != "browser_snapshot":
        return {}
    body = text.partition("\n")[2]
    facts: dict[str, Any] = {}
    cut = _CUT.search(body)
    if cut is not None:
        body = body[: cut.start()]
        facts["truncated"] = {
            "shownLines": int(cut.group(1)),
            "totalLines": int(cut.group(2)),
            "totalChars": int(cut.group(3)),
        }
    facts["snapshot"] = body
    facts["refCount"] = len(_REF_LINE.findall(body))
    return facts


class MCPServerUnderTest:
    """A connected ``verdex serve``: timed tool calls and pings. Use :func:`open_verdex`.

    Attributes:
        started: ``time.perf_counter()`` just before the process was spawned.
        ready: ``time.perf_counter()`` when the MCP handshake (``server/discover`` or ``initialize``) was answered
            (before the server has imported its tools: see :mod:`verdex.server.startup`).
    """

    def __init__(self, client: Client, started: float, ready: float, others: set[int]) -> None:
        self.client = client
        self.started = started
        self.ready = ready
        self._others = others
        self._pid: int | None = None

    @property
    def pid(self) -> int | None:
        """The server's process id (found among this process's children), None if not found."""
        if self._pid is None:
            spawned = [pid for pid in _children(os.getpid()) if pid not in self._others and "verdex" in _cmdline(pid)]
            self._pid = spawned[-1] if spawned else None
        return self._pid

    async def call(self, tool: str, **arguments: Any) -> Answer:
        """Call a tool; the answer says whether it failed (no exception for tool errors)."""
        start = time.perf_counter()
        result = await self.client.call_tool(tool, arguments, read_timeout_seconds=REQUEST_TIMEOUT)
        ms = (time.perf_counter() - start) * 1000
        check_ms = 0.0
        if not result.is_error:
            start = time.perf_counter()
            await self.client.session.validate_tool_result(tool, result)
            check_ms = (time.perf_counter() - start) * 1000
        text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
        data = result.structured_content
        if data is None and not result.is_error:
            data = facts_of_text(tool, text)
        return Answer(text, data or {}, bool(result.is_error), ms, check_ms)

    async def ok(self, tool: str, **arguments: Any) -> Answer:
        """Call a tool that must succeed.

        Raises:
            RuntimeError: the tool answered with an error.
        """
        answer = await self.call(tool, **arguments)
        if answer.is_error:
            raise RuntimeError(f"{tool}({arguments}) failed: {answer.text}")
        return answer

    async def noop(self) -> float:
        """One no-op MCP request round trip, milliseconds: ``prompts/list`` past the client's cache
        (verdex has no prompts, so the answer is empty). The 2026-07-28 protocol the client
        negotiates has no ``ping``; this is the cheapest request that still crosses the server's
        dispatcher."""
        start = time.perf_counter()
        await self.client.list_prompts(cache_mode="bypass")
        return (time.perf_counter() - start) * 1000

    @property
    def protocol_version(self) -> str:
        return str(self.client.protocol_version)

    async def tool_names(self) -> list[str]:
        return sorted(tool.name for tool in (await self.client.list_tools()).tools)


@asynccontextmanager
async def open_verdex(*serve_args: str) -> AsyncIterator[MCPServerUnderTest]:
    """``python -m verdex serve ARGS`` connected to the MCP SDK's client over stdio (initialized)."""
    others = set(_children(os.getpid()))
    groups = () if "--caps" in serve_args else ("--caps", "all")  # the benchmarks time every tool
    parameters = StdioServerParameters(command=sys.executable, args=["-m", "verdex", "serve", *groups, *serve_args])
    started = time.perf_counter()
    async with Client(parameters, read_timeout_seconds=REQUEST_TIMEOUT) as client:
        yield MCPServerUnderTest(client, started, time.perf_counter(), others)


# -- processes and memory (Linux /proc) ---------------------------------------------------------


def _children(pid: int) -> list[int]:
    return [child for child, parent in _parents().items() if parent == pid]


def _parents() -> dict[int, int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        fields = stat[stat.rindex(")") + 2 :].split()
        parents[int(entry.name)] = int(fields[1])
    return parents


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (empty if it is gone)."""
    parents = _parents()
    if pid not in parents:
        return []
    tree = [pid]
    for current in tree:
        tree += [child for child, parent in parents.items() if parent == current]
    return tree


def memory_of(pids: list[int]) -> dict[str, float]:
    """Summed memory of processes, MiB: ``rss`` (resident; counts shared pages once per process)
    and ``pss`` (proportional set size: shared pages split between their users, so the sum is
    what the processes really cost), from ``/proc/PID/smaps_rollup``."""
    rss = pss = 0
    for pid in pids:
        try:
            lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        for line in lines:
            if line.startswith("Rss:"):
                rss += int(line.split()[1])
            elif line.startswith("Pss:"):
                pss += int(line.split()[1])
    return {"rss": round(rss / 1024, 1), "pss": round(pss / 1024, 1), "processes": len(pids)}


# -- Playwright, in a process of its own -------------------------------------------------------


def steps_to_json(steps: list[Step] | tuple[Step, ...]) -> list[dict[str, Any]]:
    """A locator's steps as JSON for the Playwright process (nested locators as ``{"steps": [...]}``)."""
    return [
        {
            "method": step.method,
            "argument": step.argument,
            "options": [
                [key, {"steps": steps_to_json(value)} if isinstance(value, tuple) else value]
                for key, value in step.options
            ],
        }
        for step in steps
    ]


class PlaywrightReference:
    """Requests to ``benchmarks.playwright_worker`` (Python Playwright, sync API, its own process)."""

    def __init__(self, process: trio.Process) -> None:
        self._process = process
        self._buffer = bytearray()

    async def request(self, op: str, **arguments: Any) -> dict[str, Any]:
        """Send one request and wait for its answer.

        Raises:
            RuntimeError: the worker reported an error or exited.
        """
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        await self._process.stdin.send_all(json.dumps({"op": op, **arguments}).encode() + b"\n")
        with trio.fail_after(REQUEST_TIMEOUT * 4):
            answer: dict[str, Any] = json.loads(await _read_line(self._process.stdout, self._buffer))
        if "error" in answer:
            raise RuntimeError(f"Playwright {op} failed: {answer['error']}")
        return answer


@asynccontextmanager
async def open_playwright(browser: str | None = None) -> AsyncIterator[PlaywrightReference]:
    """Start the Playwright worker (it launches the machine's Chromium) and wait until it is ready.

    Args:
        browser: the Chrome/Chromium executable it launches instead (its ``VERDEX_BROWSER``).
    """
    environment = {**os.environ, "VERDEX_BROWSER": browser} if browser else None
    process = await trio.lowlevel.open_process(
        [sys.executable, "-m", "benchmarks.playwright_worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
        env=environment,
    )
    reference = PlaywrightReference(process)
    try:
        await reference.request("ready")
        yield reference
    finally:
        with trio.CancelScope(shield=True):
            if process.stdin is not None:
                await process.stdin.aclose()
            with trio.move_on_after(15):
                await process.wait()
            if process.returncode is None:
                process.kill()
                await process.wait()
