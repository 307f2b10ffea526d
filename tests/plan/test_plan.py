"""``browser_run_plan`` through a real MCP client: the marketplace checkout, a wrong expectation, repairs."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from tests.e2e.conftest import Tools
from tests.support import Marketplace

HEADING = "page.getByRole('heading', { level: 1 })"
ADD_LAMP = (
    "page.getByTestId('product-card').filter({ hasText: 'Walnut Desk Lamp' })"
    ".getByRole('button', { name: 'Add to cart' })"
)
CART_LINK = "page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ })"


def checkout_plan(url: str, cart_total: str = "Total: $49.00") -> list[dict[str, Any]]:
    """Log in as the customer, add the lamp, open the cart, check out: a postcondition on every step."""
    return [
        {
            "action": "navigate",
            "url": url + "login",
            "postconditions": [
                {"type": "urlChanges"},
                {"type": "elementTextContains", "locator": HEADING, "text": "Sign in"},
            ],
        },
        {
            "action": "type",
            "locator": "page.getByLabel('Email')",
            "text": "customer@market.test",
            "postconditions": [
                {"type": "elementTextContains", "locator": "page.getByLabel('Email')", "text": "customer@market.test"}
            ],
        },
        {
            "action": "type",
            "locator": "page.getByLabel('Password')",
            "text": "customer-pass",
            "preconditions": [
                {"type": "visible"},
                {"type": "enabled"},
                {"type": "attrEquals", "name": "type", "value": "password"},
            ],
            "postconditions": [{"type": "ariaState", "state": "disabled", "value": False}],
        },
        {
            "action": "click",
            "locator": "page.getByRole('button', { name: 'Sign in' })",
            "postconditions": [
                {"type": "urlChanges"},
                {"type": "elementTextContains", "text": "Signed in as Cleo Customer (customer)"},
            ],
        },
        {
            "action": "click",
            "locator": ADD_LAMP,
            "preconditions": [{"type": "urlMatches", "pattern": "/products$"}, {"type": "enabled"}],
            "postconditions": [
                {
                    "type": "elementTextContains",
                    "locator": "page.getByRole('status')",
                    "text": "Added Walnut Desk Lamp to your cart.",
                },
                {"type": "elementTextContains", "locator": CART_LINK, "text": "Cart (1)"},
            ],
        },
        {
            "action": "click",
            "locator": "page.getByRole('link', { name: 'Cart (1)' })",
            "timeoutMs": 3000,  # time for the cart page to load on a busy machine
            "postconditions": [
                {"type": "urlChanges"},
                {"type": "elementTextContains", "locator": "page.getByTestId('cart-total')", "text": cart_total},
            ],
        },
        {
            "action": "click",
            "locator": "page.getByRole('button', { name: 'Check out' })",
            "postconditions": [
                {"type": "urlChanges"},
                {"type": "elementTextContains", "locator": HEADING, "text": "Order 1 placed"},
                {
                    "type": "elementTextContains",
                    "locator": "page.getByTestId('order-total')",
                    "text": "Total paid: $49.00",
                },
                {"type": "networkIdle", "quietMs": 200},
            ],
        },
    ]


def without_ms(text: str) -> str:
    return re.sub(r" in \d+ ms", " in N ms", text)


async def test_plan_schema_lists_every_action_and_condition(tools: Tools) -> None:
    listed = await tools.client.list_tools()
    tool = next(t for t in listed.tools if t.name == "browser_run_plan")
    schema = json.dumps(tool.input_schema)
    steps = tool.input_schema["properties"]["steps"]
    assert steps["items"]["discriminator"]["propertyName"] == "action"
    assert sorted(steps["items"]["discriminator"]["mapping"]) == [
        "click",
        "navigate",
        "press",
        "select",
        "type",
        "waitFor",
    ]
    for name in ("exists", "visible", "enabled", "urlMatches", "attrEquals"):
        assert f'"const": "{name}"' in schema
    for name in ("urlChanges", "elementTextContains", "ariaState", "networkIdle"):
        assert f'"const": "{name}"' in schema


async def test_plan_logs_in_and_checks_out(tools: Tools, marketplace: Marketplace) -> None:
    url = marketplace.url
    answer = await tools.ok("browser_run_plan", steps=checkout_plan(url))
    assert without_ms(answer.text).splitlines() == [
        "Plan done: 7 step(s) in N ms, all ok.",
        f"[0] navigate {url}login: ok",
        "[1] type page.getByLabel('Email') -> e2 (textbox \"Email\"): ok",
        "[2] type page.getByLabel('Password') -> e3 (textbox \"Password\"): ok",
        "[3] click page.getByRole('button', { name: 'Sign in' }) -> e4 (button \"Sign in\"): ok",
        f'[4] click {ADD_LAMP} -> e5 (button "Add to cart"): ok',
        "[5] click page.getByRole('link', { name: 'Cart (1)' }) -> e7 (link \"Cart (1)\"): ok",
        "[6] click page.getByRole('button', { name: 'Check out' }) -> e9 (button \"Check out\"): ok",
        f"Page: {url}orders/1. Next: browser_snapshot for its refs.",
    ]
    assert [step["url"] for step in answer.data["steps"]] == [
        url + "login",
        url + "login",
        url + "login",
        url + "products",
        url + "products",
        url + "cart",
        url + "orders/1",
    ]
    assert answer.data["steps"][2]["secret"] is True
    assert "secret" not in answer.data["steps"][1]


async def test_plan_with_a_wrong_expectation_stops_at_that_step(tools: Tools, marketplace: Marketplace) -> None:
    url = marketplace.url
    message = await tools.error("browser_run_plan", steps=checkout_plan(url, cart_total="Total: $50.00"))
    assert message.splitlines() == [
        "Error executing tool browser_run_plan: Plan failed at step [5] click page.getByRole('link', "
        "{ name: 'Cart (1)' }): postcondition elementTextContains('Total: $50.00', page.getByTestId('cart-total')) "
        'failed: e8 (paragraph) has text "Total: $49.00" (checked for 3000 ms).',
        "Steps done:",
        f"[0] navigate {url}login: ok",
        "[1] type page.getByLabel('Email') -> e2 (textbox \"Email\"): ok",
        "[2] type page.getByLabel('Password') -> e3 (textbox \"Password\"): ok",
        "[3] click page.getByRole('button', { name: 'Sign in' }) -> e4 (button \"Sign in\"): ok",
        f'[4] click {ADD_LAMP} -> e5 (button "Add to cart"): ok',
        f"Not run: 1 step(s). Page now: {url}cart. Next: browser_snapshot to see the page, then fix the plan "
        "from step [5].",
    ]
    # The session is still usable: the page is the cart the plan reached.
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.data["url"] == url + "cart"


async def test_plan_repairs_re_rendered_and_far_elements(tools: Tools, fixture_url: Callable[[str], str]) -> None:
    await tools.ok("browser_navigate", url=fixture_url("rerender.html"))
    snapshot = (await tools.ok("browser_snapshot")).text
    assert '  - button "Save" [disabled] [ref=e3]' in snapshot.splitlines()
    assert '  - button "Subscribe" [ref=e5]' in snapshot.splitlines()
    answer = await tools.ok(
        "browser_run_plan",
        steps=[
            {"action": "type", "ref": "e2", "text": "Ada"},
            {
                "action": "click",
                "ref": "e3",
                "preconditions": [{"type": "exists"}, {"type": "enabled"}],
                "postconditions": [{"type": "elementTextContains", "text": "Saved Ada"}],
            },
            {"action": "waitFor", "text": "Widget ready"},
            {
                "action": "click",
                "ref": "e5",
                "postconditions": [
                    {"type": "elementTextContains", "text": "Subscribed"},
                    {"type": "networkIdle", "quietMs": 100},
                ],
            },
            {
                "action": "click",
                "ref": "e9",
                "preconditions": [{"type": "visible"}],
                "postconditions": [{"type": "elementTextContains", "text": "Far clicked"}],
            },
        ],
    )
    assert without_ms(answer.text).splitlines()[1:-1] == [
        '[0] type e2 (textbox "Name"): ok',
        '[1] click e3 -> e10 (button "Save"): repaired: re-found e3 as e10 (button "Save": its element was re-rendered)',
        "[2] waitFor text 'Widget ready': ok",
        '[3] click e5 -> e11 (button "Subscribe"): repaired: re-found e5 as e11 (button "Subscribe": its element was '
        "re-rendered)",
        '[4] click e9 (button "Far away"): repaired: scrolled it into view',
    ]
    assert answer.text.splitlines()[0].endswith(", 3 repaired.")
    assert [step["outcome"] for step in answer.data["steps"]] == ["ok", "repaired", "ok", "repaired", "repaired"]


async def test_plan_does_not_guess_between_two_re_rendered_matches(
    tools: Tools, fixture_url: Callable[[str], str]
) -> None:
    await tools.ok("browser_navigate", url=fixture_url("rerender.html"))
    await tools.ok("browser_snapshot")
    message = await tools.error(
        "browser_run_plan", steps=[{"action": "click", "ref": "e8"}, {"action": "click", "ref": "e7"}]
    )
    assert message.splitlines()[0] == (
        "Error executing tool browser_run_plan: Plan failed at step [1] click e7: target failed: e7 was removed "
        'from the page; 2 elements now have role button and name "Archive" (e10, e11), so it is not re-found '
        "(unique match only); call browser_snapshot and pick one."
    )
    message = await tools.error(
        "browser_run_plan",
        steps=[{"action": "press", "key": "Tab", "preconditions": [{"type": "visible"}]}],
    )
    assert "precondition visible needs a step that acts on an element (ref or locator)" in message


async def test_plan_stops_at_a_failed_precondition(tools: Tools, fixture_url: Callable[[str], str]) -> None:
    url = fixture_url("actions/waits.html")
    await tools.ok("browser_navigate", url=url)
    await tools.ok("browser_snapshot")  # e2 "Load results", e3 "Start", e4 "Continue" (disabled)
    message = await tools.error(
        "browser_run_plan",
        steps=[
            {"action": "click", "ref": "e2", "preconditions": [{"type": "urlMatches", "pattern": "/waits\\.html$"}]},
            {"action": "click", "ref": "e3", "preconditions": [{"type": "urlMatches", "pattern": "/checkout$"}]},
            {"action": "click", "ref": "e4"},
        ],
    )
    assert without_ms(message).splitlines() == [
        "Error executing tool browser_run_plan: Plan failed at step [1] click e3: precondition "
        f"urlMatches('/checkout$') failed: the URL is {url}.",
        "Steps done:",
        '[0] click e2 (button "Load results"): ok',
        f"Not run: 1 step(s). Page now: {url}. Next: browser_snapshot to see the page, then fix the plan from "
        "step [1].",
    ]
    message = await tools.error(
        "browser_run_plan",
        steps=[
            {
                "action": "click",
                "ref": "e3",
                "preconditions": [{"type": "attrEquals", "name": "type", "value": "submit"}],
            }
        ],
    )
    assert message.splitlines() == [
        "Error executing tool browser_run_plan: Plan failed at step [0] click e3: precondition "
        'attrEquals(type="submit") failed: e3 (button "Start"): type is "button".',
        f"Not run: 0 step(s). Page now: {url}. Next: browser_snapshot to see the page, then fix the plan from "
        "step [0].",
    ]
    # Nothing ran: "Start" was not clicked.
    assert "  - paragraph: Not started" in (await tools.ok("browser_snapshot")).text.splitlines()


async def test_plan_waits_for_a_button_the_page_enables(tools: Tools, fixture_url: Callable[[str], str]) -> None:
    await tools.ok("browser_navigate", url=fixture_url("actions/waits.html"))
    snapshot = (await tools.ok("browser_snapshot")).text.splitlines()
    assert '  - button "Continue" [disabled] [ref=e4]' in snapshot
    # "Start" enables "Continue" 400 ms after its click: the next step's precondition waits for it.
    answer = await tools.ok(
        "browser_run_plan",
        steps=[
            {"action": "click", "ref": "e3"},
            {
                "action": "click",
                "ref": "e4",
                "preconditions": [{"type": "enabled"}],
                "postconditions": [{"type": "elementTextContains", "text": "Continued"}],
            },
        ],
    )
    lines = answer.text.splitlines()
    assert lines[0].endswith(", 1 repaired.")
    assert lines[1] == '[0] click e3 (button "Start"): ok'
    waited = re.fullmatch(
        r'\[1\] click e4 \(button "Continue"\): repaired: waited (\d+) ms for it to be enabled', lines[2]
    )
    assert waited is not None, lines[2]
    assert 100 <= int(waited.group(1)) <= 5000  # at least one 100 ms poll, at most the step timeout
    assert answer.data["steps"][1]["outcome"] == "repaired"
    assert answer.data["steps"][1]["repairs"] == [f"waited {waited.group(1)} ms for it to be enabled"]
    assert "  - paragraph: Continued" in (await tools.ok("browser_snapshot")).text.splitlines()
