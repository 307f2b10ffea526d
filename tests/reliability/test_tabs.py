"""New tabs and downloads through the MCP client: popups and target=_blank links are reported by the
click that opened them and are selectable with browser_tabs; refs belong to their tab; a closed
selected tab falls back to its opener; a download is reported and never holds up the click."""

from __future__ import annotations

import re
from collections.abc import Callable

import trio

from tests.mcp_client import Tools

URL = Callable[[str], str]

SNAPSHOT = """Page: "Popups" ({url})
- main [ref=e1]:
  - heading "Popups" [level=1] [ref=e2]
  - link "Open terms in a new tab" [ref=e3]:
    - /url: /tabs/child.html?from=link
  - button "Open a popup window" [ref=e4]
  - link "Download the report" [ref=e5]:
    - /url: /tabs/report.csv
  - link "Get the archive" [ref=e6]:
    - /url: /tabs/archive.bin"""


async def test_popups_are_reported_listed_selected_and_closed(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("tabs/popups.html")
    by_link, by_script = fixture_url("tabs/child.html?from=link"), fixture_url("tabs/child.html?from=script")
    await tools.ok("browser_navigate", url=url)
    assert (await tools.ok("browser_snapshot")).text == SNAPSHOT.format(url=url)

    clicked = await tools.ok("browser_click", ref="e3")
    assert clicked.text == (
        f"Note: A new tab [1] was opened by tab [0]: {by_link}. The selected tab is unchanged; call "
        "browser_tabs(action='select', index=1) to use the new one.\n"
        'Clicked link "Open terms in a new tab" [ref=e3]. Next: browser_snapshot to see the result.'
    )
    clicked = await tools.ok("browser_click", ref="e4")
    assert clicked.text.startswith(f"Note: A new tab [2] was opened by tab [0]: {by_script}.")
    # The opener stays usable (in front): its refs and actions still work.
    assert (await tools.ok("browser_snapshot")).text == SNAPSHOT.format(url=url).replace(
        'window" [ref=e4]', 'window" [active] [ref=e4]'
    )

    listed = await tools.ok("browser_tabs", action="list")
    assert listed.text == (
        "Tabs of role 'default':\n"
        f'- [0] "Popups": {url} (selected)\n'
        f'- [1] "Terms": {by_link} (opened by [0])\n'
        f'- [2] "Terms": {by_script} (opened by [0])'
    )
    assert listed.data["selected"] == 0
    assert [tab["url"] for tab in listed.data["tabs"]] == [url, by_link, by_script]

    selected = await tools.ok("browser_tabs", action="select", index=1)
    assert selected.text.startswith("Selected tab [1]. Next: browser_snapshot for its refs.\n")
    child = await tools.ok("browser_snapshot")
    assert child.text.splitlines()[:4] == [
        f'Page: "Terms" ({by_link})',
        "- main [ref=e7]:",
        '  - heading "Terms of service" [level=1] [ref=e8]',
        '  - button "Accept" [ref=e9]',
    ]
    assert await tools.error("browser_click", ref="e3") == (
        f"Error executing tool browser_click: ref e3 belongs to role 'default', tab [0] ({url}), not to the selected "
        "tab; call browser_tabs(action='select', index=...) to use it, or browser_snapshot for this tab's refs"
    )
    await tools.ok("browser_click", ref="e9")
    assert "  - status: Accepted" in (await tools.ok("browser_snapshot")).text

    closed = await tools.ok("browser_tabs", action="close")
    assert closed.text == (
        f"Closed tab [1] ({by_link}). Tab [0] is selected now. Tabs after it moved down one index.\n"
        "Tabs of role 'default':\n"
        f'- [0] "Popups": {url} (selected)\n'
        f'- [1] "Terms": {by_script} (opened by [0])'
    )
    assert await tools.error("browser_tabs", action="select", index=5) == (
        "Error executing tool browser_tabs: there is no tab [5]: role 'default' has 2 tabs (0..1); "
        "browser_tabs list shows them"
    )

    # The page closes the selected tab itself: its opener is selected, and the click's answer (or the
    # next one, when the browser reports the closing after the click) says so.
    await tools.ok("browser_tabs", action="select", index=1)
    snapshot = await tools.ok("browser_snapshot")
    close_ref = re.search(r'button "Close this window" \[ref=(e\d+)\]', snapshot.text)
    assert close_ref is not None
    clicked = await tools.call("browser_click", ref=close_ref.group(1))
    after = await tools.ok("browser_snapshot")
    note = f"Note: The selected tab of role 'default' ({by_script}) was closed; tab [0] ({url}) is selected now."
    assert f"{clicked.text}\n{after.text}".count(note) == 1
    notes = [line for line in after.text.splitlines() if line.startswith("Note: ")]
    assert after.text.split("\n", len(notes))[-1] == SNAPSHOT.format(url=url).replace(
        'window" [ref=e4]', 'window" [active] [ref=e4]'
    )
    assert await tools.error("browser_tabs", action="close") == (
        "Error executing tool browser_tabs: tab [0] is the only tab of role 'default'; navigate it elsewhere instead "
        "of closing it"
    )


async def test_downloads_are_reported_and_saved(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("tabs/popups.html")
    await tools.ok("browser_navigate", url=url)
    await tools.ok("browser_snapshot")
    # A link whose response is a file: the navigation turns into a download, and the click says so at once.
    clicked = await tools.ok("browser_click", ref="e6")
    note, answer = clicked.text.split("\n")
    saved = re.fullmatch(
        rf"Note: Downloaded archive\.bin \(2048 bytes\) from {re.escape(fixture_url('tabs/archive.bin'))} in role "
        r"'default', tab \[0\]; saved as (/\S+/archive\.bin)\.",
        note,
    )
    assert saved is not None, note
    assert answer == 'Clicked link "Get the archive" [ref=e6]. Next: browser_snapshot to see the result.'
    assert clicked.data["navigated"] is False
    assert await trio.Path(saved.group(1)).read_bytes() == b"x" * 2048
    # <a download>: the browser fetches it on its own; this answer or the next one reports it.
    texts = [
        (await tools.ok("browser_click", ref="e5")).text,
        (await tools.ok("wait_for_browser", milliseconds=500)).text,
    ]
    reports = [
        line for text in texts for line in text.splitlines() if "report.csv" in line and line.startswith("Note:")
    ]
    assert len(reports) == 1, texts
    assert reports[0].startswith(
        f"Note: Downloaded report.csv (51 bytes) from {fixture_url('tabs/report.csv')} in role 'default', tab [0]; "
        "saved as /"
    )
    path = reports[0].rsplit(" saved as ", 1)[1].removesuffix(".")
    assert await trio.Path(path).read_text() == "id,product,price\n1,iPhone 15 Pro,999\n2,Pixel 8,699\n"
    assert (await tools.ok("browser_snapshot")).data["url"] == url


async def test_new_tabs_and_closing_a_selected_tab_without_opener_selects_the_last(
    tools: Tools, fixture_url: URL
) -> None:
    """browser_tabs new opens tabs in the role's context (Chromium 156 refuses a window size for a tab); closing
    the selected tab when it has no opener selects the last tab (README: its opener, or else the last tab)."""
    first, second, third = fixture_url("shop.html"), fixture_url("login.html"), fixture_url("welcome.html")
    await tools.ok("browser_navigate", url=first)
    opened = await tools.ok("browser_tabs", action="new")
    assert opened.text == (
        "Opened and selected tab [1] (about:blank). Next: browser_navigate.\n"
        "Tabs of role 'default':\n"
        '- [0] "TechShop: featured products": ' + first + "\n"
        "- [1] about:blank (selected)"
    )
    await tools.ok("browser_navigate", url=second)
    await tools.ok("browser_tabs", action="new")
    await tools.ok("browser_navigate", url=third)
    await tools.ok("browser_tabs", action="select", index=1)
    closed = await tools.ok("browser_tabs", action="close")
    assert closed.text == (
        f"Closed tab [1] ({second}). Tab [1] is selected now. Tabs after it moved down one index.\n"
        "Tabs of role 'default':\n"
        '- [0] "TechShop: featured products": ' + first + "\n"
        '- [1] "Welcome": ' + third + " (selected)"
    )
    assert closed.data["selected"] == 1
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text.startswith(f'Page: "Welcome" ({third})')
