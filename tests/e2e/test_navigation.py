"""The navigation lifecycle through a real MCP client: client-side routing (pushState,
replaceState, hash), back/forward (the back/forward cache included), reloads, frames navigating
on their own, and tool calls racing navigations."""

from __future__ import annotations

import re
from collections.abc import Callable

import trio

from tests.mcp_client import Tools

URL = Callable[[str], str]

NAV = """- banner [ref=e1]:
  - navigation "App" [ref=e2]:
    - link "Home" [ref=e3]:
      - /url: /app/
    - link "Products" [ref=e4]:
      - /url: /app/products
    - link "About" [ref=e5]:
      - /url: /app/about"""


async def test_client_side_routing_keeps_the_document_and_its_refs(tools: Tools, fixture_url: URL) -> None:
    home = fixture_url("app/")
    products = fixture_url("app/products")
    await tools.ok("browser_navigate", url=home)
    assert (await tools.ok("browser_snapshot")).text == (
        f'Page: "Gadget store" ({home})\n{NAV}\n'
        "- main [ref=e6]:\n"
        '  - heading "Welcome" [level=1] [ref=e7]\n'
        "  - paragraph: Pick a section.\n"
        '  - link "Browse products" [ref=e8]:\n'
        "    - /url: /app/products"
    )
    moved = await tools.ok("browser_click", ref="e8")
    assert moved.text == (
        f'Clicked link "Browse products" [ref=e8]. The page moved to {products}. '
        "Next: browser_snapshot to see the result."
        + "\nawait page.getByRole('link', { name: 'Browse products' }).click();"
    )
    assert moved.data["navigated"] is True
    snapshot = await tools.ok("browser_snapshot")
    # The navigation links survive the route change with their refs; the old view's link is gone.
    assert snapshot.text.startswith(f'Page: "Gadget store" ({products})\n{NAV}\n- main [ref=e6]:\n')
    assert '      - button "Add Tablet" [ref=e15]' in snapshot.text.splitlines()
    assert await tools.error("browser_click", ref="e8") == (
        "Error executing tool browser_click: ref e8 is stale: its element (link 'Browse products') was removed "
        "from the page; call browser_snapshot for fresh refs"
    )
    assert (await tools.ok("browser_click", ref="e16")).text == (
        f'Clicked link "Reviews" [ref=e16]. The page moved to {products}#reviews. '
        "Next: browser_snapshot to see the result." + "\nawait page.getByRole('link', { name: 'Reviews' }).click();"
    )
    await tools.ok("browser_click", ref="e5")
    await tools.ok("browser_snapshot")
    replaced = await tools.ok("browser_click", ref="e19")
    assert replaced.text == (
        f'Clicked button "Show the team" [ref=e19]. The page moved to {fixture_url("app/about?tab=team")}. '
        "Next: browser_snapshot to see the result."
        + "\nawait page.getByRole('button', { name: 'Show the team' }).click();"
    )
    # replaceState left no entry for /app/about: back goes to the hash entry, in the same document.
    back = await tools.ok("browser_go_back")
    assert back.text == (
        f"Moved to {products}#reviews in the same document (a History API or fragment change: refs stay valid). "
        'Title: "Gadget store". Next: browser_snapshot.'
    )
    assert back.data["sameDocument"] is True
    await tools.ok("browser_click", ref="e4")  # a ref from the first snapshot still works
    # A reload is a new document: every ref of the old one is stale, with the URL it belonged to.
    await tools.ok("browser_navigate", url=products)
    assert await tools.error("browser_click", ref="e3") == (
        f"Error executing tool browser_click: ref e3 is stale: it belonged to {home}, a document the page has left "
        f"(now at {products}); call browser_snapshot for fresh refs"
    )


