"""Snapshot size: verdex's whole snapshot against Playwright's AI snapshot of the same page, in tokens.

``python -m benchmarks.snapshot_size [--pages DIR] [FILE ...]``: serves ``DIR`` (default
``fixtures/pages``) on 127.0.0.1, and for each page (default: the token fixtures, or every ``*.html``
of ``DIR``) takes verdex's ``browser_snapshot`` with no size cut (the ``snapshot`` of its structured
content: the lines, without the ``Page:`` header; a fresh ``verdex serve`` a page, so its refs are
numbered from e1 as in a session's first snapshot) and Playwright's ``page.aria_snapshot(mode="ai")``
(Python Playwright, a fresh page, viewport 1280x720), counts both in cl100k tokens
(:func:`benchmarks.tokens.count_tokens`) and prints one row a page, then the median and the
quartiles of the ratio verdex / Playwright. ``--json FILE`` writes the rows; ``--playwright-from
FILE`` takes Playwright's figures from such a file instead of measuring them again.

A page whose load opens a JavaScript dialog in verdex is answered (dismissed) and counted as loaded.
A page either side fails on is listed with its error and left out of the ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

import trio

from benchmarks.harness import ROOT, MCPServerUnderTest, open_playwright, open_verdex, serve_fixtures
from benchmarks.tokens import FIXTURES, count_tokens

__all__ = ["measure_page", "summary"]

#: No cut: the whole snapshot (characters).
_WHOLE = 1_000_000


async def measure_page(
    server: MCPServerUnderTest, playwright: Any, url: str, known: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Tokens and lines of both snapshots of ``url``: ``{"verdex", "playwright", "ratio", "verdexLines",
    "playwrightLines", "refs"}``, or ``{"error"}``. ``known``: Playwright's figures from an earlier run
    of the page (``--playwright-from``), not measured again."""
    navigated = await server.call("browser_navigate", url=url)
    if navigated.is_error and "dialog" in navigated.text:
        await server.call("browser_handle_dialog", accept=False)
    answer = await server.call("browser_snapshot", maxChars=_WHOLE)
    for _ in range(5):
        if not (answer.is_error and "dialog" in answer.text):
            break
        await server.call("browser_handle_dialog", accept=False)
        answer = await server.call("browser_snapshot", maxChars=_WHOLE)
    if answer.is_error:
        return {"error": answer.text[:200]}
    ours = str(answer.data.get("snapshot", ""))
    if known is not None and "playwright" in known:
        reference, reference_lines = int(known["playwright"]), int(known["playwrightLines"])
    else:
        try:
            await playwright.request("goto", url=url)
            theirs = str((await playwright.request("snapshot", repeat=1))["text"])
        except RuntimeError as exc:
            return {"error": str(exc)[:200]}
        reference, reference_lines = count_tokens(theirs), theirs.count("\n") + 1 if theirs else 0
    verdex = count_tokens(ours)
    return {
        "verdex": verdex,
        "playwright": reference,
        "ratio": round(verdex / reference, 3) if reference else None,
        "verdexLines": ours.count("\n") + 1 if ours else 0,
        "playwrightLines": reference_lines,
        "refs": int(answer.data.get("refCount", 0)),
    }


def summary(rows: dict[str, dict[str, Any]]) -> dict[str, float]:
    """Median and quartiles of the ratios, and the token sums (pages with both sides measured)."""
    ratios = sorted(row["ratio"] for row in rows.values() if row.get("ratio") is not None)
    if not ratios:
        return {}
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    return {
        "pages": len(ratios),
        "medianRatio": round(statistics.median(ratios), 3),
        "p25Ratio": round(quartiles[0], 3),
        "p75Ratio": round(quartiles[2], 3),
        "maxRatio": ratios[-1],
        "verdexTokens": sum(row["verdex"] for row in rows.values() if "verdex" in row),
        "playwrightTokens": sum(row["playwright"] for row in rows.values() if "playwright" in row),
    }


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    pages_dir: Path | None = args.pages
    if args.files:
        files = list(args.files)
    elif pages_dir is None:
        files = list(FIXTURES)
    else:
        files = sorted(path.name for path in pages_dir.glob("*.html"))  # noqa: ASYNC240 (before any I/O)
    rows: dict[str, dict[str, Any]] = {}
    known: dict[str, Any] = {}
    if args.playwright_from is not None:
        known = json.loads(args.playwright_from.read_text())["pages"]
    async with serve_fixtures(pages_dir) as base, open_playwright() as playwright:
        for name in files:
            # A fresh server a page, as Playwright's side takes a fresh page: ref numbers start again
            # (a server never gives a number out twice, so later pages would have longer refs).
            async with open_verdex() as server:
                row = await measure_page(server, playwright, base + name, known.get(name))
            rows[name] = row
            if "error" in row:
                print(f"{name:48} error: {row['error']}", flush=True)
            else:
                print(
                    f"{name:48} verdex {row['verdex']:7} playwright {row['playwright']:7} ratio {row['ratio']}",
                    flush=True,
                )
    result = {"pages": rows, "summary": summary(rows)}
    print(json.dumps(result["summary"]), flush=True)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.snapshot_size", description=__doc__)
    parser.add_argument("files", nargs="*", help="pages to measure (file names in the pages directory)")
    parser.add_argument("--pages", type=Path, default=None, help="directory to serve (default fixtures/pages)")
    parser.add_argument("--json", type=Path, default=None, help="write the rows and the summary here")
    parser.add_argument(
        "--playwright-from", type=Path, default=None, help="take Playwright's figures from this earlier --json file"
    )
    args = parser.parse_args(argv)
    result = trio.run(_run, args)
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
