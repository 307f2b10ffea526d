"""verify_locator through a real MCP client over stdio: counts, matches, targets, roles and errors."""

from __future__ import annotations

import re
from collections.abc import Callable

from mcp import Client

from tests.e2e.conftest import Tools
from verdex.browser.launcher import BrowserOptions
from verdex.commands.demo import first_button
from verdex.server.app import build_server
from verdex.server.config import RoleConfig, ServerConfig
from verdex.server.session import open_session

URL = Callable[[str], str]

REFERENCE_TS = (
    "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', { name: 'Add to Cart' })"
)
REFERENCE_PY = (
    'page.get_by_test_id("product-card").filter(has_text="iPhone 15 Pro").get_by_role("button", name="Add to Cart")'
)


async def _error(tools: Tools, **arguments: str) -> str:
    """A verify_locator tool error's text, without the SDK's "Error executing tool" prefix."""
    return (await tools.error("verify_locator", **arguments)).removeprefix("Error executing tool verify_locator: ")


async def _shop(tools: Tools, fixture_url: URL) -> str:
    """Open the shop and return the ref of the iPhone 15 Pro card's Add to Cart button."""
    await tools.ok("browser_navigate", url=fixture_url("shop.html"))
    return first_button((await tools.ok("browser_snapshot")).text, "Add to Cart")


async def test_the_reference_locator_is_unique_and_is_the_target(tools: Tools, fixture_url: URL) -> None:
    ref = await _shop(tools, fixture_url)
    for locator in (REFERENCE_TS, REFERENCE_PY):
        answer = await tools.ok("verify_locator", locator=locator, ref=ref)
        expected = {
            "count": 1,
            "unique": True,
            "matches": [{"ref": ref, "tagName": "button", "role": "button", "name": "Add to Cart"}],
            "matchesTarget": True,
            "targetIndex": 0,
        }
        assert answer.data == expected
        assert answer.text == (
            '{"count":1,"unique":true,"matches":[{"ref":"' + ref + '","tagName":"button","role":"button",'
            '"name":"Add to Cart"}],"matchesTarget":true,"targetIndex":0}'
        )


async def test_an_ambiguous_locator_lists_ten_matches_and_counts_the_rest(tools: Tools, fixture_url: URL) -> None:
    ref = await _shop(tools, fixture_url)
    answer = await tools.ok("verify_locator", locator="page.getByRole('button', { name: 'Add to Cart' })", ref=ref)
    data = answer.data
    assert (data["count"], data["unique"], data["omitted"], data["matchesTarget"], data["targetIndex"]) == (
        12,
        False,
        2,
        False,
        0,
    )
    assert len(data["matches"]) == 10
    assert data["matches"][0]["ref"] == ref
    assert {match["name"] for match in data["matches"]} == {"Add to Cart"}
    # The fifth card's button is a match, but not the one the locator would act on alone.
    fifth = data["matches"][4]["ref"]
    other = await tools.ok(
        "verify_locator", locator="page.getByRole('button', { name: 'Add to Cart' }).first()", ref=fifth
    )
    assert (other.data["count"], other.data["matchesTarget"]) == (1, False)
    assert "targetIndex" not in other.data


async def test_zero_matches_and_text_of_matches(tools: Tools, fixture_url: URL) -> None:
    await _shop(tools, fixture_url)
    none = await tools.ok("verify_locator", locator="page.getByRole('button', { name: 'Buy now' })")
    assert {key: value for key, value in none.data.items() if key != "diagnosis"} == {
        "count": 0,
        "unique": False,
        "matches": [],
    }
    # Nothing on the page is named like it: the diagnosis has the count and no near miss.
    assert none.data["diagnosis"] == {
        "steps": [{"step": "page.getByRole('button', { name: 'Buy now' })", "count": 0}],
        "lostAt": 0,
    }
    prices = await tools.ok("verify_locator", locator='page.get_by_test_id("product-card").filter(has_text="$149")')
    assert prices.data["count"] == 2
    assert [m["text"][:30] for m in prices.data["matches"]] == [
        "Kindle Paperwhite A 6.8-inch g",
        "Bose SoundLink Flex Rugged, wa",
    ]
    assert all("role" not in m for m in prices.data["matches"])


async def test_hidden_matches_are_marked(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("locators/hidden.html"))
    answer = await tools.ok("verify_locator", locator="page.getByTestId('status')")
    assert answer.data["count"] == 2
    assert [(m["text"], m.get("visible")) for m in answer.data["matches"]] == [("Saved", False), ("Ready", None)]
    hidden = await tools.ok(
        "verify_locator", locator="page.getByRole('button', { name: 'Display none', includeHidden: true })"
    )
    assert hidden.data["matches"][0]["name"] == "Display none"
    assert hidden.data["matches"][0]["visible"] is False


async def test_parse_errors_point_at_the_place(tools: Tools, fixture_url: URL) -> None:
    await _shop(tools, fixture_url)
    text = await _error(tools, locator="page.getByRole('button', { name: 'Add' }")
    assert text == (
        "expected ',' or ')' to close getByRole(, but the locator ends here (line 1, column 41):\n"
        "  page.getByRole('button', { name: 'Add' }\n"
        "                                          ^"
    )
    text = await _error(tools, locator="page.getByText(/(unclosed/)")
    assert text.startswith(
        "Playwright would fail on this locator: invalid regular expression /(unclosed/: "
        "Invalid regular expression: /(unclosed/: Unterminated group (line 1, column 6):\n"
    )
    text = await _error(tools, locator="page.locator('button:hovered')")
    assert text.startswith(
        'Playwright would fail on this locator: the browser rejects the CSS selector "button:hovered"'
    )
    # The session is still usable.
    assert (await tools.ok("verify_locator", locator="page.getByRole('searchbox')")).data["count"] == 1


