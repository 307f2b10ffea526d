"""The CDP connection and its sessions against a scripted peer (no browser): answers find their command,
errors and timeouts say which command, events reach the handlers of their session only, a handler that
raises or a message that is not JSON does not stop the reader, and a closed peer fails every pending command."""

from __future__ import annotations

import json

import pytest
import trio

from tests.fake_browser import SILENT, Refuse, fake_browser
from verdex.cdp import protocol as cdp
from verdex.errors import BrowserClosedError, CDPTimeoutError, ProtocolError


async def test_answers_find_their_command_whatever_their_order() -> None:
    async with fake_browser() as (browser, connection):
        browser.handle("Runtime.evaluate", lambda params, session: {"result": {"value": params["expression"]}})
        page = connection.session("S1")
        results: dict[str, object] = {}

        async def evaluate(expression: str) -> None:
            answer = await page.send(cdp.Runtime.evaluate({"expression": expression}))
            results[expression] = answer["result"]["value"]

        async with trio.open_nursery() as nursery:
            for expression in ("1", "2", "3"):
                nursery.start_soon(evaluate, expression)
        assert results == {"1": "1", "2": "2", "3": "3"}
        assert [(s.method, s.session) for s in browser.sent] == [("Runtime.evaluate", "S1")] * 3


async def test_a_protocol_error_names_the_method_and_the_connection_lives_on() -> None:
    async with fake_browser() as (browser, connection):
        browser.handle("Target.attachToTarget", Refuse("No target with given id found"))
        browser.handle("Browser.getVersion", {"product": "Chrome/1", "protocolVersion": "1.3", "userAgent": "u"})
        with pytest.raises(ProtocolError) as caught:
            await connection.session(None).send(cdp.Target.attachToTarget({"targetId": "nope", "flatten": True}))
        assert str(caught.value) == "Target.attachToTarget failed: No target with given id found (code -32000)"
        assert (caught.value.method, caught.value.code) == ("Target.attachToTarget", -32000)
        assert (await connection.session(None).send(cdp.Browser.getVersion()))["product"] == "Chrome/1"


async def test_a_command_without_answer_times_out_by_name() -> None:
    async with fake_browser() as (browser, connection):
        browser.handle("Runtime.evaluate", lambda params, session: SILENT)
        with pytest.raises(CDPTimeoutError) as caught:
            await connection.session("S").send(cdp.Runtime.evaluate({"expression": "0"}), timeout=0.05)
        assert str(caught.value) == "Runtime.evaluate got no answer from the browser within 0.05 s"
        assert connection._pending == {}  # nothing left behind


async def test_events_reach_their_session_only_and_a_raising_handler_does_not_stop_the_reader() -> None:
    async with fake_browser() as (browser, connection):
        seen: dict[str, list[object]] = {"S1": [], "S2": []}
        second = trio.Event()
        connection.session("S1").on(cdp.Page.frameNavigated, lambda params: seen["S1"].append(params))
        connection.session("S2").on(cdp.Page.frameNavigated, lambda params: seen["S2"].append(params))
        connection.session("S2").on(cdp.Page.frameNavigated, lambda params: second.set())
        connection.session("S1").on(cdp.Page.frameNavigated, lambda params: 1 / 0)  # type: ignore[arg-type, func-returns-value]
        await browser.event("Page.frameNavigated", {"frame": {"id": "A"}, "type": "FromTheFuture"}, session="S1")
        await browser.transport.send("not json")
        await browser.transport.send(json.dumps([1, 2]))
        await browser.event("Page.frameNavigated", {"frame": {"id": "B"}}, session="S2")
        with trio.fail_after(2):
            await second.wait()
        assert seen == {"S1": [{"frame": {"id": "A"}, "type": "FromTheFuture"}], "S2": [{"frame": {"id": "B"}}]}
        assert connection.close_reason is None


async def test_expect_catches_an_event_that_comes_before_the_wait() -> None:
    async with fake_browser() as (browser, connection):
        page = connection.session("S")
        browser.handle("Page.reload", {})
        async with page.expect(cdp.Page.loadEventFired) as load:
            await page.send(cdp.Page.reload())
            await browser.event("Page.loadEventFired", {"timestamp": 1}, session="S")
            await trio.sleep(0.05)
            assert load.happened
            assert await load.wait(timeout=1) == {"timestamp": 1}
        async with page.expect(cdp.Page.loadEventFired) as never:
            with pytest.raises(CDPTimeoutError, match=r"^no Page.loadEventFired event within 0.05 s$"):
                await never.wait(timeout=0.05)


async def test_a_closed_peer_fails_every_pending_command_alike_and_every_later_one_at_once() -> None:
    async with fake_browser() as (browser, connection):
        browser.handle("Runtime.evaluate", lambda params, session: SILENT)
        failures: list[tuple[str | None, str]] = []

        async def pending(session_id: str) -> None:
            with pytest.raises(BrowserClosedError) as caught:
                await connection.session(session_id).send(cdp.Runtime.evaluate({"expression": "0"}))
            failures.append((session_id, str(caught.value)))

        async with trio.open_nursery() as nursery:
            for session_id in ("S1", "S1", "S2"):
                nursery.start_soon(pending, session_id)
            await browser.wait_for("Runtime.evaluate", 3)
            await browser.transport.aclose()
        assert sorted(failures) == [("S1", "the peer closed the connection")] * 2 + [
            ("S2", "the peer closed the connection")
        ]
        assert connection.close_reason == "the peer closed the connection"
        with pytest.raises(BrowserClosedError, match=r"^the peer closed the connection$"):
            await connection.session(None).send(cdp.Browser.getVersion())
