"""Every tool once through a real MCP client over stdio (bad input: tests/reliability/test_bad_input.py)."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.e2e.conftest import Tools

URL = Callable[[str], str]

TOOLS = {
    "browser_initialize": True,
    "browser_navigate": False,
    "browser_go_back": False,
    "browser_reload": False,
    "browser_navigate_back": False,
    "browser_wait_for": True,
    "browser_snapshot": True,
    "browser_find": True,
    "browser_click": False,
    "browser_type": False,
    "browser_press_key": False,
    "browser_hover": False,
    "browser_select_option": False,
    "wait_for_browser": True,
    "browser_close": False,
    "resolve_container": True,
    "inspect_pattern": True,
    "extract_anchors": True,
    "verify_locator": True,
    "suggest_locator": True,
    "select_role": False,
    "get_current_role": True,
    "list_current_roles": True,
    "save_role_state": False,
    "browser_handle_dialog": False,
    "browser_tabs": False,
    "browser_run_plan": False,
    "wait_for_stable": True,
    "browser_take_screenshot": True,
}

LOGIN_SNAPSHOT = """- main [ref=e1]:
  - heading "Sign in" [level=1] [ref=e2]
  - generic:
    - text: Email
    - textbox "Email" [ref=e3]
    - text: Password
    - textbox "Password" [ref=e4]
    - generic [ref=e5]:
      - checkbox "Remember me" [ref=e6]
      - text: Remember me
    - button "Sign in" [ref=e7]
    - button "Sign in with SSO" [disabled] [ref=e8]
    - button "Show overlay" [ref=e9]
    - textbox "Read only" [ref=e10]: read-only"""


async def test_tools_list_names_descriptions_and_hints(tools: Tools) -> None:
    listed = (await tools.client.list_tools()).tools
    assert {tool.name: bool(tool.annotations and tool.annotations.read_only_hint) for tool in listed} == TOOLS
    for tool in listed:
        # Short and on one line (paid on every turn; the detail is in the skill), with a schema under
        # --output-schemas (the tests' servers publish them).
        assert tool.description, tool.name
        assert len(tool.description) <= 200, tool.name
        assert "\n" not in tool.description, tool.name
        assert tool.output_schema is not None, tool.name


async def test_initialize(tools: Tools) -> None:
    answer = await tools.ok("browser_initialize")
    assert answer.data["browser"].startswith(("Chrome/", "HeadlessChrome/"))
    assert answer.data["roles"] == ["default"]
    assert answer.data["currentRole"] == "default"
    assert answer.text.startswith(f"Browser ready: {answer.data['browser']}")


async def test_type_submit_click_and_navigation(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("login.html"))
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text == f'Page: "Sign in" ({fixture_url("login.html")})\n{LOGIN_SNAPSHOT}' or (
        snapshot.text
        == f'Page: "Sign in" ({fixture_url("login.html")})\n{LOGIN_SNAPSHOT}\n  - paragraph: Ready for sign in'
    )
    typed = await tools.ok("browser_type", ref="e3", text="ada@example.com")
    assert typed.text == (
        'Typed into textbox "Email" [ref=e3]. Next: browser_snapshot to see the result.\n'
        "await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');"
    )
    typed = await tools.ok("browser_type", ref="e4", text="hunter2")
    # A password field's text stays out of the code line too.
    assert typed.data["code"] == "await page.getByRole('textbox', { name: 'Password' }).fill('<secret>');"
    snapshot = await tools.ok("browser_snapshot")
    assert '    - textbox "Email" [ref=e3]: ada@example.com' in snapshot.text.splitlines()
    assert '    - textbox "Password" [active] [ref=e4]: ••••' in snapshot.text.splitlines()
    assert "hunter2" not in snapshot.text
    clicked = await tools.ok("browser_click", ref="e6")
    assert clicked.text == (
        'Clicked checkbox "Remember me" [ref=e6]. Next: browser_snapshot to see the result.\n'
        "await page.getByRole('checkbox', { name: 'Remember me' }).click();"
    )
    assert '      - checkbox "Remember me" [checked] [active] [ref=e6]' in (await tools.ok("browser_snapshot")).text
    submitted = await tools.ok("browser_type", ref="e4", text="hunter2", submit=True)
    welcome = fixture_url("welcome.html?email=ada%40example.com")
    assert submitted.text == (
        f'Typed into textbox "Password" [ref=e4]. It navigated to {welcome} (HTTP 200). '
        "Next: browser_snapshot to see the result.\n"
        "await page.getByRole('textbox', { name: 'Password' }).fill('<secret>');\n"
        "await page.getByRole('textbox', { name: 'Password' }).press('Enter');"
    )
    assert submitted.data == {
        "action": "type",
        "ref": "e4",
        "role": "textbox",
        "name": "Password",
        "url": welcome,
        "navigated": True,
        "status": 200,
        "code": "await page.getByRole('textbox', { name: 'Password' }).fill('<secret>');\n"
        "await page.getByRole('textbox', { name: 'Password' }).press('Enter');",
    }
    assert "hunter2" not in submitted.text
    snapshot = await tools.ok("browser_snapshot")
    assert "  - paragraph: Signed in as ada@example.com" in snapshot.text.splitlines()
    link = next(line for line in snapshot.text.splitlines() if 'link "Sign out"' in line)
    assert link == '  - link "Sign out" [ref=e13]:'
    clicked = await tools.ok("browser_click", ref="e13")
    assert clicked.text == (
        f'Clicked link "Sign out" [ref=e13]. It navigated to {fixture_url("login.html")} (HTTP 200). '
        "Next: browser_snapshot to see the result.\n"
        "await page.getByRole('link', { name: 'Sign out' }).click();"
    )
    back = await tools.ok("browser_go_back")
    assert back.data["url"] == welcome
    assert back.text.startswith(f"Navigated to {welcome}")


async def test_press_key_hover_and_waits(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("login.html"))
    waited = await tools.ok("wait_for_browser", text="Ready for sign in")
    assert waited.data["condition"] == "text 'Ready for sign in' to appear"
    assert waited.data["waitedMs"] <= 2000
    await tools.ok("browser_snapshot")
    await tools.ok("browser_click", ref="e3")
    assert (await tools.ok("browser_press_key", key="Tab")).text == (
        "Pressed Tab. Next: browser_snapshot to see the result.\n"
        "await page.getByRole('textbox', { name: 'Email' }).press('Tab');"
    )
    assert '    - textbox "Password" [active] [ref=e4]' in (await tools.ok("browser_snapshot")).text.splitlines()
    hovered = await tools.ok("browser_hover", ref="e7")
    assert hovered.text == (
        'Hovered button "Sign in" [ref=e7]. Next: browser_snapshot to see the result.\n'
        "await page.getByRole('button', { name: 'Sign in', exact: true }).hover();"
    )
    slept = await tools.ok("wait_for_browser", milliseconds=50)
    assert slept.data["condition"] == "50 ms"
    assert slept.data["waitedMs"] >= 50
    gone = await tools.ok("wait_for_browser", textGone="No such text")
    assert gone.data["condition"] == "text 'No such text' to disappear"


async def test_press_key_with_modifiers(tools: Tools, fixture_url: URL) -> None:
    """Shift+Tab moves the focus back; Control+a selects a field's text, so the next keys replace it."""
    await tools.ok("browser_navigate", url=fixture_url("login.html"))
    await tools.ok("browser_snapshot")
    await tools.ok("browser_click", ref="e4")
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert (lines[5], lines[7]) == ('    - textbox "Email" [ref=e3]', '    - textbox "Password" [active] [ref=e4]')
    pressed = await tools.ok("browser_press_key", key="Shift+Tab")
    assert pressed.text == (
        "Pressed Shift+Tab. Next: browser_snapshot to see the result.\n"
        "await page.getByRole('textbox', { name: 'Password' }).press('Shift+Tab');"
    )
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert (lines[5], lines[7]) == ('    - textbox "Email" [active] [ref=e3]', '    - textbox "Password" [ref=e4]')

    await tools.ok("browser_type", ref="e3", text="old@example.com")
    assert (await tools.ok("browser_snapshot")).text.splitlines()[5] == (
        '    - textbox "Email" [active] [ref=e3]: old@example.com'
    )
    await tools.ok("browser_press_key", key="End")
    await tools.ok("browser_press_key", key="x")  # without a selection a key adds to the text
    assert (await tools.ok("browser_snapshot")).text.splitlines()[5] == (
        '    - textbox "Email" [active] [ref=e3]: old@example.comx'
    )
    assert (await tools.ok("browser_press_key", key="Control+a")).text.startswith("Pressed Control+a.")
    for key in ("n", "e", "w"):
        await tools.ok("browser_press_key", key=key)
    assert (await tools.ok("browser_snapshot")).text.splitlines()[5] == '    - textbox "Email" [active] [ref=e3]: new'


