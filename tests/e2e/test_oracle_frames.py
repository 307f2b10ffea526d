"""Real Playwright confirms locators built from the tools' facts on the frame, shadow DOM and SPA
fixtures: each matches exactly the intended element, and acting on it does what the page says."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import trio
from mcp import Client
from playwright.sync_api import Browser

from tests.mcp_client import Tools
from tests.oracle import locate, playwright_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.structure import ExtractAnchorsAnswer, InspectPatternAnswer, ResolveContainerAnswer
from verdex.locator.compose import Step, compose_locator, container_level_guess, frame_steps, is_repeating, render_js
from verdex.server.app import build_server
from verdex.server.config import ServerConfig
from verdex.server.session import open_session

URL = Callable[[str], str]


@pytest.fixture(scope="module")
def judge() -> Iterator[Browser]:
    with playwright_browser() as browser:
        yield browser


def _ref(snapshot: str, line: str) -> str:
    """The ref on the snapshot line that starts (after indent) with ``line``."""
    match = re.search(rf"^ *- {re.escape(line)} (?:\[[^\]]+\] )*\[ref=([^\]]+)\]", snapshot, re.MULTILINE)
    assert match, f"{line!r} not in\n{snapshot}"
    return match.group(1)


async def _facts(
    url: str, endpoint: str, line: str, steps: tuple[tuple[str, dict[str, Any]], ...] = ()
) -> tuple[ResolveContainerAnswer, InspectPatternAnswer | None, ExtractAnchorsAnswer | None]:
    """Navigate, snapshot, run ``steps``, snapshot, then resolve_container on the element of ``line``
    and, when its container repeats, the pattern and anchors the demo walk uses."""
    config = ServerConfig(browser=BrowserOptions(cdp_endpoint=endpoint), output_schemas=True)
    async with open_session(config) as session, Client(build_server(session)) as client:
        tools = Tools(client)
        await tools.ok("browser_navigate", url=url)
        await tools.ok("browser_snapshot")
        for tool, arguments in steps:
            await tools.ok(tool, **arguments)
        ref = _ref((await tools.ok("browser_snapshot")).text, line)
        resolve = ResolveContainerAnswer.model_validate((await tools.ok("resolve_container", ref=ref)).data)
        level = container_level_guess(resolve)
        if level >= len(resolve.ancestors):
            return resolve, None, None
        answer = (await tools.ok("inspect_pattern", ref=ref, ancestorLevel=level + 1)).data
        pattern = InspectPatternAnswer.model_validate(answer)
        while not is_repeating(pattern) and level + 1 < len(resolve.ancestors):
            level += 1
            answer = (await tools.ok("inspect_pattern", ref=ref, ancestorLevel=level + 1)).data
            pattern = InspectPatternAnswer.model_validate(answer)
        answer = (await tools.ok("extract_anchors", ref=ref, ancestorLevel=level)).data
        return resolve, pattern, ExtractAnchorsAnswer.model_validate(answer)


def _repeating(
    facts: tuple[ResolveContainerAnswer, InspectPatternAnswer | None, ExtractAnchorsAnswer | None],
) -> tuple[ResolveContainerAnswer, InspectPatternAnswer, ExtractAnchorsAnswer]:
    resolve, pattern, anchors = facts
    assert pattern is not None, "no repeating container found"
    assert anchors is not None
    return resolve, pattern, anchors


def _target_steps(resolve: ResolveContainerAnswer) -> list[Step]:
    """The frames on the way, then the element by its role and name: the facts of resolve_container alone."""
    target = resolve.target
    return [*frame_steps(resolve.frames or []), Step("getByRole", str(target.role), (("name", str(target.name)),))]


def test_cross_origin_card_field(judge: Browser, fixture_url: URL, cdp_endpoint: str) -> None:
    resolve, _, _ = trio.run(_facts, fixture_url("checkout.html"), cdp_endpoint, 'textbox "Card number"')
    steps = _target_steps(resolve)
    assert render_js(steps) == (
        "page.getByTestId('card-frame').contentFrame().getByRole('textbox', { name: 'Card number' })"
    )
    pay_resolve, _, _ = trio.run(_facts, fixture_url("checkout.html"), cdp_endpoint, 'button "Pay $1,018"')
    page = judge.new_page()
    try:
        page.goto(fixture_url("checkout.html"))
        field = locate(page, steps)
        assert field.count() == 1
        assert field.evaluate("input => input.id + '@' + location.host") == "number@" + (
            fixture_url("").split("//")[1].replace("127.0.0.1", "localhost").rstrip("/")
        )
        field.fill("4242 4242 4242 4242")
        pay = locate(page, _target_steps(pay_resolve))
        assert pay.count() == 1
        pay.click()
        assert page.get_by_role("status").filter(has_text="Payment accepted").text_content() == (
            "Payment accepted: card ending 4242, shipping to no country"
        )
    finally:
        page.close()


def test_three_levels_down(judge: Browser, fixture_url: URL, cdp_endpoint: str) -> None:
    resolve, _, _ = trio.run(_facts, fixture_url("nested.html"), cdp_endpoint, 'button "Confirm"')
    steps = _target_steps(resolve)
    assert render_js(steps) == (
        "page.frameLocator('iframe[title=\"Level 1\"]').frameLocator('iframe[title=\"Level 2\"]')"
        ".frameLocator('iframe[title=\"Level 3\"]').getByRole('button', { name: 'Confirm' })"
    )
    page = judge.new_page()
    try:
        page.goto(fixture_url("nested.html"))
        confirm = locate(page, steps)
        assert confirm.count() == 1
        confirm.click()
        status = locate(page, [*steps[:3], Step("getByRole", "status")])
        assert status.text_content() == "Confirmed at level 3"
    finally:
        page.close()


def test_shadow_dom_components(judge: Browser, fixture_url: URL, cdp_endpoint: str) -> None:
    url = fixture_url("components.html")
    # "Details" lives in the shadow root of the iPhone 15 Pro Max card.
    details = compose_locator(*_repeating(trio.run(_facts, url, cdp_endpoint, 'button "Details"')))
    page = judge.new_page()
    try:
        page.goto(url)
        # The first "Details" line is the iPhone 15 Pro card's; its container filter is by exact heading.
        assert details.locator == (
            "page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', "
            "exact: true }) }).getByRole('button', { name: 'Details' })"
        )
        button = locate(page, details.steps)
        assert button.count() == 1
        button.click()
        assert page.get_by_role("status").text_content() == "Details of iPhone 15 Pro"
    finally:
        page.close()
    add = compose_locator(*_repeating(trio.run(_facts, url, cdp_endpoint, 'button "Add to Cart"')))
    newsletter, _, _ = trio.run(_facts, url, cdp_endpoint, 'textbox "Newsletter email"')
    pin_facts = trio.run(_pin_pad_facts, url, cdp_endpoint)
    page = judge.new_page()
    try:
        page.goto(url)
        add_button = locate(page, add.steps)
        assert add_button.count() == 1
        add_button.click()
        assert page.get_by_role("status").text_content() == "Added iPhone 15 Pro to cart"
        # Two open roots deep, by the host's test id from the chain.
        host = next(a for a in newsletter.ancestors if a.shadowHost and "data-testid" in a.attributes)
        email = locate(
            page,
            [
                Step("getByTestId", host.attributes["data-testid"]),
                Step("getByRole", "textbox", (("name", "Newsletter email"),)),
            ],
        )
        assert email.count() == 1
        # The closed root: the host is located by its test id; what is inside is out of every locator's reach.
        pin = locate(page, [Step("getByTestId", pin_facts["attributes"]["data-testid"])])
        assert pin.count() == 1
        assert page.get_by_role("button", name="2", exact=True).count() == 0
        pin.click()
        assert page.get_by_role("status").text_content() == "PIN key 2"
    finally:
        page.close()


async def _pin_pad_facts(url: str, endpoint: str) -> dict[str, Any]:
    config = ServerConfig(browser=BrowserOptions(cdp_endpoint=endpoint), output_schemas=True)
    async with open_session(config) as session, Client(build_server(session)) as client:
        tools = Tools(client)
        await tools.ok("browser_navigate", url=url)
        snapshot = (await tools.ok("browser_snapshot")).text
        ref = re.search(r"- generic \[ref=(e\d+)\]:\n *- … closed shadow root", snapshot)
        assert ref, snapshot
        anchors = (await tools.ok("extract_anchors", ref=ref.group(1), ancestorLevel=1)).data
        entry: dict[str, Any] = next(d for d in anchors["descendants"] if d.get("ref") == ref.group(1))
        assert entry["closedShadowRoot"] is True
        return entry


def test_spa_route(judge: Browser, fixture_url: URL, cdp_endpoint: str) -> None:
    facts = trio.run(
        _facts, fixture_url("app/"), cdp_endpoint, 'button "Add Tablet"', (("browser_click", {"ref": "e4"}),)
    )
    add = compose_locator(*_repeating(facts))
    assert add.locator == (
        "page.getByTestId('product').filter({ hasText: 'Tablet' }).getByRole('button', { name: 'Add Tablet' })"
    )
    page = judge.new_page()
    try:
        page.goto(fixture_url("app/"))
        page.get_by_role("link", name="Browse products").click()
        button = locate(page, add.steps)
        assert button.count() == 1
        button.click()
        assert page.get_by_role("status").text_content() == "Cart: Tablet"
    finally:
        page.close()
