"""suggest_locator on real pages, judged by real Playwright (a fast slice of ``make bench-suggest``).

Three saved real pages of ``../shared/corpora/real-pages`` (served over 127.0.0.1, never copied here), the
benchmark's target rule (refs whose role and name repeat on the page, at most 8 a page), and its judge:
Playwright's JavaScript API must find exactly the intended element (by a stamp) with each top suggestion.
Skipped when the corpus is not there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from benchmarks.harness import serve_fixtures
from benchmarks.suggest.collect import Target, collect, repeated_role_and_name
from benchmarks.suggest.judge import Group, judge
from verdex.browser.browser import Browser

REAL_PAGES = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "real-pages"
PAGES = ("aclu.html", "ars-1.html", "wikipedia.html")

pytestmark = pytest.mark.skipif(not REAL_PAGES.is_dir(), reason=f"no corpus at {REAL_PAGES}")


async def test_top_suggestions_find_the_intended_element(browser: Browser) -> None:
    async with serve_fixtures(pages=REAL_PAGES) as base:
        targets: list[Target] = await collect(
            browser, [(name, base + name) for name in PAGES], lambda lines: repeated_role_and_name(lines, 8)
        )
        with_locator = [target for target in targets if target.locators]
        urls = sorted({target.url for target in with_locator})
        groups = [Group(url, tuple(t.locators[0] for t in with_locator if t.url == url)) for url in urls]
        answers = await trio.to_thread.run_sync(judge, groups)
    verdicts = {url: iter(items) for url, items in zip(urls, answers, strict=True)}
    judged = [(target, next(verdicts[target.url])) for target in with_locator]
    assert len(targets) >= 15
    found = [target for target, verdict in judged if verdict.finds(target.stamp)]
    wrong = [f"{t.page} {t.ref} {t.role} {t.name!r}: {t.locators[0]} -> {v}" for t, v in judged if not v.finds(t.stamp)]
    assert len(found) >= 0.9 * len(targets), "\n".join(wrong)
    assert sum(target.positional for target in targets) <= 0.1 * len(targets)
