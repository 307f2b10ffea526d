"""The origin policy, enforced in the browser: every document request of verdex's pages is checked.

Prefetches are checked too: ``<link rel=prefetch>`` requests (paused with the page's fetches, and judged
when they carry ``Sec-Purpose: prefetch``). Speculation rules (prefetch and prerender) are made by the
browser outside this interception: the profiles verdex launches have page preloading off
(:data:`verdex.browser.launcher.PROFILE_PREFERENCES`); a browser attached with ``--cdp-endpoint`` needs
the same preference (README, Security).

With ``--allowed-origins`` or ``--blocked-origins`` set (:class:`~verdex.browser.origins.NavigationPolicy`),
every CDP session of a page and of its out-of-process iframes pauses its document requests
(``Fetch.enable`` with the ``Document`` resource type, request stage) before the target runs:
top-level and frame navigations, whoever starts them (a tool, a link, a script, a form), and
every hop of a redirect (each hop is paused again, with ``redirectedRequestId``). A request the
policy refuses fails with ``Fetch.failRequest(errorReason="BlockedByClient")``: the browser
shows its error page (``net::ERR_BLOCKED_BY_CLIENT``) in that frame and nothing reaches the
origin. The refusal is remembered by frame id, so answers can say which URL was blocked and
why (:meth:`NavigationGuard.blocked_in`).

A tab a page opens (``window.open``, ``target=_blank``) is a new target whose first request is
made before verdex could attach to it as a page. So, while a policy is set, the browser session
auto-attaches to new page targets and holds them until released
(``Target.setAutoAttach(waitForDebuggerOnStart=True)``): a tab opened by a page of one of
verdex's browser contexts gets its document requests checked on that session before it runs;
every other target is released and let go at once.

``Fetch.enable`` replaces the patterns of the session it is sent on. verdex sends it on these
sessions only; the scratch page that applies an auth file's localStorage
(:mod:`verdex.browser.context_storage`) is a target of its own with its own session and its own
``Fetch.enable``, so neither replaces the other's patterns.

Without an origin list nothing is intercepted (``file:`` URLs are refused by
:func:`~verdex.browser.navigation.check_url` before a navigation starts; web pages cannot open
them).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Collection
from dataclasses import dataclass

import trio

from verdex.browser.origins import NavigationPolicy
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import CDPError

__all__ = ["BlockedNavigation", "NavigationGuard"]

logger = logging.getLogger(__name__)

#: Refusals remembered (the most recent, by frame id).
_MAX_REMEMBERED = 256

#: Document requests, and the requests a prefetch may be (``<link rel=prefetch>`` is a "Fetch" request with
#: ``Sec-Purpose: prefetch`` in Chromium 156): only those with a prefetch purpose are judged (:func:`_judged`).
_DOCUMENTS: cdp.FetchEnableParams = {
    "patterns": [
        {"resourceType": "Document", "requestStage": "Request"},
        {"resourceType": "Fetch", "requestStage": "Request"},
        {"resourceType": "Other", "requestStage": "Request"},
    ]
}


def _judged(params: cdp.FetchRequestPaused) -> bool:
    """True for a paused request the policy judges: a document, or a prefetch (``Sec-Purpose``/``Purpose`` header);
    a page's own fetches and other subresources go on untouched."""
    if params.get("resourceType") == "Document":
        return True
    headers = (params.get("request") or {}).get("headers") or {}
    purpose = " ".join(str(v) for k, v in headers.items() if k.lower() in ("sec-purpose", "purpose"))
    return "prefetch" in purpose.lower()


@dataclass(frozen=True)
class BlockedNavigation:
    """A document request the policy refused.

    Attributes:
        url: the URL refused (for a redirect, the hop that was refused).
        reason: why, naming the origin and the option (:meth:`NavigationPolicy.refusal`).
        redirect: the request was a redirect hop of an allowed one.
    """

    url: str
    reason: str
    redirect: bool


