"""Cookies and localStorage of one browser context, over CDP: apply a storageState, read one back.

Cookies go through the Storage domain of the browser target with the context's id
(``Storage.setCookies`` / ``Storage.getCookies`` with ``browserContextId``), so they land in
that incognito context and no other. localStorage belongs to an origin, and a page can only
reach the storage of the origin it shows; like Playwright's ``setStorageState``, verdex opens a
scratch page in the context, answers every request it makes with an empty HTML document
(``Fetch.enable`` + ``Fetch.fulfillRequest``: nothing reaches the network), navigates it to each
origin in turn, sets or reads ``localStorage`` there, and closes it. The scratch page has a window
of its own, so the role's page is neither moved nor hidden behind another tab.
"""

from __future__ import annotations

import base64
import json
import logging
import math
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, cast

import trio

from verdex.browser.storage_state import Cookie, OriginStorage, SameSite, StorageState, origin_of
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import AuthFileError, CDPError, ProtocolError, VerdexError

if TYPE_CHECKING:
    from verdex.browser.browser import BrowserContext
    from verdex.browser.page import Page

__all__ = ["apply_storage_state", "read_storage_state"]

logger = logging.getLogger(__name__)

_BLANK = base64.b64encode(b"<!doctype html><html><head></head><body></body></html>").decode()

_SET_ITEMS = """(items) => {
  for (const [name, value] of items) localStorage.setItem(name, value);
  return localStorage.length;
}"""

_GET_ITEMS = "Object.keys(localStorage).map((name) => [name, localStorage.getItem(name)])"


async def apply_storage_state(context: BrowserContext, state: StorageState) -> None:
    """Set every cookie and the localStorage of every origin of ``state`` in ``context``.

    Call it on a fresh context, before its pages load anything (a page may be open on
    ``about:blank``: it is not moved). On an error the context holds part of the state: the caller
    disposes of it (verdex never keeps a half-applied login).

    Raises:
        AuthFileError: the browser refused a cookie (the message names it) or a localStorage item.
        CDPError: the browser failed or did not answer in time.
    """
    timeout = context.settings.call_timeout
    if state.cookies:
        browser = context.browser.session
        params: cdp.StorageSetCookiesParams = {
            "cookies": [_cdp_cookie(cookie) for cookie in state.cookies],
            "browserContextId": context.id,
        }
        try:
            await browser.send(cdp.Storage.setCookies(params), timeout=timeout)
        except ProtocolError as exc:
            raise await _refused_cookie(context, state, exc) from exc
    origins = [item for item in state.origins if item.local_storage]
    if origins:
        async with _scratch_page(context) as scratch:
            for item in origins:
                await scratch.visit(item.origin)
                await scratch.evaluate_function(
                    _SET_ITEMS, [list(pair) for pair in item.local_storage], f"localStorage of {item.origin}", state
                )
    logger.info(
        "applied %d cookie(s) and localStorage of %d origin(s) from %s", len(state.cookies), len(origins), state.source
    )


async def read_storage_state(context: BrowserContext, page: Page | None, origins: Iterable[str]) -> StorageState:
    """The context's cookies, and the localStorage of ``origins`` (those with items), as a storageState.

    The origin ``page`` shows is read from the page itself (isolated world); the others through
    a scratch page. Origins follow the order given; empty ones are left out, as Playwright does.

    Raises:
        CDPError: the browser failed or did not answer in time.
    """
    timeout = context.settings.call_timeout
    answer = await context.browser.session.send(
        cdp.Storage.getCookies({"browserContextId": context.id}), timeout=timeout
    )
    cookies = tuple(_from_cdp_cookie(raw) for raw in answer.get("cookies", []))
    wanted = list(dict.fromkeys(origins))
    found: dict[str, tuple[tuple[str, str], ...]] = {}
    live = origin_of(page.url) if page is not None and not page.closed else None
    if page is not None and live in wanted:
        async with page.worlds.in_world(page.main_frame) as world:
            result = await world.session.send(
                cdp.Runtime.evaluate({"expression": _GET_ITEMS, "contextId": world.context_id, "returnByValue": True}),
                timeout=timeout,
            )
        found[live] = _pairs(result)
    rest = [origin for origin in wanted if origin not in found]
    if rest:
        async with _scratch_page(context) as scratch:
            for origin in rest:
                await scratch.visit(origin)
                found[origin] = _pairs(
                    await scratch.session.send(
                        cdp.Runtime.evaluate({"expression": _GET_ITEMS, "returnByValue": True}), timeout=timeout
                    )
                )
    stored = tuple(OriginStorage(origin, found[origin]) for origin in wanted if found.get(origin))
    return StorageState(f"role context {context.id}", cookies, stored)


