"""Installing and finding the bridge: isolated world, reinstall after navigation, version check."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import trio

from tests.support import bridge_json
from verdex.bridge.client import BridgeSource, bridge_source
from verdex.browser.browser import Browser
from verdex.browser.launcher import find_browser
from verdex.browser.page import Page, PageSettings
from verdex.cdp import protocol as cdp
from verdex.errors import BridgeError, BrowserLaunchError, CDPTimeoutError
from verdex.locator import parse_locator
from verdex.locator.source import Source
from verdex.locator.verify import verify_on_page


async def _evaluate(page: Page, expression: str, *, world: bool) -> object:
    params: cdp.RuntimeEvaluateParams = {"expression": expression, "returnByValue": True}
    if world:
        params["contextId"] = await page.worlds.world_of(page.main_frame)
    answer = await page.session.send(cdp.Runtime.evaluate(params))
    return answer["result"].get("value")


async def test_the_bridge_lives_in_an_isolated_world(page: Page, fixture_url: Callable[[str], str]) -> None:
    await page.navigate(fixture_url("shop.html"))
    assert await _evaluate(page, "typeof globalThis.__verdex", world=False) == "undefined"
    assert await _evaluate(page, "globalThis.__verdex.version", world=True) == bridge_source().version
    # A page that defines its own __verdex in the main world changes nothing.
    await _evaluate(page, "globalThis.__verdex = {version: 'evil', call() { return 'hacked'; }}", world=False)
    value = await bridge_json(page.bridge().snapshot(max_chars=400))
    assert value["text"].startswith("- banner [ref=e1]:")


async def test_bridge_is_back_after_navigation_and_reload(page: Page, fixture_url: Callable[[str], str]) -> None:
    await page.navigate(fixture_url("shop.html"))
    first = page.main_frame.world
    await page.navigate(fixture_url("login.html"))
    assert page.main_frame.world != first
    assert (await bridge_json(page.bridge().snapshot()))["text"].startswith("- main [ref=")
    await page.reload()
    assert (await bridge_json(page.bridge().snapshot()))["text"].startswith("- main [ref=")


async def test_a_missing_bridge_is_installed_on_first_call(page: Page, fixture_url: Callable[[str], str]) -> None:
    await page.navigate(fixture_url("shop.html"))
    await _evaluate(page, "delete globalThis.__verdex", world=True)
    value = await bridge_json(page.bridge().snapshot(max_chars=400))
    assert value["text"].startswith("- banner [ref=e1]:")


async def test_a_bridge_of_another_version_is_reported(page: Page, fixture_url: Callable[[str], str]) -> None:
    """Two verdex versions on one browser: the page's bridge is not the one this server expects."""
    await page.navigate(fixture_url("shop.html"))
    await bridge_json(page.bridge().snapshot())
    real = bridge_source()
    page.source = BridgeSource(real.source, "0.0.1-other")
    with pytest.raises(BridgeError) as caught:
        await bridge_json(page.bridge().snapshot())
    assert str(caught.value) == (
        f"the page holds verdex bridge {real.version} but this server uses 0.0.1-other: another verdex version "
        "is attached to this browser; use a separate browser per version"
    )


def test_find_browser_explains_what_it_tried(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BrowserLaunchError, match=r"--browser names '/nope/chrome', which is not an executable file"):
        find_browser("/nope/chrome")
    monkeypatch.setenv("VERDEX_BROWSER", str(tmp_path))
    with pytest.raises(BrowserLaunchError, match=r"VERDEX_BROWSER names .*, which is not an executable file"):
        find_browser()
    monkeypatch.delenv("VERDEX_BROWSER")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("verdex.browser.launcher._LOCATIONS", ())
    with pytest.raises(
        BrowserLaunchError, match=r"^no Chrome or Chromium found .* or pass --browser /path/to/chrome\.$"
    ):
        find_browser()


async def test_a_bridge_call_past_its_timeout_is_terminated_in_the_page(
    browser: Browser, fixture_url: Callable[[str], str]
) -> None:
    """A locator whose regular expression backtracks for ever (issue 19, item 1) is stopped with
    Runtime.terminateExecution when its call times out, and the page answers the next call."""
    context = await browser.new_context(PageSettings(call_timeout=2))
    try:
        page = await context.new_page()
        await page.navigate(fixture_url("hostile/regex.html"))
        locator = "page.getByText(/^(a+)+$/)"
        with trio.fail_after(15), pytest.raises(CDPTimeoutError) as caught:
            await verify_on_page(page, parse_locator(locator), Source(locator))
        assert str(caught.value) == (
            "the page was still busy with bridge queryLocator after 2 s (a regular expression or a script of the "
            "page that does not finish): verdex stopped it (Runtime.terminateExecution), so the page answers "
            "again; simplify the regular expression or scope the call. If it was the page's own script (an endless "
            "loop), the page's state may be broken: reload it (browser_navigate) or open a new tab (browser_tabs) "
            "before relying on it"
        )
        with trio.fail_after(5):
            value = await bridge_json(page.bridge().snapshot())
        assert value["text"].splitlines()[-1] == '  - button "Still here" [ref=e3]'  # main is e1, the heading e2
    finally:
        await context.close()
