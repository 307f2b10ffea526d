"""The reference walk through a real MCP client over stdio, asserted exactly."""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.e2e.conftest import Tools
from verdex.browser.structure import ExtractAnchorsAnswer, InspectPatternAnswer, ResolveContainerAnswer
from verdex.locator.compose import compose_locator, container_level_guess, is_repeating

URL = Callable[[str], str]

HEADINGS = [
    "iPhone 15 Pro",
    "MacBook Air 13",
    "AirPods Pro",
    "iPad Air",
    "Apple Watch Series 9",
    "Galaxy S24",
    "Pixel 8",
    "Sony WH-1000XM5",
    "Kindle Paperwhite",
    "Nintendo Switch OLED",
    "GoPro HERO12",
    "Bose SoundLink Flex",
]


async def test_reference_walk_on_the_testid_shop(tools: Tools, fixture_url: URL) -> None:
    navigate = await tools.ok("browser_navigate", url=fixture_url("shop.html"))
    assert navigate.text == (
        f"Navigated to {fixture_url('shop.html')} (HTTP 200 OK). "
        'Title: "TechShop: featured products". Next: browser_snapshot.'
    )
    assert navigate.data == {
        "url": fixture_url("shop.html"),
        "title": "TechShop: featured products",
        "status": 200,
        "statusText": "OK",
    }

    snapshot = await tools.ok("browser_snapshot")
    lines = snapshot.text.splitlines()
    assert lines[0] == f'Page: "TechShop: featured products" ({fixture_url("shop.html")})'
    start = lines.index('        - heading "iPhone 15 Pro" [level=3] [ref=e11]')
    assert lines[start - 1 : start + 5] == [
        "      - generic:",
        '        - heading "iPhone 15 Pro" [level=3] [ref=e11]',
        "        - paragraph: Titanium design with the A17 Pro chip.",
        "        - text: $999",
        '        - button "Add to Cart" [ref=e12]',
        "      - generic:",
    ]
    assert snapshot.data["refCount"] == 37
    assert snapshot.text.count('button "Add to Cart"') == 12

    resolve = await tools.ok("resolve_container", ref="e12")
    # The text is the structured content without the empty attributes and containsRefs of the upper levels.
    shown = json.loads(resolve.text)
    assert shown["target"] == resolve.data["target"]
    assert shown["ancestors"][:2] == resolve.data["ancestors"][:2]
    assert shown["ancestors"][2:] == [
        {"level": 3, "tagName": "section", "attributes": {"class": "featured"}, "childElements": 2, "refsOmitted": 12},
        {"level": 4, "tagName": "main", "childElements": 2, "refsOmitted": 12},
    ]
    assert resolve.data["target"] == {
        "ref": "e12",
        "tagName": "button",
        "role": "button",
        "name": "Add to Cart",
        "text": "Add to Cart",
        "attributes": {"class": "btn btn-primary", "type": "button"},
    }
    ancestors = resolve.data["ancestors"]
    assert [(a["level"], a["tagName"], a["attributes"]) for a in ancestors] == [
        (1, "div", {"data-testid": "product-card"}),
        (2, "div", {"data-testid": "product-grid"}),
        (3, "section", {"class": "featured"}),
        (4, "main", {}),
    ]
    assert [(a["childElements"], a["containsRefs"], a.get("refsOmitted")) for a in ancestors] == [
        (4, ["e12"], None),
        (12, ["e12", "e14", "e16", "e18", "e20", "e22", "e24", "e26"], 4),
        (2, [], 12),
        (2, [], 12),
    ]

    pattern = await tools.ok("inspect_pattern", ref="e12", ancestorLevel=2)
    assert pattern.data["ancestorLevel"] == 2
    assert pattern.data["containerAt"] == {
        "tagName": "div",
        "attributes": {"data-testid": "product-grid"},
    }
    assert pattern.data["targetSiblingIndex"] == 0
    siblings = pattern.data["siblings"]
    assert [s["containsText"][0] for s in siblings] == HEADINGS
    assert [s["index"] for s in siblings] == list(range(12))
    assert all(s["attributes"] == {"data-testid": "product-card"} for s in siblings)
    assert [s["outline"] for s in siblings] == [["h3", "p", "span", "button"]] + ["same"] * 11
    # The text tells the shared attributes once, as the shared outline: the structured content keeps each.
    assert pattern.text.count('"attributes":{"data-testid":"product-card"}') == 1
    assert pattern.text.count('"attributes":"same"') == 11
    assert siblings[0]["containsRefs"] == ["e12"]
    assert "omitted" not in pattern.data

    anchors = await tools.ok("extract_anchors", ref="e12", ancestorLevel=1)
    assert anchors.data["ancestorAt"] == {
        "level": 1,
        "tagName": "div",
        "attributes": {"data-testid": "product-card"},
    }
    assert anchors.data["descendants"][0] == {
        "depth": 1,
        "index": 0,
        "tagName": "h3",
        "attributes": {},
        "ref": "e11",
        "role": "heading",
        "name": "iPhone 15 Pro",
    }
    assert [d["tagName"] for d in anchors.data["descendants"]] == ["h3", "p", "span", "button"]

    composition = compose_locator(
        ResolveContainerAnswer.model_validate(resolve.data),
        InspectPatternAnswer.model_validate(pattern.data),
        ExtractAnchorsAnswer.model_validate(anchors.data),
    )
    assert composition.locator == (
        "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' })"
        ".getByRole('button', { name: 'Add to Cart' })"
    )


