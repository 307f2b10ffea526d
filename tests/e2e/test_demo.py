"""`verdex demo` (what `make demo` runs) prints the walk, the token counts and the locator."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import trio

_ROOT = Path(__file__).resolve().parents[2]


async def _demo(*args: str) -> str:
    result = await trio.run_process(
        [sys.executable, "-m", "verdex", "demo", *args], capture_stdout=True, capture_stderr=True, check=False
    )
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


async def test_demo_on_the_bundled_shop(cdp_endpoint: str) -> None:
    output = await _demo("--cdp-endpoint", cdp_endpoint)
    headers = re.findall(r"^── (\w+)\(", output, flags=re.MULTILINE)
    assert headers == [
        "browser_navigate",
        "browser_snapshot",
        "resolve_container",
        "inspect_pattern",
        "extract_anchors",
        "verify_locator",
    ]
    assert re.search(r"^── resolve_container\(ref='e22'\) · \d+ tokens$", output, flags=re.MULTILINE)
    assert re.search(r"^── inspect_pattern\(ref='e22', ancestorLevel=2\) · \d+ tokens$", output, flags=re.MULTILINE)
    assert re.search(r"^── extract_anchors\(ref='e22', ancestorLevel=1\) · \d+ tokens$", output, flags=re.MULTILINE)
    assert re.search(r"^tokens: \d+ in 5 calls \(\d+ in the structural calls\)$", output, flags=re.MULTILINE)
    assert re.search(
        r"^the page's full DOM \(outerHTML\): \d+ tokens; the structural calls cost \d+% of it, the whole walk \d+%$",
        output,
        flags=re.MULTILINE,
    )
    assert re.search(
        r"^── verify_locator\(locator=\"page.getByTestId\('product-card'\)[^\n]*\", ref='e22'\) · \d+ tokens$",
        output,
        flags=re.MULTILINE,
    )
    assert output.rstrip().endswith(
        "locator (TypeScript):\n"
        "  page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', { name: 'Add to Cart' })\n"
        "locator (Python):\n"
        '  page.get_by_test_id("product-card").filter(has_text="iPhone 15 Pro").get_by_role("button", name="Add to Cart")\n'
        "\n"
        "── verify_locator(locator=\"page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' })"
        ".getByRole('button', { name: 'Add to Cart' })\", ref='e22') · 41 tokens\n"
        '{"count":1,"unique":true,"matches":[{"ref":"e22","tagName":"button","role":"button","name":"Add to Cart"}],'
        '"matchesTarget":true,"targetIndex":0}\n'
        "\n"
        "verified: the locator matches exactly 1 element, the target e22"
    )


async def test_demo_on_a_named_url_and_button(cdp_endpoint: str, fixture_url: Callable[[str], str]) -> None:
    output = await _demo(fixture_url("shop-ids.html"), "--button", "Add to Cart", "--cdp-endpoint", cdp_endpoint)
    assert (
        "page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', exact: true }) })"
        in output
    )
    assert output.rstrip().endswith("verified: the locator matches exactly 1 element, the target e13")


async def test_demo_on_a_url_and_ref(cdp_endpoint: str, fixture_url: Callable[[str], str]) -> None:
    """`make demo URL=... REF=e15`: the walk starts from that ref (the AirPods Pro card, not the first button)."""
    url = fixture_url("shop-classless.html")
    dry_run = await trio.run_process(
        ["make", "-n", "-s", "demo", f"URL={url}", "REF=e15"], capture_stdout=True, capture_stderr=True, cwd=_ROOT
    )
    assert shlex.split(dry_run.stdout.decode().splitlines()[-1]) == [".venv/bin/verdex", "demo", url, "--ref", "e15"]
    output = await _demo(url, "--ref", "e15", "--cdp-endpoint", cdp_endpoint)
    assert output.startswith(f"verdex demo: {url}\ntarget: ref e15\n\n")
    assert re.findall(r"^── (\w+\(.*?\)) · \d+ tokens$", output, flags=re.MULTILINE)[2:] == [
        "resolve_container(ref='e15')",
        "inspect_pattern(ref='e15', ancestorLevel=2)",
        "inspect_pattern(ref='e15', ancestorLevel=3)",
        "extract_anchors(ref='e15', ancestorLevel=2)",
        "verify_locator(locator=\"page.locator('section > div').filter({ hasText: 'AirPods Pro' })"
        ".getByRole('button', { name: 'Add to Cart' })\", ref='e15')",
    ]
    assert (
        "facts used:\n"
        "  - container (level 2) has no test id or role: structure section > div\n"
        "  - 'AirPods Pro' is in no sibling container's text: hasText is unique\n"
        "  - target is button 'Add to Cart'\n"
        "locator (TypeScript):\n"
        "  page.locator('section > div').filter({ hasText: 'AirPods Pro' }).getByRole('button', { name: 'Add to Cart' })\n"
        "locator (Python):\n"
        '  page.locator("section > div").filter(has_text="AirPods Pro").get_by_role("button", name="Add to Cart")\n'
    ) in output
    assert output.rstrip().endswith(
        '{"count":1,"unique":true,"matches":[{"ref":"e15","tagName":"button","role":"button","name":"Add to Cart"}],'
        '"matchesTarget":true,"targetIndex":0}\n'
        "\n"
        "verified: the locator matches exactly 1 element, the target e15"
    )


async def test_demo_with_a_url_needs_a_target(fixture_url: Callable[[str], str]) -> None:
    result = await trio.run_process(
        [sys.executable, "-m", "verdex", "demo", fixture_url("shop.html")],
        capture_stdout=True,
        capture_stderr=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.decode().strip() == (
        "verdex: with a URL, name the target: --ref e12 (from `verdex snapshot URL`) or --button 'Add to Cart'"
    )


def test_cli_help_for_every_command() -> None:
    for command in ("serve", "demo", "snapshot", "explore"):
        result = subprocess.run(
            [sys.executable, "-m", "verdex", command, "--help"], capture_output=True, text=True, check=True
        )
        assert result.stdout.startswith(f"usage: verdex {command}")


async def test_snapshot_and_explore_commands(cdp_endpoint: str, fixture_url: Callable[[str], str]) -> None:
    common = ["--cdp-endpoint", cdp_endpoint]
    snap = await trio.run_process(
        [sys.executable, "-m", "verdex", "snapshot", fixture_url("shop.html"), "--depth", "1", *common],
        capture_stdout=True,
        check=True,
    )
    assert snap.stdout.decode().splitlines() == [
        f'Page: "TechShop: featured products" ({fixture_url("shop.html")})',
        "- banner [ref=e1]:",
        "  - … 11 more",
        "- main [ref=e9]:",
        "  - … 63 more",
        "- contentinfo [ref=e35]:",
        "  - … 5 more",
    ]
    explore = await trio.run_process(
        [sys.executable, "-m", "verdex", "explore", fixture_url("shop.html"), "e12", "--level", "1", *common],
        capture_stdout=True,
        check=True,
    )
    lines = explore.stdout.decode().splitlines()
    assert [line for line in lines if line.startswith("── ")] == [
        "── resolve_container",
        "── inspect_pattern",
        "── extract_anchors",
    ]
    assert lines[1].startswith('{"target":{"ref":"e12","tagName":"button","role":"button","name":"Add to Cart"')
