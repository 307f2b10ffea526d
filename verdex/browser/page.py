"""A page: one CDP target with its frames, their isolated worlds, navigation and bridge calls.

The page keeps, from CDP events, the frame tree (``Page.frameAttached/Navigated/Detached``), each
frame's lifecycle (``Page.lifecycleEvent``), the HTTP status of each document
(``Network.responseReceived``) and the execution context of verdex's isolated world in each frame
(``Runtime.executionContextCreated``, ``...Destroyed``, ``...sCleared``). The bridge is registered for every new
document with ``Page.addScriptToEvaluateOnNewDocument(worldName, runImmediately)`` and, when a
frame has no world yet, created with ``Page.createIsolatedWorld``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import trio

from verdex.bridge.client import BridgeSource, ContextLostError, call_bridge, raise_for_envelope
from verdex.browser.refs import RefLedger, RefOwner, format_ref, parse_ref, ref_prefix
from verdex.cdp.connection import JSON, CDPSession
from verdex.errors import (
    BridgeCallError,
    CDPTimeoutError,
    CrossRoleRefError,
    NavigationError,
    StaleRefError,
    UnknownRefError,
    UsageError,
)

__all__ = ["Frame", "Navigation", "Page", "PageSettings"]

logger = logging.getLogger(__name__)

#: Seconds to wait for a frame's isolated world to appear before creating one.
_WORLD_GRACE = 1.0

_ALLOWED_SCHEMES = ("http", "https", "about", "data", "file", "chrome")


@dataclass(frozen=True)
class PageSettings:
    """Limits and options every page of a session shares.

    Attributes:
        role: the role this page belongs to (refs are checked against it).
        test_id_attribute: the attribute ``getByTestId`` uses (``--test-id-attribute``).
        call_timeout: seconds for one bridge call or CDP command.
        navigation_timeout: seconds to wait for a navigation's load event.
    """

    role: str = "default"
    test_id_attribute: str = "data-testid"
    call_timeout: float = 30.0
    navigation_timeout: float = 30.0


@dataclass(eq=False)
class Frame:
    """One frame of the page as CDP reports it.

    Attributes:
        id: CDP frame id.
        parent_id: parent frame's id, None for the main frame.
        ordinal: K in ``f<K>_eN`` refs, stable for the frame's life; 0 for the main frame.
        url: the frame document's URL (with fragment).
        loader_id: CDP loader of the current document.
        world: execution context id of verdex's isolated world in the current document.
        lifecycle: lifecycle events seen for ``loader_id`` (``DOMContentLoaded``, ``load`` ...).
    """

    id: str
    parent_id: str | None
    ordinal: int
    url: str = ""
    loader_id: str | None = None
    world: int | None = None
    lifecycle: set[str] = field(default_factory=set)
    lifecycle_loader: str | None = None
    same_document_moves: int = 0

    @property
    def ref_prefix(self) -> str:
        return ref_prefix(self.ordinal)


@dataclass(frozen=True)
class Navigation:
    """What a navigation did.

    Attributes:
        url: the URL the page shows now.
        status: HTTP status of the new document (None for non-HTTP documents and same-document moves).
        status_text: its reason phrase.
        load_pending: True when the document committed but its ``load`` event had not fired by the timeout.
        same_document: True for a fragment or History API change without a new document.
    """

    url: str
    status: int | None = None
    status_text: str = ""
    load_pending: bool = False
    same_document: bool = False


class Page:
    """A page target (tab) attached with a flat session. Create with :meth:`open`."""

    def __init__(
        self,
        session: CDPSession,
        target_id: str,
        bridge: BridgeSource,
        ledger: RefLedger,
        settings: PageSettings,
    ) -> None:
        self.session = session
        self.target_id = target_id
        self.bridge = bridge
        self.ledger = ledger
        self.settings = settings
        self.frames: dict[str, Frame] = {}
        self._by_ordinal: dict[int, Frame] = {}
        self._next_ordinal = 1
        self._main_id: str | None = None
        self._statuses: dict[str, tuple[int, str]] = {}
        self._changed = trio.Event()
        self._unsubscribe: list[Callable[[], None]] = []
        self.crashed = False
        self.closed = False

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    async def open(
        cls, session: CDPSession, target_id: str, bridge: BridgeSource, ledger: RefLedger, settings: PageSettings
    ) -> Page:
        """Subscribe to the page's events, enable its domains and register the bridge.

        Raises:
            CDPError: the target went away during setup.
        """
        page = cls(session, target_id, bridge, ledger, settings)
        page._subscribe()
        timeout = settings.call_timeout
        await session.send("Page.enable", timeout=timeout)
        await session.send("Page.setLifecycleEventsEnabled", {"enabled": True}, timeout=timeout)
        tree = await session.send("Page.getFrameTree", timeout=timeout)
        page._adopt_tree(tree["frameTree"], None)
        await session.send("Network.enable", timeout=timeout)
        await session.send("Runtime.enable", timeout=timeout)
        await session.send(
            "Page.addScriptToEvaluateOnNewDocument",
            {"source": bridge.source, "worldName": bridge.world_name, "runImmediately": True},
            timeout=timeout,
        )
        return page

    def _subscribe(self) -> None:
        on = self.session.on
        self._unsubscribe += [
            on("Page.frameAttached", self._on_frame_attached),
            on("Page.frameNavigated", self._on_frame_navigated),
            on("Page.navigatedWithinDocument", self._on_navigated_within_document),
            on("Page.frameDetached", self._on_frame_detached),
            on("Page.lifecycleEvent", self._on_lifecycle),
            on("Network.responseReceived", self._on_response),
            on("Runtime.executionContextCreated", self._on_context_created),
            on("Runtime.executionContextDestroyed", self._on_context_destroyed),
            on("Runtime.executionContextsCleared", self._on_contexts_cleared),
            on("Inspector.targetCrashed", self._on_crashed),
        ]

    def _adopt_tree(self, node: JSON, parent_id: str | None) -> None:
        info = node["frame"]
        frame = self._frame(info["id"], parent_id)
        frame.url = info.get("url", "") + info.get("urlFragment", "")
        frame.loader_id = info.get("loaderId")
        for child in node.get("childFrames", []):
            self._adopt_tree(child, info["id"])

    def _frame(self, frame_id: str, parent_id: str | None) -> Frame:
        frame = self.frames.get(frame_id)
        if frame is None:
            if parent_id is None:
                ordinal = 0
                self._main_id = frame_id
            else:
                ordinal = self._next_ordinal
                self._next_ordinal += 1
            frame = Frame(frame_id, parent_id, ordinal)
            self.frames[frame_id] = frame
            self._by_ordinal[ordinal] = frame
        return frame

    # -- event handlers (run in the CDP reader task: no awaits) ------------------------------

    def _notify(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    def _on_frame_attached(self, params: JSON) -> None:
        self._frame(params["frameId"], params.get("parentFrameId"))
        self._notify()

    def _on_frame_navigated(self, params: JSON) -> None:
        info = params["frame"]
        frame = self._frame(info["id"], info.get("parentId"))
        frame.url = info.get("url", "") + info.get("urlFragment", "")
        frame.loader_id = info.get("loaderId")
        if params.get("type") == "BackForwardCacheRestore":
            # A document restored from the back/forward cache is loaded already: no lifecycle events follow.
            frame.lifecycle_loader = frame.loader_id
            frame.lifecycle = {"init", "DOMContentLoaded", "load"}
        self._notify()

    def _on_navigated_within_document(self, params: JSON) -> None:
        frame = self.frames.get(params["frameId"])
        if frame is not None:
            frame.url = params.get("url", frame.url)
            frame.same_document_moves += 1
        self._notify()

    def _on_frame_detached(self, params: JSON) -> None:
        frame = self.frames.pop(params["frameId"], None)
        if frame is not None:
            self._by_ordinal.pop(frame.ordinal, None)
        self._notify()

    def _on_lifecycle(self, params: JSON) -> None:
        frame = self.frames.get(params["frameId"])
        if frame is None:
            return
        if params.get("loaderId") != frame.lifecycle_loader:
            frame.lifecycle_loader = params.get("loaderId")
            frame.lifecycle = set()
        frame.lifecycle.add(params.get("name", ""))
        self._notify()

    def _on_response(self, params: JSON) -> None:
        if params.get("type") == "Document" and params.get("loaderId"):
            response = params.get("response", {})
            self._statuses[params["loaderId"]] = (int(response.get("status", 0)), str(response.get("statusText", "")))

    def _on_context_created(self, params: JSON) -> None:
        context = params.get("context", {})
        aux = context.get("auxData") or {}
        if context.get("name") != self.bridge.world_name:
            return
        frame = self.frames.get(aux.get("frameId", ""))
        if frame is not None:
            frame.world = context.get("id")
            self._notify()

    def _on_context_destroyed(self, params: JSON) -> None:
        context_id = params.get("executionContextId")
        for frame in self.frames.values():
            if frame.world == context_id:
                frame.world = None
        self._notify()

    def _on_contexts_cleared(self, _params: JSON) -> None:
        for frame in self.frames.values():
            frame.world = None
        self._notify()

    def _on_crashed(self, _params: JSON) -> None:
        self.crashed = True
        self._notify()

    # -- state -------------------------------------------------------------------------------

    @property
    def main_frame(self) -> Frame:
        assert self._main_id is not None, "page has no main frame yet"
        return self.frames[self._main_id]

    @property
    def url(self) -> str:
        return self.main_frame.url

    def frame_by_ordinal(self, ordinal: int) -> Frame | None:
        return self._by_ordinal.get(ordinal)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``predicate()`` holds after some page event; False on timeout."""
        with trio.move_on_after(timeout):
            while not predicate():
                await self._changed.wait()
            return True
        return False

    async def title(self) -> str:
        """The document title (``Target.getTargetInfo``); empty when the page has none."""
        browser = self.session.connection.session(None)
        info = await browser.send(
            "Target.getTargetInfo", {"targetId": self.target_id}, timeout=self.settings.call_timeout
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
            UsageError: the URL is relative, empty or of a scheme verdex does not open.
            NavigationError: a network error, or nothing committed within the navigation timeout.
        """
        check_url(url)
        frame = self.main_frame
        previous_loader = frame.loader_id
        previous_url = frame.url
        moves_before = frame.same_document_moves
        timeout = self.settings.navigation_timeout
        try:
            result = await self.session.send("Page.navigate", {"url": url}, timeout=timeout)
        except CDPTimeoutError as exc:
            raise NavigationError(
                f"navigating to {url} did not start within {timeout:g} s; the page stays at {frame.url}. "
                "Check that the server answers, then call browser_navigate again."
            ) from exc
        error_text = result.get("errorText")
        if error_text:
            # The browser commits its error page; let it settle so the next call sees one document.
            await self.wait_until(lambda: frame.loader_id != previous_loader and "load" in frame.lifecycle, 2.0)
            raise NavigationError(_explain_net_error(url, str(error_text), previous_url))
        loader = result.get("loaderId")
        if not loader:
            # A fragment or History API move: Page.navigatedWithinDocument follows the answer.
            await self.wait_until(lambda: frame.same_document_moves > moves_before, timeout)
            return Navigation(url=frame.url, same_document=True)
        return await self._wait_for_load(str(loader), previous_loader, timeout, url)

    async def _wait_for_load(self, loader: str, previous: str | None, timeout: float, wanted: str) -> Navigation:
        def loaded() -> bool:
            frame = self.frames.get(self._main_id or "")
            return (
                frame is not None
                and frame.lifecycle_loader not in (None, previous)
                and "load" in frame.lifecycle
                and (frame.lifecycle_loader == loader or frame.loader_id == frame.lifecycle_loader)
            )

        done = await self.wait_until(lambda: self.crashed or loaded(), timeout)
        frame = self.main_frame
        if self.crashed:
            raise NavigationError(f"the page crashed while loading {wanted}; call browser_navigate to reload it")
        committed = frame.loader_id not in (None, previous)
        if not done and not committed:
            raise NavigationError(
                f"{wanted} did not answer within {timeout:g} s; the page stays at {frame.url}. "
                "Check the URL, or raise --timeout-navigation for slow pages."
            )
        status, status_text = self._statuses.get(frame.loader_id or "", (None, ""))
        return Navigation(url=frame.url, status=status, status_text=status_text, load_pending=not done)

    async def reload(self) -> Navigation:
        """Reload the main frame and wait for ``load``."""
        frame = self.main_frame
        previous = frame.loader_id
        await self.session.send("Page.reload", timeout=self.settings.call_timeout)
        return await self._wait_for_load("", previous, self.settings.navigation_timeout, frame.url)

    async def go_back(self) -> Navigation:
        """Go back one history entry (``Page.navigateToHistoryEntry``) and wait for it to load.

        Raises:
            UsageError: there is no earlier entry.
        """
        timeout = self.settings.call_timeout
        history = await self.session.send("Page.getNavigationHistory", timeout=timeout)
        index = int(history.get("currentIndex", 0))
        entries = history.get("entries", [])
        if index <= 0 or index >= len(entries):
            raise UsageError("there is no earlier page in this page's history; call browser_navigate instead")
        frame = self.main_frame
        previous = frame.loader_id
        moves_before = frame.same_document_moves
        await self.session.send("Page.navigateToHistoryEntry", {"entryId": entries[index - 1]["id"]}, timeout=timeout)

        def arrived() -> bool:
            return frame.same_document_moves > moves_before or frame.loader_id != previous

        await self.wait_until(arrived, self.settings.navigation_timeout)
        if frame.same_document_moves > moves_before and frame.loader_id == previous:
            return Navigation(url=frame.url, same_document=True)
        return await self._wait_for_load(
            "", previous, self.settings.navigation_timeout, entries[index - 1].get("url", "")
        )

    async def watch_navigation(self) -> _NavigationWatch:
        """Start noticing main-frame navigations; see :class:`_NavigationWatch`."""
        watch = _NavigationWatch(self)
        watch.start()
        return watch

    # -- bridge ------------------------------------------------------------------------------

    async def world_of(self, frame: Frame) -> int:
        """The execution context of verdex's world in ``frame``'s document, creating it if needed."""
        if frame.world is not None:
            return frame.world
        await self.wait_until(lambda: frame.world is not None or frame.id not in self.frames, _WORLD_GRACE)
        if frame.world is not None:
            return frame.world
        if frame.id not in self.frames:
            raise StaleRefError(f"the frame at {frame.url} was removed from the page; call browser_snapshot")
        result = await self.session.send(
            "Page.createIsolatedWorld",
            {"frameId": frame.id, "worldName": self.bridge.world_name},
            timeout=self.settings.call_timeout,
        )
        if frame.world is None:
            frame.world = int(result["executionContextId"])
        return frame.world

    async def bridge_call(
        self,
        method: str,
        args: dict[str, Any] | None = None,
        *,
        frame: Frame | None = None,
        timeout: float | None = None,
    ) -> Any:
        """Call a bridge method in a frame (default: main frame) and return its value.

        Adds ``refPrefix``, ``refStart`` and ``testIdAttribute`` to ``args`` and records the refs
        the call gave out. If the document is replaced during the call, waits for the new one and
        calls once more (bridge methods are queries or idempotent preparations).

        Raises:
            BridgeCallError: the bridge answered ``ok: false`` (``.code``, ``.details``).
            BridgeError, CDPError: the bridge or the browser failed.
        """
        frame = frame or self.main_frame
        limit = self.settings.call_timeout if timeout is None else timeout
        for attempt in range(3):
            context = await self.world_of(frame)
            async with self.ledger.lock:
                start = self.ledger.next_number
                payload = {
                    **(args or {}),
                    "refPrefix": frame.ref_prefix,
                    "refStart": start,
                    "testIdAttribute": self.settings.test_id_attribute,
                }
                try:
                    envelope = await call_bridge(self.session, context, self.bridge, method, payload, timeout=limit)
                except ContextLostError:
                    if frame.world == context:
                        frame.world = None
                    if attempt == 2 or frame.id not in self.frames:
                        raise
                    continue
                next_ref = envelope.get("nextRef")
                if isinstance(next_ref, int) and next_ref > start:
                    owner = RefOwner(self.settings.role, self.target_id, frame.id, frame.ordinal, frame.url)
                    self.ledger.record(start, next_ref, owner)
            return raise_for_envelope(method, envelope)
        raise AssertionError("unreachable")

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
            raise StaleRefError(
                f"ref {ref} belongs to another page ({owner.url}) that is closed or not current; "
                "call browser_snapshot for this page's refs"
            )
        if actual != ref:
            raise UnknownRefError(f"ref {ref} does not exist; number {number} was given out as {actual}")
        frame = self._by_ordinal.get(owner.frame_ordinal)
        if frame is None or frame.id != owner.frame_id:
            raise StaleRefError(
                f"ref {ref} is stale: its frame ({owner.url}) was removed from the page; "
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
            frame_url = (
                self._by_ordinal[owner.frame_ordinal].url if owner and owner.frame_ordinal in self._by_ordinal else ""
            )
            was = owner.url if owner else "an earlier document"
            return StaleRefError(
                f"ref {ref} is stale: it belonged to {was}, a document the page has left (now at {frame_url}); "
                "call browser_snapshot for fresh refs"
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
        for remove in self._unsubscribe:
            remove()
        browser = self.session.connection.session(None)
        with trio.CancelScope(shield=True), trio.move_on_after(5):
            try:
                await browser.send("Target.closeTarget", {"targetId": self.target_id}, timeout=5)
            except Exception as exc:  # the target may already be gone; closing must not fail
                logger.debug("closing target %s: %s", self.target_id, exc)


class _NavigationWatch:
    """Notices whether the main frame starts a navigation (``Page.frameRequestedNavigation``,
    ``Page.frameStartedNavigating``, a new loader) while an action runs, then waits for it.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.requested_url: str | None = None
        self.same_document = False
        self._loader_before = page.main_frame.loader_id
        self._url_before = page.main_frame.url
        self._remove: list[Callable[[], None]] = []

    def start(self) -> None:
        main_id = self.page.main_frame.id

        def requested(params: JSON) -> None:
            if params.get("frameId") == main_id and self.requested_url is None:
                self.requested_url = str(params.get("url", ""))

        def within(params: JSON) -> None:
            if params.get("frameId") == main_id:
                self.same_document = True

        on = self.page.session.on
        self._remove = [
            on("Page.frameRequestedNavigation", requested),
            on("Page.frameStartedNavigating", requested),
            on("Page.navigatedWithinDocument", within),
        ]

    async def finish(self) -> Navigation | None:
        """Stop watching; if a navigation started, wait for it to load and return it."""
        page = self.page
        try:
            # One renderer round trip: events the action caused arrive before its answer.
            try:
                await page.session.send("Runtime.evaluate", {"expression": "0"}, timeout=page.settings.call_timeout)
            except Exception as exc:  # the old document may already be gone: that is a navigation
                logger.debug("round trip after action: %s", exc)
            frame = page.main_frame
            if self.requested_url is None and frame.loader_id == self._loader_before:
                if self.same_document and frame.url != self._url_before:
                    return Navigation(url=frame.url, same_document=True)
                return None
        finally:
            for remove in self._remove:
                remove()
        return await page._wait_for_load(
            "", self._loader_before, page.settings.navigation_timeout, self.requested_url or ""
        )


def check_url(url: str) -> None:
    """Reject URLs verdex will not open, with what to pass instead.

    Raises:
        UsageError: empty, relative, ``javascript:``, or an unknown scheme.
    """
    stripped = url.strip()
    if not stripped:
        raise UsageError("url is empty: pass an absolute URL such as https://example.com/")
    scheme = urlsplit(stripped).scheme.lower()
    if not scheme:
        example = "http://localhost:3000" + ("" if stripped.startswith("/") else "/") + stripped
        raise UsageError(f"url {url!r} is relative: pass an absolute URL with its scheme, such as {example}")
    if scheme == "javascript":
        raise UsageError(
            "javascript: URLs are not navigations; verdex does not run page JavaScript through browser_navigate"
        )
    if scheme not in _ALLOWED_SCHEMES:
        raise UsageError(f"url {url!r} has scheme {scheme!r}; verdex opens http, https, file, about and data URLs")


def _explain_net_error(url: str, error: str, current: str) -> str:
    hints = {
        "net::ERR_CONNECTION_REFUSED": "nothing is listening there; start the server or fix the port",
        "net::ERR_NAME_NOT_RESOLVED": "the host name does not resolve; check the spelling",
        "net::ERR_ADDRESS_UNREACHABLE": "the host cannot be reached from this machine",
        "net::ERR_CONNECTION_TIMED_OUT": "the host did not answer",
        "net::ERR_INTERNET_DISCONNECTED": "this machine has no network",
        "net::ERR_ABORTED": "the navigation was cancelled (a download, or another navigation replaced it)",
        "net::ERR_BLOCKED_BY_CLIENT": "the URL is blocked by the server's --blocked-origins/--allowed-origins",
        "net::ERR_UNSAFE_PORT": "browsers refuse this port; serve the app on another port",
    }
    hint = hints.get(error, "the browser could not load it")
    before = f" (it was at {current})" if current and current != "about:blank" else ""
    return (
        f"could not open {url}: {error} ({hint}). The tab now shows the browser's error page{before}; "
        "call browser_navigate with a working URL."
    )


def _describe(details: dict[str, Any]) -> str:
    role, name = details.get("role"), details.get("name")
    if role and name:
        return f" ({role} {name!r})"
    if role or details.get("tagName"):
        return f" ({role or details.get('tagName')})"
    return ""