async def test_classless_walk_gives_section_div(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("shop-classless.html"))
    snapshot = await tools.ok("browser_snapshot")
    assert '        - button "Add to Cart" [ref=e11]' in snapshot.text.splitlines()
    resolve = await tools.ok("resolve_container", ref="e11")
    assert [(a["level"], a["tagName"], a["attributes"]) for a in resolve.data["ancestors"]] == [
        (1, "div", {}),
        (2, "div", {}),
        (3, "section", {}),
        (4, "div", {}),
    ]
    assert container_level_guess(ResolveContainerAnswer.model_validate(resolve.data)) == 1
    inner = await tools.ok("inspect_pattern", ref="e11", ancestorLevel=2)
    assert [s["tagName"] for s in inner.data["siblings"]] == ["h3", "p", "div"]
    assert not is_repeating(InspectPatternAnswer.model_validate(inner.data))
    pattern = await tools.ok("inspect_pattern", ref="e11", ancestorLevel=3)
    assert pattern.data["containerAt"] == {"tagName": "section", "attributes": {}}
    assert pattern.data["targetSiblingIndex"] == 0
    assert [s["containsText"][0] for s in pattern.data["siblings"]] == HEADINGS
    assert is_repeating(InspectPatternAnswer.model_validate(pattern.data))
    anchors = await tools.ok("extract_anchors", ref="e11", ancestorLevel=2)
    assert anchors.data["descendants"][0]["name"] == "iPhone 15 Pro"
    composition = compose_locator(
        ResolveContainerAnswer.model_validate(resolve.data),
        InspectPatternAnswer.model_validate(pattern.data),
        ExtractAnchorsAnswer.model_validate(anchors.data),
    )
    assert composition.locator == (
        "page.locator('section > div').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', { name: 'Add to Cart' })"
    )


async def test_ids_shop_needs_the_exact_heading(tools: Tools, fixture_url: URL) -> None:
    """'iPhone 15 Pro' is a substring of 'iPhone 15 Pro Max': hasText would match two cards."""
    await tools.ok("browser_navigate", url=fixture_url("shop-ids.html"))
    await tools.ok("browser_snapshot")
    resolve = await tools.ok("resolve_container", ref="e13")
    assert resolve.data["ancestors"][0] == {
        "level": 1,
        "tagName": "article",
        "attributes": {"id": "product-iphone-15-pro"},
        "childElements": 4,
        "containsRefs": ["e13"],
    }
    level = container_level_guess(ResolveContainerAnswer.model_validate(resolve.data))
    assert level == 1
    pattern = await tools.ok("inspect_pattern", ref="e13", ancestorLevel=2)
    assert pattern.data["siblings"][1]["containsText"][0] == "iPhone 15 Pro Max"
    anchors = await tools.ok("extract_anchors", ref="e13", ancestorLevel=1)
    composition = compose_locator(
        ResolveContainerAnswer.model_validate(resolve.data),
        InspectPatternAnswer.model_validate(pattern.data),
        ExtractAnchorsAnswer.model_validate(anchors.data),
    )
    assert composition.locator == (
        "page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', exact: true }) })"
        ".getByRole('button', { name: 'Add to Cart' })"
    )
    assert composition.python == (
        'page.get_by_role("article").filter(has=page.get_by_role("heading", name="iPhone 15 Pro", exact=True))'
        '.get_by_role("button", name="Add to Cart")'
    )
