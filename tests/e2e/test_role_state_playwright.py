"""A login made through the tools, saved with save_role_state, loads in real Playwright and is logged in."""

from __future__ import annotations

import json
from pathlib import Path

import trio

from tests.e2e.conftest import Serve, Tools
from tests.e2e.snapshots import ref
from tests.oracle import playwright_browser
from tests.support import Marketplace


async def log_in_and_save(serve: Serve, marketplace: Marketplace, path: Path) -> tuple[str, dict[str, object]]:
    """Log the customer in through the tools (a role without auth file), dismiss the tips, save the state."""
    url = marketplace.url
    async with serve("--role", "customer", "none", url + "login") as connected:
        tools: Tools = connected
        page = (await tools.ok("browser_snapshot")).text
        await tools.ok("browser_type", ref=ref(page, '- textbox "Email"'), text="customer@market.test")
        await tools.ok("browser_type", ref=ref(page, '- textbox "Password"'), text="customer-pass")
        signed_in = await tools.ok("browser_click", ref=ref(page, '- button "Sign in"'))
        assert signed_in.data["url"] == url + "products"
        page = (await tools.ok("browser_snapshot")).text
        await tools.ok("browser_click", ref=ref(page, '- button "Dismiss tips"'))
        saved = await tools.ok("save_role_state", path=str(path))
        return saved.text, saved.data


def test_saved_role_state_loads_in_playwright_logged_in(serve: Serve, marketplace: Marketplace, tmp_path: Path) -> None:
    path = tmp_path / "customer.json"
    text, data = trio.run(log_in_and_save, serve, marketplace, path)
    assert data == {"role": "customer", "path": str(path), "cookies": 1, "origins": [marketplace.origin]}
    written = json.loads(path.read_text())
    assert written["cookies"][0]["value"] not in text  # values stay out of the answer
    assert {k: v for k, v in written["cookies"][0].items() if k not in ("value", "expires")} == {
        "name": "market_session",
        "domain": "127.0.0.1",
        "path": "/",
        "httpOnly": True,
        "secure": False,
        "sameSite": "Lax",
    }
    assert written["origins"] == [
        {"origin": marketplace.origin, "localStorage": [{"name": "market-tips-dismissed", "value": "1"}]}
    ]

    with playwright_browser() as browser:
        context = browser.new_context(storage_state=str(path))
        try:
            assert context.cookies() == written["cookies"]  # Playwright reads back exactly what verdex wrote
            page = context.new_page()
            response = page.goto(marketplace.url + "products")
            assert response is not None
            assert response.status == 200
            assert page.url == marketplace.url + "products"  # not sent to the login page
            assert page.locator("header .who").inner_text() == "Signed in as Cleo Customer (customer)"
            assert page.get_by_role("complementary", name="Tips").is_hidden()  # the localStorage flag came along
            assert page.get_by_test_id("product-card").count() == 3
            # And Playwright's own storageState of that context is the file verdex wrote.
            assert context.storage_state() == written
        finally:
            context.close()
