"""resolveContainer, inspectPattern, extractAnchors: the reference walk, limits and errors."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.bridge.conftest import URL, LoadHtml, ref_number, run_in_page, snapshot_text, stripped_lines
from tests.support import bridge_json
from verdex.browser.browser import Browser
from verdex.browser.page import Page, PageSettings
from verdex.errors import BridgeCallError

CARD = {"data-testid": "product-card"}
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


async def first_add_to_cart(page: Page, url: str) -> int:
    await page.navigate(url)
    return ref_number(await snapshot_text(page), 'button "Add to Cart"')


async def test_resolve_container_reference_example(page: Page, fixture_url: URL) -> None:
    ref = await first_add_to_cart(page, fixture_url("shop.html"))
    assert ref == 12
    result = await bridge_json(page.bridge().resolve_container(ref))
    assert result["target"] == {
        "ref": "e12",
        "tagName": "button",
        "role": "button",
        "name": "Add to Cart",
        "text": "Add to Cart",
        "attributes": {"class": "btn btn-primary", "type": "button"},
    }
    # The headings between the buttons have refs too (e11, e13 ...): containsRefs lists interactive ones.
    eight = [f"e{n}" for n in range(12, 28, 2)]
    assert result["ancestors"] == [
        {"level": 1, "tagName": "div", "attributes": CARD, "childElements": 4, "containsRefs": ["e12"]},
        {
            "level": 2,
            "tagName": "div",
            "attributes": {"data-testid": "product-grid"},
            "childElements": 12,
            "containsRefs": eight,
            "refsOmitted": 4,
        },
        # Above the first ancestor whose list was cut: the count only.
        {
            "level": 3,
            "tagName": "section",
            "attributes": {"class": "featured"},
            "childElements": 2,
            "containsRefs": [],
            "refsOmitted": 12,
        },
        {"level": 4, "tagName": "main", "attributes": {}, "childElements": 2, "containsRefs": [], "refsOmitted": 12},
    ]
    assert "omitted" not in result


async def test_inspect_pattern_lists_the_twelve_cards(page: Page, fixture_url: URL) -> None:
    ref = await first_add_to_cart(page, fixture_url("shop.html"))
    result = await bridge_json(page.bridge().inspect_pattern(ref, 2))
    assert result["ancestorLevel"] == 2
    assert result["containerAt"] == {"tagName": "div", "attributes": {"data-testid": "product-grid"}}
    assert result["targetSiblingIndex"] == 0
    siblings = result["siblings"]
    assert [s["index"] for s in siblings] == list(range(12))
    assert all(s["tagName"] == "div" and s["attributes"] == CARD for s in siblings)
    assert [s["containsText"][0] for s in siblings] == HEADINGS
    assert siblings[0] == {
        "index": 0,
        "tagName": "div",
        "attributes": CARD,
        "containsText": ["iPhone 15 Pro", "Titanium design with the A17 Pro chip.", "$999"],
        "outline": ["h3", "p", "span", "button"],
        "containsRefs": ["e12"],
    }
    assert siblings[11]["containsRefs"] == ["e34"]
    # The repeating shape is told once.
    assert [s["outline"] for s in siblings[1:]] == ["same"] * 11
    assert "omitted" not in result


async def test_extract_anchors_finds_the_heading(page: Page, fixture_url: URL) -> None:
    ref = await first_add_to_cart(page, fixture_url("shop.html"))
    result = await bridge_json(page.bridge().extract_anchors(ref, 1))
    assert result == {
        "ancestorAt": {"level": 1, "tagName": "div", "attributes": CARD},
        "descendants": [
            {
                "depth": 1,
                "index": 0,
                "tagName": "h3",
                "attributes": {},
                "ref": "e11",
                "role": "heading",
                "name": "iPhone 15 Pro",
            },
            {
                "depth": 1,
                "index": 1,
                "tagName": "p",
                "attributes": {"class": "description"},
                "role": "paragraph",
                "directText": "Titanium design with the A17 Pro chip.",
            },
            {"depth": 1, "index": 2, "tagName": "span", "attributes": {"class": "price"}, "directText": "$999"},
            {
                "depth": 1,
                "index": 3,
                "tagName": "button",
                "attributes": {"class": "btn btn-primary", "type": "button"},
                "ref": "e12",
                "role": "button",
                "name": "Add to Cart",
            },
        ],
    }


async def test_classless_shop_walk_gives_section_and_div(page: Page, fixture_url: URL) -> None:
    ref = await first_add_to_cart(page, fixture_url("shop-classless.html"))
    result = await bridge_json(page.bridge().resolve_container(ref))
    chain = [(a["level"], a["tagName"], a["attributes"], a["childElements"]) for a in result["ancestors"]]
    assert chain == [(1, "div", {}, 2), (2, "div", {}, 3), (3, "section", {}, 12), (4, "div", {}, 3)]
    pattern = await bridge_json(page.bridge().inspect_pattern(ref, 3))
    assert pattern["containerAt"] == {"tagName": "section", "attributes": {}}
    assert pattern["targetSiblingIndex"] == 0
    assert len(pattern["siblings"]) == 12
    assert pattern["siblings"][0]["outline"] == ["h3", "p", "div"]
    assert pattern["siblings"][0]["containsText"] == ["iPhone 15 Pro", "Titanium design with the A17 Pro chip.", "$999"]


async def test_ids_shop_tells_near_duplicates_apart(page: Page, fixture_url: URL) -> None:
    ref = await first_add_to_cart(page, fixture_url("shop-ids.html"))
    pattern = await bridge_json(page.bridge().inspect_pattern(ref, 2))
    assert pattern["containerAt"] == {"tagName": "div", "attributes": {"id": "product-grid"}}
    first, second = pattern["siblings"][:2]
    assert (first["tagName"], first["attributes"], first["containsText"][0]) == (
        "article",
        {"id": "product-iphone-15-pro"},
        "iPhone 15 Pro",
    )
    assert (second["attributes"], second["containsText"][0]) == (
        {"id": "product-iphone-15-pro-max"},
        "iPhone 15 Pro Max",
    )
    anchors = await bridge_json(page.bridge().extract_anchors(ref, 1))
    assert anchors["ancestorAt"] == {"level": 1, "tagName": "article", "attributes": {"id": "product-iphone-15-pro"}}


async def test_structural_errors(page: Page, fixture_url: URL) -> None:
    ref = await first_add_to_cart(page, fixture_url("shop.html"))
    cases: list[tuple[str, dict[str, Any], str, dict[str, Any]]] = [
        ("resolveContainer", {"ref": 999}, "ref-unknown", {}),
        ("inspectPattern", {"ref": ref, "ancestorLevel": 0}, "level-out-of-range", {"ancestorCount": 4}),
        ("inspectPattern", {"ref": ref, "ancestorLevel": 5}, "level-out-of-range", {"ancestorCount": 4}),
        ("extractAnchors", {"ref": ref, "ancestorLevel": 5}, "level-out-of-range", {"ancestorCount": 4}),
        ("inspectPattern", {"ref": ref}, "bad-args", {}),
        ("inspectPattern", {"ref": "e7", "ancestorLevel": 1}, "bad-args", {}),
        ("nope", {}, "bad-args", {}),
    ]
    for method, args, code, details in cases:
        with pytest.raises(BridgeCallError) as caught:
            await page.worlds.call(page.main_frame, method, args)  # malformed on purpose: the raw call
        assert caught.value.code == code, (method, args)
        assert caught.value.details == details, (method, args)


async def test_detached_ref_reports_what_it_was(page: Page, fixture_url: URL) -> None:
    ref = await first_add_to_cart(page, fixture_url("shop.html"))
    await run_in_page(page, "document.querySelector('[data-testid=product-card] button').remove()")
    with pytest.raises(BridgeCallError) as caught:
        await bridge_json(page.bridge().resolve_container(ref))
    assert caught.value.code == "ref-detached"
    assert caught.value.details == {"tagName": "button", "role": "button", "name": "Add to Cart"}
    assert "e12" in str(caught.value)


async def test_limits_of_ancestors_siblings_and_refs(page: Page, load_html: LoadHtml) -> None:
    deep = "".join(f'<div class="d{i}">' for i in range(30)) + "<button>Deep</button>" + "</div>" * 30
    rows = "".join(f'<li class="row"><a href="/r{i}">Row {i}</a><button>Edit</button></li>' for i in range(40))
    await load_html(f"<body>{deep}<ul>{rows}</ul></body>")
    text = await snapshot_text(page)
    deep_ref = ref_number(text, 'button "Deep"')
    container = await bridge_json(page.bridge().resolve_container(deep_ref))
    assert len(container["ancestors"]) == 25
    assert container["omitted"] == 5
    assert [a["attributes"]["class"] for a in container["ancestors"][:2]] == ["d29", "d28"]

    edit_35 = ref_number(text, 'button "Edit"', 35)
    pattern = await bridge_json(page.bridge().inspect_pattern(edit_35, 2))
    assert pattern["targetSiblingIndex"] == 35
    assert [s["index"] for s in pattern["siblings"]] == [*range(29), 35]
    assert pattern["omitted"] == 10
    assert pattern["siblings"][-1]["containsText"] == ["Row 35", "Edit"]

    list_level = await bridge_json(page.bridge().resolve_container(edit_35))
    ul = list_level["ancestors"][1]
    assert ul["tagName"] == "ul"
    assert len(ul["containsRefs"]) == 8
    assert ul["refsOmitted"] == 72

    anchors = await bridge_json(page.bridge().extract_anchors(edit_35, 2))
    # 40 listed, then the target's path past the limit: its list item and itself.
    assert len(anchors["descendants"]) == 42
    assert anchors["omitted"] == 78
    assert anchors["descendants"][:3] == [
        {
            "depth": 1,
            "index": 0,
            "tagName": "li",
            "attributes": {"class": "row"},
            "ref": "e2",
            "role": "listitem",
            "fullText": "Row 0 Edit",
        },
        {
            "depth": 2,
            "index": 0,
            "tagName": "a",
            "attributes": {"href": "/r0"},
            "ref": "e3",
            "role": "link",
            "name": "Row 0",
        },
        {
            "depth": 2,
            "index": 1,
            "tagName": "button",
            "attributes": {},
            "ref": "e4",
            "role": "button",
            "name": "Edit",
        },
    ]
    assert [(d["depth"], d["index"], d["tagName"], d.get("ref")) for d in anchors["descendants"][40:]] == [
        (1, 35, "li", f"e{edit_35 - 2}"),
        (2, 1, "button", f"e{edit_35}"),
    ]


async def test_extract_anchors_depth_limit_and_skipped_content(page: Page, load_html: LoadHtml) -> None:
    await load_html(
        '<body><div data-qa="box"><button>Go</button>'
        "<div><div><div><div><span>Too deep</span></div></div></div></div>"
        '<p style="display:none">Hidden</p><script>var x = 1;</script>'
        '<svg><circle r="4"></circle></svg><label>Name <b>here</b></label></div></body>'
    )
    ref = ref_number(await snapshot_text(page), 'button "Go"')
    anchors = await bridge_json(page.bridge().extract_anchors(ref, 1))
    assert anchors["ancestorAt"] == {"level": 1, "tagName": "div", "attributes": {"data-qa": "box"}}
    summary = [(d["depth"], d["tagName"], d.get("directText"), d.get("fullText")) for d in anchors["descendants"]]
    assert summary == [
        (1, "button", None, None),
        (1, "div", None, None),
        (2, "div", None, None),
        (3, "div", None, None),
        (4, "div", None, None),
        (1, "svg", None, None),
        (1, "label", None, "Name here"),
        (2, "b", "here", None),
    ]
    assert anchors["omitted"] == 1


async def test_shadow_dom_walks_up_to_the_host(page: Page, load_html: LoadHtml) -> None:
    await load_html('<body><main><div id="host" data-testid="widget"></div></main></body>')
    await run_in_page(
        page,
        "document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = "
        "'<div class=\"inner\"><button>Shadow button</button></div>'",
    )
    ref = ref_number(await snapshot_text(page), 'button "Shadow button"')
    result = await bridge_json(page.bridge().resolve_container(ref))
    assert result["ancestors"] == [
        {"level": 1, "tagName": "div", "attributes": {"class": "inner"}, "childElements": 1, "containsRefs": ["e2"]},
        {
            "level": 2,
            "tagName": "div",
            "attributes": {"id": "host", "data-testid": "widget"},
            "childElements": 1,
            "containsRefs": ["e2"],
            "shadowHost": True,
        },
        {"level": 3, "tagName": "main", "attributes": {}, "childElements": 1, "containsRefs": ["e2"]},
    ]
    pattern = await bridge_json(page.bridge().inspect_pattern(ref, 2))
    assert pattern["siblings"] == [
        {
            "index": 0,
            "tagName": "div",
            "attributes": {"class": "inner"},
            "containsText": ["Shadow button"],
            "outline": ["button"],
            "containsRefs": ["e2"],
        },
    ]
    anchors = await bridge_json(page.bridge().extract_anchors(ref, 3))
    assert [(d["depth"], d["tagName"]) for d in anchors["descendants"]] == [(1, "div"), (2, "div"), (3, "button")]


async def test_attributes_order_cut_and_configured_test_id(page: Page, load_html: LoadHtml) -> None:
    long_class = " ".join(f"c{i}" for i in range(40))  # c0 c1 ... c39
    await load_html(
        f'<body><div alt="a" for="f" title="t" data-cy="cy" data-qa="qa" data-test-id="tid" data-test="t2" '
        f'data-testid="x" class="{long_class}" id="i" role="group" aria-label="L" name="n" data-hook="h" '
        f'style="color:red"><button>Go</button></div></body>'
    )
    ref = ref_number(await snapshot_text(page), 'button "Go"')
    result = await bridge_json(page.bridge().resolve_container(ref))
    attributes = result["ancestors"][0]["attributes"]
    assert list(attributes) == [
        "id",
        "class",
        "data-testid",
        "data-test",
        "data-test-id",
        "data-qa",
        "data-cy",
        "role",
        "aria-label",
        "name",
        "title",
        "for",
        "alt",
    ]
    # Whole class names within 40 characters, the ellipsis included; other values cut at 80.
    assert attributes["class"] == "c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11…"


async def test_configured_test_id_attribute_comes_after_the_fixed_family(browser: Browser, fixture_url: URL) -> None:
    context = await browser.new_context(PageSettings(test_id_attribute="data-hook"))
    try:
        page = await context.new_page()
        await page.navigate(fixture_url("shop.html"))
        await run_in_page(
            page, 'document.body.innerHTML = \'<div data-hook="h" data-qa="q" id="i"><button>Go</button></div>\''
        )
        ref = ref_number(await snapshot_text(page), 'button "Go"')
        result = await bridge_json(page.bridge().resolve_container(ref))
        assert list(result["ancestors"][0]["attributes"].items()) == [("id", "i"), ("data-qa", "q"), ("data-hook", "h")]
    finally:
        await context.close()


async def test_class_names_cut_whole_and_a_single_long_name(page: Page, load_html: LoadHtml) -> None:
    tailwind = "btn btn-primary mt-4 w-full rounded-md bg-indigo-600 px-3 py-2 text-sm"
    hashed = "x" * 60
    long_title = "t" * 100
    await load_html(
        f'<body><div class="{hashed}"><section class=" card  featured "><p class="{tailwind}" title="{long_title}">'
        "<button>Go</button></p></section></div></body>"
    )
    ref = ref_number(await snapshot_text(page), 'button "Go"')
    ancestors = (await bridge_json(page.bridge().resolve_container(ref)))["ancestors"]
    assert [a["attributes"] for a in ancestors] == [
        {"class": "btn btn-primary mt-4 w-full rounded-md…", "title": "t" * 79 + "…"},
        {"class": "card featured"},
        {"class": "x" * 39 + "…"},
    ]


async def test_extract_anchors_lists_a_run_of_identical_leaves_once(page: Page, load_html: LoadHtml) -> None:
    star = '<svg class="star" aria-hidden="true" viewBox="0 0 2 2"><path d="M0 0h2v2z"/></svg>'
    await load_html(
        '<body><div data-testid="card"><h3>Phone</h3>'
        f'<div class="rating">{star * 5}<span>4.8</span><span>4.8</span><span>4.9</span></div>'
        '<div class="dots"><span class="dot"></span><span class="dot"></span><span class="dot"><i>x</i></span>'
        '<span class="dot"></span></div>'
        "<button>Buy</button><button>Buy</button></div></body>"
    )
    ref = ref_number(await snapshot_text(page), 'button "Buy"')
    anchors = await bridge_json(page.bridge().extract_anchors(ref, 1))
    summary = [
        (d["depth"], d["index"], d["tagName"], d.get("count"), d.get("directText"), d.get("ref"))
        for d in anchors["descendants"]
    ]
    assert summary == [
        (1, 0, "h3", None, None, "e1"),  # the heading's ref, from the snapshot
        (1, 1, "div", None, None, None),
        (2, 0, "svg", 5, None, None),  # five identical stars: one entry
        (2, 5, "span", 2, "4.8", None),
        (2, 7, "span", None, "4.9", None),
        (1, 2, "div", None, None, None),
        (2, 0, "span", 2, None, None),
        (2, 2, "span", None, None, None),  # has a child: not a leaf, never merged
        (3, 0, "i", None, "x", None),
        (2, 3, "span", None, None, None),
        (1, 3, "button", None, None, "e2"),  # refs are never merged
        (1, 4, "button", None, None, "e3"),
    ]
    assert "omitted" not in anchors


async def test_resolve_container_target_carries_its_own_locator_attributes(page: Page, load_html: LoadHtml) -> None:
    long_value = "v" * 41
    await load_html(
        '<body><ul><li data-sku="LMP-1042"><a href="/p/lamp" data-cy="product-link" aria-describedby="d" '
        f'aria-current="page" data-track="{long_value}" data-pos="3" id="l1" class="title link">Lamp</a>'
        "</li></ul></body>"
    )
    ref = ref_number(await snapshot_text(page), 'link "Lamp"')
    target = (await bridge_json(page.bridge().resolve_container(ref)))["target"]
    # The locator attributes in their fixed order, then the other aria-* and short data-* in the
    # element's order (data-track is longer than 40 characters: state, not a name).
    assert list(target["attributes"].items()) == [
        ("id", "l1"),
        ("class", "title link"),
        ("data-cy", "product-link"),
        ("href", "/p/lamp"),
        ("aria-describedby", "d"),
        ("aria-current", "page"),
        ("data-pos", "3"),
    ]


TILES = """<body><div class="grid">
<div class="tile"><h3>Desk Lamp</h3><span>Walnut</span><span>4.5 stars</span><span>(12)</span><b>$49</b></div>
<div class="tile"><h3>Desk Lamp</h3><span>Walnut</span><span>4.5 stars</span><span>(12)</span><b>$59</b></div>
<div class="tile"><h3>Floor Lamp</h3><span>Oak</span><span>4.0 stars</span><span>(3)</span><b>$49</b></div>
</div></body>"""


async def test_inspect_pattern_texts_in_page_order_keep_what_sets_a_sibling_apart(
    page: Page, load_html: LoadHtml
) -> None:
    """Two tiles of the same name, told apart only by their price (issue 17): the price is never dropped."""
    await load_html(TILES)
    heading = ref_number(await snapshot_text(page), 'heading "Desk Lamp"')
    pattern = await bridge_json(page.bridge().inspect_pattern(heading, 2))
    assert [s["containsText"] for s in pattern["siblings"]] == [
        ["Desk Lamp", "Walnut", "4.5 stars", "$49"],
        ["Desk Lamp", "Walnut", "4.5 stars", "$59"],
        ["Floor Lamp", "Oak", "4.0 stars"],
    ]


async def test_extract_anchors_gives_the_containers_own_text(page: Page, load_html: LoadHtml) -> None:
    await load_html(
        '<body><ul class="cart"><li class="line"><span>Walnut Desk Lamp</span> × 1 '
        '<form action="/remove"><button>Remove</button></form></li></ul></body>'
    )
    ref = ref_number(await snapshot_text(page), 'button "Remove"')
    anchors = await bridge_json(page.bridge().extract_anchors(ref, 2))
    assert anchors["ancestorAt"] == {
        "level": 2,
        "tagName": "li",
        "attributes": {"class": "line"},
        "directText": "× 1",
    }
    pattern = await bridge_json(page.bridge().inspect_pattern(ref, 3))
    assert pattern["siblings"][0]["containsText"] == ["Walnut Desk Lamp", "× 1", "Remove"]


VISIBILITY_CASES = """<body><main><div id="box">
<button>Shown</button>
<button style="display: contents">Contents</button>
<details><summary>Toggle</summary><a href="#d">In closed details</a><summary>Second summary</summary></details>
<details open><summary>Open toggle</summary><a href="#o">In open details</a></details>
<div style="content-visibility: hidden"><a href="#cv">Skipped content</a></div>
<div style="content-visibility: auto"><a href="#cva">Auto content</a></div>
<div hidden style="display: block"><a href="#hb">Hidden shown by CSS</a></div>
<div hidden><a href="#h">Hidden</a></div>
<div style="visibility: hidden"><a href="#v">Invisible</a><a href="#vv" style="visibility: visible">Visible again</a></div>
<div id="host"><a href="#s" slot="named">Slotted</a><a href="#u">In a hidden slot</a><a href="#n" slot="nowhere">Unslotted</a></div>
<style id="ns" style="display: block"></style>
</div></main></body>"""


async def test_containers_count_what_is_rendered_as_the_snapshot_does(page: Page, load_html: LoadHtml) -> None:
    """The refs a container holds are the snapshot's, whichever way visibility is decided: the browser's
    box test (checkVisibility) for most elements, the exact rules for elements without a box
    (display: contents) and inside an ignored tag that CSS displays (a link put in a shown <style>)."""
    await load_html(VISIBILITY_CASES)
    await run_in_page(
        page,
        "document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = "
        '\'<slot name="named"></slot><div style="display: none"><slot></slot></div>\';'
        "const a = document.createElement('a'); a.href = '#ns'; a.textContent = 'In style';"
        "document.getElementById('ns').append(a); a.checkVisibility()",
    )
    text = await snapshot_text(page)
    shown = [
        'button "Shown" [ref=e2]',
        'button "Contents" [ref=e3]',
        "generic [ref=e4]: Toggle",
        "generic [ref=e5]: Open toggle",
        'link "In open details" [ref=e6]:',
        'link "Auto content" [ref=e7]:',
        'link "Hidden shown by CSS" [ref=e8]:',
        'link "Visible again" [ref=e9]:',
        'link "Slotted" [ref=e10]:',
    ]
    assert [line for line in stripped_lines(text) if "[ref=e" in line][1:] == [f"- {line}" for line in shown]
    for hidden in (
        "In closed details",
        "Second summary",
        "Skipped content",
        '"Hidden"',
        "Invisible",
        "In a hidden slot",
        "Unslotted",
        "In style",
    ):
        assert hidden not in text
    result = await bridge_json(page.bridge().resolve_container(2))
    box, main = result["ancestors"]
    assert box["containsRefs"] == ["e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"]
    assert box["refsOmitted"] == 1
    assert main["refsOmitted"] == 9
    assert await run_in_page(page, "document.querySelector('#ns a').checkVisibility()") is True


INTERACTIVE_KINDS = """<body><main>
<div id="native"><a href="#a">Link</a><a>No href</a><button>Button</button><input type="hidden" value="x">
<input aria-label="Text"><select aria-label="Pick"><option>One</option></select>
<select size="3" aria-label="List"><option>Listed</option></select></div>
<div id="roles"><span role="link">Span link</span><div role="button">Div button</div><li role="tab">Tab</li>
<div role="presentation">Presentation</div><div role="none" tabindex="0">Focusable none</div>
<div role="heading" aria-level="3">Heading</div><div role="checkbox BUTTON">Fallback</div></div>
<div id="others"><div tabindex="-1">Tabindex</div><div contenteditable="true">Editable</div>
<div contenteditable="false">Not editable</div><video controls aria-label="Player"></video><video></video>
<table role="grid"><tr><td>Cell</td></tr></table>
<svg width="10" height="10"><a href="#svg"><rect width="10" height="10"></rect></a></svg></div>
</main></body>"""


async def test_containers_count_every_kind_of_interactive_element(page: Page, load_html: LoadHtml) -> None:
    """What counts as interactive in a container (bridge/README.md, Refs): native controls (a drop-down's
    options aside, a list box's counted), explicit interactive roles (the first token a browser knows), a
    tabindex (even on role none), an editing host, media with controls, an SVG link; not a link without href,
    a hidden input, presentation, a heading, a grid's cell or media without controls. Only a few tags can
    have an interactive role without a role attribute; the others are never asked for one."""
    await load_html(INTERACTIVE_KINDS)
    text = await snapshot_text(page)
    # Each line as the snapshot shows it, without its ref: `generic: Tabindex`.
    lines = {
        line.split("[ref=")[1].split("]")[0]: re.sub(r" \[ref=e\d+\]", "", line).removeprefix("- ").removesuffix(":")
        for line in stripped_lines(text)
        if "[ref=" in line
    }
    counted = {}
    for first in ("Link", "Span link", "Tabindex"):
        ref = next(int(key[1:]) for key, line in lines.items() if line.endswith((f'"{first}"', f": {first}")))
        container = (await bridge_json(page.bridge().resolve_container(ref)))["ancestors"][0]
        counted[container["attributes"]["id"]] = [lines[item] for item in container["containsRefs"]]
    assert counted == {
        "native": [
            'link "Link"',
            'button "Button"',
            'textbox "Text"',
            'combobox "Pick"',
            'listbox "List"',
            'option "Listed"',
        ],
        "roles": [
            'link "Span link"',
            'button "Div button"',
            'tab "Tab"',
            "generic: Focusable none",
            'checkbox "Fallback"',
        ],
        "others": ["generic: Tabindex", "generic: Editable", "generic", "link"],
    }


CONTENT_NAMES = (
    "<style>.n::before { content: attr(data-n) '. '; } .more::after { content: ' (all ' attr(data-count) ')'; }"
    "</style><main><nav>"
    + "".join(f'<a class="n" data-n="{i}" href="#{i}">Item</a>' for i in range(1, 31))
    + '</nav><a class="more" data-count="30" href="#all">More</a></main>'
)


async def test_names_from_css_content_in_structural_calls(page: Page, load_html: LoadHtml) -> None:
    """A name made of ::before/::after content is the same in every call: a structural call's target (its few
    elements read directly) and the anchors of a list of 30 such links (past the reads a walk makes directly,
    the page's style rules tell which elements can have content), as the snapshot names them."""
    await load_html(CONTENT_NAMES)
    text = await snapshot_text(page)
    assert 'link "30. Item"' in text
    assert 'link "More (all 30)"' in text
    more = await bridge_json(page.bridge().resolve_container(ref_number(text, 'link "More (all 30)"')))
    assert (more["target"]["role"], more["target"]["name"]) == ("link", "More (all 30)")
    first = ref_number(text, 'link "1. Item"')
    anchors = await bridge_json(page.bridge().extract_anchors(first, 2))
    assert [item.get("name") for item in anchors["descendants"] if item.get("role") == "link"] == [
        *(f"{i}. Item" for i in range(1, 31)),
        "More (all 30)",
    ]


async def test_containers_count_the_same_with_and_without_a_shadow_root_in_the_page(
    page: Page, load_html: LoadHtml
) -> None:
    """resolveContainer finds the interactive elements of a page without shadow roots with the browser's
    selector engine, and walks every element of one with them: both ways give the same refs, for every ref of
    a page of visibility cases (a link in a displayed <style>, pointer-events: none, display: contents ...) and
    interactive kinds. An empty open shadow root attached off the ancestor chains turns the walk on."""
    await load_html(
        VISIBILITY_CASES.replace("</div></main></body>", "")
        + '<button style="pointer-events: none">No pointer</button><span id="spare"></span></div>'
        + INTERACTIVE_KINDS.removeprefix("<body><main>").removesuffix("</main></body>")
        + "</main></body>"
    )
    await run_in_page(
        page,
        "const a = document.createElement('a'); a.href = '#ns'; a.textContent = 'In style';"
        "document.getElementById('ns').append(a); a.checkVisibility()",
    )
    text = await snapshot_text(page)
    refs = [int(number) for number in re.findall(r"\[ref=e(\d+)\]", text)]
    assert len(refs) == 30
    flat = [await bridge_json(page.bridge().resolve_container(ref)) for ref in refs]
    box = flat[1]["ancestors"][0]
    assert (box["attributes"], box["containsRefs"], box["refsOmitted"]) == (
        {"id": "box"},
        ["e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"],
        3,  # Slotted, In a hidden slot, Unslotted: no shadow root hides them here; not In style, nor No pointer
    )
    await run_in_page(page, "document.getElementById('spare').attachShadow({mode: 'open'}); true")
    walked = [await bridge_json(page.bridge().resolve_container(ref)) for ref in refs]
    assert walked == flat
