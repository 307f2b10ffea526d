"""Shared fixtures: the fixture server, a shared Chromium, and verdex browsers and pages on it.

- ``fixture_url(path)``: URL of ``fixtures/pages/<path>`` on the fixture server (127.0.0.1).
- ``cdp_endpoint``: websocket URL of the session's shared Chromium.
- ``browser`` (async): a verdex :class:`~verdex.browser.browser.Browser` attached to it.
- ``page`` (async): a verdex :class:`~verdex.browser.page.Page` in a fresh incognito context;
  ``await page.navigate(url)``, ``await page.bridge().resolve_container(3)`` (the typed bridge;
  raises ``BridgeCallError`` with ``.code``/``.details`` for ``ok: false``).
- ``tools`` (async): a ``verdex serve`` subprocess on the shared Chromium, driven over stdio by the
  MCP SDK's client (:class:`tests.mcp_client.Tools`).
- ``serve``: ``async with serve("--timeout-navigation", "1500") as tools`` for servers with options.
"""

from __future__ import annotations

import os

# Every bridge answer that carries a key its model does not declare fails (verdex/bridge/models.py); set
# before verdex is imported, and inherited by every `verdex serve` the tests start.
os.environ["VERDEX_BRIDGE_STRICT"] = "1"

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest
from mcp import Client

from tests.mcp_client import Tools, serve_parameters
from tests.support import fixture_server, shared_chromium
from verdex.browser.browser import Browser, open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.origins import NavigationPolicy
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
    # file: URLs on: the WPT conformance corpus is loaded from disk.
    options = BrowserOptions(cdp_endpoint=cdp_endpoint, policy=NavigationPolicy(allow_file_urls=True))
    async with open_browser(options) as connected:
        yield connected


@pytest.fixture
async def page(browser: Browser) -> AsyncIterator[Page]:
    context = await browser.new_context(PageSettings())
    try:
        yield await context.new_page()
    finally:
        await context.close()


@pytest.fixture
def serve(cdp_endpoint: str) -> Callable[..., AbstractAsyncContextManager[Tools]]:
    """A factory of ``verdex serve`` subprocesses attached to the shared Chromium, with extra options
    (and optionally a working directory: ``serve("--role", ..., cwd=path)``)."""

    @asynccontextmanager
    async def start(*args: str | Path, cwd: Path | None = None) -> AsyncIterator[Tools]:
        parameters = serve_parameters("--cdp-endpoint", cdp_endpoint, *map(str, args))
        parameters.cwd = cwd
        async with Client(parameters) as client:
            yield Tools(client)

    return start


@pytest.fixture
async def tools(serve: Callable[..., AbstractAsyncContextManager[Tools]]) -> AsyncIterator[Tools]:
    """A ``verdex serve`` on the shared Chromium (its own incognito contexts), actions retried for 1 s."""
    async with serve("--timeout-action", "1000") as connected:
        yield connected
