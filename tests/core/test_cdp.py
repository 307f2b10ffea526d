"""The CDP layer and browser plumbing, on a real Chromium (no bridge needed)."""

from __future__ import annotations

import json
import os

import pytest
import trio

from tests.support import unused_port
from verdex.browser.browser import Browser, open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp
from verdex.cdp.transport import PipeTransport
from verdex.errors import BrowserClosedError, CDPTimeoutError, NavigationError, ProtocolError, UsageError


async def test_protocol_error_names_the_method(browser: Browser) -> None:
    with pytest.raises(ProtocolError) as caught:
        await browser.session.send(cdp.Target.attachToTarget({"targetId": "nope", "flatten": True}))
    assert caught.value.method == "Target.attachToTarget"
    assert "Target.attachToTarget failed" in str(caught.value)


async def test_unknown_method_is_a_protocol_error_and_the_connection_survives(browser: Browser) -> None:
    with pytest.raises(ProtocolError):
        await browser.session.send(cdp.untyped("Nope.nothing")({}))
    version = await browser.session.send(cdp.Browser.getVersion())
    assert version["product"].startswith(("Chrome/", "HeadlessChrome/"))


async def test_command_timeout(page: Page) -> None:
    with pytest.raises(CDPTimeoutError, match=r"Runtime\.evaluate got no answer from the browser within 0\.2 s"):
        await page.session.send(
            cdp.Runtime.evaluate({"expression": "new Promise(() => {})", "awaitPromise": True}), timeout=0.2
        )
    answer = await page.session.send(cdp.Runtime.evaluate({"expression": "6 * 7", "returnByValue": True}))
    assert answer["result"]["value"] == 42


async def test_unknown_events_and_garbage_do_not_kill_the_reader(browser: Browser) -> None:
    connection = browser.connection
    connection._dispatch("not json")
    connection._dispatch("[1, 2]")
    connection._dispatch(json.dumps({"method": "Future.somethingNew", "params": {"x": 1}}))
    connection._dispatch(json.dumps({"method": "Page.frameNavigated", "params": {"frame": {"new": "shape"}}}))
    seen: list[dict[str, object]] = []
    remove = connection.listen("Future.somethingNew", lambda params: 1 / 0)  # a handler that raises
    connection._dispatch(json.dumps({"method": "Future.somethingNew", "params": {}}))
    remove()
    connection.listen("Future.other", seen.append)
    connection._dispatch(json.dumps({"method": "Future.other", "params": {"enum": "valueFromTheFuture"}}))
    assert seen == [{"enum": "valueFromTheFuture"}]
    assert (await browser.session.send(cdp.Browser.getVersion()))["protocolVersion"] == "1.3"


async def test_a_typed_event_arrives_as_sent_also_from_a_newer_protocol(page: Page, fixture_url) -> None:  # type: ignore[no-untyped-def]
    """The typed table parses nothing: an event with an enum value or a field newer than the table arrives as sent."""
    events: list[cdp.PageFrameNavigated] = []
    remove = page.session.on(cdp.Page.frameNavigated, events.append)
    with trio.fail_after(10):
        await page.navigate(fixture_url("login.html"))
    [event] = events
    assert (event["frame"]["url"], event["type"], event["frame"]["id"]) == (
        fixture_url("login.html"),
        "Navigation",
        page.main_frame.id,
    )
    assert "parentId" not in event["frame"]
    # The same event from a newer Chromium, with a navigation type and a field this table does not know.
    newer = {**event, "type": "FromTheFuture", "futureField": [1, 2]}
    page.session.connection._dispatch(
        json.dumps({"method": "Page.frameNavigated", "sessionId": page.session.session_id, "params": newer})
    )
    remove()
    assert events[1] == newer
    assert repr(cdp.Page.frameNavigated) == "Event('Page.frameNavigated')"
    assert cdp.Page.navigate({"url": "x"}) == cdp.Request("Page.navigate", {"url": "x"})
    # The reader lives on: the page still answers.
    answer = await page.session.send(cdp.Runtime.evaluate({"expression": "location.pathname", "returnByValue": True}))
    assert answer["result"]["value"] == "/login.html"