async def test_refs_and_roles(tools: Tools, fixture_url: URL) -> None:
    ref = await _shop(tools, fixture_url)
    text = await _error(tools, locator="page.getByRole('button')", ref="e99999")
    assert text == "ref e99999 was never given out in this session; call browser_snapshot and use a ref it prints"
    text = await _error(tools, locator="page.getByRole('button')", role="admin")
    assert text == "there is no role 'admin'; roles: default (or \"all\")"
    answer = await tools.ok("verify_locator", locator=REFERENCE_TS, role="default", ref=ref)
    assert answer.data["role"] == "default"
    assert answer.data["url"] == fixture_url("shop.html")
    assert answer.data["matchesTarget"] is True
    every = await tools.ok("verify_locator", locator=REFERENCE_TS, role="all", ref=ref)
    assert every.data == {
        "roles": [
            {
                "role": "default",
                "url": fixture_url("shop.html"),
                "count": 1,
                "unique": True,
                "matches": [{"ref": ref, "tagName": "button", "role": "button", "name": "Add to Cart"}],
                "matchesTarget": True,
                "targetIndex": 0,
            }
        ]
    }
    await tools.ok("browser_navigate", url=fixture_url("login.html"))
    stale = await _error(tools, locator=REFERENCE_TS, ref=ref)
    assert stale.startswith(f"ref {ref} is stale")


async def test_frame_locators_through_an_out_of_process_iframe(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("checkout.html"))
    snapshot = (await tools.ok("browser_snapshot")).text
    match = re.search(r'textbox "Card number" \[ref=(f\d+_e\d+)\]', snapshot)
    assert match, snapshot
    ref = match.group(1)
    card_url = fixture_url("card-form.html").replace("127.0.0.1", "localhost")
    for locator in (
        "page.frameLocator('[data-testid=card-frame]').getByLabel('Card number')",
        'page.get_by_title("Card details").content_frame.get_by_role("textbox", name="Card number")',
    ):
        answer = await tools.ok("verify_locator", locator=locator, ref=ref)
        assert answer.data == {
            "count": 1,
            "unique": True,
            "matches": [{"ref": ref, "tagName": "input", "role": "textbox", "name": "Card number"}],
            "matchesTarget": True,
            "targetIndex": 0,
            "frameUrl": card_url,
        }
    # The same field located in the main frame is not found: the target is in the frame.
    outside = await tools.ok("verify_locator", locator="page.getByLabel('Card number')", ref=ref)
    assert (outside.data["count"], outside.data["matchesTarget"]) == (0, False)
    nothing = await tools.ok("verify_locator", locator="page.frameLocator('#no-such-frame').getByRole('button')")
    assert {key: value for key, value in nothing.data.items() if key != "diagnosis"} == {
        "count": 0,
        "unique": False,
        "matches": [],
    }
    assert nothing.data["diagnosis"]["steps"] == [
        {"step": "page.frameLocator('#no-such-frame')", "iframes": 0},
        {"step": ".getByRole('button')", "count": 0},
    ]
    assert nothing.data["diagnosis"]["lostAt"] == 0
    text = await _error(tools, locator="page.frameLocator('h1').getByRole('button')")
    assert text == (
        'Playwright would fail on this locator: the locator before entering a frame matched <h1> "Checkout", '
        "but frameLocator()/contentFrame() needs an <iframe> (line 1, column 19):\n"
        "  page.frameLocator('h1').getByRole('button')\n"
        "                    ^^^^"
    )


async def test_per_role_answers(cdp_endpoint: str, fixture_url: URL) -> None:
    """Two roles (in-process server, same tools): each role's page answers for itself."""
    config = ServerConfig(
        browser=BrowserOptions(cdp_endpoint=cdp_endpoint),
        roles=(RoleConfig("admin"), RoleConfig("customer")),
        output_schemas=True,
    )
    async with open_session(config) as session, Client(build_server(session)) as client:
        tools = Tools(client)
        ref = await _shop(tools, fixture_url)
        every = await tools.ok("verify_locator", locator=REFERENCE_PY, role="all", ref=ref)
        assert [(r["role"], r["url"], r["count"], r.get("matchesTarget")) for r in every.data["roles"]] == [
            ("admin", fixture_url("shop.html"), 1, True),
            ("customer", "about:blank", 0, None),
        ]
        customer = await tools.ok("verify_locator", locator=REFERENCE_PY, role="customer")
        assert {key: value for key, value in customer.data.items() if key != "diagnosis"} == {
            "count": 0,
            "unique": False,
            "matches": [],
            "role": "customer",
            "url": "about:blank",
        }
        assert customer.data["diagnosis"]["lostAt"] == 0
        text = await _error(tools, locator=REFERENCE_PY, role="customer", ref=ref)
        assert text.startswith(f"ref {ref} belongs to role 'admin', but the current role is 'customer'")
