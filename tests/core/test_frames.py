"""The page's frame API on a real Chromium: from an iframe element to its Frame (by ref or by a
remote object) and back to its iframe, bridge calls in any frame, out-of-process frames."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
import trio

from tests.support import bridge_json
from verdex.browser.page import Page
from verdex.browser.snapshot import take_snapshot
from verdex.cdp import protocol as cdp
from verdex.errors import CDPError, StaleRefError, UsageError

URL = Callable[[str], str]


async def test_content_frame_frame_owner_and_bridge_calls(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("nested.html"))
    await take_snapshot(page, max_chars=100_000)  # gives out e3 (Level 1 iframe), f1_e8 (Level 2) ...
    main = page.main_frame
    level_1 = await page.owners.content_frame(main, ref=3)
    assert (level_1.ordinal, level_1.url, level_1.parent_id) == (1, fixture_url("nested-1.html"), main.id)
    # The same element as a remote object in the parent's isolated world (what a bridge call returns by reference).
    async with page.worlds.element_handle(main, 3) as handle:
        assert await page.owners.content_frame(main, object_id=handle) is level_1
    owner = await page.owners.frame_owner(level_1)
    assert (owner.frame, owner.parent, owner.element.ref, owner.element.tagName) == (level_1, main, "e3", "iframe")
    assert owner.element.attributes == {
        "id": "level-1",
        "name": "level-1",
        "title": "Level 1",
        "src": "nested-1.html",
    }

    level_2 = await page.owners.content_frame(level_1, ref=8)
    assert level_2.url == fixture_url("nested-2.html").replace("127.0.0.1", "localhost")
    assert level_2.target is not None
    assert level_2.target is not level_1.target  # cross-site: its own process and session
    assert level_2.target.target_id == level_2.id
    value = await bridge_json(page.bridge(level_2).snapshot())
    assert value["text"].splitlines()[:2] == ["- generic:", '  - heading "Level 2" [level=3] [ref=f3_e9]']
    assert value["iframes"] == [{"ref": "f3_e11", "line": 4}]

    level_3 = await page.owners.content_frame(level_2, ref=11)
    path = await page.owners.frame_path(level_3)
    assert [(o.element.ref, o.element.attributes["title"], o.frame.ordinal) for o in path] == [
        ("e3", "Level 1", 1),
        ("f1_e8", "Level 2", 3),
        ("f3_e11", "Level 3", 4),
    ]
    assert page.child_frames(level_2) == [level_3]

    with pytest.raises(UsageError, match=r"<button> is not an iframe"):
        await page.owners.content_frame(main, ref=5)
    with pytest.raises(UsageError, match="the main frame has no iframe element"):
        await page.owners.frame_owner(main)
    await page.navigate(fixture_url("login.html"))
    assert list(page.frames.values()) == [page.main_frame]
    with pytest.raises(StaleRefError, match=r"frame f1 \(.*nested-1\.html\) was removed from the page"):
        await bridge_json(page.bridge(level_1).snapshot())


async def test_a_crashed_frame_process_is_named_not_dropped(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("checkout.html"))
    await take_snapshot(page, max_chars=100_000)
    card = page.frame_by_ordinal(1)
    assert card is not None
    assert card.session is not None
    with trio.move_on_after(5):
        async with card.session.expect(cdp.Inspector.targetCrashed) as crashed:
            with contextlib.suppress(CDPError):  # the renderer dies before it answers
                await card.session.send(cdp.untyped("Page.crash")({}), timeout=2)
            await crashed.wait(timeout=5)
    assert card.crashed
    assert not page.crashed  # only the frame's process
    lines = (await take_snapshot(page, max_chars=100_000)).text.splitlines()
    card_url = fixture_url("card-form.html").replace("127.0.0.1", "localhost")
    assert lines[-3:] == [
        "    - iframe [ref=e15]:",
        f"      - … frame content unavailable: the process of frame f1 ({card_url}) crashed",
        "    - status: Waiting for payment",
    ]
    await page.navigate(fixture_url("checkout.html"))
    assert "Card number" in (await take_snapshot(page, max_chars=100_000)).text
