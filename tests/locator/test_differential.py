"""Differential test: verify_locator's matching against real Playwright, pair by pair.

For every (page, locator) pair of :mod:`tests.locator.cases`, verdex's count must equal
Playwright's ``locator.count()`` and the matched elements must be the same ones in the same order
(compared by a stamp attribute, see :mod:`tests.locator.harness`); a locator Playwright refuses
must be refused by verdex too, for the same kind of reason, and the refused pairs are pinned here.
Every group has a pair that matches nothing and one that matches several elements. TypeScript locators are judged by Playwright's JavaScript API,
Python locators by its Python API. One page load per group on each side.
"""

from __future__ import annotations

import pytest

from tests.locator.cases import groups
from tests.locator.harness import (
    PLAYWRIGHT,
    VERDEX,
    Answer,
    Group,
    JsOracle,
    run_python_oracle,
    run_verdex,
    stamp_frames,
)
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


#: Every pair Playwright refuses, and why (the kinds of tests.locator.harness.REFUSALS).
REFUSED = {
    ("forms", "page.getByRole('button', { checked: true })"): "role option the role does not have",
    ("text", "page.getByText(/(/)"): "invalid regular expression",
    ("frames", "page.frameLocator('.not-a-frame').getByRole('button')"): (
        "frame locator on an element that is not an iframe"
    ),
    ("rejected", "page.getByText(/(unclosed/)"): "invalid regular expression",
    ("rejected", "page.getByRole('button', { name: /[z-a]/ })"): "invalid regular expression",
    ("rejected", "page.locator('div:nth-child(')"): "CSS selector Playwright cannot parse",
    ("rejected", "page.locator('button:unknown-pseudo')"): "CSS selector the browser rejects",
    ("rejected", "page.locator('h1').contentFrame().getByRole('button')"): (
        "frame locator on an element that is not an iframe"
    ),
    ("rejected", 'page.get_by_text(re.compile("(?P<name>x)"))'): "invalid regular expression",
    ("rejected", 'page.get_by_text(re.compile("x", re.VERBOSE))'): (
        "regular expression flag Playwright does not carry over"
    ),
}


def test_playwright_refuses_exactly_the_pinned_pairs(playwright_answers: dict[tuple[str, str], Answer]) -> None:
    refused = {key: answer.kind for key, answer in playwright_answers.items() if answer.error is not None}
    assert refused == REFUSED


def test_every_group_has_zero_and_multi_match_pairs(
    cases: list[Group], playwright_answers: dict[tuple[str, str], Answer]
) -> None:
    """The hard cases are exercised everywhere: per group (but the all-refused one), as Playwright counts."""
    counts = {
        group.name: [playwright_answers[(group.name, e)].count for e in (*group.js, *group.python)] for group in cases
    }
    assert {name for name, found in counts.items() if all(count is None for count in found)} == {"rejected"}
    lacking: dict[str, list[str]] = {}
    for name, found in counts.items():
        present = {"zero": 0 in found, "multi": any(count is not None and count > 1 for count in found)}
        if name != "rejected" and not all(present.values()):
            lacking[name] = [kind for kind, there in present.items() if not there]
    assert lacking == {}


def test_refusals_agree_only_for_the_same_reason() -> None:
    theirs = Answer.refusal("Invalid regular expression: /(/: Unterminated group", PLAYWRIGHT)
    same = Answer.refusal(
        "Playwright would fail on this locator: invalid regular expression /(/: Invalid regular expression: "
        "/(/: Unterminated group (line 1, column 6):\n  page.getByText(/(/)",
        VERDEX,
    )
    unsupported = Answer.refusal("the timeout option is not supported by verify_locator (line 1, column 30):", VERDEX)
    css = Answer.refusal("CSS selector ends too early (line 1, column 28):", VERDEX)
    assert (same.kind, unsupported.kind, css.kind) == (
        "invalid regular expression",
        "unclassified verdex error",
        "CSS selector Playwright cannot parse",
    )
    assert same.agrees(theirs)
    assert theirs.agrees(same)
    assert not unsupported.agrees(theirs)
    assert not css.agrees(theirs)
    assert not Answer(ids=()).agrees(theirs)
    assert not Answer.refusal("something new", VERDEX).agrees(Answer.refusal("something new", PLAYWRIGHT))


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
