"""Tool calls answered without the SDK's per-request dispatch (verdex.server.fastcalls), over stdio, as JSON lines.

The answers are compared with the SDK's own at each era: the same server started with an OpenTelemetry tracer
provider set (whose spans only the SDK's dispatch records) leaves every call to the SDK. Progress and log
notifications of served calls are covered by tests/e2e/test_feedback.py (both eras).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio

from verdex import __version__

_ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "0"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


class LineClient:
    """A client that writes JSON-RPC messages as lines to ``verdex serve`` and reads its lines back."""

    def __init__(self, process: trio.Process, revision: str) -> None:
        self.process = process
        self.revision = revision
        self._buffer = b""
        self._next_id = 0
        #: Lines read while waiting for another answer, in order.
        self.heard: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        await self.process.stdin.send_all(json.dumps(message).encode() + b"\n")

    async def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        while b"\n" not in self._buffer:
            chunk = await self.process.stdout.receive_some(1 << 16)
            assert chunk, "the server closed its output"
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        message: dict[str, Any] = json.loads(line)
        return message

    async def answer(self, request_id: int) -> dict[str, Any]:
        """The answer to ``request_id`` (other lines read on the way are kept in :attr:`heard`)."""
        with trio.fail_after(30):
            while True:
                message = await self.read()
                if message.get("id") == request_id and "method" not in message:
                    return message
                self.heard.append(message)

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        if self.revision == "2026-07-28":
            params = {**params, "_meta": {**params.get("_meta", {}), **_ENVELOPE}}
        return {"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params}

    async def call(self, tool: str, arguments: dict[str, Any] | None = None, **params: Any) -> dict[str, Any]:
        request = self.request("tools/call", {"name": tool, "arguments": arguments or {}, **params})
        await self.send(request)
        return await self.answer(request["id"])


#: ``verdex serve`` with an OpenTelemetry tracer provider set: every tool call goes through the SDK's dispatch.
_TRACED = (
    "import sys; from opentelemetry import trace\n"
    "class Provider(trace.TracerProvider):\n"
    "    def get_tracer(self, *args, **kwargs): return trace.NoOpTracer()\n"
    "trace.set_tracer_provider(Provider())\n"
    "from verdex.cli import main; sys.argv[0] = 'verdex'; main()"
)


@asynccontextmanager
async def line_client(
    cdp_endpoint: str, revision: str, *, handshake: bool = True, traced: bool = False, stderr: Any = None
) -> AsyncIterator[LineClient]:
    """``verdex serve`` on ``cdp_endpoint`` with a client at ``revision`` (the handshake done unless told not to);
    ``traced``: with a tracer provider set (the SDK serves every call); ``stderr``: where the server's goes."""
    start = ["-c", _TRACED] if traced else ["-m", "verdex"]
    command = [
        sys.executable,
        *start,
        "serve",
        "--caps",
        "all",
        "--output-schemas",
        "--cdp-endpoint",
        cdp_endpoint,
        "--log-level",
        "debug",
    ]
    process = await trio.lowlevel.open_process(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr or subprocess.DEVNULL
    )
    client = LineClient(process, revision)
    try:
        if handshake and revision != "2026-07-28":
            await initialize(client)
        yield client
    finally:
        assert process.stdin is not None
        await process.stdin.aclose()
        with trio.move_on_after(10):
            await process.wait()
        if process.returncode is None:
            process.kill()
            await process.wait()


async def initialize(client: LineClient) -> None:
    init = client.request(
        "initialize",
        {"protocolVersion": client.revision, "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}},
    )
    await client.send(init)
    assert (await client.answer(init["id"]))["result"]["protocolVersion"] == client.revision
    await client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})


async def _the_calls(client: LineClient, url: str) -> list[dict[str, Any]]:
    """The answers (their ``result`` or ``error``) to a fixed series of calls: an action, a snapshot, a structural
    call, an image, a refused argument, an unknown argument, an unknown tool, an error of the page."""
    answers = [await client.call("browser_navigate", {"url": url})]
    answers.append(await client.call("browser_snapshot"))
    answers.append(await client.call("resolve_container", {"ref": "e3"}))
    answers.append(await client.call("browser_take_screenshot"))
    answers.append(await client.call("inspect_pattern", {"ref": "e3", "ancestorLevel": "2"}))
    answers.append(await client.call("browser_snapshot", {"depht": 2}))
    answers.append(await client.call("no_such_tool"))
    answers.append(await client.call("resolve_container", {"ref": "e999"}))
    return [{key: value for key, value in answer.items() if key != "id"} for answer in answers]


