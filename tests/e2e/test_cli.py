"""The snapshot and explore commands as a shell user meets them: pipes, HTTP errors, URLs, one error prefix."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import trio

URL = Callable[[str], str]


async def _verdex(*args: str) -> subprocess.CompletedProcess[bytes]:
    with trio.fail_after(120):
        return await trio.run_process(
            [sys.executable, "-m", "verdex", *args], capture_stdout=True, capture_stderr=True, check=False
        )


def test_a_closed_pipe_ends_quietly(cdp_endpoint: str, fixture_url: URL) -> None:
    """`verdex explore URL REF | head -1`: one line, no traceback, status 0 or 141 (128 + SIGPIPE)."""
    command = [
        sys.executable,
        "-m",
        "verdex",
        "explore",
        fixture_url("shop.html"),
        "e12",
        "--cdp-endpoint",
        cdp_endpoint,
    ]
    head = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert head.stdout is not None
    assert head.stderr is not None
    assert head.stdout.readline() == "── resolve_container\n".encode()
    head.stdout.close()
    assert head.wait(timeout=60) in (0, 141)
    assert head.stderr.read() == b""
    head.stderr.close()
    # A reader that is gone before the first line: the first write fails, status 141.
    gone = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert gone.stdout is not None
    assert gone.stderr is not None
    gone.stdout.close()
    assert gone.wait(timeout=60) == 141
    assert gone.stderr.read() == b""
    gone.stderr.close()


async def test_an_http_error_status_exits_1(cdp_endpoint: str, fixture_url: URL) -> None:
    for command in (["snapshot", fixture_url("status/404")], ["explore", fixture_url("status/500"), "e1"]):
        result = await _verdex(*command, "--cdp-endpoint", cdp_endpoint)
        status = "404 Not Found" if command[0] == "snapshot" else "500 Internal Server Error"
        assert (result.returncode, result.stdout, result.stderr.decode()) == (
            1,
            b"",
            f"verdex: {command[1]} answered HTTP {status}\n",
        )


async def test_errors_are_prefixed_once_and_urls_without_scheme_get_theirs(cdp_endpoint: str, fixture_url: URL) -> None:
    schemeless = fixture_url("shop.html").removeprefix("http://")
    no_scheme = await _verdex("snapshot", schemeless, "--cdp-endpoint", cdp_endpoint)
    assert (no_scheme.returncode, no_scheme.stderr.decode()) == (
        1,
        f"verdex: browser_navigate: url '{schemeless}' has no scheme: pass an absolute URL such as "
        f"http://{schemeless}\n",
    )
    stale = await _verdex("explore", fixture_url("shop.html"), "e99", "--cdp-endpoint", cdp_endpoint)
    assert (stale.returncode, stale.stderr.decode()) == (
        1,
        "verdex: resolve_container: ref e99 was never given out in this session; call browser_snapshot and use a "
        "ref it prints\n",
    )


async def test_snapshot_speaks_in_its_own_flags(cdp_endpoint: str, fixture_url: URL) -> None:
    """The cut note names the command's flags (--ref, --depth, --max-chars), and --ref works."""
    url = fixture_url("shop.html")
    cut = await _verdex("snapshot", url, "--max-chars", "300", "--cdp-endpoint", cdp_endpoint)
    assert cut.returncode == 0
    assert cut.stdout.decode().splitlines()[-1] == (
        "[snapshot cut after line 11 of 82 (2824 characters in all), inside banner [ref=e1]. To go on: --ref REF "
        "(a container's ref) with --depth N shows one part; --max-chars 2924 shows it all]"
    )
    part = await _verdex("snapshot", url, "--ref", "e6", "--cdp-endpoint", cdp_endpoint)
    assert part.stdout.decode().splitlines() == [
        f'Page: "TechShop: featured products" ({url})',
        '- link "Support" [ref=e6]:',
        "  - /url: /support",
    ]


async def test_devices_lists_playwrights_descriptors() -> None:
    result = await _verdex("devices")
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "207 devices (Playwright 1.65.2's deviceDescriptorsSource.json)"
    assert "iPhone 15                          393x659  x3      mobile, touch" in lines
    assert "Desktop Chrome                    1280x720  x1" in lines
