"""A page that never yields does not take its tab with it (issue 19 item 2): navigating away, reloading and
going back stop its script first (Runtime.terminateExecution) and say so; a new tab opens and the spinning one
closes. (A call that times out on such a page is the bridge layer's: see test_hostile_pages.py.)"""

from __future__ import annotations

from collections.abc import Callable

import trio

from tests.mcp_client import Tools

URL = Callable[[str], str]

STOPPED = (
    "Note: The page {url} ran a script that did not yield for 3 s (an endless loop or a very long task); verdex "
    "stopped it (Runtime.terminateExecution). The page's own scripts were interrupted, so its state may be broken: "
    "reload it before relying on it."
)


async def test_navigating_away_from_a_spinning_page_stops_its_script_and_says_so(
    tools: Tools, fixture_url: URL
) -> None:
    spin, shop = fixture_url("hostile/spin.html"), fixture_url("shop.html")
    await tools.ok("browser_navigate", url=spin)
    await trio.sleep(0.6)  # the page's loop has started
    moved = await tools.ok("browser_navigate", url=shop)
    assert moved.text == (
        STOPPED.format(url=spin) + f'\nNavigated to {shop} (HTTP 200 OK). Title: "TechShop: featured products". '
        "Next: browser_snapshot."
    )
    assert (await tools.ok("browser_snapshot")).text.startswith(f'Page: "TechShop: featured products" ({shop})')
    # Back to the spinning page, then reload it: the same rescue; a healthy page is left without a note.
    await tools.ok("browser_navigate", url=spin)
    await trio.sleep(0.6)
    reloaded = await tools.ok("browser_navigate", url=spin)
    assert reloaded.text.startswith(STOPPED.format(url=spin) + f"\nReloaded {spin} (HTTP 200 OK): refs of the previous")
    back = await tools.ok("browser_navigate", url=shop)
    assert back.text.startswith(f"Navigated to {shop}")


async def test_a_spinning_tab_can_be_left_for_a_new_one_and_closed(tools: Tools, fixture_url: URL) -> None:
    spin, login = fixture_url("hostile/spin.html"), fixture_url("login.html")
    await tools.ok("browser_navigate", url=spin)
    await trio.sleep(0.6)
    opened = await tools.ok("browser_tabs", action="new")
    assert opened.text.splitlines()[0] == "Opened and selected tab [1] (about:blank). Next: browser_navigate."
    await tools.ok("browser_navigate", url=login)
    closed = await tools.ok("browser_tabs", action="close", index=0)
    assert closed.text.splitlines()[0] == f"Closed tab [0] ({spin}). Tabs after it moved down one index."
    assert (await tools.ok("browser_snapshot")).text.startswith(f'Page: "Sign in" ({login})')
