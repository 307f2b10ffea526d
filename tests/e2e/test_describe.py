"""The description fallback (``element=``) of the action tools, through a real MCP client.

The rules are in bridge/src/actions/describe.ts and verdex/browser/describe.py: CSS first, then
exact > score 3 (description inside) > 2 (inside the description) > word fraction (>= 0.5),
ties in DOM order, hidden candidates never, every frame of the page (main first).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.conftest import Tools

URL = Callable[[str], str]

NEXT = " Next: browser_snapshot to see the result."


def runner(ref: str, role: str, name: str, score: float | None) -> dict[str, object]:
    if score is None:
        return {"ref": ref, "role": role, "name": name, "match": "exact"}
    return {"ref": ref, "role": role, "name": name, "match": "score", "score": score}


async def status(tools: Tools) -> str:
    """The fixture's status paragraph, as the snapshot shows it."""
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    return next(line.strip() for line in lines if "paragraph: Clicked" in line or "paragraph: Nothing" in line)


async def test_the_reference_scenarios(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("describe.html")
    await tools.ok("browser_navigate", url=url)

    exact = await tools.ok("browser_click", element="Sign in")
    assert exact.text == (
        'Clicked link "Sign in" [ref=e1]. Matched "Sign in" exactly (accessible name or text). Runners-up: '
        'button "Sign in to continue" [ref=e2] (score 3), link "Sign up" [ref=e3] (score 1).' + NEXT
    )
    assert exact.data == {
        "action": "click",
        "ref": "e1",
        "role": "link",
        "name": "Sign in",
        "url": url,
        "navigated": False,
        "described": {
            "description": "Sign in",
            "match": "exact",
            "runnersUp": [
                runner("e2", "button", "Sign in to continue", 3),
                runner("e3", "link", "Sign up", 1),
            ],
        },
    }
    assert await status(tools) == "- paragraph: Clicked header-link"

    # "Sign in" (over 2 characters) is inside "Sign in button": score 2. The two others share one
    # word of two ("sign"; "in" is too short to count): 0.5 each, in DOM order.
    scored = await tools.ok("browser_click", element="Sign in button")
    assert scored.text == (
        'Clicked link "Sign in" [ref=e1]. Matched "Sign in button" by score 2 (its accessible name or text is '
        'inside the description). Runners-up: button "Sign in to continue" [ref=e2] (score 0.5), link "Sign up" '
        "[ref=e3] (score 0.5)." + NEXT
    )
    assert scored.data["described"] == {
        "description": "Sign in button",
        "match": "score",
        "score": 2,
        "runnersUp": [runner("e2", "button", "Sign in to continue", 0.5), runner("e3", "link", "Sign up", 0.5)],
    }

    # One word of three ("continue") is below MIN_WORD_FRACTION: nothing is clicked.
    assert await tools.error("browser_click", element="Continue with Google") == (
        "Error executing tool browser_click: nothing was clicked: no visible link, button, field, label or element "
        'with an interactive role matches the description "Continue with Google" (its accessible name or text '
        "neither equals it, contains it, is contained in it, nor has at least half of its words). Call "
        "browser_snapshot and pass the element's ref instead."
    )
    assert await status(tools) == "- paragraph: Clicked header-link"

    hero = await tools.ok("browser_click", element="Sign in to continue")
    assert hero.text == (
        'Clicked button "Sign in to continue" [ref=e2]. Matched "Sign in to continue" exactly (accessible name or '
        'text). Runners-up: link "Sign in" [ref=e1] (score 2), link "Sign up" [ref=e3] (score 0.5).' + NEXT
    )
    assert await status(tools) == "- paragraph: Clicked hero-button"


async def test_ties_hidden_candidates_css_and_frames(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("actions/describe-cases.html"))

    # A tie: "Export" is inside both names (3 each): the first in DOM order; the other is the runner-up.
    tie = await tools.ok("browser_click", element="Export")
    assert tie.text == (
        'Clicked button "Export CSV" [ref=e1]. Matched "Export" by score 3 (the description is inside its '
        'accessible name or text). Runners-up: button "Export PDF" [ref=e2] (score 3).' + NEXT
    )
    assert tie.data["described"]["runnersUp"] == [runner("e2", "button", "Export PDF", 3)]
    assert await status(tools) == "- paragraph: Clicked export-csv"

    # Two hidden buttons named exactly "Delete account" (display: none, visibility: hidden) would win; they
    # are not candidates at all, so the visible one (score 3) is chosen and no runner-up is listed.
    hidden = await tools.ok("browser_click", element="Delete account")
    assert hidden.text == (
        'Clicked button "Delete account permanently" [ref=e6]. Matched "Delete account" by score 3 (the description '
        "is inside its accessible name or text). No other candidate scored." + NEXT
    )
    assert hidden.data["described"] == {
        "description": "Delete account",
        "match": "score",
        "score": 3,
        "runnersUp": [],
    }
    assert await status(tools) == "- paragraph: Clicked delete-visible"

    # CSS: one visible match is used; several are an error that lists them with refs; hidden only: nothing.
    one = await tools.ok("browser_click", element="#chip-green")
    assert one.text == (
        'Clicked button "Green" [ref=e9]. Matched "#chip-green" as a CSS selector (its only visible match).' + NEXT
    )
    assert one.data["described"] == {"description": "#chip-green", "match": "css", "runnersUp": []}
    assert await status(tools) == "- paragraph: Clicked chip-green"
    assert await tools.error("browser_click", element=".chip") == (
        'Error executing tool browser_click: the description ".chip" is a CSS selector that matches 3 visible '
        'elements: button "Red" [ref=e8], button "Green" [ref=e9], button "Blue" [ref=e10]. verdex does not pick one: '
        "pass the ref of the one you mean, or a selector or description that names a single element."
    )
    assert await tools.error("browser_click", element="#gone") == (
        "Error executing tool browser_click: nothing was clicked: no visible link, button, field, label or element "
        'with an interactive role matches the description "#gone" (its accessible name or text neither equals it, '
        "contains it, is contained in it, nor has at least half of its words); as a CSS selector it matches 1 "
        "hidden element(s) only. Call browser_snapshot and pass the element's ref instead."
    )
    assert await status(tools) == "- paragraph: Clicked chip-green"

    # A candidate inside a (same-origin) iframe gets a frame ref and is clicked there.
    framed = await tools.ok("browser_click", element="Accept cookies")
    assert framed.text == (
        'Clicked button "Accept cookies" [ref=f1_e15]. Matched "Accept cookies" exactly (accessible name or text). '
        "No other candidate scored." + NEXT
    )
    assert "    - paragraph: Cookies accepted" in (await tools.ok("browser_snapshot")).text.splitlines()


async def test_type_select_and_hover_by_description(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("actions/describe-cases.html"))
    # For typing only fields are candidates: the label "Email address" (an exact match too) is not one.
    typed = await tools.ok("browser_type", element="Email address", text="ada@example.com")
    assert typed.text == (
        'Typed into textbox "Email address" [ref=e1]. Matched "Email address" exactly (accessible name or text). '
        "No other candidate scored." + NEXT
    )
    selected = await tools.ok("browser_select_option", element="Country", values=["France"])
    assert selected.text == (
        'Selected in combobox "Country" [ref=e2]. Matched "Country" exactly (accessible name or text). No other '
        'candidate scored. Selected now: "fr".' + NEXT
    )
    assert selected.data["selected"] == ["fr"]
    hovered = await tools.ok("browser_hover", element="Help")
    assert hovered.text == (
        'Hovered button "Help" [ref=e3]. Matched "Help" exactly (accessible name or text). No other candidate scored.'
        + NEXT
    )
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert '    - textbox "Email address" [active] [ref=e1]: ada@example.com' in lines
    assert '      - option "France" [selected]' in lines
    assert '  - tooltip "Help is on its way"' in lines  # shown by the hover

    # A field in a cross-origin (out-of-process) frame, by its label (f2: the first page's iframe was f1).
    await tools.ok("browser_navigate", url=fixture_url("checkout.html"))
    card = await tools.ok("browser_type", element="Card number", text="4242 4242 4242 4242")
    assert card.text == (
        'Typed into textbox "Card number" [ref=f2_e16]. Matched "Card number" exactly (accessible name or text). '
        "No other candidate scored." + NEXT
    )
    # autocomplete=cc-number: a secret field, so the answer says so and the snapshot masks what was typed.
    assert card.data["secret"] is True
    assert (
        '        - textbox "Card number" [active] [ref=f2_e16]: ••••'
        in (await tools.ok("browser_snapshot")).text.splitlines()
    )


async def test_ref_or_element_and_playwright_mcp_shapes(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("describe.html"))
    await tools.ok("browser_snapshot")
    assert await tools.error("browser_click") == (
        "Error executing tool browser_click: give the element to act on: ref (from browser_snapshot, e.g. e12) or "
        "element (its text or label, e.g. 'Sign in', or a CSS selector)"
    )
    # Playwright MCP's shapes: element beside ref is the ref's label (the ref acts); target is the ref (0.0.83).
    with_label = await tools.ok("browser_hover", ref="e2", element="the sign-in link")
    by_target = await tools.ok("browser_hover", target="e2")
    assert with_label.data["ref"] == by_target.data["ref"] == "e2"
    assert "described" not in with_label.data
    assert await tools.error("browser_type", element="  ", text="x") == (
        "Error executing tool browser_type: element is empty: describe the element (its text or label), or pass its ref"
    )
    # Nothing on this page takes text.
    assert await tools.error("browser_type", element="Sign in", text="x") == (
        "Error executing tool browser_type: nothing was typed into: no visible field that takes text matches the "
        'description "Sign in" (its accessible name or text neither equals it, contains it, is contained in it, nor '
        "has at least half of its words). Call browser_snapshot and pass the element's ref instead."
    )
    # The session goes on: the ref path is unchanged.
    clicked = await tools.ok("browser_click", ref="e2")
    assert clicked.text == 'Clicked link "Sign in" [ref=e2].' + NEXT
    assert "described" not in clicked.data
