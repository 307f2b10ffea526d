"""Frames through a real MCP client: same-origin, cross-origin (out-of-process), nested, srcdoc,
sandboxed and added after load; every ref tool on frame refs."""

from __future__ import annotations

from collections.abc import Callable

from tests.mcp_client import Tools

URL = Callable[[str], str]


def other_origin(url: str) -> str:
    """The same fixture server reached through the other loopback host (a cross-site origin)."""
    return url.replace("127.0.0.1", "localhost")


CHECKOUT = """- main [ref=e1]:
  - heading "Checkout" [level=1] [ref=e2]
  - region "Order summary" [ref=e3]:
    - heading "Order summary" [level=2] [ref=e4]
    - list:
      - listitem [ref=e5]: "iPhone 15 Pro: $999"
      - listitem [ref=e6]: "USB-C cable: $19"
    - paragraph: "Total: $1,018"
  - region "Shipping" [ref=e7]:
    - heading "Shipping" [level=2] [ref=e8]
    - generic:
      - text: Full name
      - textbox "Full name" [ref=e9]
      - text: Street
      - textbox "Street" [ref=e10]
      - text: City
      - textbox "City" [ref=e11]
      - text: Country
      - combobox "Country" [ref=e12]:
        - option "Choose a country" [selected]
        - option "Germany"
        - option "France"
        - option "Japan"
  - region "Payment" [ref=e13]:
    - heading "Payment" [level=2] [ref=e14]
    - iframe [ref=e15]:
      - generic:
        - text: Card number
        - textbox "Card number" [ref=f1_e16]
        - text: Expiry (MM/YY)
        - textbox "Expiry (MM/YY)" [ref=f1_e17]
        - text: CVC
        - textbox "CVC" [ref=f1_e18]
        - text: Card brand
        - combobox "Card brand" [ref=f1_e19]:
          - option "Visa" [selected]
          - option "Mastercard"
        - button "Pay $1,018" [ref=f1_e20]
    - status: Waiting for payment"""


