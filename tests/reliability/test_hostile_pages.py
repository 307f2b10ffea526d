"""Hostile and heavy pages through the MCP client: answers stay right, bounded, and the session lives."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import trio

from tests.e2e.conftest import Tools

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]

STRUCTURAL_CALLS = [
    ("browser_snapshot", {}),
    ("resolve_container", {"ref": "e12"}),
    ("inspect_pattern", {"ref": "e12", "ancestorLevel": 2}),
    ("extract_anchors", {"ref": "e12", "ancestorLevel": 1}),
    ("browser_snapshot", {"ref": "e12"}),
]

#: On builtins.html: e7 the search box, e24 Pixel 8's Add to Cart, e37 the Sort by select, e38 a button
#: that writes "Stock updated" in the status 300 ms later, e39 a button whose tooltip shows on hover.
INTERACTIONS = [
    ("browser_type", {"ref": "e7", "text": "Pixel 8"}),
    ("browser_press_key", {"key": "Tab"}),
    ("browser_select_option", {"ref": "e37", "values": ["price"]}),
    ("verify_locator", {"locator": "page.getByRole('combobox', { name: 'Sort by' })", "ref": "e37"}),
    (
        "verify_locator",
        {
            "locator": "page.getByTestId('product-card').filter({ hasText: 'Pixel 8' })"
            ".getByRole('button', { name: 'Add to Cart' })",
            "ref": "e24",
        },
    ),
    ("browser_click", {"ref": "e38"}),
    ("wait_for_browser", {"text": "Stock updated"}),
    (
        "browser_run_plan",
        {
            "steps": [
                {"action": "select", "ref": "e37", "values": ["rating"]},
                {
                    "action": "type",
                    "ref": "e7",
                    "text": "Kindle",
                    "postconditions": [{"type": "elementTextContains", "ref": "e7", "text": "Kindle"}],
                },
                {"action": "press", "key": "Shift+Tab"},
                {"action": "waitFor", "text": "Stock updated"},
            ]
        },
    ),
    ("browser_snapshot", {"ref": "e6"}),
    ("browser_hover", {"ref": "e39"}),
    ("browser_snapshot", {}),
]


def _normalized(text: str, url: str) -> str:
    """An answer without what differs between two pages by design: the URL and the milliseconds waited."""
    text = text.split("\n", 1)[1] if text.startswith("Page: ") else text
    text = text.replace(url, "URL")
    text = re.sub(r"\b\d+ ms\b", "N ms", text)
    return re.sub(r'"(ms|waitedMs)": \d+', r'"\1": N', text)


async def _answers(serve: Serve, url: str) -> list[str]:
    async with serve("--timeout-action", "1000") as tools:
        await tools.ok("browser_navigate", url=url)
        answers = []
        for name, args in STRUCTURAL_CALLS + INTERACTIONS:
            answer = await tools.ok(name, **args)
            answers.append(_normalized(answer.text + "\n" + json.dumps(answer.data, sort_keys=True), url))
        await tools.ok("browser_click", ref="e12")
        return answers


async def test_replaced_builtins_in_the_main_world_change_no_answer(serve: Serve, fixture_url: URL) -> None:
    """Array.prototype.map, Object.keys, JSON.stringify, Map, getAttribute, querySelectorAll,
    getComputedStyle, the textContent getter, Promise ... are all broken by the page; the clean twin
    (``?clean``) is the same page with them intact. Structure tools, actions, waits, verify_locator
    and a plan answer the same on both."""
    clean = await _answers(serve, fixture_url("hostile/builtins.html?clean"))
    hostile = await _answers(serve, fixture_url("hostile/builtins.html"))
    assert hostile == clean
    assert json.loads(clean[1].split("\n", 1)[0])["ancestors"][0]["attributes"] == {"data-testid": "product-card"}
    typed, pressed, selected = (answer.split("\n", 1)[0] for answer in clean[5:8])
    assert typed == 'Typed into searchbox "Search" [ref=e7]. Next: browser_snapshot to see the result.'
    assert pressed == "Pressed Tab. Next: browser_snapshot to see the result."
    assert selected == (
        'Selected in combobox "Sort by" [ref=e37]. Selected now: "price". Next: browser_snapshot to see the result.'
    )
    assert clean[-2].split("\n", 1)[0] == (
        'Hovered button "Shipping help" [ref=e39]. Next: browser_snapshot to see the result.'
    )
    final = clean[-1].split("\n")
    for line in [
        '  - searchbox "Search" [ref=e7]: Kindle',
        '      - combobox "Sort by" [ref=e37]:',
        '        - option "Rating" [selected]',
        '    - tooltip "Free shipping over $50"',
        "  - status: Stock updated",
    ]:
        assert line in final, line


async def test_100000_elements_are_bounded(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("hostile/heavy.html?elements=100000"))
    snapshot = await tools.ok("browser_snapshot")
    lines = snapshot.text.splitlines()
    assert snapshot.data["truncated"]["totalLines"] == 100012
    assert len(snapshot.data["snapshot"]) <= 40_000
    assert lines[-1] == (
        f"[snapshot cut after line {snapshot.data['truncated']['shownLines']} of 100012 "
        f"({snapshot.data['truncated']['totalChars']} characters in all), inside main [ref=e1] > generic > article. "
        "To go on: browser_find(text=...) finds an element and its ref without the whole page; "
        "browser_snapshot(ref=<a container's ref>, depth=N) shows one part; filename=... writes the whole snapshot "
        "to a file]"
    )
    resolve = await tools.ok("resolve_container", ref="e12")
    mount = resolve.data["ancestors"][1]
    assert (mount["childElements"], len(mount["containsRefs"]), mount["refsOmitted"]) == (20000, 8, 19992)
    pattern = await tools.ok("inspect_pattern", ref="e12", ancestorLevel=2)
    assert (len(pattern.data["siblings"]), pattern.data["omitted"], pattern.data["targetSiblingIndex"]) == (
        30,
        19970,
        4,
    )
    anchors = await tools.ok("extract_anchors", ref="e12", ancestorLevel=2)
    assert (len(anchors.data["descendants"]), anchors.data["omitted"]) == (40, 99960)
    clicked = await tools.ok("browser_click", ref="e12")
    assert clicked.text.startswith('Clicked button "Buy 4" [ref=e12].')


async def test_nesting_5000_deep(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("hostile/heavy.html?depth=5000"))
    snapshot = await tools.ok("browser_snapshot")
    assert '- button "Deepest button" [ref=e3]' in snapshot.text
    resolve = await tools.ok("resolve_container", ref="e3")
    assert len(resolve.data["ancestors"]) == 25
    assert resolve.data["omitted"] == 5002 - 25
    assert resolve.data["ancestors"][0]["attributes"] == {"class": "level-4999"}
    anchors = await tools.ok("extract_anchors", ref="e3", ancestorLevel=4999)
    assert anchors.data["ancestorAt"]["attributes"] == {"class": "level-1"}
    assert (await tools.ok("browser_click", ref="e3")).text.startswith('Clicked button "Deepest button" [ref=e3].')


async def test_a_1_mb_text_node_is_cut(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("hostile/heavy.html?textBytes=1000000"))
    snapshot = await tools.ok("browser_snapshot")
    big = next(line for line in snapshot.text.splitlines() if "lorem" in line)
    assert big.startswith("  - paragraph: lorem ipsum lorem")
    assert big.endswith("…")
    assert len(big) <= 200 + len("  - paragraph: ")
    assert len(snapshot.text) < 2_000
    await tools.ok("browser_click", ref="e1")


async def test_cyclic_aria_references_terminate(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("hostile/cycles.html"))
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text.splitlines()[1:] == [
        "- main [ref=e1]:",
        '  - heading "Cycles in ARIA references" [level=1] [ref=e2]',
        '  - button "Alpha Beta" [ref=e3]: Alpha',
        '  - button "Alpha" [ref=e4]: Beta',
        '  - group "Owns itself":',
        '    - button "Inside" [ref=e5]',
    ]
    await tools.ok("resolve_container", ref="e5")


async def test_a_page_that_never_stops_changing(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("hostile/mutating.html"))
    first = (await tools.ok("browser_snapshot")).text
    # Its number follows the list items of the first snapshot (they are re-rendered, with new refs each time).
    found = re.search(r'  - button "Stable button" \[ref=(e\d+)\]', first)
    assert found is not None, first
    stable = found.group(1)
    for _ in range(4):
        snapshot = await tools.ok("browser_snapshot")
        assert f'  - button "Stable button" [ref={stable}]' in snapshot.text.splitlines()
    clicked = await tools.ok("browser_click", ref=stable)
    assert clicked.text.startswith(f'Clicked button "Stable button" [ref={stable}].')
    resolve = await tools.ok("resolve_container", ref=stable)
    assert resolve.data["ancestors"][0]["tagName"] == "main"


async def test_an_action_answers_when_the_page_it_opened_never_loads(tools: Tools, fixture_url: URL) -> None:
    """A click whose navigation commits but never fires ``load`` (the response never ends) answers once the new
    document is there and says it had not finished loading: it waits for ``load`` a few seconds
    (``AFTER_ACTION_LOAD_SECONDS``), not the whole navigation timeout (30 s here)."""
    await tools.ok("browser_navigate", url=fixture_url("to-never.html"))
    snapshot = await tools.ok("browser_snapshot")
    link = re.search(r'link "Go to the endless page" \[ref=(e\d+)\]', snapshot.text)
    assert link is not None, snapshot.text
    with trio.fail_after(15):
        clicked = await tools.ok("browser_click", ref=link.group(1))
    assert clicked.text.startswith(
        f'Clicked link "Go to the endless page" [ref={link.group(1)}]. It navigated to {fixture_url("never")} '
        "(HTTP 200). The new document had not finished loading. Next: browser_snapshot to see the result."
    ), clicked.text
    assert clicked.data["navigated"] is True
    await tools.ok("browser_navigate", url=fixture_url("shop.html"))  # the session goes on


async def test_a_page_that_never_finishes_loading(serve: Serve, fixture_url: URL) -> None:
    async with serve("--timeout-navigation", "1500") as tools:
        navigate = await tools.ok("browser_navigate", url=fixture_url("never"))
        assert navigate.text == (
            f'Navigated to {fixture_url("never")} (HTTP 200 OK). Title: "Never". The page had not finished loading '
            "(its load event had not fired); content may still be arriving. Next: browser_snapshot."
        )
        assert navigate.data["loadPending"] is True
        # The snapshot waits for the rest of the HTML (3 s), then shows what has arrived and says so.
        snapshot = await tools.ok("browser_snapshot")
        assert snapshot.text.splitlines()[1:] == [
            '- heading "Still loading" [level=1] [ref=e1]',
            "[the page is still loading: its HTML was not parsed to the end within 3 s, so elements may be missing. "
            "Call browser_snapshot again, or wait_for_browser(text=...) for what you expect to see]",
        ]
        assert snapshot.data["loading"] is True
        await tools.ok("browser_navigate", url=fixture_url("shop.html"))
