"""Shared fixtures: the fixture server, a shared Chromium, and verdex browsers and pages on it.

- ``fixture_url(path)``: URL of ``fixtures/pages/<path>`` on the fixture server (127.0.0.1).
- ``cdp_endpoint``: websocket URL of the session's shared Chromium.
- ``browser`` (async): a verdex :class:`~verdex.browser.browser.Browser` attached to it.
- ``page`` (async): a verdex :class:`~verdex.browser.page.Page` in a fresh incognito context;
  ``await page.navigate(url)``, ``await page.bridge_call(method, args)`` (returns the bridge's
  value; raises ``BridgeCallError`` with ``.code``/``.details`` for ``ok: false``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator

import pytest

from tests.support import fixture_server, shared_chromium
from verdex.browser.browser import Browser, open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.page import Page, PageSettings


@pytest.fixture(scope="session")
def fixture_base() -> Iterator[str]:
    with fixture_server() as url:
        yield url


@pytest.fixture(scope="session")
def fixture_url(fixture_base: str) -> Callable[[str], str]:
    def url(path: str) -> str:
        return fixture_base + path.lstrip("/")

    return url


@pytest.fixture(scope="session")
def cdp_endpoint() -> Iterator[str]:
    with shared_chromium() as endpoint:
        yield endpoint


@pytest.fixture
async def browser(cdp_endpoint: str) -> AsyncIterator[Browser]:
    async with open_browser(BrowserOptions(cdp_endpoint=cdp_endpoint)) as connected:
        yield connected


@pytest.fixture
async def page(browser: Browser) -> AsyncIterator[Page]:
    context = await browser.new_context(PageSettings())
    try:
        yield await context.new_page()
    finally:
        await context.close()
