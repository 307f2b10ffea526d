"""A press is guarded where it lands: a click that another element would receive is stopped and retried.

``actions/hover-shift.html``: hovering the offer shows a banner that pushes Buy down 80 px, so a
press at Buy's centre as measured before the mouse moved lands on the banner's Promo button; moving
onto Subscribe opens an overlay over the page. The page's status lists every press and click each
element received, so the tests see that the wrong element never got one.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.conftest import Tools

URL = Callable[[str], str]
NEXT = " Next: browser_snapshot to see the result."


async def status(tools: Tools) -> str:
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    return next(line.strip() for line in lines if line.strip().startswith("- status"))


async def test_a_press_that_the_hover_moves_onto_another_element_is_stopped_and_retried(
    tools: Tools, fixture_url: URL
) -> None:
    await tools.ok("browser_navigate", url=fixture_url("actions/hover-shift.html"))
    snapshot = (await tools.ok("browser_snapshot")).text
    assert '  - button "Buy" [ref=e3]' in snapshot.splitlines()
    assert "Promo" not in snapshot

    clicked = await tools.ok("browser_click", ref="e3")
    assert clicked.text == 'Clicked button "Buy" [ref=e3].' + NEXT
    # Buy got exactly one press and one click; Promo, under the first press, got nothing.
    assert await status(tools) == '- status: "buy: pointerdown mousedown click"'


async def test_a_press_that_an_overlay_takes_every_time_fails_and_the_overlay_never_sees_it(
    tools: Tools, fixture_url: URL
) -> None:
    await tools.ok("browser_navigate", url=fixture_url("actions/hover-shift.html"))
    assert '  - button "Subscribe" [ref=e4]' in (await tools.ok("browser_snapshot")).text.splitlines()
    assert await tools.error("browser_click", element="Subscribe") == (
        'Error executing tool browser_click: cannot click e4 (button "Subscribe") after 1 s of retries: another '
        'element covers its centre: <div id="overlay" class="open" aria-label="Newsletter overlay">. Close or '
        "dismiss that first (a dialog, cookie banner or overlay), then retry."
    )
    # The first press was stopped in the capture phase: neither the overlay nor Subscribe received it.
    assert await status(tools) == "- status: Nothing yet"
    # The overlay stays open (it covers Buy too, and says so); the session goes on.
    assert await tools.error("browser_click", ref="e3") == (
        'Error executing tool browser_click: cannot click e3 (button "Buy") after 1 s of retries: another element '
        'covers its centre: <div id="overlay" class="open" aria-label="Newsletter overlay">. Close or dismiss that '
        "first (a dialog, cookie banner or overlay), then retry."
    )
    assert (await tools.ok("resolve_container", ref="e4")).data["target"]["name"] == "Subscribe"
