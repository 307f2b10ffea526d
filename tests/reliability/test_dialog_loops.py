"""Dialog storms have a way out that keeps the browser (issue 19 item 14): answering one dialog while the next
opens says so at once, navigating away dismisses what the page keeps opening (and says how many), and a page
too busy opening dialogs to be left gets its tab replaced in the same browser context."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.mcp_client import Tools

URL = Callable[[str], str]


def _dialog(kind: str, message: str, url: str) -> str:
    article = "an" if kind == "alert" else "a"
    return f"{article} {kind} dialog \"{message}\" from the main frame of role 'default', tab [0] ({url})"


@pytest.mark.parametrize(
    ("button", "kind", "message"), [("Alert loop", "alert", "Once more"), ("Confirm loop", "confirm", "again?")]
)
async def test_a_dialog_loop_is_answered_then_left(
    tools: Tools, fixture_url: URL, button: str, kind: str, message: str
) -> None:
    url, shop = fixture_url("hostile/dialog-loop.html"), fixture_url("shop.html")
    await tools.ok("browser_navigate", url=url)
    clicked = await tools.call("browser_click", element=button)
    assert clicked.is_error
    assert f"browser_click was interrupted: the page opened {_dialog(kind, message, url)}" in clicked.text
    for _ in range(2):
        answered = await tools.ok("browser_handle_dialog", accept=True)
        assert answered.text == (
            f"Accepted {_dialog(kind, message, url)}. The page opened another at once: {_dialog(kind, message, url)}. "
            "Answer it too, or leave the loop: browser_navigate elsewhere (verdex dismisses the dialogs while the "
            "page is left) or close the tab. Next: browser_snapshot."
        )
    # Other tools still say what blocks the page.
    blocked = await tools.error("browser_snapshot")
    assert blocked.startswith(
        f"Error executing tool browser_snapshot: the page is blocked by {_dialog(kind, message, url)}"
    )
    left = await tools.ok("browser_navigate", url=shop)
    dismissed = re.search(
        r"Note: Dismissed (\d+) dialogs? the page opened while it was left \(the first: (.*?)\); ", left.text
    )
    assert dismissed is not None, left.text
    assert int(dismissed.group(1)) >= 1
    assert dismissed.group(2) == _dialog(kind, message, url)
    assert left.text.endswith(
        f'Navigated to {shop} (HTTP 200 OK). Title: "TechShop: featured products". Next: browser_snapshot.'
    )
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text.startswith(f'Page: "TechShop: featured products" ({shop})')
    listed = await tools.ok("browser_tabs", action="list")
    assert listed.text == f"Tabs of role 'default':\n- [0] \"TechShop: featured products\": {shop} (selected)"