async def test_back_forward_cache_restores_the_document_its_frames_and_refs(tools: Tools, fixture_url: URL) -> None:
    # /cached/ pages may enter the back/forward cache (no Cache-Control: no-store).
    checkout = fixture_url("cached/checkout.html")
    await tools.ok("browser_navigate", url=checkout)
    await tools.ok("browser_snapshot")
    await tools.ok("browser_type", ref="f1_e16", text="4242 4242 4242 4242")
    await tools.ok("browser_select_option", ref="e12", values=["de"])
    await tools.ok("browser_navigate", url=fixture_url("cached/welcome.html"))
    assert await tools.error("resolve_container", ref="f1_e16") == (
        "Error executing tool resolve_container: ref f1_e16 is stale: its frame f1 "
        f"({checkout.replace('127.0.0.1', 'localhost').replace('cached/checkout', 'card-form')}) was removed "
        "from the page; call browser_snapshot for fresh refs"
    )
    back = await tools.ok("browser_go_back")
    assert back.data == {"url": checkout, "title": "Checkout", "status": 200, "statusText": "OK"}
    # Restored, not reloaded: what was typed is still there, and the old refs work again.
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert '        - textbox "Card number" [active] [ref=f1_e16]: ••••' in lines  # autocomplete=cc-number: masked
    assert '        - option "Germany" [selected]' in lines
    resolved = await tools.ok("resolve_container", ref="f1_e16")
    assert resolved.data["frames"][0]["prefix"] == "f1_"
    await tools.ok("browser_type", ref="f1_e18", text="123", submit=True)
    assert '    - status: "Payment accepted: card ending 4242, shipping to de"' in (
        (await tools.ok("browser_snapshot")).text.splitlines()
    )


def _history(page: int, shown: str, refs: tuple[int, ...], note: str = "", active: str = "") -> str:
    """history.html's snapshot: its page number, how it was shown, its refs (main, heading, the note's label,
    note, link, back, forward, reload)."""
    names = ("main", "heading", "label", "note", "next", "back", "forward", "reload")
    tag = {
        name: (" [active]" if name == active else "") + f" [ref=e{ref}]" for name, ref in zip(names, refs, strict=True)
    }
    return (
        f"- main{tag['main']}:\n"
        f'  - heading "History, page {page}" [level=1]{tag["heading"]}\n'
        f"  - paragraph: Page {page} {shown}\n"
        f"  - generic{tag['label']}:\n"
        "    - text: Note\n"
        f'    - textbox "Note"{tag["note"]}{": " + note if note else ""}\n'
        f'  - link "Next page"{tag["next"]}:\n'
        '    - /url: "?page=2"\n'
        f'  - button "Back"{tag["back"]}\n'
        f'  - button "Forward"{tag["forward"]}\n'
        f'  - button "Reload"{tag["reload"]}'
    )


async def test_page_initiated_back_forward_and_reload(tools: Tools, fixture_url: URL) -> None:
    """history.html's own controls call history.back(), history.forward() and location.reload(): back and
    forward restore documents from the back/forward cache (their refs work again), a reload makes a new one."""
    first, second = fixture_url("cached/history.html"), fixture_url("cached/history.html?page=2")

    async def snapshot() -> str:
        return (await tools.ok("browser_snapshot")).text

    await tools.ok("browser_navigate", url=first)
    assert await snapshot() == f'Page: "History" ({first})\n{_history(1, "loaded", (1, 2, 3, 4, 5, 6, 7, 8))}'
    await tools.ok("browser_type", ref="e4", text="kept")
    await tools.ok("browser_click", ref="e5")
    assert await snapshot() == f'Page: "History" ({second})\n{_history(2, "loaded", (9, 10, 11, 12, 13, 14, 15, 16))}'

    back = await tools.ok("browser_click", ref="e14")
    assert back.text == (
        f'Clicked button "Back" [ref=e14]. It navigated to {first} (HTTP 200). Next: browser_snapshot to see the result.'
        + "\nawait page.getByRole('button', { name: 'Back' }).click();"
    )
    restored = _history(1, "restored from the back/forward cache", (1, 2, 3, 4, 5, 6, 7, 8), note="kept", active="next")
    assert await snapshot() == f'Page: "History" ({first})\n{restored}'

    forward = await tools.ok("browser_click", ref="e7")
    assert forward.text == (
        f'Clicked button "Forward" [ref=e7]. It navigated to {second} (HTTP 200). '
        "Next: browser_snapshot to see the result." + "\nawait page.getByRole('button', { name: 'Forward' }).click();"
    )
    assert await tools.error("browser_click", ref="e6") == (
        f"Error executing tool browser_click: ref e6 is stale: it belonged to {first}, a document the page has left "
        f"(now at {second}); call browser_snapshot for fresh refs"
    )
    # Page 2's own refs work again without a new snapshot: the same document, restored.
    assert (await tools.ok("resolve_container", ref="e12")).data["target"]["name"] == "Note"
    restored = _history(2, "restored from the back/forward cache", (9, 10, 11, 12, 13, 14, 15, 16), active="back")
    assert await snapshot() == f'Page: "History" ({second})\n{restored}'

    reloaded = await tools.ok("browser_click", ref="e16")
    assert reloaded.text == (
        f'Clicked button "Reload" [ref=e16]. It navigated to {second} (HTTP 200). '
        "Next: browser_snapshot to see the result." + "\nawait page.getByRole('button', { name: 'Reload' }).click();"
    )
    for ref, tool in (("e15", "browser_click"), ("e12", "resolve_container")):
        assert await tools.error(tool, ref=ref) == (
            f"Error executing tool {tool}: ref {ref} is stale: it belonged to {second}, a document the page has left "
            f"(now at {second}); call browser_snapshot for fresh refs"
        )
    # The bridge is in the new document: a snapshot works and gives new refs.
    assert await snapshot() == f'Page: "History" ({second})\n{_history(2, "loaded", (17, 18, 19, 20, 21, 22, 23, 24))}'
    await tools.ok("browser_type", ref="e20", text="after the reload")
    assert '    - textbox "Note" [active] [ref=e20]: after the reload' in (await snapshot()).splitlines()


