"""Frames through a real MCP client: same-origin, cross-origin (out-of-process), nested, srcdoc,
sandboxed and added after load; every ref tool on frame refs."""

from __future__ import annotations

from collections.abc import Callable

from tests.mcp_client import Tools

URL = Callable[[str], str]


def other_origin(url: str) -> str:
    """The same fixture server reached through the other loopback host (a cross-site origin)."""
    return url.replace("127.0.0.1", "localhost")


CHECKOUT = """- main:
  - heading "Checkout" [level=1]
  - region "Order summary":
    - heading "Order summary" [level=2]
    - list:
      - listitem: "iPhone 15 Pro: $999"
      - listitem: "USB-C cable: $19"
    - paragraph: "Total: $1,018"
  - region "Shipping":
    - heading "Shipping" [level=2]
    - generic:
      - text: Full name
      - textbox "Full name" [ref=e1]
      - text: Street
      - textbox "Street" [ref=e2]
      - text: City
      - textbox "City" [ref=e3]
      - text: Country
      - combobox "Country" [ref=e4]:
        - option "Choose a country" [selected] [ref=e5]
        - option "Germany" [ref=e6]
        - option "France" [ref=e7]
        - option "Japan" [ref=e8]
  - region "Payment":
    - heading "Payment" [level=2]
    - iframe [ref=e9]:
      - generic:
        - text: Card number
        - textbox "Card number" [ref=f1_e10]
        - text: Expiry (MM/YY)
        - textbox "Expiry (MM/YY)" [ref=f1_e11]
        - text: CVC
        - textbox "CVC" [ref=f1_e12]
        - text: Card brand
        - combobox "Card brand" [ref=f1_e13]:
          - option "Visa" [selected] [ref=f1_e14]
          - option "Mastercard" [ref=f1_e15]
        - button "Pay $1,018" [ref=f1_e16]
      - status
    - status: Waiting for payment"""