MENU = """- navigation "Main" [ref=e1]:
  - button "Products" [ref=e2]
  - button "Account" [ref=e3]
- main [ref=e4]:
  - heading "Menus" [level=1] [ref=e5]
  - button "Under the banner" [ref=e6]
  - text: We use cookies"""


async def test_hover_opens_menus_and_a_covered_element_is_refused(tools: Tools, fixture_url: URL) -> None:
    """menu.html: Products opens on CSS :hover, Account on mouseenter; a cookie banner covers a button."""
    url = fixture_url("menu.html")
    await tools.ok("browser_navigate", url=url)
    assert (await tools.ok("browser_snapshot")).text == f'Page: "Menus" ({url})\n{MENU}'
    hovered = await tools.ok("browser_hover", ref="e2")
    assert hovered.text == (
        'Hovered button "Products" [ref=e2]. Next: browser_snapshot to see the result.\n'
        "await page.getByRole('button', { name: 'Products' }).hover();"
    )
    assert (await tools.ok("browser_snapshot")).text.splitlines()[1:] == [
        '- navigation "Main" [ref=e1]:',
        "  - generic:",
        '    - button "Products" [ref=e2]',
        '    - list "Products":',
        # A list item that only wraps its link has no ref of its own: the link is the target.
        "      - listitem:",
        '        - link "Phones" [ref=e7]:',
        '          - /url: "#phones"',
        "      - listitem:",
        '        - link "Laptops" [ref=e8]:',
        '          - /url: "#laptops"',
        *MENU.splitlines()[2:],
    ]
    # Moving on to Account closes Products (the pointer left it) and opens Account.
    await tools.ok("browser_hover", ref="e3")
    assert (await tools.ok("browser_snapshot")).text.splitlines()[1:] == [
        '- navigation "Main" [ref=e1]:',
        '  - button "Products" [ref=e2]',
        "  - generic:",
        '    - button "Account" [expanded] [ref=e3]',
        '    - list "Account":',
        "      - listitem:",
        '        - link "Orders" [ref=e9]:',
        '          - /url: "#orders"',
        *MENU.splitlines()[3:],
    ]
    assert await tools.error("browser_hover", ref="e6") == (
        'Error executing tool browser_hover: cannot hover e6 (button "Under the banner") after 1 s of retries: '
        'another element covers its centre: <div id="banner"> "We use cookies". Close or dismiss that first '
        "(a dialog, cookie banner or overlay), then retry."
    )
    # The session goes on: the Account menu is still open (the refused hover did not move the pointer).
    assert '    - button "Account" [expanded] [ref=e3]' in (await tools.ok("browser_snapshot")).text.splitlines()


