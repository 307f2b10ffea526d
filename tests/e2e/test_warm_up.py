"""The warm-up between calls (``Session._warm_up``): a new document's snapshot and structural code runs while the
model reads the answer, gives out no ref, and never changes an answer, whether a call comes before, during or after
it."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest
import trio
from mcp import Client

from tests.mcp_client import Tools
from tests.support import ROOT
from verdex.browser.launcher import BrowserOptions
from verdex.server import session as session_module
from verdex.server.app import build_server
from verdex.server.config import ServerConfig
from verdex.server.session import Session, open_session

URL = Callable[[str], str]
FIXTURE_PAGES = ROOT / "fixtures" / "pages"


@asynccontextmanager
async def serving(cdp_endpoint: str, *, warm_up: bool = True) -> AsyncIterator[tuple[Session, Tools]]:
    config = ServerConfig(browser=BrowserOptions(cdp_endpoint=cdp_endpoint))
    async with open_session(config) as session, Client(build_server(session)) as client:
        session.warm_up = warm_up
        yield session, Tools(client)


def warm_ups(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == session_module.__name__ and "warm" in r.getMessage()]


async def until(predicate: Callable[[], bool]) -> None:
    """Wait (at most 10 s) until ``predicate()`` holds: the warm-up runs in the session's own task."""
    with trio.fail_after(10):
        while not predicate():  # noqa: ASYNC110 -- state of another task, polled
            await trio.sleep(0.01)


#: The structural calls of each pass of each document's warm-up (the frames by ordinal).
_SHOP_CALLS = [("28", "28", "28")]
_NESTED_CALLS = [("13", "13", "13"), ("7", "7", "7"), ("1", "1", "1"), ("7", "7", "7"), ("6", "6", "6")]


@pytest.mark.parametrize(
    ("path", "hover", "structure_calls"), [("shop.html", "e12", _SHOP_CALLS), ("nested.html", "f1_e7", _NESTED_CALLS)]
)
async def test_each_new_document_is_warmed_up_once_and_its_answers_are_unchanged(
    cdp_endpoint: str,
    fixture_url: URL,
    caplog: pytest.LogCaptureFixture,
    path: str,
    hover: str,
    structure_calls: list[tuple[str, ...]],
) -> None:
    caplog.set_level(logging.DEBUG, logger=session_module.__name__)
    url = fixture_url(path)
    async with serving(cdp_endpoint, warm_up=False) as (_, tools):
        await tools.ok("browser_navigate", url=url)
        expected = await tools.ok("browser_snapshot")
    assert warm_ups(caplog) == []

    async with serving(cdp_endpoint) as (session, tools):
        await tools.ok("browser_navigate", url=url)
        page = await session.page()
        await until(lambda: not page.cold_frames())
        frames = sorted(page.frames.values(), key=lambda frame: frame.ordinal)
        await until(lambda: len(warm_ups(caplog)) == len(frames))
        assert session.ledger.next_number == 1  # no ref given out
        # Calls on the same documents warm nothing more.
        snapshot = await tools.ok("browser_snapshot")
        await tools.ok("browser_hover", ref=hover)
        await trio.sleep(session_module.WARM_UP_IDLE_SECONDS * 5)
    assert snapshot.text == expected.text
    assert snapshot.data == expected.data
    messages = warm_ups(caplog)
    assert len(messages) == len(frames) == (1 if path == "shop.html" else 5)
    calls: list[tuple[str, ...]] = []
    for message, frame in zip(messages, frames, strict=True):
        passes = r"\d+, \d+, \d+ ms \((\d+), (\d+), (\d+) structural calls\)"
        found = re.fullmatch(rf"warmed up {frame.label} \({re.escape(frame.url)}\): passes of {passes}", message)
        assert found is not None, message
        calls.append(found.groups())
    assert calls == structure_calls


async def test_a_call_before_the_warm_up_cancels_it_and_the_warm_up_comes_after_that_call(
    cdp_endpoint: str, fixture_url: URL, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.DEBUG, logger=session_module.__name__)
    monkeypatch.setattr(session_module, "WARM_UP_IDLE_SECONDS", 0.5)
    async with serving(cdp_endpoint) as (session, tools):
        await tools.ok("browser_navigate", url=fixture_url("shop.html"))
        page = await session.page()
        await tools.ok("browser_snapshot")  # within the idle time: the warm-up waiting is cancelled ...
        assert warm_ups(caplog) == []
        assert page.cold_frames() == [page.main_frame]  # ... and a snapshot is not one (no structural call ran)
        await until(lambda: len(warm_ups(caplog)) == 1)  # it comes after the snapshot
        assert page.cold_frames() == []
        # Another document: warmed up after the call.
        await tools.ok("browser_navigate", url=fixture_url("shop.html") + "?again")
        await until(lambda: len(warm_ups(caplog)) == 2)
    assert len(warm_ups(caplog)) == 2


