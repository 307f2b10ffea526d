"""Real Playwright confirms the locator the demo walk derives matches exactly the intended button."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import trio
from mcp import Client
from playwright.sync_api import Browser

from tests.e2e.conftest import Tools
from tests.oracle import locate, playwright_browser
from verdex.browser.launcher import BrowserOptions
from verdex.commands.demo import walk
from verdex.locator.compose import Composition
from verdex.server.app import build_server
from verdex.server.config import ServerConfig
from verdex.server.session import open_session


@pytest.fixture(scope="module")
def judge() -> Iterator[Browser]:
    with playwright_browser() as browser:
        yield browser


async def _walk(url: str, endpoint: str) -> Composition:
    """The demo's own walk (:func:`verdex.commands.demo.walk`) through an in-process server on the same tools."""
    config = ServerConfig(browser=BrowserOptions(cdp_endpoint=endpoint), output_schemas=True)
    async with open_session(config) as session, Client(build_server(session)) as client:
        tools = Tools(client)

        async def call(tool: str, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
            answer = await tools.ok(tool, **arguments)
            return answer.text, answer.data

        return (await walk(call, url, button="Add to Cart")).composition


@pytest.mark.parametrize("fixture", ["shop.html", "shop-ids.html", "shop-classless.html", "storefront.html"])
def test_demo_locator_matches_exactly_the_iphone_15_pro_button(
    judge: Browser, fixture_url: Callable[[str], str], cdp_endpoint: str, fixture: str
) -> None:
    composition = trio.run(_walk, fixture_url(fixture), cdp_endpoint)
    page = judge.new_page()
    try:
        page.goto(fixture_url(fixture))
        locator = locate(page, composition.steps)
        assert locator.count() == 1, composition.locator
        card_text = locator.evaluate(
            "button => button.closest('article, [data-testid=product-card], section > div').querySelector('h3').textContent"
        )
        assert card_text == "iPhone 15 Pro"
        locator.click()
        assert page.get_by_role("status").text_content() == "Added iPhone 15 Pro to cart"
        # The naive substring filter would be wrong on the page with "iPhone 15 Pro Max":
        naive = page.get_by_role("article").filter(has_text="iPhone 15 Pro").get_by_role("button", name="Add to Cart")
        assert naive.count() == (2 if fixture == "shop-ids.html" else 0)
    finally:
        page.close()
