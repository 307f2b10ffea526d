"""Actions on real Chromium where the browser misbehaves in a way no page can trigger on demand."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import pytest
import trio

from verdex.browser import actions
from verdex.browser import input as cdp_input
from verdex.browser.page import Page
from verdex.browser.snapshot import take_snapshot
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import StaleRefError

URL = Callable[[str], str]


async def _ref_on_race_page(page: Page, fixture_url: URL, line: str) -> str:
    """Open race.html and return the ref of the snapshot line that starts ``line`` (``textbox "Query"``)."""
    await page.navigate(fixture_url("race.html"))
    snapshot = await take_snapshot(page, max_chars=None)
    found = re.search(re.escape(line) + r" \[ref=(e\d+)\]", snapshot.text)
    assert found is not None, snapshot.text
    return found.group(1)


def _replacing_then_silent(replaced: str) -> Callable[..., Awaitable[None]]:
    """An input command that makes the page replace its document with ``replaced`` and never answers."""

    async def never_answered(session: CDPSession, *args: object, timeout: float) -> None:
        await session.send(cdp.Runtime.evaluate({"expression": f"location.replace({replaced!r}), 0"}))
        await trio.sleep_forever()

    return never_answered


def _stale(ref: str, url: str, replaced: str) -> str:
    return (
        f"ref {ref} is stale: it belonged to {url}, a document the page has left (now at {replaced}); "
        "call browser_snapshot for fresh refs"
    )


async def test_typing_stops_waiting_for_the_browser_when_the_document_goes(
    page: Page, fixture_url: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chromium may never answer ``Input.insertText`` when the page replaces its document meanwhile (seen in the
    racing-navigations test, once in ~50 runs). Here the insertion replaces the document and is never answered:
    ``type_into`` stops waiting when the document goes and says the ref is stale, where the page is now."""
    ref = await _ref_on_race_page(page, fixture_url, 'textbox "Query"')
    replaced = fixture_url("race.html?left=0")
    monkeypatch.setattr(cdp_input, "type_text", _replacing_then_silent(replaced))
    with trio.fail_after(10), pytest.raises(StaleRefError) as raised:
        await actions.type_into(page, ref, "x", submit=False, timeout=1)
    assert str(raised.value) == _stale(ref, fixture_url("race.html"), replaced)


async def test_hovering_stops_waiting_for_the_browser_when_the_document_goes(
    page: Page, fixture_url: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As for typing: a mouse move never answered while the page replaces its document ends when the document goes,
    and the ref's error says where the page is now."""
    ref = await _ref_on_race_page(page, fixture_url, 'button "Go"')
    replaced = fixture_url("race.html?left=1")
    monkeypatch.setattr(cdp_input, "move_to", _replacing_then_silent(replaced))
    with trio.fail_after(10), pytest.raises(StaleRefError) as raised:
        await actions.hover(page, ref, timeout=1)
    assert str(raised.value) == _stale(ref, fixture_url("race.html"), replaced)


async def test_a_key_press_stops_waiting_for_the_browser_when_the_document_goes(
    page: Page, fixture_url: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As for typing: a key press never answered while the page replaces its document ends when the document goes,
    and the navigation is the press's outcome."""
    await page.navigate(fixture_url("race.html"))
    replaced = fixture_url("race.html?left=2")
    monkeypatch.setattr(cdp_input, "press", _replacing_then_silent(replaced))
    with trio.fail_after(10):
        outcome = await actions.press_key(page, "Enter")
    assert outcome.navigation is not None
    assert outcome.navigation.url == replaced
    assert page.url == replaced
