"""A page that never yields does not take its tab with it (issue 19 item 2): navigating away, reloading and
going back stop its script first (Runtime.terminateExecution) and say so; a new tab opens and the spinning one
closes; a call on such a page fails after its timeout, stops the script and says what to do (the last test here;
the bridge layer's own test is tests/core/test_bridge_client.py::test_a_bridge_call_past_its_timeout_is_terminated_in_the_page)."""

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


#: What a bridge call on a page whose script never yields answers after the call timeout (30 s in verdex serve).
TIMED_OUT = (
    "the page was still busy with bridge {method} after 30 s (a regular expression or a script of the page that does "
    "not finish): verdex stopped it (Runtime.terminateExecution), so the page answers again; simplify the regular "
    "expression or scope the call. If it was the page's own script (an endless loop), the page's state may be broken: "
    "reload it (browser_navigate) or open a new tab (browser_tabs) before relying on it"
)


async def test_a_call_on_a_page_that_never_yields_fails_within_its_timeout_and_says_what_to_do(
    tools: Tools, fixture_url: URL
) -> None:
    """A snapshot of a page whose script loops for ever fails after the call timeout, not later, and says what
    happened and what to do; the page answers again, and a new tab opens and the spinning one closes."""
    spin, login = fixture_url("hostile/spin.html"), fixture_url("login.html")
    await tools.ok("browser_navigate", url=spin)
    await trio.sleep(0.6)  # the page's loop has started
    start = trio.current_time()
    with trio.fail_after(60):
        failed = await tools.error("browser_snapshot")
    assert 30 <= trio.current_time() - start < 45
    assert failed == "Error executing tool browser_snapshot: " + TIMED_OUT.format(method="snapshot")
    with trio.fail_after(15):  # the loop was stopped: the page answers at once
        snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text.splitlines() == [
        f'Page: "Spin" ({spin})',
        '- heading "Spinning soon" [level=1] [ref=e1]',
        '- button "Press" [ref=e2]',
    ]
    opened = await tools.ok("browser_tabs", action="new")
    assert opened.text.splitlines()[0] == "Opened and selected tab [1] (about:blank). Next: browser_navigate."
    await tools.ok("browser_navigate", url=login)
    closed = await tools.ok("browser_tabs", action="close", index=0)
    assert closed.text == (
        f"Closed tab [0] ({spin}). Tabs after it moved down one index.\n"
        f"Tabs of role 'default':\n- [0] \"Sign in\": {login} (selected)"
    )
    assert (await tools.ok("get_current_role")).text == f"Current role: default, started, page at {login}."