async def test_checkout_card_form_in_a_cross_origin_frame(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("checkout.html")
    await tools.ok("browser_navigate", url=url)
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text == f'Page: "Checkout" ({url})\n{CHECKOUT}'
    assert snapshot.data["refCount"] == 16

    selected = await tools.ok("browser_select_option", ref="e4", values=["Japan"])
    assert selected.text == (
        'Selected in combobox "Country" [ref=e4]. Selected now: "jp". Next: browser_snapshot to see the result.'
    )
    assert selected.data["selected"] == ["jp"]
    typed = await tools.ok("browser_type", ref="f1_e10", text="4242 4242 4242 4242")
    assert typed.text == 'Typed into textbox "Card number" [ref=f1_e10]. Next: browser_snapshot to see the result.'
    # Keys go to the focused element, inside the frame.
    assert (
        await tools.ok("browser_press_key", key="Tab")
    ).text == "Pressed Tab. Next: browser_snapshot to see the result."
    assert (
        '        - textbox "Expiry (MM/YY)" [active] [ref=f1_e11]'
        in (await tools.ok("browser_snapshot")).text.splitlines()
    )
    await tools.ok("browser_type", ref="f1_e11", text="12/30")
    brand = await tools.ok("browser_select_option", ref="f1_e13", values=["Mastercard"])
    assert brand.data["selected"] == ["mc"]
    await tools.ok("browser_type", ref="f1_e12", text="123", submit=True)
    waited = await tools.ok("wait_for_browser", text="Paid with Mastercard")  # text inside a frame counts
    assert waited.data["condition"] == "text 'Paid with Mastercard' to appear"
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert '        - textbox "Card number" [ref=f1_e10]: ••••' in lines  # autocomplete=cc-number: masked
    assert '        - textbox "CVC" [active] [ref=f1_e12]: ••••' in lines  # autocomplete=cc-csc
    assert '          - option "Mastercard" [selected] [ref=f1_e15]' in lines
    assert "      - status: Paid with Mastercard ending 4242" in lines
    assert '    - status: "Payment accepted: card ending 4242, shipping to jp"' in lines
    assert '        - option "Japan" [selected] [ref=e8]' in lines


async def test_structural_tools_on_a_cross_origin_frame_ref(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("checkout.html"))
    await tools.ok("browser_snapshot")
    card_url = other_origin(fixture_url("card-form.html"))
    frames = [
        {
            "prefix": "f1_",
            "url": card_url,
            "iframe": {
                "ref": "e9",
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
    resolved = await tools.ok("resolve_container", ref="f1_e10")
    assert resolved.data == {
        "target": {"ref": "f1_e10", "tagName": "input", "role": "textbox", "name": "Card number", "text": ""},
        # The chain ends at the frame's <body>: the form is the only ancestor below it.
        "ancestors": [
            {
                "level": 1,
                "tagName": "form",
                "attributes": {"id": "card-form", "data-testid": "card-form"},
                "childElements": 9,
                "containsRefs": ["f1_e10", "f1_e11", "f1_e12", "f1_e13", "f1_e14", "f1_e15", "f1_e16"],
            }
        ],
        "frames": frames,
    }
    anchors = await tools.ok("extract_anchors", ref="f1_e16", ancestorLevel=1)
    assert [(d["tagName"], d.get("ref"), d.get("name")) for d in anchors.data["descendants"]] == [
        ("label", None, None),
        ("input", "f1_e10", "Card number"),
        ("label", None, None),
        ("input", "f1_e11", "Expiry (MM/YY)"),
        ("label", None, None),
        ("input", "f1_e12", "CVC"),
        ("label", None, None),
        ("select", "f1_e13", "Card brand"),
        ("option", "f1_e14", "Visa"),
        ("option", "f1_e15", "Mastercard"),
        ("button", "f1_e16", "Pay $1,018"),
    ]
    assert anchors.data["frames"] == frames
    pattern = await tools.ok("inspect_pattern", ref="f1_e16", ancestorLevel=1)
    assert pattern.data["containerAt"] == {
        "tagName": "form",
        "attributes": {"id": "card-form", "data-testid": "card-form"},
    }
    assert pattern.data["targetSiblingIndex"] == 8
    assert pattern.data["frames"] == frames
    assert await tools.error("inspect_pattern", ref="f1_e16", ancestorLevel=2) == (
        "Error executing tool inspect_pattern: ancestorLevel is out of range for f1_e16: valid levels are 1..1 "
        "(1 = parent; <body> is not counted). resolve_container lists them."
    )


NESTED = """- main:
  - heading "Frames" [level=1]
  - status: Nothing clicked
  - iframe [ref=e1]:
    - generic:
      - heading "Level 1" [level=2]
      - button "Level 1 action" [ref=f1_e4]
      - status
    - iframe [ref=f1_e5]:
      - generic:
        - heading "Level 2" [level=3]
        - link "Next page" [ref=f3_e6]:
          - /url: nested-2b.html
      - iframe [ref=f3_e7]:
        - generic:
          - heading "Level 3" [level=4]
          - button "Confirm" [ref=f4_e8]
          - status
  - iframe [ref=e2]:
    - paragraph: Sandboxed note
    - button "Inert button" [ref=f2_e9]
  - button "Add help frame" [ref=e3]"""


async def test_three_nested_frames_sandboxed_and_added_after_load(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("nested.html")
    await tools.ok("browser_navigate", url=url)
    assert (await tools.ok("browser_snapshot")).text == f'Page: "Nested frames" ({url})\n{NESTED}'

    # Main page -> same-origin frame -> cross-origin frame -> srcdoc frame: the click lands three levels down.
    clicked = await tools.ok("browser_click", ref="f4_e8")
    assert clicked.text == 'Clicked button "Confirm" [ref=f4_e8]. Next: browser_snapshot to see the result.'
    await tools.ok("browser_click", ref="f1_e4")
    await tools.ok("browser_click", ref="f2_e9")
    await tools.ok("browser_click", ref="e3")
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert "          - status: Confirmed at level 3" in lines
    assert "      - status: Level 1 clicked" in lines
    assert lines[-7:] == [
        '  - button "Add help frame" [active] [ref=e3]',
        "  - iframe [ref=e10]:",
        '    - heading "Help" [level=2]',
        '    - link "Read the FAQ" [ref=f5_e11]:',
        '      - /url: "#faq"',
        '    - button "Helpful" [ref=f5_e12]',
        "    - status",
    ]
    # A ref inside the frame added after load takes real input too.
    clicked = await tools.ok("browser_click", ref="f5_e12")
    assert clicked.text == 'Clicked button "Helpful" [ref=f5_e12]. Next: browser_snapshot to see the result.'
    assert (await tools.ok("browser_snapshot")).text.splitlines()[-2:] == [
        '    - button "Helpful" [active] [ref=f5_e12]',
        "    - status: Thanks for your vote",
    ]

    resolved = await tools.ok("resolve_container", ref="f4_e8")
    assert resolved.data["ancestors"] == [
        {
            "level": 1,
            "tagName": "div",
            "attributes": {"data-testid": "confirm-box"},
            "childElements": 3,
            "containsRefs": ["f4_e8"],
        }
    ]
    level_2 = other_origin(fixture_url("nested-2.html"))
    assert [
        (f["prefix"], f["url"], f["iframe"]["ref"], f["iframe"]["attributes"].get("title"))
        for f in resolved.data["frames"]
    ] == [
        ("f1_", fixture_url("nested-1.html"), "e1", "Level 1"),
        ("f3_", level_2, "f1_e5", "Level 2"),
        ("f4_", "about:srcdoc", "f3_e7", "Level 3"),
    ]


async def test_snapshot_depth_and_subtree_count_across_frames(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("nested.html"))
    await tools.ok("browser_snapshot")
    shallow = await tools.ok("browser_snapshot", depth=3)
    assert shallow.text.splitlines()[1:] == [
        "- main:",
        '  - heading "Frames" [level=1]',
        "  - status: Nothing clicked",
        "  - iframe [ref=e1]:",
        "    - generic:",
        "      - … 3 more",
        "    - iframe [ref=f1_e5]:",
        "      - … 9 more",
        "  - iframe [ref=e2]:",
        "    - paragraph: Sandboxed note",
        '    - button "Inert button" [ref=f2_e9]',
        '  - button "Add help frame" [ref=e3]',
    ]
    subtree = await tools.ok("browser_snapshot", ref="f1_e5")
    assert subtree.text.splitlines()[1:] == [line[4:] for line in NESTED.splitlines()[8:18]]
    assert subtree.text.splitlines()[1] == "- iframe [ref=f1_e5]:"
    cut = await tools.ok("browser_snapshot", maxChars=300)
    # The whole text, frames included, is cut at its last whole line within 300 characters.
    assert cut.data["truncated"] == {"totalChars": len(NESTED), "totalLines": 22, "shownLines": 11}
    assert cut.text.splitlines()[1:12] == NESTED.splitlines()[:11]
    assert cut.data["refCount"] == 3


async def test_a_frame_navigating_and_its_stale_refs(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("nested.html"))
    await tools.ok("browser_snapshot")
    level_2 = other_origin(fixture_url("nested-2.html"))
    level_2b = other_origin(fixture_url("nested-2b.html"))
    clicked = await tools.ok("browser_click", ref="f3_e6")
    assert clicked.text == (
        f'Clicked link "Next page" [ref=f3_e6]. Frame f3 navigated to {level_2b} (HTTP 200). '
        "Next: browser_snapshot to see the result."
    )
    assert clicked.data["frameUrl"] == level_2b
    assert clicked.data["url"] == fixture_url("nested.html")
    assert await tools.error("browser_click", ref="f3_e6") == (
        f"Error executing tool browser_click: ref f3_e6 is stale: it belonged to {level_2}, a document frame f3 "
        f"has left (it now shows {level_2b}); call browser_snapshot for fresh refs"
    )
    # The srcdoc frame inside the old document went with it.
    assert await tools.error("resolve_container", ref="f4_e8") == (
        "Error executing tool resolve_container: ref f4_e8 is stale: its frame f4 (about:srcdoc) was removed from "
        "the page; call browser_snapshot for fresh refs"
    )
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    # The frame keeps its ordinal across its navigation (and its move between processes).
    assert lines[9:12] == [
        "    - iframe [ref=f1_e5]:",
        '      - heading "Level 2, next page" [level=3]',
        '      - button "Continue" [ref=f3_e10]',
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
    assert lines[9:14] == [
        "    - iframe [ref=f1_e5]:",
        "      - generic:",
        '        - heading "Level 2" [level=3]',
        '        - link "Next page" [ref=f3_e11]:',
        "          - /url: nested-2b.html",
    ]


async def test_covered_iframe_and_hover_in_a_frame(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("checkout.html"))
    await tools.ok("browser_snapshot")
    hovered = await tools.ok("browser_hover", ref="f1_e16")
    assert hovered.text == 'Hovered button "Pay $1,018" [ref=f1_e16]. Next: browser_snapshot to see the result.'
    # An overlay in the page over the iframe: the click inside the frame is refused, naming the overlay.
    await tools.ok("browser_navigate", url=fixture_url("checkout.html?overlay=1"))
    await tools.ok("browser_snapshot")
    # A new document, a new iframe: a new frame (f2).
    assert await tools.error("browser_click", ref="f2_e32") == (
        'Error executing tool browser_click: cannot click f2_e32 (button "Pay $1,018") after 1 s of retries: another '
        'element covers its centre: <div id="overlay"> "Processing…". Close or dismiss that first (a dialog, cookie '
        "banner or overlay), then retry."
    )
