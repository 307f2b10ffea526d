"""The bridge's ``find``: which elements a text names, their context, the counts, the errors.

Whether each match is what Playwright's locators reach is judged by real Playwright in
tests/e2e/test_find.py; here are the exact answers.
"""

from __future__ import annotations

import pytest

from tests.bridge.conftest import URL, LoadHtml
from tests.support import bridge_json
from verdex.browser.page import Page
from verdex.errors import BridgeCallError

CARDS = """<body><main><ul class="grid">
<li class="card" data-testid="product-card"><h3>Walnut Desk Lamp</h3><span>$49</span>
  <button data-testid="add"><span>Add to cart</span></button></li>
<li class="card" data-testid="product-card"><h3>Arc Floor Lamp</h3><span>$129</span>
  <button data-testid="add"><span>Add to cart</span></button></li>
<li class="card" data-testid="product-card"><h3>Arc Floor Lamp XL</h3><span>$159</span>
  <button data-testid="add"><span>Add to cart</span></button></li>
</ul>
<section aria-label="Twins"><div class="twin"><p>Same</p><a href="/1">Open</a></div>
<div class="twin"><p>Same</p><a href="/2">Open</a></div></section>
<p style="display:none">Add to cart hidden</p>
<div aria-hidden="true"><a href="/promo">Add to cart promo</a></div>
</main></body>"""


async def test_a_text_names_the_button_not_the_span_that_holds_it(page: Page, load_html: LoadHtml) -> None:
    await load_html(CARDS)
    found = await bridge_json(page.bridge().find(text="ADD  to cart"))
    assert found["total"] == 4
    assert found["hidden"] == 1
    assert "omitted" not in found
    first = found["matches"][0]
    assert first == {
        "ref": first["ref"],
        "tagName": "button",
        "role": "button",
        "name": "Add to cart",
        "matchedBy": ["name"],
        "container": {
            "ref": first["container"]["ref"],
            "tagName": "li",
            "attributes": {"class": "card", "data-testid": "product-card"},
            "level": 1,
            "index": 1,
            "count": 3,
            "text": "Walnut Desk Lamp",
        },
    }
    # "Arc Floor Lamp" is inside "Arc Floor Lamp XL": not unique, the price is.
    assert [m["container"]["text"] for m in found["matches"][:3]] == ["Walnut Desk Lamp", "$129", "Arc Floor Lamp XL"]
    # Visible inside aria-hidden: getByText reaches it, getByRole does not.
    promo = found["matches"][3]
    assert (promo["tagName"], promo["matchedBy"], promo["ariaHidden"], promo["name"]) == (
        "a",
        ["text"],
        True,
        "Add to cart promo",
    )


async def test_limit_hidden_and_include_hidden(page: Page, load_html: LoadHtml) -> None:
    await load_html(CARDS)
    limited = await bridge_json(page.bridge().find(text="add to cart", limit=2))
    assert (limited["total"], len(limited["matches"]), limited["omitted"], limited["hidden"]) == (4, 2, 2, 1)
    everything = await bridge_json(page.bridge().find(text="add to cart", include_hidden=True))
    assert everything["total"] == 5
    assert "hidden" not in everything
    hidden = [m for m in everything["matches"] if m.get("visible") is False]
    assert [(m["tagName"], m["text"]) for m in hidden] == [("p", "Add to cart hidden")]


async def test_no_unique_text_is_said_not_invented(page: Page, load_html: LoadHtml) -> None:
    await load_html(CARDS)
    found = await bridge_json(page.bridge().find(text="open", role="link"))
    assert [(m["name"], m["container"]["index"], m["container"]["text"]) for m in found["matches"]] == [
        ("Open", 1, None),
        ("Open", 2, None),
    ]
    assert found["matches"][0]["landmark"] == {
        "ref": found["matches"][0]["landmark"]["ref"],
        "role": "region",
        "name": "Twins",
    }


async def test_role_test_id_regex_and_scope(page: Page, load_html: LoadHtml) -> None:
    await load_html(CARDS)
    listitems = await bridge_json(page.bridge().find(text="arc floor", role="listitem"))
    assert [(m["matchedBy"], m["container"]["level"], m["container"]["index"]) for m in listitems["matches"]] == [
        (["text"], 0, 2),
        (["text"], 0, 3),
    ]
    by_test_id = await bridge_json(page.bridge().find(text="product-card"))
    assert [m["attribute"] for m in by_test_id["matches"]] == [{"name": "data-testid", "value": "product-card"}] * 3
    prices = await bridge_json(page.bridge().find(regex=r"^\$1\d\d$"))
    assert [m["text"] for m in prices["matches"]] == ["$129", "$159"]
    card = int(listitems["matches"][1]["ref"].removeprefix("e"))
    inside = await bridge_json(page.bridge().find(text="lamp", root=card))
    assert [(m["role"], m.get("name")) for m in inside["matches"]] == [("heading", "Arc Floor Lamp XL")]


async def test_find_errors(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    for args, message in [
        ({"limit": 5}, "text (or regex) is required"),
        ({"text": "  "}, "text (or regex) is required"),
        ({"text": "a", "regex": "b"}, "give text or regex, not both"),
        ({"regex": "("}, "invalid regular expression"),
    ]:
        with pytest.raises(BridgeCallError) as caught:
            await page.worlds.call(page.main_frame, "find", args)  # malformed on purpose: the raw call
        assert message in str(caught.value), args


async def test_a_role_find_does_not_know_is_refused_by_the_bridge_too(page: Page, fixture_url: URL) -> None:
    """The roles come from one list: the bridge's ``PlaywrightRole`` (contract.json), which browser_find checks first."""
    await page.navigate(fixture_url("shop.html"))
    with pytest.raises(BridgeCallError) as raised:
        await page.bridge().find(text="a", role="buton")
    assert str(raised.value).startswith('role "buton" is not an ARIA role getByRole takes')
