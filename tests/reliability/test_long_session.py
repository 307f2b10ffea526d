"""The hostile pages one after another in ONE long ``verdex serve`` session (issue 19, "must show": each hostile page
run in a fresh server and then in one long session; a wedged case must not poison the next).

Each case gives the answers its own fresh-server test pins (the constants are shared with those tests), and after
each case a healthy page must still work: ``browser_navigate`` to the shop gives its exact answer, its snapshot its
exact first lines (ref numbers counted from the snapshot's first, since refs are never given out twice in a
session), and ``get_current_role`` answers with the shop's URL.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from urllib.parse import quote

import trio

from tests.mcp_client import Tools
from tests.reliability.test_runaway import STOPPED, TIMED_OUT

URL = Callable[[str], str]

#: The shop's snapshot, first lines, its first ref numbered e1.
SHOP_LINES = [
    'Page: "TechShop: featured products" ({url})',
    "- banner [ref=e1]:",
    '  - link "TechShop" [ref=e2]:',
    "    - /url: /",
]


def _renumbered(text: str) -> list[str]:
    """The lines of ``text`` with refs counted from its first one (e17, e18 ... become e1, e2 ...)."""
    numbers = [int(found) for found in re.findall(r"\[ref=e(\d+)\]", text)]
    first = numbers[0] if numbers else 1
    return re.sub(r"\[ref=e(\d+)\]", lambda m: f"[ref=e{int(m[1]) - first + 1}]", text).splitlines()


async def _healthy(tools: Tools, shop: str, case: str) -> None:
    """A healthy page works after ``case``: navigate, snapshot, the role answers; all within 60 s."""
    with trio.fail_after(60):
        navigated = await tools.ok("browser_navigate", url=shop)
        assert navigated.text.endswith(
            f'Navigated to {shop} (HTTP 200 OK). Title: "TechShop: featured products". Next: browser_snapshot.'
        ), (case, navigated.text)
        snapshot = await tools.ok("browser_snapshot")
        expected = [line.format(url=shop) for line in SHOP_LINES]
        assert _renumbered(snapshot.text)[: len(expected)] == expected, (case, snapshot.text[:500])
        role = await tools.ok("get_current_role")
        assert role.text == f"Current role: default, started, page at {shop}.", (case, role.text)


async def test_the_hostile_pages_one_after_another_in_one_session(tools: Tools, fixture_url: URL) -> None:
    shop = fixture_url("shop.html")

    async def spinning_page_left() -> None:
        spin = fixture_url("hostile/spin.html")
        await tools.ok("browser_navigate", url=spin)
        await trio.sleep(0.6)  # the page's loop has started
        moved = await tools.ok("browser_navigate", url=shop)
        assert moved.text == (
            STOPPED.format(url=spin) + f'\nNavigated to {shop} (HTTP 200 OK). Title: "TechShop: featured products". '
            "Next: browser_snapshot."
        )

    async def dialog_loop_left() -> None:
        url = fixture_url("hostile/dialog-loop.html")
        dialog = f"an alert dialog \"Once more\" from the main frame of role 'default', tab [0] ({url})"
        await tools.ok("browser_navigate", url=url)
        clicked = await tools.call("browser_click", element="Alert loop")
        assert clicked.is_error
        assert f"browser_click was interrupted: the page opened {dialog}" in clicked.text
        answered = await tools.ok("browser_handle_dialog", accept=True)
        assert answered.text == (
            f"Accepted {dialog}. The page opened another at once: {dialog}. Answer it too, or leave the loop: "
            "browser_navigate elsewhere (verdex dismisses the dialogs while the page is left) or close the tab. "
            "Next: browser_snapshot."
        )
        left = await tools.ok("browser_navigate", url=shop)
        dismissed = re.search(
            r"Note: Dismissed (\d+) dialogs? the page opened while it was left \(the first: (.*?)\); ", left.text
        )
        assert dismissed is not None, left.text
        assert dismissed.group(2) == dialog

    async def lone_surrogate() -> None:
        await tools.ok("browser_navigate", url=fixture_url("hostile/text.html?lone"))
        with trio.fail_after(30):
            snapshot = await tools.ok("browser_snapshot")
        assert "  - paragraph: a\ufffdb" in snapshot.text.splitlines()

    async def huge_text_node() -> None:
        await tools.ok("browser_navigate", url=fixture_url("hostile/heavy.html?textBytes=50000000"))
        snapshot = await tools.ok("browser_snapshot")
        big = next(line for line in snapshot.text.splitlines() if "lorem" in line)
        assert big == "  - paragraph: " + ("lorem ipsum " * 9)[:99] + "…"
        assert len(snapshot.text) < 2_000

    async def tab_storm() -> None:
        await tools.ok("browser_navigate", url=fixture_url("hostile/text.html?popups=12"))
        clicked = await tools.ok("browser_click", element="Open popups")
        notes = [line for line in clicked.text.splitlines() if line.startswith("Note: ")]
        assert [note.split(":", 2)[:2] for note in notes[:3]] == [
            ["Note", f" A new tab [{index}] was opened by tab [0]"] for index in (1, 2, 3)
        ]
        assert notes[3:] == ["Note: … and 9 more new tabs were opened; browser_tabs(action='list') shows them."]
        listed = await tools.ok("browser_tabs", action="list")
        assert len(listed.data["tabs"]) == 13
        for _ in range(12):  # back to one tab, the storm's page
            await tools.ok("browser_tabs", action="close", index=1)
        await tools.ok("browser_tabs", action="select", index=0)

    async def bidi_title() -> None:
        title = "Uni2 \u202egnp.exe"
        url = fixture_url("hostile/text.html?title=" + quote(title))
        navigated = await tools.ok("browser_navigate", url=url)
        assert navigated.text == (
            f'Navigated to {url} (HTTP 200 OK). Title: "Uni2 \\u202egnp.exe". Next: browser_snapshot.'
        )
        snapshot = await tools.ok("browser_snapshot")
        assert _renumbered(snapshot.text)[:4] == [
            f'Page: "Uni2 \\u202egnp.exe" ({url})',
            "- main [ref=e1]:",
            '  - heading "Page text that fights the reader" [level=1] [ref=e2]',
            '  - button "\\u202eDelete\\u202c all" [ref=e3]',
        ]

    async def catastrophic_locator() -> None:
        await tools.ok("browser_navigate", url=fixture_url("hostile/regex.html"))
        start = trio.current_time()
        with trio.fail_after(60):
            failed = await tools.error("verify_locator", locator="page.getByText(/^(a+)+$/)")
        assert trio.current_time() - start < 45
        assert failed == "Error executing tool verify_locator: " + TIMED_OUT.format(method="queryLocator")

    async def catastrophic_url_pattern() -> None:
        url = fixture_url("shop.html?" + "a" * 40 + "!")
        with trio.fail_after(30):
            failed = await tools.error(
                "browser_run_plan",
                steps=[
                    {"action": "navigate", "url": url},
                    {"action": "press", "key": "Tab", "preconditions": [{"type": "urlMatches", "pattern": "(a+)+$"}]},
                ],
            )
        assert failed.splitlines()[0] == (
            "Error executing tool browser_run_plan: Plan failed at step [1] press Tab: precondition "
            f"urlMatches('(a+)+$') failed: the URL is {url}."
        )

    cases: list[tuple[str, Callable[[], Awaitable[None]]]] = [
        ("spinning page, navigated away", spinning_page_left),
        ("dialog loop, left", dialog_loop_left),
        ("lone surrogate", lone_surrogate),
        ("50 MB text node", huge_text_node),
        ("tab storm", tab_storm),
        ("bidi title", bidi_title),
        ("catastrophic locator regex", catastrophic_locator),
        ("catastrophic urlMatches plan", catastrophic_url_pattern),
    ]
    healthy = fixture_url("shop.html?healthy")  # not the shop's own URL, where some cases end (that would be a reload)
    await _healthy(tools, healthy, "start")
    for name, case in cases:
        await case()
        await _healthy(tools, healthy, name)
