"""Accessible names as Playwright gives them (issue 18 item 5), on every element verify_locator reports.

Playwright computes a name for every element (``getElementAccessibleName``: what ``getByRole`` matches and
``toHaveAccessibleName`` checks), including elements without a role (an ``<a aria-label>`` without href,
a ``<cite title>``) and a ``<summary role="none">``, where the accessibility tree's rules give none or
another. For every visible element of the pages below, the ``name`` verify_locator reports (absent: the
empty name) must pass Playwright's own ``toHaveAccessibleName`` on the same element (found by a stamp).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.locator.harness import STAMP, STAMP_ATTRIBUTE, stamp_frames
from tests.oracle import playwright_browser
from verdex.browser.page import Page
from verdex.locator import parse_locator
from verdex.locator.source import Source
from verdex.locator.verify import verify_on_page

URL = Callable[[str], str]
PAGES = ["locators/names.html", "locators/forms.html", "locators/text.html", "storefront.html", "aria.html"]
ALL = "page.locator('body *')"


def _playwright_disagrees(url: str, names: dict[str, str]) -> list[str]:
    """Stamps whose name Playwright's toHaveAccessibleName refuses, with its name."""
    wrong = []
    with playwright_browser() as browser:
        page = browser.new_page()
        page.goto(url)
        page.evaluate(STAMP)
        for stamp, name in names.items():
            element = page.locator(f'[{STAMP_ATTRIBUTE}="{stamp}"]')
            try:
                expect(element).to_have_accessible_name(re.compile("^" + re.escape(name) + "$"), timeout=1)
            except AssertionError:
                theirs = element.evaluate("e => e.tagName")
                wrong.append(f"{stamp} <{theirs.lower()}>: ours {name!r}")
        page.close()
    return wrong


@pytest.mark.parametrize("name", PAGES)
async def test_every_reported_name_is_playwrights(page: Page, fixture_url: URL, name: str) -> None:
    await page.navigate(fixture_url(name))
    await stamp_frames(page)
    verification = await verify_on_page(
        page, parse_locator(ALL), Source(ALL), limit=5000, report_attribute=STAMP_ATTRIBUTE
    )
    assert verification.omitted == 0
    names = {
        str(match.attribute): match.name or ""
        for match in verification.matches
        if match.visible is None and match.attribute and match.attribute.startswith("main:")
    }
    assert len(names) > 20
    assert await _run_sync(_playwright_disagrees, fixture_url(name), names) == []


async def test_names_where_the_tree_has_none(page: Page, fixture_url: URL) -> None:
    """The issue's cases by value: names on elements without a role and a summary with role none."""
    await page.navigate(fixture_url("locators/names.html"))
    found = {}
    for css in ("a:not([href])", "cite", "summary", "abbr", "code"):
        text = f"page.locator('{css}')"
        verification = await verify_on_page(page, parse_locator(text), Source(text))
        found[css] = [(match.role, match.name) for match in verification.matches]
    assert found == {
        "a:not([href])": [(None, "Close panel"), (None, "Help")],
        "cite": [(None, "The Art of Computer Programming")],
        # role none: no name from content (Playwright: only presentation prohibits; none has no title here)
        "summary": [("none", None), (None, "Plain summary"), ("presentation", None)],
        "abbr": [(None, "HyperText Markup Language")],
        "code": [("code", None)],
    }


async def _run_sync(function: Callable[..., list[str]], *args: object) -> list[str]:
    import trio

    return await trio.to_thread.run_sync(function, *args)
