"""Latency of ``verify_locator`` through a real MCP client over stdio, on the shop fixture.

``python -m benchmarks.verify_locator [--repeat N] [--page shop.html]`` starts the fixture server
and ``verdex serve`` (its own Chromium over the pipe), opens the page, takes a snapshot for the
target ref, then times ``verify_locator`` for a few locators (one warm-up call each, not counted),
round-robin so a busy machine slows all alike. It prints p50/p95 in milliseconds per locator,
with the no-op MCP round trip (``prompts/list``) of the same session as the floor, and writes them
under the key ``verifyLocator`` of ``benchmarks/results.json`` (the file's other keys are kept;
``--out`` names another results file).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from benchmarks.machine import describe_machine
from benchmarks.results_file import RESULTS, update_results
from verdex.commands.demo import first_button

ROOT = Path(__file__).resolve().parents[1]

LOCATORS = {
    "reference (TS)": "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' })"
    ".getByRole('button', { name: 'Add to Cart' })",
    "reference (Python)": 'page.get_by_test_id("product-card").filter(has_text="iPhone 15 Pro")'
    '.get_by_role("button", name="Add to Cart")',
    "getByRole, 12 matches": "page.getByRole('button', { name: 'Add to Cart' })",
    "CSS :has-text": "page.locator('[data-testid=product-card]:has-text(\"Pixel 8\") button')",
    "getByText regex": "page.getByText(/\\$\\d{3}$/)",
}


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[int(q) - 1]


async def measure(url: str, repeat: int) -> dict[str, dict[str, float]]:
    """``{label: {p50, p95, n}}`` in milliseconds for the page at ``url``, plus ``noop`` (the MCP floor)."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "verdex", "serve"])
    async with Client(params) as client:
        await client.call_tool("browser_navigate", {"url": url})
        snapshot = await client.call_tool("browser_snapshot", {})
        ref = first_button(snapshot.content[0].text, "Add to Cart")  # type: ignore[union-attr]
        samples: dict[str, list[float]] = {label: [] for label in (*LOCATORS, "noop")}
        for round_ in range(repeat + 1):  # round 0 warms up
            for label, locator in LOCATORS.items():
                start = time.perf_counter()
                result = await client.call_tool("verify_locator", {"locator": locator, "ref": ref})
                elapsed = (time.perf_counter() - start) * 1000
                if result.is_error:
                    raise RuntimeError(f"verify_locator failed for {label}: {result.content}")
                if round_:
                    samples[label].append(elapsed)
            start = time.perf_counter()
            await client.list_prompts()
            if round_:
                samples["noop"].append((time.perf_counter() - start) * 1000)
    return {
        label: {"p50": _percentile(values, 50), "p95": _percentile(values, 95), "n": len(values)}
        for label, values in samples.items()
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.verify_locator", description=__doc__)
    parser.add_argument("--repeat", type=int, default=50, help="timed calls per locator (default 50)")
    parser.add_argument("--page", default="shop.html", help="a page of fixtures/pages (default shop.html)")
    parser.add_argument(
        "--out", type=Path, default=RESULTS, help="results file to update (key verifyLocator; default %(default)s)"
    )
    args = parser.parse_args(argv)
    machine = describe_machine()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "fixtures" / "server.py"), "--port", "0"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        url = json.loads(server.stdout.readline())["url"] + args.page
        results: dict[str, Any] = trio.run(measure, url, args.repeat)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"verify_locator through MCP stdio on {args.page} ({args.repeat} calls each, ms)")
    print(f"{'locator':<24} {'p50':>8} {'p95':>8}")
    for label, row in results.items():
        print(f"{label:<24} {row['p50']:8.1f} {row['p95']:8.1f}")
    rounded = {label: {k: round(v, 3) if k != "n" else v for k, v in row.items()} for label, row in results.items()}
    value = {"machine": machine, "page": args.page, "repeat": args.repeat, "unit": "ms", "locators": rounded}
    update_results("verifyLocator", value, args.out)
    print(f"results: key verifyLocator of {args.out}")


if __name__ == "__main__":
    main()