_STALE = re.compile(
    r"Error executing tool \w+: ref e\d+ is stale: it belonged to http://127\.0\.0\.1:\d+/race\.html\?ms=\d+&left=1, "
    r"a document the page has left \(now at http://127\.0\.0\.1:\d+/race\.html\?ms=\d+&left=0\); "
    r"call browser_snapshot for fresh refs"
)
_GO = re.compile(r'button "Go" (?:\[active\] )?\[ref=(e\d+)\]')
_QUERY = re.compile(r'textbox "Query" (?:\[active\] )?\[ref=(e\d+)\]')
_HEADING = re.compile(r'^  - heading "(Race|Race, [01] to go)" \[level=1\] \[ref=e\d+\]$', re.MULTILINE)
#: The iframe's content as a snapshot may catch it: a document, an empty one, or one going away.
_TICKER = re.compile(
    r"\n(?:  - status: Clicked\n)?  - iframe \[ref=e\d+\]"
    r"(:\n    - paragraph: Tick( \d+)?\n    - button \"Pause\" \[ref=f\d+_e\d+\]"
    r"|:\n    - … frame content unavailable: [^\n]+"
    r"|)$"
)


async def test_calls_racing_navigations_complete_or_fail_clearly(tools: Tools, fixture_url: URL) -> None:
    """The page replaces its document after 40 to 400 ms while a snapshot, a click, a resolve and
    typing run against it, and its iframe replaces its own every 15 ms throughout: each call either completes
    (on the old or the new document) or fails with a stale-ref error naming both URLs, in bounded time."""
    outcomes: set[str] = set()
    for attempt in range(30):
        ms = 40 + attempt % 10 * 40
        await tools.ok("browser_navigate", url=fixture_url(f"race.html?ms={ms}&left=1"))
        with trio.fail_after(20):  # a hang fails here, long before the tool's own time limit
            snapshot = await tools.call("browser_snapshot")
        assert not snapshot.is_error, snapshot.text
        assert _HEADING.search(snapshot.text), snapshot.text
        assert _TICKER.search(snapshot.text), snapshot.text
        go, query = _GO.findall(snapshot.text)[0], _QUERY.findall(snapshot.text)[0]
        for tool, arguments in (
            ("browser_click", {"ref": go}),
            ("resolve_container", {"ref": go}),
            ("browser_type", {"ref": query, "text": "x"}),
        ):
            with trio.fail_after(20):
                answer = await tools.call(tool, **arguments)
            if answer.is_error:
                assert _STALE.fullmatch(answer.text), answer.text
                outcomes.add(f"{tool}: stale")
            else:
                outcomes.add(f"{tool}: ok")
        # Let the page settle before the next round (its own navigation would cancel the next one).
        await tools.ok("wait_for_browser", text="Race, 0 to go")
    # Over 30 rounds both sides of the race happen.
    assert {"browser_click: ok", "browser_click: stale"} <= outcomes, outcomes
    # The session goes on.
    settled = await tools.ok("browser_snapshot")
    assert re.fullmatch(r'  - heading "Race, 0 to go" \[level=1\] \[ref=e\d+\]', settled.text.splitlines()[2])


