"""The first calls of a 2026-07-28 connection answered before the MCP SDK is imported (verdex/server/early.py).

Each test runs ``verdex serve`` as a client starts it, writes JSON-RPC lines to its stdin and reads the lines it
writes back; the answers are compared byte for byte with the same server's when ``VERDEX_NO_EARLY_CALLS=1`` leaves
everything after the handshake to the SDK.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import trio

from verdex.server.early import listed_tools
from verdex.server.tool_list import REVISION, sdk_tool_list

URL = Callable[[str], str]

_ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "0"},
    "io.modelcontextprotocol/clientCapabilities": {},
}
_EARLY = "answered before the MCP SDK is imported"


class RawClient:
    """Writes requests as JSON lines and reads the server's lines back as bytes."""

    def __init__(self, process: trio.Process) -> None:
        self.process = process
        self._buffer = b""

    async def send(self, *messages: dict[str, Any]) -> None:
        """Write ``messages`` as JSON lines, in one write (the server reads them as they came in one burst)."""
        assert self.process.stdin is not None
        await self.process.stdin.send_all(b"".join(json.dumps(message).encode() + b"\n" for message in messages))

    async def line(self) -> bytes:
        """The server's next line (without its newline)."""
        assert self.process.stdout is not None
        with trio.fail_after(60):
            while b"\n" not in self._buffer:
                chunk = await self.process.stdout.receive_some(1 << 16)
                assert chunk, "the server closed its output"
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    async def ask(self, message: dict[str, Any]) -> bytes:
        """Send a request and read its answer (the next line)."""
        await self.send(message)
        answer = await self.line()
        assert json.loads(answer)["id"] == message["id"], answer[:300]
        return answer


def request(request_id: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": method,
        "params": {**(params or {}), "_meta": {**_ENVELOPE, **(params or {}).get("_meta", {})}},
    }


def call(request_id: int, tool: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    return request(request_id, "tools/call", {"name": tool, "arguments": arguments or {}})


DISCOVER = request(1, "server/discover")


@asynccontextmanager
async def served(*args: str, early: bool = True) -> AsyncIterator[tuple[RawClient, list[bytes]]]:
    """``verdex serve ARGS`` (early calls on or off) and a client; the list receives the server's log lines
    once its input is closed and it exited."""
    env = {**os.environ, "VERDEX_NO_EARLY_CALLS": "0" if early else "1"}
    process = await trio.lowlevel.open_process(
        [sys.executable, "-m", "verdex", "serve", "--log-level", "debug", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    log: list[bytes] = []
    async with trio.open_nursery() as nursery:

        async def read_log() -> None:
            assert process.stderr is not None
            chunks = []
            while chunk := await process.stderr.receive_some(1 << 16):
                chunks.append(chunk)
            log.extend(b"".join(chunks).splitlines())

        nursery.start_soon(read_log)
        try:
            yield RawClient(process), log
        finally:
            assert process.stdin is not None
            await process.stdin.aclose()
            with trio.move_on_after(20):
                await process.wait()
            if process.returncode is None:
                process.kill()
                await process.wait()


def early_ids(log: list[bytes]) -> list[int]:
    """The ids of the calls the log says were answered early."""
    return [int(line.split(b"tools/call ")[1].split(b" ")[0]) for line in log if _EARLY.encode() in line]


async def _series(fixture_url: URL, *, early: bool) -> tuple[list[bytes], list[bytes]]:
    """The answers to the handshake, two navigations, the tool list, a snapshot, a refused URL, a reload, then a call
    the SDK answers (it ends early answers) and a snapshot after it; and the server's log."""
    shop = fixture_url("shop.html")
    async with served(early=early) as (client, log):
        answers = [await client.ask(DISCOVER)]
        answers.append(await client.ask(call(2, "browser_navigate", {"url": shop})))
        answers.append(await client.ask(request(3, "tools/list")))
        answers.append(await client.ask(call(4, "browser_snapshot")))
        answers.append(await client.ask(call(5, "browser_navigate", {"url": "ftp://example.com/"})))
        answers.append(await client.ask(call(6, "browser_navigate", {"url": shop})))
        answers.append(await client.ask(call(7, "browser_find", {"text": "Add to Cart"})))
        answers.append(await client.ask(call(8, "browser_snapshot")))
    return answers, log


async def test_the_early_answers_are_the_sdks_byte_for_byte(fixture_url: URL) -> None:
    early, early_log = await _series(fixture_url, early=True)
    sdk, sdk_log = await _series(fixture_url, early=False)
    assert early == sdk
    assert json.loads(early[1])["result"]["content"][0]["text"].startswith(
        f'Navigated to {fixture_url("shop.html")} (HTTP 200 OK). Title: "TechShop: featured products".'
    )
    refused = json.loads(early[4])["result"]
    assert refused["isError"] is True
    assert refused["content"][0]["text"] == (
        "Error executing tool browser_navigate: url 'ftp://example.com/' has scheme 'ftp'; verdex opens http, https "
        "and about URLs (file URLs with --allow-file-urls)"
    )
    assert json.loads(early[5])["result"]["content"][0]["text"].startswith(f"Reloaded {fixture_url('shop.html')}")
    # The navigation right after the handshake is always answered early (nothing starts the import before it);
    # the calls after it are while the client keeps talking, and never after a call for the SDK.
    ids = early_ids(early_log)
    assert ids[0] == 2
    assert set(ids) <= {2, 4, 5, 6}
    assert early_ids(sdk_log) == []
    for log in (early_log, sdk_log):
        assert not [line for line in log if b"differs from the MCP SDK's" in line or b"Traceback" in line]


async def test_the_early_tool_list_is_the_sdks_for_each_configuration() -> None:
    for args in ((), ("--caps", "all"), ("--caps", "all", "--output-schemas")):
        lines = []
        for early in (True, False):
            async with served(*args, early=early) as (client, log):
                await client.ask(DISCOVER)
                lines.append(await client.ask(request(2, "tools/list")))
            assert not [line for line in log if b"differs from the MCP SDK's" in line]
        assert lines[0] == lines[1], args


async def test_the_written_tool_list_is_what_the_sdk_answers_now() -> None:
    """``tool_list.json`` is the SDK's answer for every tool (``make tool-list`` writes it again)."""
    from verdex.server.config import RoleConfig, ServerConfig
    from verdex.server.groups import GROUPS

    every = ServerConfig(caps=frozenset(GROUPS), roles=(RoleConfig("admin"),))
    assert REVISION == "2026-07-28"
    assert listed_tools(every) == await sdk_tool_list(every), "out of date: run make tool-list"
    core = ServerConfig()
    assert listed_tools(core) == await sdk_tool_list(core), "out of date: run make tool-list"
    assert listed_tools(ServerConfig(output_schemas=True)) is None


async def test_a_cancelled_early_call_is_not_answered_and_the_next_is(fixture_url: URL) -> None:
    async with served() as (client, log):
        await client.ask(DISCOVER)
        await client.ask(call(2, "browser_navigate", {"url": fixture_url("to-never.html")}))
        await client.send(call(3, "browser_navigate", {"url": fixture_url("never")}))  # never loads
        await trio.sleep(0.5)
        # The cancellation and the next call in one write: on a busy machine two writes can come more than the
        # early answers' idle time apart, and the SDK, imported meanwhile, would answer the next call.
        cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 3}}
        await client.send(cancel, call(4, "browser_snapshot"))
        answer = json.loads(await client.line())
        assert answer["id"] == 4
        assert answer["result"]["isError"] is False
    assert early_ids(log) == [2, 3, 4]
    assert b"the client cancelled tools/call 3" in b"\n".join(log)


async def test_an_early_call_is_cancelled_after_the_sdk_is_imported_and_the_sdk_then_answers(fixture_url: URL) -> None:
    """A request for the SDK while an early call runs: the SDK is imported but waits for that call (in order), and
    the client can still cancel it meanwhile; then the SDK answers what came after."""
    async with served("--caps", "all", "--timeout-navigation", "30000") as (client, log):
        await client.ask(DISCOVER)
        await client.send(call(2, "browser_navigate", {"url": fixture_url("never")}))
        await client.send(call(3, "browser_tabs", {"action": "list"}))
        await trio.sleep(3)  # the import is done well before (the navigation never is)
        await client.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}})
        with trio.fail_after(10):
            tabs = json.loads(await client.line())
        assert tabs["id"] == 3
        assert tabs["result"]["content"][0]["text"] == (
            f"Tabs of role 'default':\n- [0] \"Never\": {fixture_url('never')} (selected)"
        )
    assert early_ids(log) == [2]
    text = b"\n".join(log)
    assert b"importing the MCP SDK: a request for it" in text
    assert b"the client cancelled tools/call 2" in text


