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


async def test_locate_prints_verified_locators(cdp_endpoint: str, fixture_url: URL) -> None:
    by_ref = await _verdex("locate", fixture_url("shop.html"), "--ref", "e12", "--cdp-endpoint", cdp_endpoint)
    lines = by_ref.stdout.decode().splitlines()
    assert by_ref.returncode == 0, by_ref.stderr
    assert (
        lines[0] == 'e12 button "Add to Cart", 12 on the page with this role and name. Verified, each matches only e12:'
    )
    assert lines[1] == (
        "1. page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', "
        "exact: true }) }).getByRole('button', { name: 'Add to Cart' })"
    )
    by_text = await _verdex("locate", fixture_url("shop.html"), "--text", "Privacy", "--cdp-endpoint", cdp_endpoint)
    assert by_text.returncode == 0, by_text.stderr
    assert by_text.stdout.decode().splitlines()[1] == "1. page.getByRole('link', { name: 'Privacy' })"
    missing = await _verdex(
        "locate", fixture_url("shop.html"), "--text", "No such text", "--cdp-endpoint", cdp_endpoint
    )
    assert (missing.returncode, missing.stderr.decode()) == (
        1,
        f"verdex: no element has the text 'No such text' on {fixture_url('shop.html')}\n",
    )


async def test_verify_exits_1_unless_the_locator_is_unique(cdp_endpoint: str, fixture_url: URL) -> None:
    unique = await _verdex(
        "verify", fixture_url("shop.html"), "page.getByRole('link', { name: 'Home' })", "--cdp-endpoint", cdp_endpoint
    )
    assert (unique.returncode, unique.stdout.decode()) == (
        0,
        '{"count":1,"unique":true,"matches":[{"ref":"e1","tagName":"a","role":"link","name":"Home"}]}\n',
    )
    several = await _verdex(
        "verify",
        fixture_url("shop.html"),
        "await page.getByRole('button', { name: 'Add to Cart' }).click();",
        "--cdp-endpoint",
        cdp_endpoint,
    )
    lines = several.stdout.decode().splitlines()
    assert several.returncode == 1
    assert lines[1:4] == [
        "Checked the locator of the pasted line; left aside, not run: await, .click().",
        "Count after each step (Playwright's count() of the locator up to it):",
        "  page.getByRole('button', { name: 'Add to Cart' }) → 12",
    ]
    assert lines[4].startswith("What sets the matches apart")