async def test_checkout_card_form_in_a_cross_origin_frame(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("checkout.html")
    await tools.ok("browser_navigate", url=url)
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text == f'Page: "Checkout" ({url})\n{CHECKOUT}'
    assert snapshot.data["refCount"] == 20

    selected = await tools.ok("browser_select_option", ref="e12", values=["Japan"])
    assert selected.text == (
        'Selected in combobox "Country" [ref=e12]. Selected now: "jp". Next: browser_snapshot to see the result.'
        + "\nawait page.getByRole('combobox', { name: 'Country' }).selectOption('Japan');"
    )
    assert selected.data["selected"] == ["jp"]
    typed = await tools.ok("browser_type", ref="f1_e16", text="4242 4242 4242 4242")
    assert (
        typed.text
        == 'Typed into textbox "Card number" [ref=f1_e16]. Next: browser_snapshot to see the result.'
        + "\nawait page.getByTestId('card-frame').contentFrame().getByRole('textbox', { name: 'Card number' }).fill('<secret>');"
    )
    # Keys go to the focused element, inside the frame.
    assert (
        (await tools.ok("browser_press_key", key="Tab")).text
        == "Pressed Tab. Next: browser_snapshot to see the result."
        + "\nawait page.getByTestId('card-frame').contentFrame().getByRole('textbox', { name: 'Card number' }).press('Tab');"
    )
    assert (
        '        - textbox "Expiry (MM/YY)" [active] [ref=f1_e17]'
        in (await tools.ok("browser_snapshot")).text.splitlines()
    )
    await tools.ok("browser_type", ref="f1_e17", text="12/30")
    brand = await tools.ok("browser_select_option", ref="f1_e19", values=["Mastercard"])
    assert brand.data["selected"] == ["mc"]
    await tools.ok("browser_type", ref="f1_e18", text="123", submit=True)
    waited = await tools.ok("wait_for_browser", text="Paid with Mastercard")  # text inside a frame counts
    assert waited.data["condition"] == "text 'Paid with Mastercard' to appear"
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert '        - textbox "Card number" [ref=f1_e16]: ••••' in lines  # autocomplete=cc-number: masked
    assert '        - textbox "CVC" [active] [ref=f1_e18]: ••••' in lines  # autocomplete=cc-csc
    assert '          - option "Mastercard" [selected]' in lines
    assert "      - status: Paid with Mastercard ending 4242" in lines
    assert '    - status: "Payment accepted: card ending 4242, shipping to jp"' in lines
    assert '        - option "Japan" [selected]' in lines


async def test_structural_tools_on_a_cross_origin_frame_ref(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("checkout.html"))
    await tools.ok("browser_snapshot")
    card_url = other_origin(fixture_url("card-form.html"))
    frames = [
        {
            "prefix": "f1_",
            "url": card_url,
            "iframe": {
                "ref": "e15",
                "tagName": "iframe",
                "attributes": {
                    "id": "card-frame",
                    "data-testid": "card-frame",
                    "name": "card",
                    "title": "Card details",
                    "src": card_url,
                },
            },
        }
    ]
    resolved = await tools.ok("resolve_container", ref="f1_e16")
    assert resolved.data == {
        "target": {
            "ref": "f1_e16",
            "tagName": "input",
            "role": "textbox",
            "name": "Card number",
            "text": "",
            "attributes": {"id": "number", "name": "number"},
        },
        # The chain ends at the frame's <body>: the form is the only ancestor below it.
        "ancestors": [
            {
                "level": 1,
                "tagName": "form",
                "attributes": {"id": "card-form", "data-testid": "card-form"},
                "childElements": 9,
                "containsRefs": ["f1_e16", "f1_e17", "f1_e18", "f1_e19", "f1_e20"],
            }
        ],
        "frames": frames,
    }
    anchors = await tools.ok("extract_anchors", ref="f1_e20", ancestorLevel=1)
    assert [(d["tagName"], d.get("ref"), d.get("name")) for d in anchors.data["descendants"]] == [
        ("label", None, None),
        ("input", "f1_e16", "Card number"),
        ("label", None, None),
        ("input", "f1_e17", "Expiry (MM/YY)"),
        ("label", None, None),
        ("input", "f1_e18", "CVC"),
        ("label", None, None),
        ("select", "f1_e19", "Card brand"),
        ("option", None, "Visa"),
        ("option", None, "Mastercard"),
        ("button", "f1_e20", "Pay $1,018"),
    ]
    assert anchors.data["frames"] == frames
    pattern = await tools.ok("inspect_pattern", ref="f1_e20", ancestorLevel=1)
    assert pattern.data["containerAt"] == {
        "tagName": "form",
        "attributes": {"id": "card-form", "data-testid": "card-form"},
    }
    assert pattern.data["targetSiblingIndex"] == 8
    assert pattern.data["frames"] == frames
    assert await tools.error("inspect_pattern", ref="f1_e20", ancestorLevel=2) == (
        "Error executing tool inspect_pattern: ancestorLevel is out of range for f1_e20: valid levels are 1..1 "
        "(1 = parent; <body> is not counted). resolve_container lists them."
    )


NESTED = """- main [ref=e1]:
  - heading "Frames" [level=1] [ref=e2]
  - status: Nothing clicked
  - iframe [ref=e3]:
    - generic:
      - heading "Level 1" [level=2] [ref=f1_e6]
      - button "Level 1 action" [ref=f1_e7]
    - iframe [ref=f1_e8]:
      - generic:
        - heading "Level 2" [level=3] [ref=f3_e9]
        - link "Next page" [ref=f3_e10]:
          - /url: nested-2b.html
      - iframe [ref=f3_e11]:
        - generic:
          - heading "Level 3" [level=4] [ref=f4_e12]
          - button "Confirm" [ref=f4_e13]
  - iframe [ref=e4]:
    - paragraph: Sandboxed note
    - button "Inert button" [ref=f2_e14]
  - button "Add help frame" [ref=e5]"""


async def test_three_nested_frames_sandboxed_and_added_after_load(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("nested.html")
    await tools.ok("browser_navigate", url=url)
    assert (await tools.ok("browser_snapshot")).text == f'Page: "Nested frames" ({url})\n{NESTED}'

    # Main page -> same-origin frame -> cross-origin frame -> srcdoc frame: the click lands three levels down.
    clicked = await tools.ok("browser_click", ref="f4_e13")
    assert (
        clicked.text
        == 'Clicked button "Confirm" [ref=f4_e13]. Next: browser_snapshot to see the result.'
        + "\nawait page.frameLocator('iframe[title=\"Level 1\"]').frameLocator('iframe[title=\"Level 2\"]').frameLocator('iframe[title=\"Level 3\"]').getByRole('button', { name: 'Confirm' }).click();"
    )
    await tools.ok("browser_click", ref="f1_e7")
    await tools.ok("browser_click", ref="f2_e14")
    await tools.ok("browser_click", ref="e5")
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert "          - status: Confirmed at level 3" in lines
    assert "      - status: Level 1 clicked" in lines
    assert lines[-6:] == [
        '  - button "Add help frame" [active] [ref=e5]',
        "  - iframe [ref=e15]:",
        '    - heading "Help" [level=2] [ref=f5_e16]',
        '    - link "Read the FAQ" [ref=f5_e17]:',
        '      - /url: "#faq"',
        '    - button "Helpful" [ref=f5_e18]',
    ]
    # A ref inside the frame added after load takes real input too.
    clicked = await tools.ok("browser_click", ref="f5_e18")
    assert (
        clicked.text
        == 'Clicked button "Helpful" [ref=f5_e18]. Next: browser_snapshot to see the result.'
        + "\nawait page.frameLocator('iframe[title=\"Help\"]').getByRole('button', { name: 'Helpful' }).click();"
    )
    assert (await tools.ok("browser_snapshot")).text.splitlines()[-2:] == [
        '    - button "Helpful" [active] [ref=f5_e18]',
        "    - status: Thanks for your vote",
    ]

    resolved = await tools.ok("resolve_container", ref="f4_e13")
    assert resolved.data["ancestors"] == [
        {
            "level": 1,
            "tagName": "div",
            "attributes": {"data-testid": "confirm-box"},
            "childElements": 3,
            "containsRefs": ["f4_e13"],
        }
    ]
    level_2 = other_origin(fixture_url("nested-2.html"))
    assert [
        (f["prefix"], f["url"], f["iframe"]["ref"], f["iframe"]["attributes"].get("title"))
        for f in resolved.data["frames"]
    ] == [
        ("f1_", fixture_url("nested-1.html"), "e3", "Level 1"),
        ("f3_", level_2, "f1_e8", "Level 2"),
        ("f4_", "about:srcdoc", "f3_e11", "Level 3"),
    ]


async def test_snapshot_depth_and_subtree_count_across_frames(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("nested.html"))
    await tools.ok("browser_snapshot")
    shallow = await tools.ok("browser_snapshot", depth=3)
    assert shallow.text.splitlines()[1:] == [
        "- main [ref=e1]:",
        '  - heading "Frames" [level=1] [ref=e2]',
        "  - status: Nothing clicked",
        "  - iframe [ref=e3]:",
        "    - generic:",
        "      - … 2 more",
        "    - iframe [ref=f1_e8]:",
        "      - … 8 more",
        "  - iframe [ref=e4]:",
        "    - paragraph: Sandboxed note",
        '    - button "Inert button" [ref=f2_e14]',
        '  - button "Add help frame" [ref=e5]',
    ]
    subtree = await tools.ok("browser_snapshot", ref="f1_e8")
    assert subtree.text.splitlines()[1:] == [line[4:] for line in NESTED.splitlines()[7:16]]
    assert subtree.text.splitlines()[1] == "- iframe [ref=f1_e8]:"
    cut = await tools.ok("browser_snapshot", maxChars=300)
    # The whole text, frames included, is cut at its last whole line within 300 characters.
    assert cut.data["truncated"] == {"totalChars": len(NESTED), "totalLines": 20, "shownLines": 9}
    assert cut.text.splitlines()[1:10] == NESTED.splitlines()[:9]
    assert cut.data["refCount"] == 6
    assert cut.data["cutInside"] == ["main [ref=e1]", "iframe [ref=e3]", "iframe [ref=f1_e8]", "generic"]


async def test_a_frame_navigating_and_its_stale_refs(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("nested.html"))
    await tools.ok("browser_snapshot")
    level_2 = other_origin(fixture_url("nested-2.html"))
    level_2b = other_origin(fixture_url("nested-2b.html"))
    clicked = await tools.ok("browser_click", ref="f3_e10")
    assert clicked.text == (
        f'Clicked link "Next page" [ref=f3_e10]. Frame f3 navigated to {level_2b} (HTTP 200). '
        "Next: browser_snapshot to see the result."
        + "\nawait page.frameLocator('iframe[title=\"Level 1\"]').frameLocator('iframe[title=\"Level 2\"]').getByRole('link', { name: 'Next page' }).click();"
    )
    assert clicked.data["frameUrl"] == level_2b
    assert clicked.data["url"] == fixture_url("nested.html")
    assert await tools.error("browser_click", ref="f3_e10") == (
        f"Error executing tool browser_click: ref f3_e10 is stale: it belonged to {level_2}, a document frame f3 "
        f"has left (it now shows {level_2b}); call browser_snapshot for fresh refs"
    )
    # The srcdoc frame inside the old document went with it.
    assert await tools.error("resolve_container", ref="f4_e13") == (
        "Error executing tool resolve_container: ref f4_e13 is stale: its frame f4 (about:srcdoc) was removed from "
        "the page; call browser_snapshot for fresh refs"
    )
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    # The frame keeps its ordinal across its navigation (and its move between processes).
    assert lines[8:11] == [
        "    - iframe [ref=f1_e8]:",
        '      - heading "Level 2, next page" [level=3] [ref=f3_e15]',
        '      - button "Continue" [ref=f3_e16]',
    ]
    # The frame's navigation added a history entry: going back moves the frame, not the page.
    back = await tools.ok("browser_go_back")
    assert back.text == (
        f"Frame f3 navigated to {level_2} (HTTP 200 OK); the page stays at {fixture_url('nested.html')}. "
        'Title: "Nested frames". Next: browser_snapshot.'
    )
    assert back.data == {
        "url": fixture_url("nested.html"),
        "frame": "f3",
        "frameUrl": level_2,
        "title": "Nested frames",
        "status": 200,
        "statusText": "OK",
    }
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert lines[8:13] == [
        "    - iframe [ref=f1_e8]:",
        "      - generic:",
        '        - heading "Level 2" [level=3] [ref=f3_e17]',
        '        - link "Next page" [ref=f3_e18]:',
        "          - /url: nested-2b.html",
    ]


async def test_covered_iframe_and_hover_in_a_frame(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("checkout.html"))
    await tools.ok("browser_snapshot")
    hovered = await tools.ok("browser_hover", ref="f1_e20")
    assert (
        hovered.text
        == 'Hovered button "Pay $1,018" [ref=f1_e20]. Next: browser_snapshot to see the result.'
        # The button's name holds a price (volatile): its role alone is unique in the frame and ranks first.
        + "\nawait page.getByTestId('card-frame').contentFrame().getByRole('button').hover();"
    )
    # An overlay in the page over the iframe: the click inside the frame is refused, naming the overlay.
    await tools.ok("browser_navigate", url=fixture_url("checkout.html?overlay=1"))
    await tools.ok("browser_snapshot")
    # A new document, a new iframe: a new frame (f2).
    assert await tools.error("browser_click", ref="f2_e40") == (
        'Error executing tool browser_click: cannot click f2_e40 (button "Pay $1,018") after 1 s of retries: another '
        'element covers its centre: <div id="overlay"> "Processing…". Close or dismiss that first (a dialog, cookie '
        "banner or overlay), then retry."
    )
