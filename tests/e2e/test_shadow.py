"""Shadow DOM through a real MCP client: open roots and slots in render order, nested roots, a
closed root shown as such, structural chains through shadow roots to their hosts."""

from __future__ import annotations

from collections.abc import Callable

from tests.mcp_client import Tools

URL = Callable[[str], str]

COMPONENTS = """- main [ref=e1]:
  - heading "Component shop" [level=1] [ref=e2]
  - generic:
    - article:
      - generic:
        - heading "iPhone 15 Pro" [level=3] [ref=e3]
        - text: New
      - text: $999
      - generic:
        - button "Add to Cart" [ref=e4]
        - button "Details" [ref=e5]
    - article:
      - generic:
        - heading "iPhone 15 Pro Max" [level=3] [ref=e6]
        - text: Bestseller
      - text: $1,199
      - generic:
        - button "Add to Cart" [ref=e7]
        - button "Details" [ref=e8]
    - article:
      - generic:
        - heading "MacBook Air 13" [level=3] [ref=e9]
        - text: New
      - text: $1,099
      - generic:
        - button "Add to Cart" [ref=e10]
        - button "Details" [ref=e11]
  - generic:
    - heading "Stay in touch" [level=2] [ref=e12]
    - generic:
      - text: Newsletter email
      - textbox "Newsletter email" [ref=e13]
      - button "Subscribe" [ref=e14]
  - generic [ref=e15]:
    - … closed shadow root
    - text: Enter your PIN
  - status: Ready"""


