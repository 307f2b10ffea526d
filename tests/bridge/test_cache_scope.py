"""Cache scopes (bridge/src/cacheScope.ts): calls with one ``cacheScope`` token share one evaluation's caches;
a DOM change, another token or a call without one ends the scope.

The oracle is the page as it is at each call: every count here is asserted against what a call with no scope
counts at the same moment. The changes are ones a kept cache would hide: an ``aria-label`` (a cached name) and
a ``display: none`` (a cached visibility) on an element that stays in the document.
"""

from __future__ import annotations

import re
from typing import Any

from tests.bridge.conftest import URL, LoadHtml, run_in_page, snapshot_text
from verdex.bridge.api import Bridge
from verdex.browser.page import Page

HTML = """<main>
<button id="a" aria-label="Save">S</button>
<button id="b" aria-label="Save">S</button>
<div id="host"></div>
</main>"""

SAVE = [{"kind": "role", "at": 0, "role": "button", "name": {"string": "Save"}, "exact": True}]
OPEN = [{"kind": "role", "at": 0, "role": "button", "name": {"string": "Open"}, "exact": True}]
INNER = [{"kind": "role", "at": 0, "role": "button", "name": {"string": "Inner"}, "exact": True}]


async def _counts(bridge: Bridge, *locators: list[dict[str, Any]]) -> list[int]:
    answer = await bridge.count_locators(list(locators))
    return [item.count for item in answer.results]


async def test_a_scope_shares_caches_until_the_document_changes(page: Page, load_html: LoadHtml) -> None:
    await load_html(HTML)
    bridge = page.bridge()
    scoped = bridge.scoped("t1")
    assert await _counts(scoped, SAVE, OPEN) == [2, 0]
    assert await _counts(scoped, SAVE, OPEN) == [2, 0]
    # A cached name: the label changes, the next call of the same scope counts the page as it is now.
    await run_in_page(page, "document.getElementById('a').setAttribute('aria-label', 'Open')")
    assert await _counts(scoped, SAVE, OPEN) == [1, 1]
    assert await _counts(bridge, SAVE, OPEN) == [1, 1]
    # A cached visibility: the button is hidden (still in the document).
    assert await _counts(scoped, SAVE, OPEN) == [1, 1]
    await run_in_page(page, "document.getElementById('b').style.display = 'none'")
    assert await _counts(scoped, SAVE, OPEN) == [0, 1]
    assert await _counts(bridge, SAVE, OPEN) == [0, 1]


async def test_a_call_without_the_token_ends_the_scope(page: Page, load_html: LoadHtml) -> None:
    """A change the scope's observer does not see (inside a shadow root): a call of the same scope may still read
    the cached name, a call without the token (or with another) reads the page afresh, and so does the scope after
    it."""
    await load_html(HTML)
    await run_in_page(
        page,
        "document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = "
        '\'<button id="in" aria-label="Inner">I</button>\'',
    )
    bridge = page.bridge()
    first = bridge.scoped("t2")
    assert await _counts(first, INNER, OPEN) == [1, 0]
    rename = "document.getElementById('host').shadowRoot.getElementById('in').setAttribute('aria-label', 'Open')"
    await run_in_page(page, rename)
    assert await _counts(first, INNER, OPEN) == [1, 0]  # the scope's cached name: its documented limit
    assert await _counts(bridge, INNER, OPEN) == [0, 1]
    assert await _counts(first, INNER, OPEN) == [0, 1]  # a new scope under the old token: fresh caches
    await run_in_page(page, rename.replace("'Open'", "'Inner'"))
    assert await _counts(bridge.scoped("t3"), INNER, OPEN) == [1, 0]  # another token: fresh caches too


async def test_scoped_answers_equal_unscoped_ones(page: Page, fixture_url: URL) -> None:
    """suggest_locator's calls on the shop fixture: each ref's facts, then its role-and-name counts, in one scope
    per ref, answer as the same calls without a scope."""
    await page.navigate(fixture_url("shop.html"))
    text = await snapshot_text(page)
    refs = [int(number) for number in re.findall(r"\[ref=e(\d+)\]", text)][:12]
    assert len(refs) == 12
    bridge = page.bridge()
    for number in refs:
        scoped = bridge.scoped(f"ref-{number}")
        facts = await scoped.suggest_facts(number)
        target = facts.target
        locator = [{"kind": "role", "at": 0, "role": target.role or "generic", "name": {"string": target.name or ""}}]
        scoped_counts = await scoped.count_locators([locator, SAVE], target=number)
        assert facts == await bridge.suggest_facts(number)
        assert scoped_counts == await bridge.count_locators([locator, SAVE], target=number)