async def test_actionability_errors(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("login.html"))
    await tools.ok("browser_snapshot")
    assert await tools.error("browser_click", ref="e8") == (
        'Error executing tool browser_click: cannot click e8 (button "Sign in with SSO") after 1 s of retries: '
        "it is disabled; complete what enables it (required fields, a selection), or wait for it."
    )
    assert await tools.error("browser_type", ref="e10", text="x") == (
        'Error executing tool browser_type: cannot type e10 (textbox "Read only") after 1 s of retries: it does not '
        "take text (not an input, textarea or contenteditable element, or read-only); type into a textbox ref instead."
    )
    await tools.ok("browser_click", ref="e9")
    assert await tools.error("browser_click", ref="e7") == (
        'Error executing tool browser_click: cannot click e7 (button "Sign in") after 1 s of retries: another element '
        'covers its centre: <div id="overlay" class="open">. Close or dismiss that first (a dialog, cookie banner or '
        "overlay), then retry."
    )
    assert (await tools.ok("browser_press_key", key="Escape")).text.startswith("Pressed Escape.")


async def test_stale_refs_after_navigation_and_removal(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("shop.html"))
    await tools.ok("browser_snapshot")
    await tools.ok("browser_navigate", url=fixture_url("login.html"))
    assert await tools.error("resolve_container", ref="e7") == (
        f"Error executing tool resolve_container: ref e7 is stale: it belonged to {fixture_url('shop.html')}, a "
        f"document the page has left (now at {fixture_url('login.html')}); call browser_snapshot for fresh refs"
    )
    snapshot = await tools.ok("browser_snapshot")
    assert '    - textbox "Email" [ref=e40]' in snapshot.text.splitlines()  # numbers are never reused
    # Removal: the page re-renders the Archive button (same document); its old ref names a removed element.
    await tools.ok("browser_navigate", url=fixture_url("rerender.html"))
    before = await tools.ok("browser_snapshot")
    archive = re.search(r'button "Archive" \[ref=(e\d+)\]', before.text)
    copies = re.search(r'button "Show copies" \[ref=(e\d+)\]', before.text)
    assert archive is not None
    assert copies is not None
    await tools.ok("browser_click", ref=copies.group(1))
    assert await tools.error("resolve_container", ref=archive.group(1)) == (
        f"Error executing tool resolve_container: ref {archive.group(1)} is stale: its element (button 'Archive') "
        "was removed from the page; call browser_snapshot for fresh refs"
    )
    assert await tools.error("browser_click", ref=archive.group(1)) == (
        f"Error executing tool browser_click: ref {archive.group(1)} is stale: its element (button 'Archive') "
        "was removed from the page; call browser_snapshot for fresh refs"
    )


async def test_snapshot_subtree_depth_and_truncation(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("shop.html"))
    full = await tools.ok("browser_snapshot")
    subtree = await tools.ok("browser_snapshot", ref="e7")
    assert subtree.text.splitlines()[1:] == ['- searchbox "Search" [ref=e7]']
    shallow = await tools.ok("browser_snapshot", depth=1)
    assert shallow.text.splitlines()[1:4] == ["- banner [ref=e1]:", "  - … 11 more", "- main [ref=e9]:"]
    cut = await tools.ok("browser_snapshot", maxChars=300)
    body = cut.text.splitlines()
    assert cut.data["truncated"]["shownLines"] == len(body) - 2
    assert cut.data["truncated"]["totalLines"] == len(full.text.splitlines()) - 1
    assert body[-1].startswith(f"[snapshot cut after line {len(body) - 2} of ")
    assert "browser_find(text=...) finds an element and its ref without the whole page" in body[-1]


async def test_close_then_next_call_starts_a_new_browser(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("shop.html"))
    assert (await tools.ok("browser_close")).data == {"closed": True}
    assert (await tools.ok("browser_close")).data == {"closed": False}
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text == "Page: about:blank"
