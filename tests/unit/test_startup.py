"""The start of ``verdex serve`` over stdio (verdex/server/startup.py): the handshake answered before the
SDK is imported, exactly as the SDK answers it; a browser launched ahead only for a first navigation,
taken by it, and stopped when nobody takes it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import mcp_types
import pytest
import trio
from mcp.shared.message import SessionMessage

from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions, HeadStart, SpareTab, _open_spare_tab, launch_chromium
from verdex.browser.page import PageSettings
from verdex.browser.snapshot import take_snapshot
from verdex.cdp import protocol as cdp
from verdex.cdp.transport import MemoryTransport, memory_transport_pair
from verdex.server.app import build_server
from verdex.server.config import ServerConfig
from verdex.server.session import open_session
from verdex.server.startup import HANDSHAKE_VERSIONS, MODERN_VERSIONS, early_answer

_META = "io.modelcontextprotocol/"


def _initialize(version: str, capabilities: dict[str, Any] | None = None, request_id: str | int = 1) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": capabilities or {},
            "clientInfo": {"name": "claude-code", "version": "2.1.0"},
        },
    }


def _discover(version: str, capabilities: dict[str, Any] | None = None) -> dict[str, Any]:
    meta = {
        _META + "protocolVersion": version,
        _META + "clientInfo": {"name": "mcp", "version": "0.1.0"},
        _META + "clientCapabilities": capabilities or {},
    }
    return {"jsonrpc": "2.0", "id": "d-1", "method": "server/discover", "params": {"_meta": meta}}


ANSWERED = [
    *(_initialize(version) for version in HANDSHAKE_VERSIONS),
    _initialize("2025-06-18", {"roots": {"listChanged": True}, "sampling": {}, "elicitation": {}}, request_id="a"),
    {
        **_initialize("2025-11-25"),
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "vscode", "title": "Visual Studio Code", "version": "1.106.0"},
        },
    },
    *(_discover(version) for version in MODERN_VERSIONS),
    _discover("2026-07-28", {"roots": {"listChanged": True}}),
]


async def _sdk_answer(request: dict[str, Any]) -> dict[str, Any]:
    """What the MCP SDK's server answers to ``request`` as the first message of a connection."""
    config = ServerConfig()
    to_server, server_reads = anyio.create_memory_object_stream[SessionMessage | Exception](4)
    server_writes, from_server = anyio.create_memory_object_stream[SessionMessage](4)
    async with open_session(config) as session:
        lowlevel = build_server(session)._lowlevel_server
        async with trio.open_nursery() as nursery:
            nursery.start_soon(lowlevel.run, server_reads, server_writes, lowlevel.create_initialization_options())
            message = mcp_types.jsonrpc_message_adapter.validate_json(json.dumps(request), by_name=False)
            await to_server.send(SessionMessage(message))
            answer = await from_server.receive()
            await to_server.aclose()
    dumped: dict[str, Any] = json.loads(answer.message.model_dump_json(by_alias=True, exclude_unset=True))
    return dumped


@pytest.mark.parametrize("request_", ANSWERED, ids=lambda r: f"{r['method']}-{json.dumps(r['params'])[:60]}")
async def test_the_early_answer_is_the_sdks(request_: dict[str, Any]) -> None:
    answer = early_answer(json.dumps(request_).encode())
    assert answer is not None
    assert await _sdk_answer(request_) == {"jsonrpc": "2.0", "id": request_["id"], "result": answer[1]}


