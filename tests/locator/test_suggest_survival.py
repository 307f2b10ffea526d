"""suggest_locator's top suggestion after the changes of the change-survival benchmark, judged by real Playwright.

The benchmark's own pieces (``benchmarks/suggest``): ``collect`` stamps the page and asks verdex for the
suggestions of the chosen snapshot lines; ``judge`` loads the page in real Playwright (JavaScript), applies a
change of ``mutate.js`` (siblings reordered, a new sibling inserted, members wrapped, all at once) and says
whether the locator still finds exactly the stamped element.
"""

from __future__ import annotations

from collections.abc import Callable

import trio

from benchmarks.harness import ROOT, serve_fixtures
from benchmarks.suggest.collect import Line, Target, collect
from benchmarks.suggest.judge import Group, judge
from verdex.browser.browser import Browser

URL = Callable[[str], str]
CHANGES = (None, "reorder", "insert", "wrap", "all")


async def _top(browser: Browser, url: str, choose: Callable[[list[Line]], list[Line]]) -> Target:
    """The one target ``choose`` picks on ``url``, with verdex's suggestions for it."""
    (target,) = await collect(browser, [("page", url)], choose)
    assert target.locators, target.error
    return target


async def _survives(target: Target) -> dict[str | None, bool]:
    """Whether the top suggestion finds exactly the target as loaded (None) and after each change."""
    groups = [Group(target.url, (target.locators[0],), change) for change in CHANGES]
    verdicts = await trio.to_thread.run_sync(judge, groups)
    return {change: items[0].finds(target.stamp) for change, items in zip(CHANGES, verdicts, strict=True)}


async def test_a_row_is_named_by_one_cell_not_by_all_of_them(browser: Browser, fixture_url: URL) -> None:
    """A row's name is its cells' texts in order: reordered cells change it; one exact cell does not."""
    target = await _top(
        browser,
        fixture_url("locators/ambiguity.html"),
        lambda lines: [line for line in lines if line.role == "row"][1:2],
    )
    assert target.locators[:2] == [
        "page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Alice', exact: true }) })",
        "page.getByRole('row', { name: 'Alice Admin Edit Delete' })",
    ]
    assert await _survives(target) == dict.fromkeys(CHANGES, True)


async def test_a_landmark_is_named_by_its_role_not_by_its_whole_text(browser: Browser, fixture_url: URL) -> None:
    """The main landmark's text is its buttons' and paragraphs' texts in order; its role alone is unique."""
    target = await _top(
        browser, fixture_url("actions/waits.html"), lambda lines: [line for line in lines if line.role == "main"]
    )
    assert target.locators == [
        "page.getByRole('main')",
        "page.getByText('Load results Start Continue Not started')",
        "page.getByText('Load results Start Continue Not started', { exact: true })",
    ]
    assert await _survives(target) == dict.fromkeys(CHANGES, True)


async def test_a_role_chain_ranks_before_a_class_chain(browser: Browser) -> None:
    """products-related-add (benchmarks/workflow): the Related products region and a card by role, before
    the carousel slide's CSS-module class, though the class chain is shorter."""
    async with serve_fixtures(pages=ROOT / "fixtures" / "workflow") as base:

        def walnut_in_related(lines: list[Line]) -> list[Line]:
            buttons = [line for line in lines if line.role == "button" and line.name == "Add to cart"]
            return buttons[13:14]

        target = await _top(browser, base + "products.html", walnut_in_related)
        assert target.locators[0] == (
            "page.getByRole('region', { name: 'Related products' }).getByRole('article')"
            ".filter({ has: page.getByRole('heading', { name: 'Walnut Desk Lamp', exact: true }) })"
            ".getByRole('button', { name: 'Add to cart' })"
        )
        assert await _survives(target) == dict.fromkeys(CHANGES, True)