async def test_browser_exit_fails_every_pending_call_of_every_session_alike() -> None:
    async with open_browser(BrowserOptions()) as browser:
        assert browser.launched is not None
        sessions = []
        for _ in range(2):
            target = await browser.session.send(cdp.Target.createTarget({"url": "about:blank"}))
            attached = await browser.session.send(
                cdp.Target.attachToTarget({"targetId": target["targetId"], "flatten": True})
            )
            sessions.append(browser.connection.session(attached["sessionId"]))
        failures: list[tuple[str | None, type[BaseException], str]] = []

        async def pending_call(session_index: int) -> None:
            session = sessions[session_index]
            try:
                await session.send(cdp.Runtime.evaluate({"expression": "new Promise(() => {})", "awaitPromise": True}))
            except BrowserClosedError as exc:
                failures.append((session.session_id, type(exc), str(exc)))

        with trio.fail_after(15):
            async with trio.open_nursery() as nursery:
                for session_index in (0, 0, 1, 1, 1):
                    nursery.start_soon(pending_call, session_index)
                await trio.sleep(0.3)
                assert len(browser.connection._pending) == 5
                browser.launched.process.kill()
        message = "the browser closed its pipe (the browser process exited)"
        assert sorted(failures, key=lambda failure: str(failure[0])) == sorted(
            [(sessions[i].session_id, BrowserClosedError, message) for i in (0, 0, 1, 1, 1)],
            key=lambda failure: str(failure[0]),
        )
        assert browser.connection._pending == {}


async def test_pipe_launch_and_browser_exit_fails_pending_calls() -> None:
    async with open_browser(BrowserOptions()) as browser:
        assert browser.launched is not None
        process = browser.launched.process
        page_target = await browser.session.send(cdp.Target.createTarget({"url": "about:blank"}))
        attached = await browser.session.send(
            cdp.Target.attachToTarget({"targetId": page_target["targetId"], "flatten": True})
        )
        session = browser.connection.session(attached["sessionId"])
        async with trio.open_nursery() as nursery:
            failures: list[str] = []

            async def pending_call() -> None:
                with pytest.raises(BrowserClosedError) as caught:
                    await session.send(
                        cdp.Runtime.evaluate({"expression": "new Promise(() => {})", "awaitPromise": True})
                    )
                failures.append(str(caught.value))

            nursery.start_soon(pending_call)
            await trio.sleep(0.3)
            process.kill()
        assert failures == ["the browser closed its pipe (the browser process exited)"]
        with pytest.raises(BrowserClosedError, match="the browser closed its pipe"):
            await browser.session.send(cdp.Browser.getVersion())
        assert not browser.is_connected


async def test_navigation_reports_status_and_errors(page: Page, fixture_url) -> None:  # type: ignore[no-untyped-def]
    navigation = await page.navigate(fixture_url("status/404"))
    assert (navigation.status, navigation.status_text) == (404, "Not Found")
    assert navigation.url == fixture_url("status/404")
    navigation = await page.navigate(fixture_url("shop.html"))
    assert (navigation.status, navigation.load_pending, navigation.same_document) == (200, False, False)
    assert await page.title() == "TechShop: featured products"
    navigation = await page.navigate(fixture_url("shop.html#cart"))
    assert navigation.same_document
    assert navigation.url == fixture_url("shop.html#cart")
    dead = f"http://127.0.0.1:{unused_port()}/"
    with pytest.raises(NavigationError) as caught:
        await page.navigate(dead)
    assert str(caught.value) == (
        f"could not open {dead}: net::ERR_CONNECTION_REFUSED (nothing is listening there; start the server or fix "
        f"the port). The tab now shows the browser's error page (it was at {fixture_url('shop.html#cart')}); "
        "call browser_navigate with a working URL."
    )
    with pytest.raises(UsageError, match="is relative"):
        await page.navigate("/shop.html")
    with pytest.raises(UsageError, match="javascript: URLs are not navigations"):
        await page.navigate("javascript:alert(1)")


async def test_a_browser_gone_before_the_first_command_is_said_to_have_exited() -> None:
    """Writing to a pipe whose browser end is closed (EPIPE) reads as the browser's exit, as reading its EOF does:
    a browser launched ahead (verdex.server.startup) can be gone before verdex writes its first command."""
    (browser_reads, we_write), (we_read, browser_writes) = PipeTransport.make_pipes()
    os.close(browser_reads)
    os.close(browser_writes)
    transport = PipeTransport(we_read, we_write)
    try:
        with pytest.raises(BrowserClosedError) as caught:
            await transport.send('{"id":1,"method":"Browser.getVersion"}')
        assert str(caught.value) == "the browser closed its pipe (the browser process exited)"
        with pytest.raises(BrowserClosedError) as caught:
            await transport.receive()
        assert str(caught.value) == "the browser closed its pipe (the browser process exited)"
    finally:
        await transport.aclose()