@pytest.mark.parametrize(
    "request_",
    [
        _initialize("2099-01-01"),  # a revision not known here: the SDK negotiates
        _discover("2025-06-18"),
        _initialize("2025-06-18", {"roots": {"listChanged": "yes"}}),
        {**_initialize("2025-06-18"), "id": True},
        {**_initialize("2025-06-18"), "jsonrpc": "1.0"},
        {"jsonrpc": "2.0", "id": 1, "method": "ping"},
        {**_initialize("2025-06-18"), "params": {**_initialize("2025-06-18")["params"], "clientInfo": {"name": "x"}}},
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}},
    ],
    ids=[
        "unknown-revision",
        "discover-old-revision",
        "odd-capabilities",
        "bool-id",
        "jsonrpc-1",
        "ping",
        "client-without-version",
        "no-client",
    ],
)
def test_other_first_lines_are_left_to_the_sdk(request_: dict[str, Any]) -> None:
    assert early_answer(json.dumps(request_).encode()) is None
    assert early_answer(b"not json\n") is None


def _serve(*lines: str, answers: int) -> tuple[list[dict[str, Any]], str]:
    """Send ``lines`` to a new ``verdex serve``, read ``answers`` answers, close its input; returns the
    answers and the server's log (stdin stays open until then: the SDK drops calls in flight at its end)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "verdex", "serve", "--log-level", "info"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert server.stdin is not None
    assert server.stdout is not None
    try:
        server.stdin.write(("\n".join(lines) + "\n").encode())
        server.stdin.flush()
        read = [json.loads(server.stdout.readline()) for _ in range(answers)]
        _, log = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return read, log.decode()


def test_a_handshake_is_answered_once_and_the_sdk_serves_the_rest() -> None:
    answers, log = _serve(
        json.dumps(_initialize("2025-11-25", request_id=7)),
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":8,"method":"ping"}',
        json.dumps(_initialize("2025-11-25", request_id=9)),  # a second handshake: the SDK's own answer
        answers=3,
    )
    assert [answer["id"] for answer in answers] == [7, 8, 9]
    assert answers[0]["result"]["protocolVersion"] == "2025-11-25"
    assert answers[1] == {"jsonrpc": "2.0", "id": 8, "result": {}}
    assert answers[2]["result"] == answers[0]["result"]
    assert "differs from the MCP SDK's" not in log
    assert "launching" not in log  # nothing asked for a browser


def test_a_first_navigation_launches_the_browser_while_the_server_starts(fixture_url) -> None:  # type: ignore[no-untyped-def]
    navigate = {"name": "browser_navigate", "arguments": {"url": fixture_url("shop.html")}}
    answers, log = _serve(
        json.dumps(_discover("2026-07-28")),
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {**navigate, "_meta": _discover("2026-07-28")["params"]["_meta"]},
            }
        ),
        answers=2,
    )
    assert [answer["id"] for answer in answers] == ["d-1", 2]
    assert answers[1]["result"]["content"][0]["text"].startswith("Navigated to ")
    assert "differs from the MCP SDK's" not in log
    assert log.count("launching the browser while the server starts") == 1
    assert log.count("INFO verdex.browser.launcher: launching ") == 1  # the call took that browser
    assert "no call took it" not in log


async def test_a_browser_nobody_took_is_stopped() -> None:
    options = BrowserOptions()
    async with trio.open_nursery() as nursery:
        head = HeadStart.begin(options, nursery)
        assert HeadStart.claim(BrowserOptions()) is None  # another configuration's launch is its own
        with pytest.raises(RuntimeError, match="already pending"):
            HeadStart.begin(options, nursery)
        launched = await head.take()
        assert launched.process.returncode is None
        await head.discard()
    assert launched.process.returncode is not None  # reaped
    assert not await trio.Path(launched.run_dir).exists()
    assert HeadStart.claim(options) is None


async def test_a_launch_takes_the_browser_started_ahead() -> None:
    options = BrowserOptions()
    async with trio.open_nursery() as nursery:
        head = HeadStart.begin(options, nursery)
        async with launch_chromium(options) as launched:
            assert launched is await head.take()
            assert launched.process.returncode is None
        await head.discard()  # taken: nothing to stop
        assert launched.process.returncode is not None
        assert not await trio.Path(launched.run_dir).exists()


async def test_a_failed_head_start_fails_the_launch_that_takes_it() -> None:
    options = BrowserOptions(executable=os.devnull + "/chromium")
    async with trio.open_nursery() as nursery:
        HeadStart.begin(options, nursery)
        with pytest.raises(Exception, match="chromium") as caught:
            async with launch_chromium(options):
                pass
    assert type(caught.value).__name__ == "BrowserLaunchError"


async def test_the_first_context_takes_the_tab_made_ahead(fixture_url: Callable[[str], str]) -> None:
    options = BrowserOptions()
    async with trio.open_nursery() as nursery:
        HeadStart.begin(options, nursery)
        async with open_browser(options) as browser:
            assert browser.launched is not None
            spare = browser.launched.spare_tab
            assert spare is not None
            first = await browser.new_context(PageSettings())
            assert browser.launched.spare_tab is None
            assert first.id == spare.context_id
            page = await first.new_page()
            assert page.target_id == spare.target_id
            second_tab = await first.new_page()
            assert second_tab.target_id != spare.target_id
            other = await browser.new_context(PageSettings())
            assert other.id != spare.context_id
            other_page = await other.new_page()
            targets = await browser.session.send(cdp.untyped("Target.getTargets")({}), timeout=10)
            pages = sorted(
                (t["browserContextId"] == first.id, t["targetId"])
                for t in targets["targetInfos"]
                if t["type"] == "page"
            )
            # No stray tab: the made-ahead one is the first context's first page, as a tab made now would be.
            assert pages == sorted(
                [(True, page.target_id), (True, second_tab.target_id), (False, other_page.target_id)]
            )
            for opened in (page, other_page):
                size = await opened.main_frame.session.send(
                    cdp.Runtime.evaluate({"expression": "[innerWidth, innerHeight]", "returnByValue": True}),
                    timeout=10,
                )
                assert size["result"]["value"] == [1280, 720]
            # The made-ahead tab works as one made now: the same page gives the same snapshot (refs aside).
            texts = []
            for opened in (page, other_page):
                await opened.navigate(fixture_url("shop.html"))
                texts.append(re.sub(r"\[ref=e\d+\]", "[ref]", (await take_snapshot(opened, max_chars=None)).text))
            assert texts[0] == texts[1]
            assert texts[0].count("[ref]") == 37


async def test_no_tab_is_made_ahead_for_a_kept_profile(tmp_path: Path) -> None:
    options = BrowserOptions(user_data_dir=tmp_path / "profile")
    async with trio.open_nursery() as nursery:
        head = HeadStart.begin(options, nursery)
        launched = await head.take()
        assert launched.spare_tab is None  # its first role uses the profile's default context
        await head.discard()


async def test_a_tab_made_ahead_is_given_up_when_the_browser_refuses_or_is_silent() -> None:
    async def browser(peer: MemoryTransport, answer: bool, error: bool) -> None:
        await peer.send(json.dumps({"method": "Target.targetCreated", "params": {}}))  # dropped
        while answer:
            command = json.loads(await peer.receive())
            if error:
                await peer.send(json.dumps({"id": command["id"], "error": {"code": -32000, "message": "no"}}))
            elif command["method"] == "Target.createBrowserContext":
                await peer.send(json.dumps({"id": 1, "result": {}}))  # another id's answer: not ours
                await peer.send(json.dumps({"id": command["id"], "result": {"browserContextId": "C"}}))
            else:
                assert command["params"] == {
                    "url": "about:blank",
                    "browserContextId": "C",
                    "width": 1280,
                    "height": 720,
                }
                await peer.send(json.dumps({"id": command["id"], "result": {"targetId": "T"}}))

    outcomes = []
    for answer, error in ((True, False), (True, True), (False, False)):
        ours, peer = memory_transport_pair()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(browser, peer, answer, error)
            outcomes.append(await _open_spare_tab(ours, 0.5))
            nursery.cancel_scope.cancel()
    assert outcomes == [SpareTab("C", "T"), None, None]
