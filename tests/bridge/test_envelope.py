"""The call envelope and the ref numbering args, called directly over CDP (no verdex ledger)."""

from __future__ import annotations

from typing import Any

from tests.bridge.conftest import URL, run_in_page
from tests.support import bridge_json
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp

CALL = (
    "function (method, args) { return globalThis.__verdex ? globalThis.__verdex.call(method, args) : {missing: true}; }"
)


async def raw_call(page: Page, method: str, args: Any) -> dict[str, Any]:
    context = await page.worlds.world_of(page.main_frame)
    answer = await page.session.send(
        cdp.Runtime.callFunctionOn(
            {
                "functionDeclaration": CALL,
                "executionContextId": context,
                "arguments": [{"value": method}, {"value": args}],
                "returnByValue": True,
                "awaitPromise": True,
            }
        )
    )
    value = answer["result"]["value"]
    assert isinstance(value, dict)
    return value


async def test_ref_prefix_ref_start_and_next_ref(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    await bridge_json(page.bridge().snapshot())  # installs the bridge; refs e1..e37
    await run_in_page(page, "document.querySelector('header').insertAdjacentHTML('beforeend', '<button>New</button>')")
    envelope = await raw_call(
        page, "snapshot", {"refPrefix": "f3_e", "refStart": 100, "testIdAttribute": "data-testid"}
    )
    assert envelope["ok"] is True
    assert envelope["nextRef"] == 101
    text = envelope["value"]["text"]
    assert '  - button "Cart (0)" [ref=f3_e8]\n  - button "New" [ref=f3_e100]' in text
    # A lower refStart never makes the bridge reuse a number.
    again = await raw_call(page, "snapshot", {"refPrefix": "e", "refStart": 1, "testIdAttribute": "data-testid"})
    assert again["nextRef"] == 101
    assert '- button "New" [ref=e100]' in again["value"]["text"]


async def test_error_envelopes(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    await bridge_json(page.bridge().snapshot())
    base = {"refPrefix": "e", "refStart": 1, "testIdAttribute": "data-testid"}
    unknown = await raw_call(page, "resolveContainer", {**base, "ref": 500})
    assert unknown == {
        "ok": False,
        "error": {"code": "ref-unknown", "message": "ref e500 was not given out by this document"},
        "nextRef": 38,
    }
    not_object = await raw_call(page, "snapshot", [1, 2])
    assert not_object["ok"] is False
    assert not_object["error"]["code"] == "bad-args"
    missing = await raw_call(page, "selectOption", {**base, "ref": 6})
    assert missing["error"] == {"code": "bad-args", "message": "values must be an array of strings"}
