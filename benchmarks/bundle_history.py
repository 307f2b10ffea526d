"""``python -m benchmarks.bundle_history [--rev REV]``: snapshot time of an older bridge bundle against today's.

The bundle committed at ``REV`` (``git show REV:verdex/bridge/bridge.js``) and the working tree's
``verdex/bridge/bridge.js`` are each evaluated in an isolated world of their own
(``Page.createIsolatedWorld``) on the same loaded page, and ``__verdex.call('snapshot', {})`` is timed
inside the page with ``performance.now()`` (milliseconds), so CDP and MCP round trips are left out
and both bundles see the same DOM, style and layout. Rounds alternate between the bundles so that
machine noise falls on both alike. The first call (which gives out every ref) is reported apart.

The default ``REV`` is the main branch before the ARIA fidelity work was merged (the issue asks for
snapshot time before and after it on the largest fixture).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import trio

from benchmarks.harness import ROOT, serve_fixtures
from benchmarks.pages import KINDS
from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.page import Page, PageSettings
from verdex.cdp import protocol as cdp

#: main just before ``Merge issue-aria`` (2cc6595).
BEFORE_ARIA = "2cc6595^1"
BUNDLE = "verdex/bridge/bridge.js"

_TIME = """(() => {
  const bridge = globalThis.__verdex, times = [];
  for (let i = 0; i < %d; i++) {
    const start = performance.now();
    const answer = bridge.call('snapshot', {});
    times.push(performance.now() - start);
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
  }
  return times;
})()"""


def bundle_at(rev: str) -> str:
    """The bridge bundle as committed at ``rev``."""
    return subprocess.run(
        ["git", "show", f"{rev}:{BUNDLE}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


async def _world_with(page: Page, source: str, name: str) -> int:
    frame_id = page.main_frame.id
    world = await page.session.send(cdp.Page.createIsolatedWorld({"frameId": frame_id, "worldName": name}))
    context = int(world["executionContextId"])
    loaded = await page.session.send(cdp.Runtime.evaluate({"expression": source, "contextId": context}))
    if "exceptionDetails" in loaded:
        raise RuntimeError(f"bundle {name} did not load: {loaded['exceptionDetails']}")
    return context


async def _times(page: Page, context: int, calls: int) -> list[float]:
    answer = await page.session.send(
        cdp.Runtime.evaluate({"expression": _TIME % calls, "contextId": context, "returnByValue": True}),
        timeout=600,
    )
    if "exceptionDetails" in answer:
        raise RuntimeError(str(answer["exceptionDetails"]))
    return [float(t) for t in answer["result"]["value"]]


async def compare(url: str, before: str, after: str, rounds: int, calls: int) -> dict[str, Any]:
    """Time both bundles on ``url``; returns ``{"first": {...}, "median": {...}, "min": {...}}`` in ms."""
    async with open_browser(BrowserOptions()) as browser:
        context = await browser.new_context(PageSettings())
        page = await context.new_page()
        await page.navigate(url)
        worlds = {
            "before": await _world_with(page, before, "bench-before"),
            "after": await _world_with(page, after, "bench-after"),
        }
        samples: dict[str, list[float]] = {"before": [], "after": []}
        first: dict[str, float] = {}
        for _ in range(rounds):
            for label, world in worlds.items():
                times = await _times(page, world, calls)
                first.setdefault(label, times[0])
                samples[label] += times[1:] if len(samples[label]) == 0 else times
        await context.close()
    return {
        "first": first,
        "median": {label: statistics.median(times) for label, times in samples.items()},
        "min": {label: min(times) for label, times in samples.items()},
        "samples": {label: len(times) for label, times in samples.items()},
    }


async def _run(args: argparse.Namespace) -> None:
    before, after = bundle_at(args.rev), (ROOT / BUNDLE).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as generated:
        cards = KINDS[0]
        (Path(generated) / "cards-10000.html").write_text(cards.generate(10000), encoding="utf-8")
        pages = [
            ("storefront.html (largest fixture)", None, "storefront.html"),
            ("cards, 10k elements", generated, "cards-10000.html"),
        ]
        print(f"snapshot time in the page, ms: bundle at {args.rev} (before) vs the working tree (after)")
        print(f"{'page':36} {'':6} {'first':>8} {'median':>8} {'min':>8}")
        for title, directory, name in pages:
            async with serve_fixtures(Path(directory) if directory else None) as base:
                result = await compare(base + name, before, after, args.rounds, args.calls)
            for label in ("before", "after"):
                print(
                    f"{title:36} {label:6} {result['first'][label]:8.1f} {result['median'][label]:8.1f} "
                    f"{result['min'][label]:8.1f}"
                )
            ratio = result["median"]["after"] / result["median"]["before"]
            print(f"{'':36} after/before (median) = {ratio:.2f} over {result['samples']['after']} calls each")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bundle_history", description=__doc__)
    parser.add_argument("--rev", default=BEFORE_ARIA, help=f"the older bundle's revision (default {BEFORE_ARIA})")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--calls", type=int, default=10, help="snapshot calls per bundle per round (default 10)")
    trio.run(_run, parser.parse_args(argv))


if __name__ == "__main__":
    main()
