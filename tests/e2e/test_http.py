"""``verdex serve --port``: MCP over Streamable HTTP with the SDK's client, one browser session per client.

Clients of both protocol eras: ``mode="legacy"`` (the initialize handshake; the server gives each
an MCP session id) and ``mode="2026-07-28"`` (no sessions; a client names its browser session
with the ``verdex-session`` header).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

import httpx2
import pytest
import trio
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tests.mcp_client import TEST_SERVE_ARGS, Tools

MODERN = "2026-07-28"


@dataclass
class Server:
    process: trio.Process
    url: str
    log: list[str]
    grew: trio.Event

    def log_text(self) -> str:
        return "".join(self.log)

    async def wait_for_log(self, text: str, count: int) -> None:
        """Until ``text`` is in the server's stderr ``count`` times."""
        while self.log_text().count(text) < count:
            await self.grew.wait()


@asynccontextmanager
async def http_server(*args: str) -> AsyncIterator[Server]:
    """``verdex serve --port 0`` (any free port); yields once it prints where it serves."""
    process = await trio.lowlevel.open_process(
        [sys.executable, "-m", "verdex", "serve", *TEST_SERVE_ARGS, "--port", "0", "--log-level", "info", *args],
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    log: list[str] = []
    url = None
    with trio.fail_after(60):
        while url is None:
            chunk = await process.stderr.receive_some(65536)
            assert chunk, f"verdex serve exited: {''.join(log)}"
            log.append(chunk.decode())
            found = re.search(r"verdex serves MCP at (http://\S+/mcp)", "".join(log))
            url = found.group(1) if found else None

    async def drain() -> None:
        assert process.stderr is not None
        async for chunk in process.stderr:
            log.append(chunk.decode())
            server.grew.set()
            server.grew = trio.Event()

    server = Server(process, url, log, trio.Event())
    async with trio.open_nursery() as nursery:
        nursery.start_soon(drain)
        try:
            yield server
        finally:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
            with trio.fail_after(30):
                await process.wait()
            nursery.cancel_scope.cancel()


@asynccontextmanager
async def client(url: str, *, mode: str = "legacy", headers: dict[str, str] | None = None) -> AsyncIterator[Tools]:
    http = create_mcp_http_client(headers=headers)
    async with http, Client(streamable_http_client(url, http_client=http), mode=mode) as connected:
        yield Tools(connected)


@pytest.fixture
def attached(cdp_endpoint: str) -> Callable[..., object]:
    def start(*args: str) -> object:
        return http_server("--cdp-endpoint", cdp_endpoint, *args)

    return start


TITLES = {"shop.html": "TechShop: featured products", "login.html": "Sign in"}


def _title(snapshot: str) -> str:
    return snapshot.splitlines()[0]


def page_line(fixture_url: Callable[[str], str], path: str) -> str:
    """The first line of a snapshot of ``path``."""
    return f'Page: "{TITLES[path]}" ({fixture_url(path)})'


async def test_a_legacy_client_drives_the_browser_over_http(attached, fixture_url) -> None:
    async with attached() as server:
        assert server.url.startswith("http://127.0.0.1:")
        async with client(server.url) as tools:
            names = {tool.name for tool in (await tools.client.list_tools()).tools}
            assert {"browser_navigate", "browser_snapshot", "resolve_container"} <= names
            answer = await tools.ok("browser_navigate", url=fixture_url("shop.html"))
            assert answer.data["status"] == 200
            snapshot = (await tools.ok("browser_snapshot")).text
            assert _title(snapshot) == page_line(fixture_url, "shop.html")


async def test_a_modern_client_drives_the_browser_over_http(attached, fixture_url) -> None:
    async with attached() as server, client(server.url, mode=MODERN, headers={"verdex-session": "a"}) as tools:
        assert tools.client.protocol_version == MODERN
        await tools.ok("browser_navigate", url=fixture_url("login.html"))
        # No MCP session: every request stands alone, and the header keeps this client's browser.
        snapshot = (await tools.ok("browser_snapshot")).text
        assert _title(snapshot) == page_line(fixture_url, "login.html")


async def test_two_clients_at_once_have_separate_browser_sessions(attached, fixture_url) -> None:
    pages = {"one": "shop.html", "two": "login.html"}
    seen: dict[str, list[str]] = {}

    async def work(name: str) -> None:
        async with client(server.url) as tools:
            await tools.ok("browser_navigate", url=fixture_url(pages[name]))
            await trio.sleep(0.5)  # the other client navigates meanwhile
            tabs = await tools.ok("browser_tabs", action="list")
            snapshot = (await tools.ok("browser_snapshot")).text
            seen[name] = [tab["url"] for tab in tabs.data["tabs"]] + [_title(snapshot)]

    async with attached() as server:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(work, "one")
            nursery.start_soon(work, "two")
        assert seen == {
            "one": [fixture_url("shop.html"), page_line(fixture_url, "shop.html")],
            "two": [fixture_url("login.html"), page_line(fixture_url, "login.html")],
        }
        # Each client's DELETE closed its session (attached: its browser contexts).
        with trio.fail_after(10):
            await server.wait_for_log("closed the browser session of client mcp:", 2)


async def test_modern_clients_are_kept_apart_by_their_header(attached, fixture_url) -> None:
    async with attached() as server:
        async with (
            client(server.url, mode=MODERN, headers={"verdex-session": "alice"}) as alice,
            client(server.url, mode=MODERN, headers={"verdex-session": "bob"}) as bob,
            client(server.url, mode=MODERN, headers={"verdex-session": "alice"}) as alice_again,
        ):
            await alice.ok("browser_navigate", url=fixture_url("shop.html"))
            await bob.ok("browser_navigate", url=fixture_url("login.html"))
            assert _title((await alice_again.ok("browser_snapshot")).text) == page_line(fixture_url, "shop.html")
            assert _title((await bob.ok("browser_snapshot")).text) == page_line(fixture_url, "login.html")
        # Without the header, modern clients share one session, and the log says so once.
        async with client(server.url, mode=MODERN) as first, client(server.url, mode=MODERN) as second:
            await first.ok("browser_navigate", url=fixture_url("shop.html"))
            assert _title((await second.ok("browser_snapshot")).text) == page_line(fixture_url, "shop.html")
        assert server.log_text().count("clients like it share one browser session") == 1
        error = await _error_with(server.url, {"verdex-session": "x" * 101})
        assert error == (
            "browser_snapshot: the verdex-session header names this client's browser session: give 1 to 100 "
            "characters (got 101)"
        )


async def _error_with(url: str, headers: dict[str, str]) -> str:
    async with client(url, mode=MODERN, headers=headers) as tools:
        return await tools.error("browser_snapshot")


async def test_sessions_past_the_limit_are_refused_and_the_first_keeps_working(attached, fixture_url) -> None:
    async with attached("--max-sessions", "1") as server, client(server.url) as first:
        await first.ok("browser_navigate", url=fixture_url("shop.html"))
        async with client(server.url) as second:
            assert await second.error("browser_snapshot") == (
                "browser_snapshot: verdex serves at most 1 sessions at once (--max-sessions) and all are in use; a "
                "session ends when its client disconnects or after 1800 s without a call"
            )
        assert _title((await first.ok("browser_snapshot")).text) == page_line(fixture_url, "shop.html")


async def test_a_request_for_another_host_is_refused(attached) -> None:
    async with attached() as server:
        port = server.url.split(":")[2].split("/")[0]
        async with httpx2.AsyncClient() as http:
            refused = await http.post(
                server.url, json={}, headers={"Host": "evil.example", "Content-Type": "application/json"}
            )
            served = await http.post(server.url, json={}, headers={"Host": f"localhost:{port}"})
        assert (refused.status_code, refused.text) == (421, "Invalid Host header")
        assert served.status_code != 421


async def test_allowed_hosts_names_the_hosts_served(attached) -> None:
    async with attached("--allowed-hosts", "verdex.internal") as server:
        async with httpx2.AsyncClient() as http:
            ok = await http.post(server.url, json={}, headers={"Host": "verdex.internal:1234"})
            local = await http.post(server.url, json={}, headers={"Host": "localhost"})
        assert ok.status_code != 421
        assert local.status_code == 421


def test_http_options_need_port() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "verdex", "serve", "--host", "0.0.0.0"], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (
        2,
        "verdex serve: error: --host shape(s) the HTTP transport: give --port too\n",
    )


def test_a_port_in_use_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "verdex", "serve", "--port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 1
    assert done.stderr.endswith(f"verdex: cannot serve on localhost:{port}: Address already in use\n"), done.stderr


async def test_sigterm_closes_the_browser_of_every_session(fixture_url) -> None:
    """A launched browser per client; SIGTERM ends the server and both browsers."""
    async with (
        http_server() as server,
        client(server.url) as one,
        client(server.url, mode=MODERN, headers={"verdex-session": "b"}) as two,
    ):
        await one.ok("browser_navigate", url=fixture_url("shop.html"))
        await two.ok("browser_navigate", url=fixture_url("login.html"))
        browsers = _children(server.process.pid)
        assert len(browsers) == 2, browsers
        server.process.send_signal(signal.SIGTERM)
        with trio.fail_after(30):
            await server.process.wait()
    assert server.process.returncode == 0, server.log_text()
    assert _alive(browsers) == []


def _alive(pids: list[int]) -> list[int]:
    return [pid for pid in pids if os.path.exists(f"/proc/{pid}")]


def _children(pid: int) -> list[int]:
    """The browsers ``pid`` launched (its direct children)."""
    listed = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True, check=False)
    return [int(child) for child in listed.stdout.split()]
