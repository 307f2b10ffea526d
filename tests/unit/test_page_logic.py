"""Navigation, dialogs and tabs against a scripted browser (no Chromium): each test writes out the protocol
behaviour it assumes (answers and events, in order), so the logic above the wire is checked on its own."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import pytest
import trio

from tests.fake_browser import SILENT, FakeBrowser, Refuse, fake_browser, until
from verdex.bridge.client import bridge_source
from verdex.browser.browser import Browser, BrowserInfo
from verdex.browser.context import BrowserContext, watch_tabs
from verdex.browser.dialogs import answer_dialog
from verdex.browser.events import PageEvents
from verdex.browser.page import Page, PageSettings, shown_title
from verdex.browser.refs import RefLedger
from verdex.errors import NavigationError, UsageError

JSON = dict[str, Any]
SETTINGS = PageSettings(call_timeout=2.0, navigation_timeout=1.0)


def _frame_tree(frame_id: str, loader: str, url: str) -> JSON:
    return {"frameTree": {"frame": {"id": frame_id, "loaderId": loader, "url": url}}}


async def _open_page(
    browser: FakeBrowser, connection: Any, nursery: trio.Nursery, settings: PageSettings = SETTINGS
) -> Page:
    browser.handle("Page.getFrameTree", _frame_tree("F", "L1", "about:blank"))
    return await Page.open(connection.session("S"), "T", bridge_source(), RefLedger(), settings, nursery)


async def _loaded(browser: FakeBrowser, loader: str, url: str, status: int = 200) -> None:
    """What Chromium reports for a new document of the main frame, in its order."""
    await browser.event(
        "Network.responseReceived",
        {"type": "Document", "loaderId": loader, "response": {"status": status, "statusText": "OK"}},
        session="S",
    )
    await browser.event("Page.frameNavigated", {"frame": {"id": "F", "loaderId": loader, "url": url}}, session="S")
    for name in ("DOMContentLoaded", "load"):
        await browser.event("Page.lifecycleEvent", {"frameId": "F", "loaderId": loader, "name": name}, session="S")


async def test_navigate_waits_for_the_new_documents_load_and_reports_its_status() -> None:
    async with fake_browser() as (browser, connection), trio.open_nursery() as nursery:
        page = await _open_page(browser, connection, nursery)
        assert browser.methods("S")[:3] == ["Page.enable", "Page.setLifecycleEventsEnabled", "Page.getFrameTree"]
        assert page.url == "about:blank"
        browser.handle("Page.navigate", {"frameId": "F", "loaderId": "L2"})
        result: list[Any] = []

        async def navigate() -> None:
            result.append(await page.navigate("http://shop.test/cart"))

        nursery.start_soon(navigate)
        await browser.wait_for("Page.navigate")
        assert not result  # committed nothing yet: still waiting
        await _loaded(browser, "L2", "http://shop.test/cart", status=404)
        await until(lambda: bool(result))
        [navigation] = result
        assert (navigation.url, navigation.status, navigation.load_pending) == ("http://shop.test/cart", 404, False)
        nursery.cancel_scope.cancel()


async def test_a_navigation_that_does_not_start_in_time_is_stopped_and_the_page_stays() -> None:
    async with fake_browser() as (browser, connection), trio.open_nursery() as nursery:
        page = await _open_page(browser, connection, nursery)
        browser.handle("Page.navigate", lambda params, session: SILENT)
        with pytest.raises(NavigationError) as caught:
            await page.navigate("http://slow.test/")
        assert str(caught.value) == (
            "navigating to http://slow.test/ did not start within 1 s; the page stays at about:blank. Check that the "
            "server answers, then call browser_navigate again (or raise --timeout-navigation for slow pages)."
        )
        assert browser.methods("S")[-2:] == ["Page.navigate", "Page.stopLoading"]
        nursery.cancel_scope.cancel()


async def test_a_network_error_is_explained_with_where_the_page_is() -> None:
    async with fake_browser() as (browser, connection), trio.open_nursery() as nursery:
        page = await _open_page(browser, connection, nursery)
        browser.handle("Page.navigate", {"frameId": "F", "loaderId": "L2", "errorText": "net::ERR_NAME_NOT_RESOLVED"})

        async def error_page() -> None:
            await browser.wait_for("Page.navigate")
            await _loaded(browser, "L2", "chrome-error://chromewebdata/")

        nursery.start_soon(error_page)
        with pytest.raises(NavigationError) as caught:
            await page.navigate("http://nowhere.test/")
        assert str(caught.value) == (
            "could not open http://nowhere.test/: net::ERR_NAME_NOT_RESOLVED (the host name does not resolve; check "
            "the spelling). The tab now shows the browser's error page; call browser_navigate with a working URL."
        )
        nursery.cancel_scope.cancel()


async def test_a_dialog_blocks_the_page_until_answered_and_the_answer_is_sent() -> None:
    async with fake_browser() as (browser, connection), trio.open_nursery() as nursery:
        events = PageEvents()
        page = await _open_page(browser, connection, nursery, PageSettings(call_timeout=2.0, events=events))
        await browser.event(
            "Page.javascriptDialogOpening",
            {"url": "http://shop.test/", "frameId": "F", "message": "Delete?", "type": "confirm"},
            session="S",
        )
        with trio.fail_after(2):
            await page.wait_until(lambda: page.dialog is not None, 2)
        assert page.dialog is not None
        assert page.dialog.describe() == (
            "a confirm dialog \"Delete?\" from the main frame of role 'default' (http://shop.test/)"
        )
        with pytest.raises(UsageError, match=r"^promptText is only for a prompt dialog; the open one is a confirm"):
            await answer_dialog(page, True, "yes")

        def closes(params: JSON, session: str | None) -> JSON:
            nursery.start_soon(partial(browser.event, "Page.javascriptDialogClosed", {"result": True}, session="S"))
            return {}

        browser.handle("Page.handleJavaScriptDialog", closes)
        browser.handle("Runtime.evaluate", {"result": {"value": 0}})
        dialog, navigation = await answer_dialog(page, False, None)
        assert (dialog.type, dialog.message, navigation, page.dialog) == ("confirm", "Delete?", None, None)
        assert browser.params_of("Page.handleJavaScriptDialog") == [{"accept": False}]
        browser.handle("Page.handleJavaScriptDialog", Refuse("No dialog is showing"))
        with pytest.raises(UsageError, match=r"^no dialog is open on this page; there is nothing to answer$"):
            await answer_dialog(page, True, None)
        nursery.cancel_scope.cancel()


@asynccontextmanager
async def _browser_with_context() -> AsyncIterator[tuple[FakeBrowser, Browser, BrowserContext, PageEvents]]:
    """A verdex Browser on the fake, tab discovery on, one browser context ("C") whose targets attach as sessions."""
    targets = itertools.count(1)
    async with fake_browser() as (fake, connection), trio.open_nursery() as nursery:
        fake.handle("Target.createBrowserContext", {"browserContextId": "C"})
        fake.handle("Target.createTarget", lambda params, session: {"targetId": f"T{next(targets)}"})
        fake.handle("Target.attachToTarget", lambda params, session: {"sessionId": "S-" + params["targetId"]})
        fake.handle("Page.getFrameTree", lambda params, session: _frame_tree("F-" + str(session), "L", "about:blank"))
        fake.handle("Target.closeTarget", {"success": True})
        browser = Browser(connection, BrowserInfo("Chrome/1", "1.3", "ua"), None, nursery)
        await watch_tabs(browser)
        events = PageEvents()
        context = await browser.new_context(PageSettings(call_timeout=2.0, events=events))
        yield fake, browser, context, events
        nursery.cancel_scope.cancel()


async def test_the_first_page_gets_a_window_size_and_later_tabs_none() -> None:
    async with _browser_with_context() as (fake, _, context, _):
        first = await context.new_page()
        second = await context.new_page()
        assert fake.params_of("Target.createTarget") == [
            {"url": "about:blank", "browserContextId": "C", "width": 1280, "height": 720},
            {"url": "about:blank", "browserContextId": "C"},
        ]
        assert (context.pages, context.selected) == ([first, second], second)


async def test_closing_the_selected_tab_selects_its_opener_else_the_last_one() -> None:
    async with _browser_with_context() as (fake, _, context, events):
        first = await context.new_page()
        # A popup of the first page (Target.targetCreated with an openerId), then one more verdex tab.
        await fake.event(
            "Target.targetCreated",
            {"targetInfo": {"targetId": "P", "type": "page", "openerId": first.target_id, "browserContextId": "C"}},
        )
        await until(lambda: len(context.pages) == 2, timeout=7)
        popup = context.pages[1]
        third = await context.new_page()
        assert [p.target_id for p in context.pages] == ["T1", "P", "T2"]
        # The popup selected and closed: its opener (tab 0) is selected, though the last tab is T2.
        await context.select(popup)
        assert await context.close_page(popup) is first
        assert context.selected is first
        # A tab without opener closes itself while selected (window.close()): the last tab is selected.
        await context.select(first)
        await fake.event("Target.targetDestroyed", {"targetId": "T1"})
        await until(lambda: first not in context.pages)
        assert (context.pages, context.selected, first.closed) == ([third], third, True)
        assert events.take_notes()[-1] == (
            "The selected tab of role 'default' (about:blank) was closed; tab [0] (about:blank) is selected now."
        )
        with pytest.raises(UsageError, match=r"^tab \[0\] is the only tab of role 'default'"):
            await context.close_page(third)


@pytest.mark.parametrize(
    ("title", "url", "shown"),
    [
        ("127.0.0.1:8000/page.html", "http://127.0.0.1:8000/page.html", ""),  # Chromium's title of an untitled page
        ("http://127.0.0.1:8000/page.html", "http://127.0.0.1:8000/page.html", ""),
        ("example.com", "https://example.com/", ""),
        ("blank", "about:blank", ""),
        ("Gadget store", "http://127.0.0.1:8000/shop.html", "Gadget store"),
        ("example.com/docs", "https://example.com/", "example.com/docs"),  # a page may call itself so
    ],
)
def test_a_title_the_browser_made_from_the_url_is_no_title(title: str, url: str, shown: str) -> None:
    assert shown_title({"targetId": "t", "type": "page", "title": title, "url": url, "attached": True}) == shown