async def test_the_end_of_input_cuts_an_early_call_short_as_it_cuts_the_sdks(fixture_url: URL) -> None:
    """The client closed its input during a call (it is leaving): no answer, and the server exits at once."""
    for early in (True, False):
        async with served("--timeout-navigation", "20000", early=early) as (client, log):
            await client.ask(DISCOVER)
            await client.send(call(2, "browser_navigate", {"url": fixture_url("never")}))
            await trio.sleep(0.5)
            assert client.process.stdin is not None
            await client.process.stdin.aclose()
            with trio.fail_after(10):
                assert await client.process.stdout.receive_some(1 << 16) == b""  # type: ignore[union-attr]
        assert early_ids(log) == ([2] if early else []), early


async def test_requests_not_in_the_early_shape_go_to_the_sdk(fixture_url: URL) -> None:
    """A progress token, a log level, an argument more, or a tool not answered early: the SDK answers (and the
    calls after it wait for it), with the answers it gives without early calls."""
    shop = fixture_url("shop.html")
    token = request(2, "tools/call", {"name": "browser_navigate", "arguments": {"url": shop}})
    token["params"]["_meta"]["progressToken"] = "p"
    level = request(3, "tools/call", {"name": "browser_snapshot", "arguments": {}})
    level["params"]["_meta"]["io.modelcontextprotocol/logLevel"] = "error"
    for first in (token, level, call(4, "browser_snapshot", {"depth": 2}), call(5, "browser_tabs", {"action": "list"})):
        answers = []
        for early in (True, False):
            async with served(early=early) as (client, log):
                await client.ask(DISCOVER)
                await client.send(first)
                answer = await client.line()
                while json.loads(answer).get("id") != first["id"]:  # progress notifications come first
                    answer = await client.line()
                answers.append(answer)
                answers.append(await client.ask(call(9, "browser_snapshot")))
            assert early_ids(log) == []
        assert answers[:2] == answers[2:], first


def test_the_early_calls_import_nothing_of_the_sdk() -> None:
    """What answers before the SDK is imported imports none of it (nor does the server's start up to there)."""
    probe = (
        "import sys, verdex.server.startup, verdex.server.early\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types', 'starlette', 'httpx2')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"