class NavigationGuard:
    """Enforces a :class:`NavigationPolicy` on the sessions it protects (see the module docstring).

    Args:
        policy: what documents may load.
        nursery: runs the answers to paused requests and the release of auto-attached targets.
        timeout: seconds for each CDP command.
    """

    def __init__(self, policy: NavigationPolicy, nursery: trio.Nursery, timeout: float) -> None:
        self.policy = policy
        self._nursery = nursery
        self._timeout = timeout
        self._blocked: OrderedDict[str, BlockedNavigation] = OrderedDict()

    @property
    def active(self) -> bool:
        """True when document requests are checked in the browser (an origin list is set)."""
        return self.policy.filters_origins

    def blocked_in(self, frame_id: str) -> BlockedNavigation | None:
        """The last refused document request of a frame, if its last document request was refused."""
        return self._blocked.get(frame_id)

    async def protect(self, session: CDPSession) -> Callable[[], None]:
        """Check every document request of ``session`` from now on (``Fetch.enable``).

        Call it before the target runs (a target waiting for the debugger), or before it navigates.

        Returns:
            A function that stops listening (the session's requests stay paused-and-answered
            only while it listens; call it when the session goes away).

        Raises:
            CDPError: the target went away.
        """
        if not self.active:
            return lambda: None

        def paused(params: cdp.FetchRequestPaused) -> None:
            self._nursery.start_soon(self._answer, session, params)

        remove = session.on(cdp.Fetch.requestPaused, paused)
        try:
            await session.send(cdp.Fetch.enable(_DOCUMENTS), timeout=self._timeout)
        except BaseException:
            remove()
            raise
        return remove

    async def _answer(self, session: CDPSession, params: cdp.FetchRequestPaused) -> None:
        request_id = str(params.get("requestId", ""))
        url = str((params.get("request") or {}).get("url", ""))
        frame_id = str(params.get("frameId", ""))
        document = params.get("resourceType") == "Document"
        reason = self.policy.refusal(url) if _judged(params) else None
        try:
            if reason is None:
                if document:
                    self._blocked.pop(frame_id, None)
                await session.send(cdp.Fetch.continueRequest({"requestId": request_id}), timeout=self._timeout)
                return
            if not document:  # a prefetch: refused, and the frame's own navigation is not concerned
                logger.info("blocked a prefetch of frame %s to %s: %s", frame_id, url, reason)
                await session.send(
                    cdp.Fetch.failRequest({"requestId": request_id, "errorReason": "BlockedByClient"}),
                    timeout=self._timeout,
                )
                return
            self._blocked[frame_id] = BlockedNavigation(url, reason, bool(params.get("redirectedRequestId")))
            self._blocked.move_to_end(frame_id)
            while len(self._blocked) > _MAX_REMEMBERED:
                self._blocked.popitem(last=False)
            logger.info("blocked a document request of frame %s to %s: %s", frame_id, url, reason)
            await session.send(
                cdp.Fetch.failRequest({"requestId": request_id, "errorReason": "BlockedByClient"}),
                timeout=self._timeout,
            )
        except CDPError as exc:  # the request was cancelled meanwhile, or its target went away
            logger.debug("answering paused request %s (%s): %s", request_id, url, exc)

    async def watch_new_tabs(self, browser: CDPSession, context_ids: Callable[[], Collection[str]]) -> None:
        """Protect the tabs pages open before they run (see the module docstring).

        Args:
            browser: the browser session.
            context_ids: the ids of verdex's browser contexts now; tabs of other contexts are let go.

        Raises:
            CDPError: the browser refused auto-attach.
        """
        if not self.active:
            return
        kept: dict[str, Callable[[], None]] = {}
        starting = True

        def attached(params: cdp.TargetAttachedToTarget) -> None:
            info = params.get("targetInfo") or {}
            session = browser.connection.session(str(params.get("sessionId", "")))
            if not params.get("waitingForDebugger"):
                # Either verdex's own Target.attachToTarget, or a target that already ran when
                # auto-attach was turned on (then it is someone else's: let it go).
                if starting:
                    self._nursery.start_soon(self._let_go, browser, session, False)
                return
            ours = info.get("type") == "page" and bool(info.get("openerId"))
            if ours and str(info.get("browserContextId", "")) in context_ids():
                self._nursery.start_soon(self._hold, session, kept)
            else:
                self._nursery.start_soon(self._let_go, browser, session, True)

        def detached(params: cdp.TargetDetachedFromTarget) -> None:
            remove = kept.pop(str(params.get("sessionId", "")), None)
            if remove is not None:
                remove()

        browser.on(cdp.Target.attachedToTarget, attached)
        browser.on(cdp.Target.detachedFromTarget, detached)
        await browser.send(
            cdp.Target.setAutoAttach(
                {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True, "filter": [{"type": "page"}]}
            ),
            timeout=self._timeout,
        )
        starting = False

    async def _hold(self, session: CDPSession, kept: dict[str, Callable[[], None]]) -> None:
        """Protect a new tab's session, then let the tab run; the session stays for the tab's life."""
        try:
            kept[session.session_id or ""] = await self.protect(session)
        except CDPError as exc:
            logger.debug("protecting new tab session %s: %s", session.session_id, exc)
        finally:
            with trio.CancelScope(shield=True):
                try:
                    await session.send(cdp.Runtime.runIfWaitingForDebugger(), timeout=self._timeout)
                except CDPError as exc:
                    logger.debug("resuming new tab session %s: %s", session.session_id, exc)

    async def _let_go(self, browser: CDPSession, session: CDPSession, waiting: bool) -> None:
        try:
            if waiting:
                await session.send(cdp.Runtime.runIfWaitingForDebugger(), timeout=self._timeout)
            await browser.send(
                cdp.Target.detachFromTarget({"sessionId": session.session_id or ""}), timeout=self._timeout
            )
        except CDPError as exc:
            logger.debug("letting go of target session %s: %s", session.session_id, exc)
