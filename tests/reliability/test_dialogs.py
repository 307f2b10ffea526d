"""JavaScript dialogs through the MCP client: the call in flight answers with the dialog at once,
other page tools refuse until it is answered, browser_handle_dialog answers it (frames too)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from tests.mcp_client import Tools

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]


def _other_host(url: str) -> str:
    return url.replace("127.0.0.1", "localhost") if "127.0.0.1" in url else url.replace("localhost", "127.0.0.1")


async def _open(tools: Tools, fixture_url: URL) -> str:
    url = fixture_url("hostile/dialogs.html")
    await tools.ok("browser_navigate", url=url)
    snapshot = await tools.ok("browser_snapshot")
    assert '- button "Confirm in frame" [ref=f1_e9]' in snapshot.text
    return url


async def test_alert_interrupts_the_click_blocks_other_tools_and_is_answered(tools: Tools, fixture_url: URL) -> None:
    url = await _open(tools, fixture_url)
    where = f"from the main frame of role 'default', tab [0] ({url})"
    error = await tools.error("browser_click", ref="e3")
    assert error == (
        f'Error executing tool browser_click: browser_click was interrupted: the page opened an alert dialog "Saved!" '
        f"{where}, which blocks the page until it is answered (the action that opened it has happened). "
        "Call browser_handle_dialog(accept=true) for OK or browser_handle_dialog(accept=false) for Cancel."
    )
    blocked = (
        f'the page is blocked by an alert dialog "Saved!" {where}. Answer it first: call '
        "browser_handle_dialog(accept=true) for OK or browser_handle_dialog(accept=false) for Cancel; "
        "then call this tool again"
    )
    assert await tools.error("browser_snapshot") == f"Error executing tool browser_snapshot: {blocked}"
    assert await tools.error("resolve_container", ref="e3") == f"Error executing tool resolve_container: {blocked}"
    # browser_navigate is the way out instead: it dismisses the dialog and leaves (test_dialog_loops.py).
    tabs = await tools.ok("browser_tabs", action="list")
    assert tabs.text == f"Tabs of role 'default':\n- [0] \"Dialogs\": {url} (selected) [dialog open: alert 'Saved!']"
    answer = await tools.ok("browser_handle_dialog", accept=True)
    assert answer.text == f'Accepted an alert dialog "Saved!" {where}. Next: browser_snapshot.'
    assert answer.data == {
        "dialog": {"type": "alert", "message": "Saved!", "url": url, "frame": "the main frame"},
        "accepted": True,
        "url": url,
        "navigated": False,
    }
    assert "  - status: alert closed" in (await tools.ok("browser_snapshot")).text
    assert await tools.error("browser_handle_dialog", accept=True) == (
        "Error executing tool browser_handle_dialog: no dialog is open in role 'default'; there is nothing to answer"
    )


async def test_confirm_and_prompt_answers_reach_the_page(tools: Tools, fixture_url: URL) -> None:
    url = await _open(tools, fixture_url)
    error = await tools.error("browser_click", ref="e4")
    assert 'the page opened a confirm dialog "Delete the item?" from the main frame' in error
    await tools.ok("browser_handle_dialog", accept=False)
    assert '  - status: "confirm: false"' in (await tools.ok("browser_snapshot")).text
    error = await tools.error("browser_click", ref="e5")
    assert error.endswith(
        f"the page opened a prompt dialog \"Your name?\" (default answer 'Ada') from the main frame of role "
        f"'default', tab [0] ({url}), which blocks the page until it is answered (the action that opened it has "
        "happened). Call browser_handle_dialog(accept=true, promptText='...') for OK or "
        "browser_handle_dialog(accept=false) for Cancel."
    )
    assert await tools.error("browser_snapshot") != ""  # still blocked: the prompt waits for its answer
    answer = await tools.ok("browser_handle_dialog", accept=True, promptText="Grace")
    assert answer.text.endswith(f"({url}), answering 'Grace'. Next: browser_snapshot.")
    assert answer.data["dialog"] == {
        "type": "prompt",
        "message": "Your name?",
        "defaultPrompt": "Ada",
        "url": url,
        "frame": "the main frame",
    }
    assert '  - status: "prompt: Grace"' in (await tools.ok("browser_snapshot")).text


async def test_a_dialog_from_a_cross_origin_frame(tools: Tools, fixture_url: URL) -> None:
    await _open(tools, fixture_url)
    frame_url = _other_host(fixture_url("hostile/dialog-frame.html"))
    error = await tools.error("browser_click", ref="f1_e9")
    assert (
        f"the page opened a confirm dialog \"Leave the frame?\" from frame f1 of role 'default', tab [0] ({frame_url})"
        in error
    )
    answer = await tools.ok("browser_handle_dialog", accept=True)
    assert answer.data["dialog"] == {
        "type": "confirm",
        "message": "Leave the frame?",
        "url": frame_url,
        "frame": "frame f1",
    }
    assert '    - paragraph: "frame confirm: true"' in (await tools.ok("browser_snapshot")).text


async def test_beforeunload_holds_the_navigation_until_answered(tools: Tools, fixture_url: URL) -> None:
    url = await _open(tools, fixture_url)
    await tools.ok("browser_click", ref="e7")  # unsaved changes: leaving asks first
    shop = fixture_url("shop.html")
    error = await tools.error("browser_navigate", url=shop)
    assert error == (
        "Error executing tool browser_navigate: browser_navigate was interrupted: the page opened a beforeunload "
        f"dialog (leave the page?) from the main frame of role 'default', tab [0] ({url}) before leaving. "
        "Call browser_handle_dialog(accept=true) to leave (the navigation goes on) or "
        "browser_handle_dialog(accept=false) to stay."
    )
    stay = await tools.ok("browser_handle_dialog", accept=False)
    assert stay.text.endswith(f"The page stays at {url}. Next: browser_snapshot.")
    assert (await tools.ok("browser_snapshot")).data["url"] == url
    await tools.error("browser_navigate", url=shop)
    leave = await tools.ok("browser_handle_dialog", accept=True)
    assert leave.text.endswith(f"The page navigated to {shop} (HTTP 200). Next: browser_snapshot.")
    assert (leave.data["navigated"], leave.data["status"], leave.data["url"]) == (True, 200, shop)
    assert '- button "Add to Cart"' in (await tools.ok("browser_snapshot")).text


async def test_a_dialog_blocks_only_its_role(serve: Serve, fixture_url: URL) -> None:
    url = fixture_url("hostile/dialogs.html")
    async with serve("--role", "admin", "none", url, "--role", "customer", "none", url) as tools:
        await tools.ok("browser_snapshot")
        await tools.error("browser_click", ref="e4")  # admin's page opens a confirm
        switched = await tools.ok("select_role", role="customer")
        assert switched.data["role"] == "customer"
        customer = await tools.ok("browser_snapshot")
        assert "  - status: Nothing yet" in customer.text
        assert await tools.error("browser_handle_dialog", accept=True) == (
            "Error executing tool browser_handle_dialog: no dialog is open in role 'customer'; there is nothing to answer"
        )
        await tools.ok("select_role", role="admin")
        blocked = await tools.error("browser_snapshot")
        assert (
            f"the page is blocked by a confirm dialog \"Delete the item?\" from the main frame of role 'admin', tab [0] ({url})"
            in blocked
        )
        assert (await tools.ok("browser_handle_dialog", accept=True)).data["accepted"] is True
        assert '  - status: "confirm: true"' in (await tools.ok("browser_snapshot")).text