def _without_stamp(answer: dict[str, Any]) -> dict[str, Any]:
    result = dict(answer["result"])
    assert result.pop("resultType") == "complete"
    assert result.pop("_meta") == {"io.modelcontextprotocol/serverInfo": {"name": "verdex", "version": __version__}}
    return {**answer, "result": result}


async def test_served_answers_equal_the_sdks_in_both_eras(
    cdp_endpoint: str, fixture_url: Callable[[str], str], tmp_path: Path
) -> None:
    url = fixture_url("shop.html")
    for revision in ("2025-03-26", "2025-11-25", "2026-07-28"):
        answers = []
        for traced in (True, False):
            log = tmp_path / f"{revision}-{traced}.log"
            with log.open("wb") as stderr:
                async with line_client(cdp_endpoint, revision, traced=traced, stderr=stderr) as client:
                    answers.append(await _the_calls(client, url))
            served = [line for line in log.read_text().splitlines() if "served without the SDK's dispatch" in line]
            # A 2026-07-28 connection's first request is the SDK's: it decides the connection's era.
            assert len(served) == (0 if traced else 7 if revision == "2026-07-28" else 8), revision
        sdk, ours = answers
        assert ours == sdk, revision
        assert json.dumps(ours) == json.dumps(sdk), revision  # keys in the same order too
        # What the calls answered, as the model reads it.
        results = [
            _without_stamp(answer)["result"] if revision == "2026-07-28" else answer["result"] for answer in ours
        ]
        assert [result.get("isError", False) for result in results] == [False] * 4 + [True] * 4
        texts = [result["content"][0]["text"] for result in results]
        assert texts[0].startswith("Navigated to " + url)
        assert [block["type"] for block in results[3]["content"]] == ["text", "image"]
        assert texts[4].startswith("inspect_pattern: ancestorLevel: input should be a valid integer")
        assert texts[5].startswith("browser_snapshot got unknown argument(s) depht; it takes: ref (string, optional)")
        assert texts[6] == "Unknown tool: no_such_tool"
        assert "e999" in texts[7]


async def test_a_cancelled_call_is_not_answered_and_frees_the_page(cdp_endpoint: str) -> None:
    for revision in ("2025-06-18", "2026-07-28"):
        async with line_client(cdp_endpoint, revision) as client:
            wait = client.request("tools/call", {"name": "browser_wait_for", "arguments": {"time": 20}})
            await client.send(wait)
            await trio.sleep(0.5)
            await client.send(
                {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": wait["id"]}}
            )
            with trio.fail_after(10):  # the snapshot waits for the page the wait held
                snapshot = await client.call("browser_snapshot")
            assert snapshot["result"]["content"][0]["text"].startswith("Page: about:blank")
            with trio.move_on_after(1):
                client.heard.append(await client.read())
            assert [message.get("id") for message in client.heard] == [], revision


async def test_a_call_before_initialize_is_refused_by_the_sdk_as_before(cdp_endpoint: str) -> None:
    async with line_client(cdp_endpoint, "2025-06-18", handshake=False) as client:
        early = await client.call("get_current_role")
        assert early["error"] == {"code": -32602, "message": "Invalid request parameters", "data": ""}
        await initialize(client)
        answer = await client.call("get_current_role")
        assert answer["result"]["content"][0]["text"].startswith("Current role: default")


async def test_a_modern_call_without_its_envelope_is_refused_by_the_sdk(cdp_endpoint: str) -> None:
    async with line_client(cdp_endpoint, "2026-07-28") as client:
        first = await client.call("get_current_role")
        assert first["result"]["content"][0]["text"].startswith("Current role: default")
        bare = {"jsonrpc": "2.0", "id": 99, "method": "tools/call", "params": {"name": "get_current_role"}}
        await client.send(bare)
        refused = await client.answer(99)
        assert refused["error"]["code"] == -32602
        assert refused["error"]["message"].startswith("params._meta must be an object carrying")


async def test_a_line_that_is_not_json_is_left_to_the_sdk(cdp_endpoint: str) -> None:
    async with line_client(cdp_endpoint, "2025-06-18") as client:
        # Python's json module reads NaN; JSON (and the SDK) does not: no tool runs for this line.
        assert client.process.stdin is not None
        line = b'{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"name":"browser_wait_for","arguments":{"time":NaN}}}'
        await client.process.stdin.send_all(line + b"\n")
        answer = await client.call("get_current_role")
        assert answer["result"]["content"][0]["text"].startswith("Current role: default")
        assert [message.get("id") for message in client.heard] == []