# -- cookies ----------------------------------------------------------------------------------------


def _cdp_cookie(cookie: Cookie) -> cdp.CookieParam:
    """A ``Network.CookieParam``; a session cookie has no ``expires``."""
    param: cdp.CookieParam = {
        "name": cookie.name,
        "value": cookie.value,
        "domain": cookie.domain,
        "path": cookie.path,
        "httpOnly": cookie.http_only,
        "secure": cookie.secure,
    }
    if cookie.expires != -1:
        param["expires"] = cookie.expires
    if cookie.same_site is not None:
        param["sameSite"] = cookie.same_site
    if cookie.partition_key is not None:
        param["partitionKey"] = {
            "topLevelSite": cookie.partition_key,
            "hasCrossSiteAncestor": True if cookie.cross_site_ancestor is None else cookie.cross_site_ancestor,
        }
    return param


def _from_cdp_cookie(raw: cdp.Cookie) -> Cookie:
    """A ``Network.Cookie`` in Playwright's terms (``sameSite`` defaults to ``Lax``, as Playwright reports it)."""
    expires = float(raw.get("expires", -1))
    if raw.get("session") or expires < 0:
        expires = -1
    partition = raw.get("partitionKey")
    return Cookie(
        name=str(raw["name"]),
        value=str(raw["value"]),
        domain=str(raw["domain"]),
        path=str(raw["path"]),
        expires=expires,
        http_only=bool(raw.get("httpOnly", False)),
        secure=bool(raw.get("secure", False)),
        same_site=cast(SameSite, raw.get("sameSite") or "Lax"),
        partition_key=str(partition["topLevelSite"]) if isinstance(partition, dict) else None,
        cross_site_ancestor=bool(partition.get("hasCrossSiteAncestor")) if isinstance(partition, dict) else None,
    )


async def _refused_cookie(context: BrowserContext, state: StorageState, error: ProtocolError) -> AuthFileError:
    """Find the first cookie the browser refuses, one at a time (the context is thrown away after)."""
    browser = context.browser.session
    for index, cookie in enumerate(state.cookies):
        try:
            await browser.send(
                cdp.Storage.setCookies({"cookies": [_cdp_cookie(cookie)], "browserContextId": context.id}),
                timeout=context.settings.call_timeout,
            )
        except ProtocolError as exc:
            return AuthFileError(
                state.source,
                f"holds a cookie the browser refuses: cookies[{index}] ({cookie.name}) for domain {cookie.domain} "
                f"path {cookie.path}: {exc.detail}",
            )
    return AuthFileError(state.source, f"holds cookies the browser refuses: {error.detail}")


# -- the scratch page -------------------------------------------------------------------------------


