"""Applying and reading a storageState in a real browser context (shared Chromium)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable

import pytest

from verdex.browser.browser import Browser, BrowserContext
from verdex.browser.context_storage import apply_storage_state, read_storage_state
from verdex.browser.page import Page, PageSettings
from verdex.browser.storage_state import Cookie, OriginStorage, StorageState, origin_of
from verdex.cdp import protocol as cdp
from verdex.errors import AuthFileError

URL = Callable[[str], str]


@pytest.fixture
async def context(browser: Browser) -> AsyncIterator[BrowserContext]:
    created = await browser.new_context(PageSettings())
    try:
        yield created
    finally:
        await created.close()


async def evaluate(page: Page, expression: str) -> object:
    answer = await page.session.send(cdp.Runtime.evaluate({"expression": expression, "returnByValue": True}))
    return answer["result"].get("value")


def two_origins(fixture_url: URL) -> tuple[str, str]:
    first = fixture_url("welcome.html")
    second = first.replace("127.0.0.1", "localhost")
    return first, second


async def test_every_cookie_and_every_origin_is_applied_without_moving_the_page(
    context: BrowserContext, fixture_url: URL
) -> None:
    first, second = two_origins(fixture_url)
    expires = round(time.time()) + 3600
    state = StorageState(
        "test",
        (
            Cookie("sid", "one", "127.0.0.1", "/", expires, http_only=True, same_site="Lax"),
            Cookie("pref", "two", "127.0.0.1", "/", -1, same_site="Strict"),
            Cookie("other", "three", "localhost", "/", expires),
        ),
        (
            OriginStorage(origin_of(first) or "", (("a", "1"), ("b", "2"))),
            OriginStorage(origin_of(second) or "", (("c", "3"),)),
        ),
    )
    page = await context.new_page()
    await page.navigate(first)
    loader = page.main_frame.loader_id
    await apply_storage_state(context, state)
    # The page stayed on its document (no navigation, no reload) and is the context's only page.
    assert page.url == first
    assert page.main_frame.loader_id == loader
    targets = await context.browser.session.send(cdp.untyped("Target.getTargets")({}))
    mine = [t for t in targets["targetInfos"] if t.get("browserContextId") == context.id and t["type"] == "page"]
    assert [t["targetId"] for t in mine] == [page.target_id]
    assert await evaluate(page, "visibilityState = document.visibilityState") == "visible"

    await page.reload()
    assert await evaluate(page, "JSON.stringify(Object.entries(localStorage).sort())") == '[["a","1"],["b","2"]]'
    assert await evaluate(page, "document.cookie") == "pref=two"  # sid is HttpOnly
    await page.navigate(second)
    assert await evaluate(page, "JSON.stringify(Object.entries(localStorage))") == '[["c","3"]]'
    assert await evaluate(page, "document.cookie") == "other=three"

    read = await read_storage_state(context, page, [origin_of(first) or "", origin_of(second) or ""])
    assert sorted(read.cookies, key=lambda c: c.name) == [
        Cookie("other", "three", "localhost", "/", expires, same_site="Lax"),
        Cookie("pref", "two", "127.0.0.1", "/", -1, same_site="Strict"),
        Cookie("sid", "one", "127.0.0.1", "/", expires, http_only=True, same_site="Lax"),
    ]
    assert read.origins == state.origins
    assert page.url == second


async def test_read_leaves_out_origins_without_local_storage(context: BrowserContext, fixture_url: URL) -> None:
    first, second = two_origins(fixture_url)
    page = await context.new_page()
    await page.navigate(first)
    await evaluate(page, "localStorage.setItem('k', 'v')")
    read = await read_storage_state(context, page, [origin_of(second) or "", origin_of(first) or ""])
    assert read.cookies == ()
    assert read.origins == (OriginStorage(origin_of(first) or "", (("k", "v"),)),)


async def test_a_cookie_the_browser_refuses_is_named(context: BrowserContext) -> None:
    state = StorageState(
        "/tmp/auth.json",
        (
            Cookie("fine", "x", "127.0.0.1", "/", -1),
            Cookie("__Secure-sid", "secret-value", "127.0.0.1", "/", -1, secure=False),  # the prefix needs secure
        ),
    )
    with pytest.raises(AuthFileError) as caught:
        await apply_storage_state(context, state)
    assert str(caught.value) == (
        "auth file /tmp/auth.json holds a cookie the browser refuses: cookies[1] (__Secure-sid) for domain 127.0.0.1 "
        "path /: Invalid cookie fields"
    )
