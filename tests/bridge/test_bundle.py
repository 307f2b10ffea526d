"""The committed bundle: banner, version, installation contract."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bridge.conftest import URL, run_in_page
from tests.support import bridge_json
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp

ROOT = Path(__file__).resolve().parents[2]


def test_banner_is_the_first_line_and_names_the_package_version() -> None:
    version = json.loads((ROOT / "bridge" / "package.json").read_text())["version"]
    first = (ROOT / "verdex" / "bridge" / "bridge.js").read_text().splitlines()[0]
    assert first == f"/* verdex-bridge {version} */"


async def test_bridge_object_reports_the_same_version(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    await bridge_json(page.bridge().snapshot())
    source = (ROOT / "verdex" / "bridge" / "bridge.js").read_text()
    version = json.loads((ROOT / "bridge" / "package.json").read_text())["version"]
    # Evaluating the bundle twice in one world keeps the first object (harmless re-injection).
    context = await page.worlds.world_of(page.main_frame)
    first = await page.session.send(
        cdp.Runtime.evaluate({"expression": "globalThis.__verdex", "contextId": context, "returnByValue": False})
    )
    await page.session.send(cdp.Runtime.evaluate({"expression": source, "contextId": context}))
    same = await page.session.send(
        cdp.Runtime.callFunctionOn(
            {
                "functionDeclaration": (
                    "function () { return [this === globalThis.__verdex, globalThis.__verdex.version]; }"
                ),
                "objectId": first["result"]["objectId"],
                "returnByValue": True,
            }
        )
    )
    assert same["result"]["value"] == [True, version]
    # The page's own world cannot see the bridge.
    assert await run_in_page(page, "typeof globalThis.__verdex") == "undefined"