class _ScratchPage:
    """A page of the context whose every request is answered with an empty document."""

    def __init__(self, session: CDPSession, timeout: float) -> None:
        self.session = session
        self.timeout = timeout

    async def visit(self, origin: str) -> None:
        """Show an empty document of ``origin`` and wait for its load event.

        Raises:
            CDPError: the navigation failed or did not load in time.
        """
        async with self.session.expect(cdp.Page.loadEventFired) as load:
            answer = await self.session.send(cdp.Page.navigate({"url": origin + "/"}), timeout=self.timeout)
            if answer.get("errorText"):
                raise CDPError(f"could not open an empty page of {origin} to reach its storage: {answer['errorText']}")
            await load.wait(self.timeout)

    async def evaluate_function(self, function: str, argument: Any, what: str, state: StorageState) -> Any:
        """Call ``function(argument)`` in the page; a page exception becomes an AuthFileError about ``what``."""
        expression = f"({function})({json.dumps(argument)})"
        result = await self.session.send(
            cdp.Runtime.evaluate({"expression": expression, "returnByValue": True}), timeout=self.timeout
        )
        details = result.get("exceptionDetails")
        if details:
            # Only the exception's class: its text may quote a storage key or value.
            kind = (details.get("exception") or {}).get("className") or "an exception"
            raise AuthFileError(state.source, f"could not be applied: setting the {what} raised {kind}")
        return result.get("result", {}).get("value")


@asynccontextmanager
async def _scratch_page(context: BrowserContext) -> AsyncIterator[_ScratchPage]:
    """Open a scratch page in ``context`` (see the module docstring); closed on exit."""
    browser = context.browser
    timeout = context.settings.call_timeout
    # A window of its own: a tab beside the role's page would hide that page (visibilityState) while it is open.
    created = await browser.session.send(
        cdp.Target.createTarget({"url": "about:blank", "browserContextId": context.id, "newWindow": True}),
        timeout=timeout,
    )
    target_id = str(created["targetId"])
    try:
        attached = await browser.session.send(
            cdp.Target.attachToTarget({"targetId": target_id, "flatten": True}), timeout=timeout
        )
        session = browser.connection.session(str(attached["sessionId"]))
        paused_send, paused_receive = trio.open_memory_channel[str](math.inf)

        def on_paused(params: cdp.FetchRequestPaused) -> None:
            paused_send.send_nowait(str(params["requestId"]))

        remove = session.on(cdp.Fetch.requestPaused, on_paused)
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_answer_requests, session, paused_receive, timeout)
                await session.send(cdp.Page.enable(), timeout=timeout)
                await session.send(cdp.Fetch.enable({"patterns": [{"urlPattern": "*"}]}), timeout=timeout)
                yield _ScratchPage(session, timeout)
                nursery.cancel_scope.cancel()
        finally:
            remove()
    finally:
        with trio.CancelScope(shield=True), trio.move_on_after(5):
            await _close_target(browser.session, target_id)


async def _close_target(browser: CDPSession, target_id: str) -> None:
    """Close the scratch page and wait until it is gone (``Target.closeTarget`` answers before that)."""
    gone = lambda params: params.get("targetId") == target_id  # noqa: E731
    try:
        async with browser.expect(cdp.Target.detachedFromTarget, gone) as detached:
            await browser.send(cdp.Target.closeTarget({"targetId": target_id}), timeout=5)
            await detached.wait(5)
    except VerdexError as exc:  # the context may be going away already
        logger.debug("closing the scratch page %s: %s", target_id, exc)


async def _answer_requests(session: CDPSession, paused: trio.MemoryReceiveChannel[str], timeout: float) -> None:
    """Answer every paused request of the scratch page with the empty document."""
    async for request_id in paused:
        try:
            await session.send(
                cdp.Fetch.fulfillRequest(
                    {
                        "requestId": request_id,
                        "responseCode": 200,
                        "responseHeaders": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                        "body": _BLANK,
                    }
                ),
                timeout=timeout,
            )
        except ProtocolError as exc:  # the request was cancelled meanwhile (the page moved on)
            logger.debug("fulfilling request %s: %s", request_id, exc)


def _pairs(result: cdp.EvaluateResult) -> tuple[tuple[str, str], ...]:
    value = result.get("result", {}).get("value")
    if not isinstance(value, list):
        return ()
    return tuple((str(name), str(item)) for name, item in value if item is not None)
