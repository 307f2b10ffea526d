"""Differential test: verify_locator's matching against real Playwright, pair by pair.

For every (page, locator) pair of :mod:`tests.locator.cases`, verdex's count must equal
Playwright's ``locator.count()`` and the matched elements must be the same ones in the same order
(compared by a stamp attribute, see :mod:`tests.locator.harness`); a locator Playwright refuses
must be refused by verdex too. TypeScript locators are judged by Playwright's JavaScript API,
Python locators by its Python API. One page load per group on each side.
"""

from __future__ import annotations

import pytest

from tests.locator.cases import groups
from tests.locator.harness import Answer, Group, JsOracle, run_python_oracle, run_verdex, stamp_frames
from verdex.browser.browser import Browser
from verdex.browser.page import PageSettings

GROUPS = [group.name for group in groups("http://127.0.0.1/")]


@pytest.fixture(scope="module")
def cases(fixture_base: str) -> list[Group]:
    return groups(fixture_base)


@pytest.fixture(scope="module")
def playwright_answers(cases: list[Group]) -> dict[tuple[str, str], Answer]:
    """Both oracles' answers for every pair, keyed by (group, locator); the two run side by side."""
    answers: dict[tuple[str, str], Answer] = {}
    js_oracle = JsOracle(cases)
    python = run_python_oracle(cases)
    for group, js in zip(cases, js_oracle.answers(), strict=True):
        answers.update({(group.name, expression): answer for expression, answer in zip(group.js, js, strict=True)})
    for group, py in zip(cases, python, strict=True):
        answers.update({(group.name, expression): answer for expression, answer in zip(group.python, py, strict=True)})
    return answers


def test_there_are_at_least_300_pairs(cases: list[Group]) -> None:
    assert sum(group.size for group in cases) >= 300


@pytest.mark.parametrize("name", GROUPS)
async def test_verdex_matches_playwright(
    name: str,
    cases: list[Group],
    playwright_answers: dict[tuple[str, str], Answer],
    browser: Browser,
) -> None:
    group = next(group for group in cases if group.name == name)
    context = await browser.new_context(PageSettings(test_id_attribute=group.test_id_attribute))
    try:
        page = await context.new_page()
        await page.navigate(group.url)
        await stamp_frames(page)
        mismatches = []
        for expression in (*group.js, *group.python):
            ours = await run_verdex(page, expression)
            theirs = playwright_answers[(group.name, expression)]
            if not ours.agrees(theirs):
                mismatches.append(f"{expression}\n    verdex:     {ours}\n    playwright: {theirs}")
    finally:
        await context.close()
    assert not mismatches, f"{len(mismatches)} of {group.size} pairs differ:\n" + "\n".join(mismatches)