async def test_calls_during_a_warm_up_answer_as_without_it(
    cdp_endpoint: str, fixture_url: URL, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger=session_module.__name__)
    url = fixture_url("hostile/heavy.html?elements=20000")  # its first snapshot takes a while in the page
    answers: dict[bool, list[str]] = {}
    for warm_up in (False, True):
        async with serving(cdp_endpoint, warm_up=warm_up) as (_, tools):
            texts = []
            await tools.ok("browser_navigate", url=url)
            # Right after the idle time: the warm-up has started walking the page's 20,000 elements.
            await trio.sleep(session_module.WARM_UP_IDLE_SECONDS * 2)
            texts.append((await tools.ok("browser_snapshot", maxChars=2_000)).text)
            texts.append((await tools.ok("resolve_container", ref="e4")).text)
            answers[warm_up] = texts
    assert answers[True] == answers[False]
    assert answers[True][0].startswith(f'Page: "Heavy page" ({url})\n- main [ref=e1]:\n  - heading "Heavy page"')
    assert '      - button "Buy 0" [ref=e4]\n' in answers[True][0]
    assert answers[True][1].endswith(
        '"containsRefs":["e4","e6","e8","e10","e12","e14","e16","e18"],"refsOmitted":3992},'
        '{"level":3,"tagName":"main","childElements":4,"refsOmitted":4001}]}'
    )


async def test_no_warm_up_when_turned_off(
    cdp_endpoint: str, fixture_url: URL, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.DEBUG, logger=session_module.__name__)
    monkeypatch.setenv("VERDEX_NO_WARM_UP", "1")
    config = ServerConfig(browser=BrowserOptions(cdp_endpoint=cdp_endpoint))
    async with open_session(config) as session, Client(build_server(session)) as client:
        assert session.warm_up is False
        await Tools(client).ok("browser_navigate", url=fixture_url("shop.html"))
        await trio.sleep(0.3)
        page = await session.page()
        assert page.cold_frames() == [page.main_frame]
    assert warm_ups(caplog) == []


#: Fixture pages whose snapshot depends on time (they change on their own) or on the visit, or that open dialogs.
_CHANGING = {
    "hostile/dialogs.html",
    "hostile/dialog-frame.html",
    "hostile/spin.html",
    "hostile/heavy.html",
    "hostile/mutating.html",
    "actions/navigate-away.html",
    "ticker.html",
    "race.html",  # holds ticker.html
    "late.html",
}


def renumbered(text: str) -> str:
    """``text`` with its refs and frame numbers numbered in order of appearance: a server's refs go on from the
    pages it saw before (a page that changes on its own can give one more ref than the other server's)."""
    numbers: dict[str, str] = {}
    return re.sub(r"\b(?:f\d+_)?e\d+\b|\bf\d+\b", lambda m: numbers.setdefault(m[0], f"#{len(numbers)}"), text)


def _fixture_pages() -> list[str]:
    pages = sorted(str(path.relative_to(FIXTURE_PAGES)) for path in FIXTURE_PAGES.rglob("*.html"))
    return [page for page in pages if page not in _CHANGING]


async def structure_walk(tools: Tools) -> str:
    """The page's snapshot, then the three structural calls (at the parent) on its first two refs: their texts."""
    snapshot = (await tools.call("browser_snapshot", maxChars=1_000_000)).text
    texts = [snapshot]
    for ref in re.findall(r"\[ref=((?:f\d+_)?e\d+)\]", snapshot)[:2]:
        texts.append((await tools.call("resolve_container", ref=ref)).text)
        texts.append((await tools.call("inspect_pattern", ref=ref, ancestorLevel=1)).text)
        texts.append((await tools.call("extract_anchors", ref=ref, ancestorLevel=1)).text)
    return "\n".join(texts)


async def test_every_fixture_page_answers_the_same_after_a_warm_up(
    cdp_endpoint: str, fixture_url: URL, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger=session_module.__name__)
    differ: list[str] = []
    async with serving(cdp_endpoint, warm_up=False) as (_, cold), serving(cdp_endpoint) as (session, warm):
        for name in _fixture_pages():
            url = fixture_url(name)
            await cold.call("browser_navigate", url=url)
            await warm.call("browser_navigate", url=url)
            page = await session.page()
            await until(lambda: not page.cold_frames())  # noqa: B023 -- awaited in this iteration
            expected = await structure_walk(cold)
            answer = await structure_walk(warm)
            if renumbered(answer) != renumbered(expected):
                lines = zip(renumbered(expected).splitlines(), renumbered(answer).splitlines(), strict=False)
                differ.append(f"{name}: {next(((a, b) for a, b in lines if a != b), 'a line more or less')}")
    assert differ == [], differ
    assert not [m for m in warm_ups(caplog) if not m.startswith("warmed up ")]  # no warm-up failed