async def test_a_snapshot_waits_for_a_document_still_parsing_its_html(tools: Tools, fixture_url: URL) -> None:
    """The page replaced itself with a document whose HTML arrives in two parts: a snapshot taken between them
    waits for DOMContentLoaded and shows the whole page; when the rest takes longer than the wait, it shows
    what has arrived and says the page is still loading."""
    await tools.ok("browser_navigate", url=fixture_url("late.html?ms=1500"))
    await tools.ok("wait_for_browser", text="First part")  # the new document has committed, half parsed
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text == (
        f'Page: "Late body" ({fixture_url("late-body?ms=1500")})\n'
        '- heading "First part" [level=1] [ref=e1]\n'
        "- paragraph: Second part\n"
        '- button "Done" [ref=e2]'
    )
    assert "loading" not in snapshot.data
    await tools.ok("browser_navigate", url=fixture_url("late.html?ms=60000"))
    await tools.ok("wait_for_browser", text="First part")
    partial = await tools.ok("browser_snapshot")
    assert partial.text == (
        f'Page: "Late body" ({fixture_url("late-body?ms=60000")})\n'
        '- heading "First part" [level=1] [ref=e3]\n'
        "[the page is still loading: its HTML was not parsed to the end within 3 s, so elements may be missing. "
        "Call browser_snapshot again, or wait_for_browser(text=...) for what you expect to see]"
    )
    assert partial.data["loading"] is True
    assert partial.data["snapshot"] == '- heading "First part" [level=1] [ref=e3]'
    # A frame's document waits the same way.
    await tools.ok("browser_navigate", url=fixture_url("late-frame.html"))
    await tools.ok("wait_for_browser", text="First part")
    framed = await tools.ok("browser_snapshot")
    assert framed.text == (
        f'Page: "Late frame" ({fixture_url("late-frame.html")})\n'
        '- heading "Outer" [level=1] [ref=e4]\n'
        "- iframe [ref=e5]:\n"
        '  - heading "First part" [level=1] [ref=f1_e6]\n'
        "  - paragraph: Second part\n"
        '  - button "Done" [ref=f1_e7]'
    )


async def test_reload_and_navigating_to_the_current_url_load_the_page_again(tools: Tools, fixture_url: URL) -> None:
    """Another user changed the data: browser_reload (or browser_navigate to the same URL, a #fragment
    included) loads the document again, and the old document's refs are stale."""
    url = fixture_url("visits.html#stock")
    await tools.ok("browser_navigate", url=url)
    snapshot = (await tools.ok("browser_snapshot")).text
    assert snapshot.splitlines()[1:] == [
        "- main [ref=e1]:",
        '  - paragraph: "Visits: 1"',
        '  - button "Refresh stock" [ref=e2]',
    ]
    reloaded = await tools.ok("browser_reload")
    assert reloaded.text == (
        f"Reloaded {url} (HTTP 200 OK): refs of the previous document are stale, take a new snapshot. "
        'Title: "Visits". Next: browser_snapshot.'
    )
    assert reloaded.data == {"url": url, "title": "Visits", "status": 200, "statusText": "OK"}
    stale = await tools.error("browser_click", ref="e2")
    assert stale == (
        f"Error executing tool browser_click: ref e2 is stale: it belonged to {url}, a document the page has left "
        f"(now at {url}); call browser_snapshot for fresh refs"
    )
    assert (await tools.ok("browser_snapshot")).text.splitlines()[2] == '  - paragraph: "Visits: 2"'
    again = await tools.ok("browser_navigate", url=url)
    assert again.text.startswith(f"Reloaded {url} (HTTP 200 OK)")
    assert (await tools.ok("browser_snapshot")).text.splitlines()[2:] == [
        '  - paragraph: "Visits: 3"',
        '  - button "Refresh stock" [ref=e6]',
    ]