async def test_snapshot_in_render_order_with_a_closed_root(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("components.html")
    await tools.ok("browser_navigate", url=url)
    snapshot = await tools.ok("browser_snapshot")
    # Light DOM order is price, title, button; the card's shadow tree renders title, badge (its
    # fallback "New" unless a badge is slotted), price, then the slotted button and its own "Details".
    # The pin pad's root is closed: shown as such, its host has a ref, its unslotted child is not shown.
    assert snapshot.text == f'Page: "Component shop" ({url})\n{COMPONENTS}'
    assert snapshot.data["refCount"] == 15
    assert (await tools.ok("browser_snapshot")).text == snapshot.text  # stable, refs kept


async def test_actions_on_shadow_refs(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("components.html"))
    await tools.ok("browser_snapshot")
    await tools.ok("browser_click", ref="e8")
    assert "  - status: Details of iPhone 15 Pro Max" in (await tools.ok("browser_snapshot")).text.splitlines()
    await tools.ok("browser_click", ref="e10")
    assert "  - status: Added MacBook Air 13 to cart" in (await tools.ok("browser_snapshot")).text.splitlines()
    typed = await tools.ok("browser_type", ref="e13", text="ada@example.com", submit=True)
    assert (
        typed.text
        == 'Typed into textbox "Newsletter email" [ref=e13]. Next: browser_snapshot to see the result.'
        + "\nawait page.getByRole('textbox', { name: 'Newsletter email' }).fill('ada@example.com');\nawait page.getByRole('textbox', { name: 'Newsletter email' }).press('Enter');"
    )
    assert "  - status: Subscribed ada@example.com" in (await tools.ok("browser_snapshot")).text.splitlines()
    # Clicking the closed host clicks what its hidden tree shows at its centre.
    clicked = await tools.ok("browser_click", ref="e15")
    assert (
        clicked.text
        == "Clicked generic [ref=e15]. Next: browser_snapshot to see the result."
        + "\nawait page.getByTestId('pin-pad').click();"
    )
    assert "  - status: PIN key 2" in (await tools.ok("browser_snapshot")).text.splitlines()


async def test_structural_chains_through_shadow_roots(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("components.html"))
    await tools.ok("browser_snapshot")
    card = {"data-testid": "product-card"}
    # "Details" lives in the card's shadow root: the chain climbs to the host (shadowHost), then on.
    details = await tools.ok("resolve_container", ref="e5")
    assert details.data == {
        "target": {
            "ref": "e5",
            "tagName": "button",
            "role": "button",
            "name": "Details",
            "text": "Details",
            "attributes": {"class": "details", "type": "button"},
        },
        "ancestors": [
            {
                "level": 1,
                "tagName": "div",
                "attributes": {"class": "actions"},
                "childElements": 2,
                "containsRefs": ["e5"],
            },
            {
                "level": 2,
                "tagName": "article",
                "attributes": {"class": "card"},
                "childElements": 3,
                "containsRefs": ["e5"],
            },
            # The tree Playwright's locators search: a host's shadow tree, then its light children.
            {
                "level": 3,
                "tagName": "product-card",
                "attributes": card,
                "childElements": 5,
                "containsRefs": ["e5", "e4"],
                "shadowHost": True,
            },
            {
                "level": 4,
                "tagName": "product-grid",
                "attributes": {},
                "childElements": 5,
                "containsRefs": ["e5", "e4", "e8", "e7", "e11", "e10"],
            },
            {
                "level": 5,
                "tagName": "main",
                "attributes": {},
                "childElements": 5,
                "containsRefs": ["e5", "e4", "e8", "e7", "e11", "e10", "e13", "e14"],
                "refsOmitted": 1,
            },
        ],
    }
    # "Add to Cart" is slotted light DOM: its parent is the host itself.
    add = await tools.ok("resolve_container", ref="e4")
    assert [(a["level"], a["tagName"], a.get("shadowHost")) for a in add.data["ancestors"]] == [
        (1, "product-card", None),
        (2, "product-grid", None),
        (3, "main", None),
    ]
    # Two open roots deep: newsletter-form inside site-footer's shadow tree.
    email = await tools.ok("resolve_container", ref="e13")
    assert [(a["tagName"], a["attributes"], a.get("shadowHost")) for a in email.data["ancestors"]] == [
        ("form", {"class": "newsletter"}, None),
        ("newsletter-form", {"data-testid": "newsletter"}, True),
        ("footer", {"class": "site-footer"}, None),
        ("site-footer", {}, True),
        ("main", {}, None),
    ]
    pattern = await tools.ok("inspect_pattern", ref="e7", ancestorLevel=2)
    assert pattern.data["targetSiblingIndex"] == 1
    assert [(s["attributes"], s["containsText"][:2], s["containsRefs"]) for s in pattern.data["siblings"]] == [
        (card, ["New", "Details"], ["e5", "e4"]),
        (card, ["Details", "$1,199"], ["e8", "e7"]),
        (card, ["New", "Details"], ["e11", "e10"]),
    ]
    # Slotted content is listed where it renders: under its slot, in the shadow tree's order, and
    # marked slotted (for a locator it is the host's child, not the slot's).
    anchors = await tools.ok("extract_anchors", ref="e7", ancestorLevel=1)
    assert [
        (
            d["depth"],
            d["index"],
            d["tagName"],
            d.get("ref") or d.get("name") or d.get("directText") or "",
            d.get("slotted", False),
        )
        for d in anchors.data["descendants"]
    ] == [
        (1, 1, "article", "", False),
        (2, 0, "header", "", False),
        (3, 0, "slot", "", False),
        (4, 0, "h3", "e6", True),
        (3, 1, "slot", "", False),
        (4, 0, "span", "Bestseller", True),
        (2, 1, "slot", "", False),
        (3, 0, "span", "$1,199", True),
        (2, 2, "div", "", False),
        (3, 0, "slot", "", False),
        (4, 0, "button", "e7", True),
        (3, 1, "button", "e8", False),
    ]


async def test_closed_shadow_root_facts(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("components.html"))
    await tools.ok("browser_snapshot")
    pin = await tools.ok("resolve_container", ref="e15")
    assert pin.data["target"] == {
        "ref": "e15",
        "tagName": "pin-pad",
        "role": "generic",
        "name": "",
        "text": "Enter your PIN",
        "attributes": {"data-testid": "pin-pad"},
        "closedShadowRoot": True,
    }
    anchors = await tools.ok("extract_anchors", ref="e15", ancestorLevel=1)
    entry = next(d for d in anchors.data["descendants"] if d["tagName"] == "pin-pad")
    assert entry == {
        "depth": 1,
        "index": 3,
        "tagName": "pin-pad",
        "attributes": {"data-testid": "pin-pad"},
        "ref": "e15",
        "closedShadowRoot": True,
    }


async def test_a_closed_root_on_a_built_in_element_is_shown_as_such(tools: Tools, fixture_url: URL) -> None:
    """A ``div`` whose closed root slots nothing (its light paragraph has no box) is asked about over CDP within the
    call and shown with a ref and its closed-root line; a closed root that slots its light child leaves no tell (the
    light content shows), and neither does content that ``content-visibility: hidden`` skips."""
    url = fixture_url("closed-builtin.html")
    await tools.ok("browser_navigate", url=url)
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text == (
        f'Page: "Closed roots on built-in elements" ({url})\n'
        "- main [ref=e1]:\n"
        '  - heading "Closed roots on built-in elements" [level=1] [ref=e2]\n'
        "  - generic [ref=e3]:\n"
        "    - … closed shadow root\n"
        "  - paragraph: Slotted light text\n"
        "  - paragraph: After"
    )
    assert (await tools.ok("browser_snapshot")).text == snapshot.text
