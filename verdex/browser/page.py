"""A page: one CDP target with its frames, their isolated worlds, navigation and bridge calls.

The frames come from :class:`~verdex.browser.frames.FrameTree`: same-process frames and
out-of-process iframes (their own targets, auto-attached) in one tree. The bridge is registered
for every new document of every session with
``Page.addScriptToEvaluateOnNewDocument(worldName, runImmediately)`` and, when a frame has no
world yet, created with ``Page.createIsolatedWorld``.

Frames for other modules (``verify_locator``, the snapshot): :meth:`Page.content_frame` goes from
an iframe element (its ref, or a remote object in the parent's isolated world) to the
:class:`Frame` it shows; :meth:`Page.frame_owner` goes back from a frame to facts about its
iframe element; :meth:`Page.bridge_call` with ``frame=`` calls that frame's bridge.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import trio

from verdex.bridge.client import BridgeSource, ContextLostError, call_bridge, raise_for_envelope
from verdex.browser.dialogs import watch_dialogs
from verdex.browser.events import Dialog, PageEvents
from verdex.browser.frames import Frame, FrameTree
from verdex.browser.guard import NavigationGuard
from verdex.browser.navigation import Navigation, NavigationWatch, check_url, explain_net_error, wait_for_load
from verdex.browser.origins import NavigationPolicy
from verdex.browser.refs import RefLedger, RefOwner, format_ref, parse_ref
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import (
    BridgeCallError,
    CDPError,
    CDPTimeoutError,
    CrossRoleRefError,
    DialogOpenError,
    NavigationError,
    ProtocolError,
    StaleRefError,
    UnknownRefError,
    UsageError,
)

__all__ = ["Frame", "FrameOwner", "Navigation", "Page", "PageSettings", "check_url"]

logger = logging.getLogger(__name__)

#: Seconds to wait for a frame's isolated world to appear before creating one.
_WORLD_GRACE = 1.0

#: Returns the element of a ref number by reference (``Runtime.callFunctionOn`` without ``returnByValue``).
_ELEMENT_OF_REF = "function (n) { const b = globalThis.__verdex; return b ? b.element(n) : null; }"

#: Object group of the element handles verdex takes (each is released after use).
_HANDLES = "verdex-handles"


@dataclass(frozen=True)
class PageSettings:
    """Limits and options every page of a session shares.

    Attributes:
        role: the role this page belongs to (refs are checked against it).
        test_id_attribute: the attribute ``getByTestId`` uses (``--test-id-attribute``).
        call_timeout: seconds for one bridge call or CDP command.
        navigation_timeout: seconds to wait for a navigation's load event.
        events: where pages report dialogs, new tabs and downloads (None: nowhere).
    """

    role: str = "default"
    test_id_attribute: str = "data-testid"
    call_timeout: float = 30.0
    navigation_timeout: float = 30.0
    events: PageEvents | None = None


@dataclass(frozen=True)
class FrameOwner:
    """The iframe (or frame) element that shows a frame, as its parent document has it.

    Attributes:
        frame: the frame shown.
        parent: the frame whose document holds the element.
        ref: the element's ref (in the parent's refs: ``e5``, ``f1_e3``).
        tag_name: ``iframe`` or ``frame``.
        attributes: its locator attributes (bridge README: ``attributes``) plus ``src`` and ``srcdoc``
            (cut like the others).
    """

    frame: Frame
    parent: Frame
    ref: str
    tag_name: str
    attributes: dict[str, str]

    def facts(self) -> dict[str, Any]:
        """The JSON the tools return for this frame: ``{prefix, url, iframe: {ref, tagName, attributes}}``."""
        return {
            "prefix": self.frame.ref_prefix.removesuffix("e"),
            "url": self.frame.url,
            "iframe": {"ref": self.ref, "tagName": self.tag_name, "attributes": self.attributes},
        }


class Page:
    """A page target (tab) attached with a flat session. Create with :meth:`open`."""

    def __init__(
        self,
        session: CDPSession,
        target_id: str,
        bridge: BridgeSource,
        ledger: RefLedger,
        settings: PageSettings,
        nursery: trio.Nursery,
        guard: NavigationGuard | None = None,
    ) -> None:
        self.session = session
        self.target_id = target_id
        self.bridge = bridge
        self.ledger = ledger
        self.settings = settings
        #: The origin policy and its record of blocked document requests (see verdex.browser.guard).
        self.guard = guard or NavigationGuard(NavigationPolicy(), nursery, settings.call_timeout)
        self.tree = FrameTree(bridge, nursery, settings.call_timeout, self.guard)
        self.closed = False
        #: The JavaScript dialog the page shows (it blocks the page until answered); see verdex.browser.dialogs.
        self.dialog: Dialog | None = None
        #: The page that opened this one (``window.open``, ``target=_blank``), by target id.
        self.opener_id: str | None = None
        self._content_frames: dict[tuple[str, int, int], str] = {}

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        session: CDPSession,
        target_id: str,
        bridge: BridgeSource,
        ledger: RefLedger,
        settings: PageSettings,
        nursery: trio.Nursery,
        guard: NavigationGuard | None = None,
    ) -> Page:
        """Subscribe to the page's events, enable its domains, register the bridge, auto-attach iframes.

        Args:
            nursery: runs the setup of the page's out-of-process iframes; it must outlive the page.
            guard: the browser's origin policy (None: no origin lists, no file URLs).

        Raises:
            CDPError: the target went away during setup.
        """
        page = cls(session, target_id, bridge, ledger, settings, nursery, guard)
        watch_dialogs(page)
        await page.tree.attach_page(session, target_id)
        return page

    # -- state -------------------------------------------------------------------------------

    @property
    def frames(self) -> dict[str, Frame]:
        """Every frame of the page by CDP frame id, across processes."""
        return self.tree.frames

    @property
    def main_frame(self) -> Frame:
        assert self.tree.main_id is not None, "page has no main frame yet"
        return self.tree.frames[self.tree.main_id]

    @property
    def url(self) -> str:
        return self.main_frame.url

    @property
    def crashed(self) -> bool:
        return self.tree.crashed

    def frame_by_ordinal(self, ordinal: int) -> Frame | None:
        return self.tree.by_ordinal.get(ordinal)

    def child_frames(self, frame: Frame) -> list[Frame]:
        """The frames shown by iframes of ``frame``'s document."""
        return self.tree.children(frame)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``predicate()`` holds after some page event; False on timeout."""
        return await self.tree.wait_until(predicate, timeout)

    async def title(self) -> str:
        """The document title (``Target.getTargetInfo``); empty when the page has none."""
        browser = self.session.connection.session(None)
        info = await browser.send(
            cdp.Target.getTargetInfo({"targetId": self.target_id}), timeout=self.settings.call_timeout
        )
        target = info.get("targetInfo", {})
        title = str(target.get("title", ""))
        # Without a <title> the browser reports the URL (or its host) as the title.
        url = str(target.get("url", ""))
        return "" if title in (url, urlsplit(url).netloc, url.removeprefix("about:")) else title

    # -- navigation --------------------------------------------------------------------------

    async def navigate(self, url: str) -> Navigation:
        """Open ``url`` in the main frame and wait for its ``load`` event.

        Returns:
            The :class:`Navigation`; HTTP errors (404, 500) are not exceptions, they are in ``status``.

        Raises:
            UsageError: the URL is relative, empty or of a scheme verdex does not open (``file:``
                without ``--allow-file-urls``).
            NavigationError: the origin policy refuses the URL or a redirect of it, a network error,
                or nothing committed within the navigation timeout.
        """
        policy = self.guard.policy
        check_url(url, allow_file_urls=policy.allow_file_urls)
        frame = self.main_frame
        refusal = policy.refusal(url)
        if refusal is not None:
            raise NavigationError(
                f"{url} was not opened: {refusal}. The page stays at {frame.url}; call browser_navigate with a URL "
                "the origin policy allows."
            )
        previous_loader = frame.loader_id
        previous_url = frame.url
        moves_before = frame.same_document_moves
        timeout = self.settings.navigation_timeout
        try:
            result = await self.session.send(cdp.Page.navigate({"url": url}), timeout=timeout)
        except CDPTimeoutError as exc:
            # The browser would go on waiting and move the page later: stop it, so it stays where it was.
            await self._stop_loading()
            raise NavigationError(
                f"navigating to {url} did not start within {timeout:g} s; the page stays at {frame.url}. "
                "Check that the server answers, then call browser_navigate again "
                "(or raise --timeout-navigation for slow pages)."
            ) from exc
        error_text = result.get("errorText")
        if error_text:
            # The browser commits its error page; let it settle so the next call sees one document.
            await self.wait_until(lambda: frame.loader_id != previous_loader and "load" in frame.lifecycle, 2.0)
            blocked = self.guard.blocked_in(frame.id)
            raise NavigationError(explain_net_error(url, str(error_text), previous_url, frame.url, blocked))
        loader = result.get("loaderId")
        if not loader:
            # A fragment or History API move: Page.navigatedWithinDocument follows the answer.
            await self.wait_until(lambda: frame.same_document_moves > moves_before, timeout)
            return Navigation(url=frame.url, same_document=True)
        return await wait_for_load(self.tree, frame, str(loader), previous_loader, timeout, url)

    async def _stop_loading(self) -> None:
        """Cancel the main frame's navigation in progress (``Page.stopLoading``); a failure is only logged."""
        with trio.CancelScope(shield=True), trio.move_on_after(self.settings.call_timeout):
            try:
                await self.session.send(cdp.Page.stopLoading(), timeout=self.settings.call_timeout)
            except CDPError as exc:
                logger.debug("stopping a navigation that did not start: %s", exc)

    async def reload(self) -> Navigation:
        """Reload the main frame and wait for ``load``."""
        frame = self.main_frame
        previous = frame.loader_id
        await self.session.send(cdp.Page.reload(), timeout=self.settings.call_timeout)
        return await wait_for_load(self.tree, frame, "", previous, self.settings.navigation_timeout, frame.url)

    async def go_back(self) -> Navigation:
        """Go back one history entry (``Page.navigateToHistoryEntry``) and wait for it to be shown.

        The entry may move the page or one of its frames (a frame that navigated on its own adds
        an entry to the page's history): every frame is watched, and the one that moved is
        reported (``Navigation.frame``). A document restored from the back/forward cache is shown
        at once (it keeps its refs); a History API or fragment entry moves within the document.

        Raises:
            UsageError: there is no earlier entry.
            NavigationError: nothing moved, or the document did not load, within the navigation timeout.
        """
        timeout = self.settings.call_timeout
        history = await self.session.send(cdp.Page.getNavigationHistory(), timeout=timeout)
        index = int(history.get("currentIndex", 0))
        entries = history.get("entries", [])
        if index <= 0 or index >= len(entries):
            raise UsageError("there is no earlier page in this page's history; call browser_navigate instead")
        before = {frame.id: (frame, frame.loader_id, frame.same_document_moves) for frame in self.frames.values()}

        def moved() -> list[tuple[Frame, str | None, bool]]:
            """The frames that changed: (frame, its previous loader, same document?), the main frame first."""
            result = []
            for frame, loader, moves in before.values():
                if self.frames.get(frame.id) is not frame:
                    continue
                if frame.loader_id != loader:
                    result.append((frame, loader, False))
                elif frame.same_document_moves > moves:
                    result.append((frame, loader, True))
            return sorted(result, key=lambda item: item[0].ordinal)

        await self.session.send(cdp.Page.navigateToHistoryEntry({"entryId": entries[index - 1]["id"]}), timeout=timeout)
        navigation_timeout = self.settings.navigation_timeout
        if not await self.wait_until(lambda: bool(moved()), navigation_timeout):
            raise NavigationError(
                f"going back to {entries[index - 1].get('url', 'the previous entry')} changed nothing within "
                f"{navigation_timeout:g} s; call browser_snapshot to see where the page is"
            )
        frame, loader, same_document = moved()[0]
        if same_document:
            return Navigation(url=frame.url, same_document=True, frame=frame.ordinal)
        wanted = entries[index - 1].get("url", "") if frame.ordinal == 0 else frame.url
        navigation = await wait_for_load(self.tree, frame, "", loader, navigation_timeout, wanted)
        # A page restored from the back/forward cache: its frame tree is being read again.
        await self.wait_until(lambda: not self.tree.refreshing, timeout)
        return navigation

    async def watch_navigation(self, frame: Frame | None = None) -> NavigationWatch:
        """Start noticing navigations of the main frame and of ``frame``; see :class:`NavigationWatch`."""
        watch = NavigationWatch(self, frame)
        watch.start()
        return watch

    # -- bridge ------------------------------------------------------------------------------

    async def world_of(self, frame: Frame) -> int:
        """The execution context of verdex's world in ``frame``'s document, creating it if needed.

        Waits (up to the call timeout) while the frame moves to another process.

        Raises:
            StaleRefError: the frame was removed from the page.
            NavigationError: the frame's process crashed, or it has no session to reach it within
                the call timeout.
        """

        if frame.crashed and frame.parent_id is not None:
            raise NavigationError(
                f"the process of {frame.label} ({frame.url}) crashed; call browser_navigate to load the page again"
            )
        if self.crashed:
            raise NavigationError(
                f"the page crashed (it was at {self.url}); the next call opens a new page: call browser_navigate to "
                "load it again"
            )

        def live() -> bool:
            return frame.world is not None and frame.target is not None and frame.target.ready

        if live() and frame.session is not None:
            assert frame.world is not None
            return frame.world
        await self.wait_until(lambda: live() or frame.id not in self.frames, _WORLD_GRACE)
        if frame.id not in self.frames:
            raise StaleRefError(f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot")
        if live() and frame.session is not None:
            assert frame.world is not None
            return frame.world
        reachable = await self.wait_until(
            lambda: (
                frame.id not in self.frames
                or (frame.session is not None and frame.target is not None and frame.target.ready)
            ),
            self.settings.call_timeout,
        )
        session = frame.session
        if frame.id not in self.frames:
            raise StaleRefError(f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot")
        if not reachable or session is None:
            raise NavigationError(
                f"{frame.label} ({frame.url}) could not be reached within {self.settings.call_timeout:g} s "
                "(its process did not answer); call browser_snapshot to see the page"
            )
        if frame.world is not None:
            return frame.world
        try:
            result = await session.send(
                cdp.Page.createIsolatedWorld({"frameId": frame.id, "worldName": self.bridge.world_name}),
                timeout=self.settings.call_timeout,
            )
        except ProtocolError as exc:
            raise ContextLostError(f"{frame.label} has no document to reach ({exc.detail})") from exc
        if frame.world is None and frame.session is session:
            frame.world = int(result["executionContextId"])
        return frame.world if frame.world is not None else int(result["executionContextId"])

    async def bridge_call(
        self,
        method: str,
        args: dict[str, Any] | None = None,
        *,
        frame: Frame | None = None,
        timeout: float | None = None,
        element: str | None = None,
    ) -> Any:
        """Call a bridge method in a frame (default: main frame) and return its value.

        Adds ``refPrefix``, ``refStart`` and ``testIdAttribute`` to ``args`` and records the refs
        the call gave out. If the document is replaced before or during the call (the call in
        flight is then cancelled: it never waits on a document that is gone), waits for the new
        one and calls again (bridge methods are queries or idempotent preparations).

        Args:
            element: a remote object id of an element in the frame's isolated world, passed to
                the method as its element (``frameOwner``, ``framePoint``); such a call is not
                repeated in a new document (the element is not there).

        Raises:
            BridgeCallError: the bridge answered ``ok: false`` (``.code``, ``.details``).
            ContextLostError: the document kept changing (three times), or it changed under ``element``.
            StaleRefError: the frame was removed from the page.
            BridgeError, CDPError: the bridge or the browser failed.
        """
        if self.dialog is not None:
            raise DialogOpenError(self.dialog)
        frame = frame or self.main_frame
        limit = self.settings.call_timeout if timeout is None else timeout
        attempts = 1 if element is not None else 3
        for attempt in range(attempts):
            context = await self.world_of(frame)
            session = frame.session
            if session is None:
                continue
            async with self.ledger.lock:
                start = self.ledger.next_number
                payload = {
                    **(args or {}),
                    "refPrefix": frame.ref_prefix,
                    "refStart": start,
                    "testIdAttribute": self.settings.test_id_attribute,
                }
                envelope: dict[str, Any] | None = None
                url = frame.url
                try:
                    with frame.guard():
                        if frame.world == context:
                            envelope = await call_bridge(
                                session, context, self.bridge, method, payload, timeout=limit, element=element
                            )
                except ContextLostError:
                    if frame.world == context:
                        frame.set_world(None)
                    if attempt == attempts - 1 or frame.id not in self.frames:
                        raise
                    continue
                if envelope is None:
                    # The document went away during the call.
                    if attempt == attempts - 1:
                        raise ContextLostError(f"{frame.label} navigated during the call")
                    continue
                next_ref = envelope.get("nextRef")
                if isinstance(next_ref, int) and next_ref > start:
                    owner = RefOwner(self.settings.role, self.target_id, frame.id, frame.ordinal, url)
                    self.ledger.record(start, next_ref, owner)
            return raise_for_envelope(method, envelope)
        if frame.id not in self.frames:
            raise StaleRefError(f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot")
        raise ContextLostError(f"{frame.label} kept changing documents during the call")

    # -- frames ------------------------------------------------------------------------------

    @asynccontextmanager
    async def element_handle(self, frame: Frame, number: int) -> AsyncIterator[str]:
        """A remote object id of the element of ref ``number`` in ``frame``'s isolated world, released on exit.

        Raises:
            StaleRefError: no live element has that number in the frame's document.
        """
        context = await self.world_of(frame)
        session = frame.session
        if session is None:
            raise ContextLostError(f"{frame.label} is moving to another process")
        try:
            result = await session.send(
                cdp.Runtime.callFunctionOn(
                    {
                        "functionDeclaration": _ELEMENT_OF_REF,
                        "executionContextId": context,
                        "arguments": [{"value": number}],
                        "objectGroup": _HANDLES,
                    }
                ),
                timeout=self.settings.call_timeout,
            )
        except ProtocolError as exc:
            raise ContextLostError(f"{frame.label} changed documents ({exc.detail})") from exc
        object_id = result.get("result", {}).get("objectId")
        if not object_id:
            raise StaleRefError(
                f"ref {format_ref(frame.ordinal, number)} has no live element in {frame.label} ({frame.url}); "
                "call browser_snapshot for fresh refs"
            )
        try:
            yield str(object_id)
        finally:
            await self._release(session, str(object_id))

    async def _release(self, session: CDPSession, object_id: str) -> None:
        with trio.CancelScope(shield=True), trio.move_on_after(self.settings.call_timeout):
            try:
                await session.send(
                    cdp.Runtime.releaseObject({"objectId": object_id}), timeout=self.settings.call_timeout
                )
            except CDPError as exc:  # its context is gone: nothing left to release
                logger.debug("releasing %s: %s", object_id, exc)

    async def content_frame(self, frame: Frame, *, ref: int | None = None, object_id: str | None = None) -> Frame:
        """The frame an ``<iframe>``/``<frame>`` element of ``frame``'s document shows.

        Give the element as its ref number in ``frame`` (``ref``) or as a remote object id in
        ``frame``'s session (``object_id``, e.g. an element a bridge call returned by reference).
        Uses ``DOM.describeNode`` (its ``frameId``), then waits briefly for the frame tree to know
        that frame (an out-of-process frame is announced by its own target).

        Raises:
            UsageError: the element is not a frame owner, or shows no frame.
            StaleRefError: the element or its document is gone.
        """
        if object_id is None:
            if ref is None:
                raise ValueError("content_frame needs ref or object_id")
            # An iframe element shows one browsing context for its life in the document (moving or
            # re-inserting it makes a new frame, with a new id): a known answer stays right while
            # that frame is in the tree under this parent.
            key = (frame.id, frame.documents, ref)
            known = self.frames.get(self._content_frames.get(key, ""))
            if known is not None and known.parent_id == frame.id:
                return known
            async with self.element_handle(frame, ref) as handle:
                child = await self.content_frame(frame, object_id=handle)
            self._content_frames[key] = child.id
            return child
        session = frame.session
        if session is None:
            raise ContextLostError(f"{frame.label} is moving to another process")
        try:
            described = await session.send(
                cdp.DOM.describeNode({"objectId": object_id}), timeout=self.settings.call_timeout
            )
        except ProtocolError as exc:
            raise ContextLostError(f"{frame.label} changed documents ({exc.detail})") from exc
        node = described.get("node", {})
        frame_id = node.get("frameId")
        if node.get("localName") not in ("iframe", "frame"):
            raise UsageError(f"<{node.get('localName', '?')}> is not an iframe: it shows no frame")
        if not frame_id:
            raise UsageError(f"this <{node.get('localName')}> shows no frame (it is not in a rendered document)")
        await self.wait_until(lambda: frame_id in self.frames, _WORLD_GRACE)
        shown = self.frames.get(frame_id)
        if shown is None:
            raise StaleRefError(f"the frame of this <{node.get('localName')}> is not attached to the page (yet)")
        return shown

    async def frame_owner(self, frame: Frame) -> FrameOwner:
        """Facts about the iframe element that shows ``frame`` (``DOM.getFrameOwner`` in its parent).

        Raises:
            UsageError: ``frame`` is the main frame.
            StaleRefError: the frame or its parent is gone.
        """
        parent = self.frames.get(frame.parent_id or "")
        if frame.parent_id is None:
            raise UsageError("the main frame has no iframe element")
        if parent is None:
            raise StaleRefError(f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot")
        async with self.owner_handle(frame) as (parent, object_id):
            facts = await self.bridge_call("frameOwner", {}, frame=parent, element=object_id)
        return FrameOwner(frame, parent, str(facts["ref"]), str(facts["tagName"]), dict(facts["attributes"]))

    @asynccontextmanager
    async def owner_handle(self, frame: Frame) -> AsyncIterator[tuple[Frame, str]]:
        """The parent frame and a remote object id of ``frame``'s iframe element in the parent's
        isolated world (``DOM.getFrameOwner`` + ``DOM.resolveNode``), released on exit."""
        parent = self.frames.get(frame.parent_id or "")
        if parent is None:
            raise StaleRefError(f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot")
        context = await self.world_of(parent)
        session = parent.session
        if session is None:
            raise ContextLostError(f"{parent.label} is moving to another process")
        try:
            owner = await session.send(cdp.DOM.getFrameOwner({"frameId": frame.id}), timeout=self.settings.call_timeout)
            resolved = await session.send(
                cdp.DOM.resolveNode(
                    {"backendNodeId": owner["backendNodeId"], "executionContextId": context, "objectGroup": _HANDLES}
                ),
                timeout=self.settings.call_timeout,
            )
        except ProtocolError as exc:
            if frame.id not in self.frames:
                raise StaleRefError(
                    f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot"
                ) from exc
            raise ContextLostError(f"the iframe of {frame.label} changed ({exc.detail})") from exc
        object_id = str(resolved["object"]["objectId"])
        try:
            yield parent, object_id
        finally:
            await self._release(session, object_id)

    async def frame_path(self, frame: Frame) -> list[FrameOwner]:
        """The iframe elements from the page down to ``frame``, outermost first (empty for the main frame)."""
        path: list[FrameOwner] = []
        current = frame
        while current.parent_id is not None:
            owner = await self.frame_owner(current)
            path.append(owner)
            current = owner.parent
        return path[::-1]

    # -- refs --------------------------------------------------------------------------------

    def locate(self, ref: str) -> tuple[Frame, int]:
        """The frame and bridge number of a ref the model passed.

        Raises:
            MalformedRefError: not a ref.
            UnknownRefError: never given out.
            CrossRoleRefError: given out in another role.
            StaleRefError: its page or frame is gone.
        """
        _, number = parse_ref(ref)
        owner = self.ledger.owner_of(number)
        if owner is None:
            raise UnknownRefError(
                f"ref {ref} was never given out in this session; call browser_snapshot and use a ref it prints"
            )
        actual = format_ref(owner.frame_ordinal, number)
        if owner.role != self.settings.role:
            raise CrossRoleRefError(
                f"ref {ref} belongs to role {owner.role!r}, but the current role is {self.settings.role!r}; "
                f"call select_role({owner.role!r}) to use it, or browser_snapshot for this role's refs"
            )
        if owner.page_id != self.target_id:
            tab = self.settings.events.tab_of(owner.page_id) if self.settings.events else None
            if tab is not None:
                raise StaleRefError(
                    f"ref {ref} belongs to {tab} ({owner.url}), not to the selected tab; call "
                    "browser_tabs(action='select', index=...) to use it, or browser_snapshot for this tab's refs"
                )
            raise StaleRefError(
                f"ref {ref} belongs to another page ({owner.url}) that is closed or not current; "
                "call browser_snapshot for this page's refs"
            )
        if actual != ref:
            raise UnknownRefError(f"ref {ref} does not exist; number {number} was given out as {actual}")
        frame = self.frame_by_ordinal(owner.frame_ordinal)
        if frame is None or frame.id != owner.frame_id:
            raise StaleRefError(
                f"ref {ref} is stale: its frame f{owner.frame_ordinal} ({owner.url}) was removed from the page; "
                "call browser_snapshot for fresh refs"
            )
        return frame, number

    async def ref_call(self, ref: str, method: str, args: dict[str, Any] | None = None) -> Any:
        """Call a bridge method about the element of ``ref``, translating ref errors for the model."""
        frame, number = self.locate(ref)
        try:
            return await self.bridge_call(method, {**(args or {}), "ref": number}, frame=frame)
        except BridgeCallError as exc:
            raise self.ref_error(ref, exc) from exc

    def ref_error(self, ref: str, exc: BridgeCallError) -> Exception:
        """Map the bridge's ref codes to StaleRefError with the model's next step; others pass through."""
        owner = self.ledger.owner_of(parse_ref(ref)[1])
        if exc.code == "ref-unknown":
            frame = self.frame_by_ordinal(owner.frame_ordinal) if owner else None
            was = owner.url if owner else "an earlier document"
            if frame is None or frame.ordinal == 0:
                where = f"a document the page has left (now at {frame.url if frame else self.url})"
            else:
                where = f"a document {frame.label} has left (it now shows {frame.url})"
            return StaleRefError(
                f"ref {ref} is stale: it belonged to {was}, {where}; call browser_snapshot for fresh refs"
            )
        if exc.code == "ref-detached":
            what = _describe(exc.details)
            return StaleRefError(
                f"ref {ref} is stale: its element{what} was removed from the page; call browser_snapshot for fresh refs"
            )
        if exc.code == "level-out-of-range":
            count = exc.details.get("ancestorCount")
            span = f"1..{count}" if isinstance(count, int) and count > 0 else "none: it has no ancestor below <body>"
            return UsageError(
                f"ancestorLevel is out of range for {ref}: valid levels are {span} "
                "(1 = parent; <body> is not counted). resolve_container lists them."
            )
        return exc

    # -- closing -----------------------------------------------------------------------------

    async def close(self) -> None:
        """Close the target; later calls fail."""
        if self.closed:
            return
        self.closed = True
        self.tree.close()
        browser = self.session.connection.session(None)
        with trio.CancelScope(shield=True), trio.move_on_after(5):
            try:
                await browser.send(cdp.Target.closeTarget({"targetId": self.target_id}), timeout=5)
            except Exception as exc:  # the target may already be gone; closing must not fail
                logger.debug("closing target %s: %s", self.target_id, exc)


def _describe(details: dict[str, Any]) -> str:
    role, name = details.get("role"), details.get("name")
    if role and name:
        return f" ({role} {name!r})"
    if role or details.get("tagName"):
        return f" ({role or details.get('tagName')})"
    return ""
