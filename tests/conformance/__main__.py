"""``python -m tests.conformance``: the WPT name and role conformance tables (``make conformance``).

Launches Chromium (verdex's own launcher), scores every corpus page and prints a per-file and
total table for the non-tentative files, then one for the tentative files, then the recorded
figures CI holds. ``--failures`` lists each failing case with what was expected and what the
bridge computed; ``--record`` writes the figures to ``tests/conformance/recorded.json`` (do it when
a change makes more cases pass, so CI holds the new figures).
"""

from __future__ import annotations

import argparse
import sys

import trio

from tests.conformance.corpus import (
    KINDS,
    RECORDED,
    FileResult,
    dump_record,
    find_corpus,
    record,
    recorded,
    render_failures,
    render_table,
    score_corpus,
    totals,
)
from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.origins import NavigationPolicy
from verdex.browser.page import PageSettings


async def run() -> list[FileResult]:
    corpus = find_corpus()
    async with open_browser(BrowserOptions(policy=NavigationPolicy(allow_file_urls=True))) as browser:
        context = await browser.new_context(PageSettings())
        try:
            page = await context.new_page()
            return await score_corpus(page, corpus)
        finally:
            await context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.conformance", description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="list every failing case")
    parser.add_argument("--record", action="store_true", help=f"write the figures to {RECORDED.name}")
    options = parser.parse_args(argv)
    results = trio.run(run)
    for title, tentative in (("WPT ARIA conformance: non-tentative files", False), ("Tentative files", True)):
        print(f"\n{title}\n")
        print(render_table(results, tentative))
        if options.failures:
            listed = render_failures(results, tentative)
            print("\nfailing cases:\n" + (listed or "none"))
    held = recorded()["totals"]["core"] if RECORDED.exists() else None
    if held:
        print("\nrecorded (CI fails below these): " + ", ".join(f"{k} {held[k][0]}/{held[k][1]}" for k in KINDS))
    if options.record:
        RECORDED.write_text(dump_record(record(results)))
        now = totals(results, tentative=False)
        print(f"wrote {RECORDED}: " + ", ".join(f"{k} {now[k][0]}/{now[k][1]}" for k in KINDS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
