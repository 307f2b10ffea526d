"""One page's frame tree across CDP sessions: same-process frames and out-of-process iframes.

A page target reports the frames of its renderer process (``Page.frameAttached/Navigated/
Detached``). A cross-site iframe runs in another process, as its own target: the page session
auto-attaches to it (``Target.setAutoAttach`` with ``flatten`` and ``waitForDebuggerOnStart``),
and :class:`FrameTree` enables the child session's domains, registers the bridge in it, has the
origin policy check its document requests (:mod:`verdex.browser.guard`) and only then lets it
run (``Runtime.runIfWaitingForDebugger``), so no document of the frame starts without verdex's
isolated world or unchecked. Child sessions auto-attach their own children the same way.

The frame keeps its CDP id when it moves between processes (a local frame swapped for a remote
one, ``Page.frameDetached(reason="swap")``, and back), so its ordinal K in ``f<K>_eN`` refs is
stable for the frame's life. The order of the swap events varies; both orders are handled as
Playwright's ``crPage.ts`` does.

Per frame the tree keeps the URL, the loader of the current document, the lifecycle events seen
for it, and the execution context of verdex's isolated world. Every change wakes
:meth:`FrameTree.wait_until`; a bridge call in flight in a document that is replaced is
cancelled through :meth:`Frame.guard`.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

import trio

from verdex.bridge.client import BridgeSource
from verdex.browser.guard import NavigationGuard
from verdex.browser.refs import ref_prefix
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import CDPError

__all__ = ["Frame", "FrameTree", "Target"]

P = TypeVar("P")

logger = logging.getLogger(__name__)

#: Removed frames remembered for a back/forward cache restore.
_MAX_RETIRED = 256


@dataclass(eq=False)
class Target:
    """One CDP session of the page: the page target itself or an out-of-process iframe's target.

    Attributes:
        session: its flat session.
        target_id: the CDP target id (for an iframe target, the id of its root frame).
        ready: its domains are enabled, the bridge registered, and it runs (its documents are live).
        detached: the session is gone.
    """

    session: CDPSession
    target_id: str
    ready: bool = False
    detached: bool = False
    unsubscribe: list[Callable[[], None]] = field(default_factory=list)


@dataclass(eq=False)
class Frame:
    """One frame of the page as CDP reports it.

    Attributes:
        id: CDP frame id (stable for the frame's life, across process swaps).
        parent_id: parent frame's id, None for the main frame.
        ordinal: K in ``f<K>_eN`` refs, stable for the frame's life; 0 for the main frame.
        target: the session that holds the frame's document; None while the frame moves to
            another process.
        url: the frame document's URL (with fragment).
        loader_id: CDP loader of the current document.
        world: execution context id of verdex's isolated world in the current document.
        lifecycle: lifecycle events seen for ``lifecycle_loader`` (``DOMContentLoaded``, ``load`` ...).
        same_document_moves: fragment and History API changes seen.
        documents: documents the frame has shown (grows with each new one).
        crashed: the process of its current document crashed (a new document clears it).
        downloads: downloads the frame started (a navigation that turns into one commits no document).
        failed_sheets: URLs of the current document's stylesheets whose load failed (``Network.loadingFailed``)
            or answered a status that is not ok (a sheet Chromium then holds without rules).
        loaded_sheets: URLs of the current document's stylesheets that loaded (``Network.loadingFinished``
            after an ok status): a URL in both sets has a sheet with rules.
        warm_loader: the loader of the last document of the frame that a warm-up ran in (``Page.warm_up``).
    """

    id: str
    parent_id: str | None
    ordinal: int
    target: Target | None = None
    url: str = ""
    loader_id: str | None = None
    world: int | None = None
    lifecycle: set[str] = field(default_factory=set)
    lifecycle_loader: str | None = None
    same_document_moves: int = 0
    documents: int = 0
    crashed: bool = False
    downloads: int = 0
    failed_sheets: set[str] = field(default_factory=set)
    loaded_sheets: set[str] = field(default_factory=set)
    warm_loader: str | None = None
    _guards: set[trio.CancelScope] = field(default_factory=set)

    @property
    def ref_prefix(self) -> str:
        """The text before the number in this frame's refs: ``e`` or ``f3_e``."""
        return ref_prefix(self.ordinal)

    @property
    def sheets_without_rules(self) -> list[str]:
        """The stylesheets of the current document that did not load, by URL (sorted): a sheet of one of
        these URLs holds no rules, even when the page cannot read it (cross-origin). The bridge takes them
        as ``failedSheets``."""
        return sorted(self.failed_sheets - self.loaded_sheets) if self.failed_sheets else []

    @property
    def label(self) -> str:
        """How messages name the frame: ``the main frame`` or ``frame f3``."""
        return "the main frame" if self.ordinal == 0 else f"frame f{self.ordinal}"

    @property
    def session(self) -> CDPSession | None:
        """The session of the frame's document, None while it moves between processes."""
        return self.target.session if self.target is not None and not self.target.detached else None

    def set_world(self, world: int | None) -> None:
        """Record the isolated world; calls in flight in the previous one are cancelled."""
        if world != self.world:
            self.world = world
            self.cancel_calls()

    def cancel_calls(self) -> None:
        """Cancel every bridge call in flight in this frame (its document went away)."""
        for scope in self._guards:
            scope.cancel()

    @contextmanager
    def guard(self) -> Iterator[trio.CancelScope]:
        """A cancel scope that :meth:`cancel_calls` cancels: wrap a call in the current document.

        After the block, ``scope.cancelled_caught`` says the document went away during the call.
        """
        with trio.CancelScope() as scope:
            self._guards.add(scope)
            try:
                yield scope
            finally:
                self._guards.discard(scope)


class FrameTree:
    """The frames of one page across its sessions. Event handlers run in the CDP reader task.

    Args:
        bridge: the bundle registered in every session (its world name identifies verdex's contexts).
        nursery: runs the setup of auto-attached child sessions.
        timeout: seconds for each CDP command of that setup.
        guard: checks the document requests of every session before it runs (the origin policy).
    """

    def __init__(
        self, bridge: BridgeSource, nursery: trio.Nursery, timeout: float, guard: NavigationGuard | None = None
    ) -> None:
        self.bridge = bridge
        self.guard = guard
        self.frames: dict[str, Frame] = {}
        self.by_ordinal: dict[int, Frame] = {}
        self.targets: dict[str, Target] = {}
        self.main_id: str | None = None
        self.crashed = False
        self._nursery = nursery
        #: Runs the page's background work (setting up iframe targets, answering dialogs); outlives the page.
        self.nursery = nursery
        self._timeout = timeout
        self._next_ordinal = 1
        self._changed = trio.Event()
        self.statuses: dict[str, tuple[int, str]] = {}
        #: Stylesheet requests in flight, by request id: (frame id, loader of its document, URL as requested).
        self._sheet_requests: dict[str, tuple[str, str, str]] = {}
        #: Removed frames by id: a page restored from the back/forward cache brings its frames
        #: back with the same ids, and they get their ordinals (and refs) back.
        self._retired: OrderedDict[str, Frame] = OrderedDict()
        #: Frame trees being read again after a back/forward cache restore.
        self.refreshing = 0
        #: verdex worlds announced for frames not in the tree yet (restored ones), by frame id.
        self._unclaimed: dict[str, tuple[Target, int]] = {}

    # -- sessions ----------------------------------------------------------------------------

    async def attach_page(self, session: CDPSession, target_id: str) -> Target:
        """Set up the page target's own session: subscribe, enable, register the bridge, auto-attach.

        Raises:
            CDPError: the target went away during setup.
        """
        target = Target(session, target_id)
        self.targets[session.session_id or ""] = target
        self._subscribe(target)
        await self._enable(target, None)
        target.ready = True
        self.notify()
        return target

    def _subscribe(self, target: Target) -> None:
        def on(event: cdp.Event[P], handler: Callable[[Target, P], None]) -> Callable[[], None]:
            return target.session.on(event, lambda params: handler(target, params))

        target.unsubscribe += [
            on(cdp.Page.frameAttached, self._on_frame_attached),
            on(cdp.Page.frameNavigated, self._on_frame_navigated),
            on(cdp.Page.navigatedWithinDocument, self._on_navigated_within_document),
            on(cdp.Page.frameDetached, self._on_frame_detached),
            on(cdp.Page.lifecycleEvent, self._on_lifecycle),
            on(cdp.Network.requestWillBeSent, self._on_request),
            on(cdp.Network.responseReceived, self._on_response),
            on(cdp.Network.loadingFinished, self._on_loading_finished),
            on(cdp.Network.loadingFailed, self._on_loading_failed),
            on(cdp.Runtime.executionContextCreated, self._on_context_created),
            on(cdp.Runtime.executionContextDestroyed, self._on_context_destroyed),
            on(cdp.Runtime.executionContextsCleared, self._on_contexts_cleared),
            on(cdp.Inspector.targetCrashed, self._on_crashed),
            on(cdp.Page.downloadWillBegin, self._on_download),
            on(cdp.Target.attachedToTarget, self._on_attached),
            on(cdp.Target.detachedFromTarget, self._on_detached),
        ]

    async def _enable(self, target: Target, parent_id: str | None) -> None:
        session, timeout = target.session, self._timeout
        await session.send(cdp.Page.enable(), timeout=timeout)
        await session.send(cdp.Page.setLifecycleEventsEnabled({"enabled": True}), timeout=timeout)
        tree = await session.send(cdp.Page.getFrameTree(), timeout=timeout)
        self._adopt_tree(target, tree["frameTree"], parent_id)
        await session.send(cdp.Network.enable(), timeout=timeout)
        if self.guard is not None:
            target.unsubscribe.append(await self.guard.protect(session))
        await session.send(cdp.Runtime.enable(), timeout=timeout)
        await session.send(
            cdp.Page.addScriptToEvaluateOnNewDocument(
                {"source": self.bridge.source, "worldName": self.bridge.world_name, "runImmediately": True}
            ),
            timeout=timeout,
        )
        await session.send(
            cdp.Target.setAutoAttach(
                {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True, "filter": [{"type": "iframe"}]}
            ),
            timeout=timeout,
        )

    def _on_attached(self, parent: Target, params: cdp.TargetAttachedToTarget) -> None:
        info = params.get("targetInfo") or {}
        session = parent.session.connection.session(str(params["sessionId"]))
        if info.get("type") != "iframe":
            # Only iframes are asked for; anything else is let go at once.
            self._nursery.start_soon(self._release, parent, session, bool(params.get("waitingForDebugger")))
            return
        target = Target(session, str(info.get("targetId", "")))
        self.targets[session.session_id or ""] = target
        self._subscribe(target)  # before it runs: no event of the child is missed
        frame = self.frames.get(target.target_id)
        if frame is not None:
            # A local frame became remote (or the subtree was already gone: then it is adopted anew).
            self._remove_children(frame)
            self._take(frame, target)
        # Its frame tree names the parent frame too (targetInfo only names the parent target).
        parent_frame_id = frame.parent_id if frame is not None else None
        self._nursery.start_soon(self._start_child, target, parent_frame_id, bool(params.get("waitingForDebugger")))
        self.notify()

    async def _start_child(self, target: Target, parent_id: str | None, waiting: bool) -> None:
        try:
            await self._enable(target, parent_id)
        except CDPError as exc:
            logger.debug("setting up iframe target %s: %s", target.target_id, exc)
        finally:
            # Always let it run, set up or not: a target left waiting would hang its frame.
            if waiting and not target.detached:
                with trio.CancelScope(shield=True):
                    try:
                        await target.session.send(cdp.Runtime.runIfWaitingForDebugger(), timeout=self._timeout)
                    except CDPError as exc:
                        logger.debug("resuming iframe target %s: %s", target.target_id, exc)
            # Only a running target's documents are live (a restored one is not shown before).
            target.ready = True
            self.notify()

    async def _release(self, parent: Target, session: CDPSession, waiting: bool) -> None:
        try:
            if waiting:
                await session.send(cdp.Runtime.runIfWaitingForDebugger(), timeout=self._timeout)
            await parent.session.send(
                cdp.Target.detachFromTarget({"sessionId": session.session_id or ""}), timeout=self._timeout
            )
        except CDPError as exc:
            logger.debug("letting go of a non-frame target: %s", exc)

    def _on_detached(self, _parent: Target, params: cdp.TargetDetachedFromTarget) -> None:
        target = self.targets.pop(str(params.get("sessionId", "")), None)
        if target is None:
            return
        self._drop_target(target)
        frame = self.frames.get(target.target_id)
        if frame is not None and frame.target is target:
            # Either the frame is gone, or it is coming back to its parent's process and
            # Page.frameAttached is on its way; that event re-homes it (see _on_frame_attached).
            frame.target = None
            frame.set_world(None)
            self._nursery.start_soon(self._settle_detached, frame)
        self.notify()

    async def _settle_detached(self, frame: Frame) -> None:
        parent = self.frames.get(frame.parent_id or "")
        session = parent.session if parent is not None else None
        if session is not None:
            try:
                # One round trip: a Page.frameAttached for a remote -> local swap arrives before its answer.
                await session.send(cdp.Runtime.evaluate({"expression": "0"}), timeout=self._timeout)
            except CDPError as exc:
                logger.debug("round trip after a frame target detached: %s", exc)
        if frame.target is None and self.frames.get(frame.id) is frame:
            self._remove(frame)
            self.notify()

    def _drop_target(self, target: Target) -> None:
        target.detached = True
        for remove in target.unsubscribe:
            remove()
        target.unsubscribe.clear()

    def close(self) -> None:
        """Stop listening on every session."""
        for target in list(self.targets.values()):
            self._drop_target(target)
        self.targets.clear()

    # -- frames ------------------------------------------------------------------------------

    def _adopt_tree(self, target: Target, node: cdp.FrameTree, parent_id: str | None) -> None:
        info = node["frame"]
        frame = self._frame(info["id"], info.get("parentId") or parent_id)
        if frame.target is None or frame.target is target or frame.id == target.target_id:
            self._take(frame, target)
        if frame.target is target:
            frame.url = info.get("url", "") + info.get("urlFragment", "")
            frame.loader_id = info.get("loaderId")
        for child in node.get("childFrames", []):
            self._adopt_tree(target, child, info["id"])

    def _frame(self, frame_id: str, parent_id: str | None) -> Frame:
        frame = self.frames.get(frame_id)
        if frame is None and frame_id in self._retired:
            frame = self._retired.pop(frame_id)
            frame.parent_id = parent_id or frame.parent_id
            self.frames[frame_id] = frame
            self.by_ordinal.setdefault(frame.ordinal, frame)
        if frame is None:
            if parent_id is None and self.main_id in (None, frame_id):
                ordinal = 0
                self.main_id = frame_id
            else:
                ordinal = self._next_ordinal
                self._next_ordinal += 1
            frame = Frame(frame_id, parent_id, ordinal)
            self.frames[frame_id] = frame
            self.by_ordinal[ordinal] = frame
        return frame

    def _take(self, frame: Frame, target: Target) -> None:
        if frame.target is not target:
            frame.target = target
            frame.set_world(None)
        unclaimed = self._unclaimed.pop(frame.id, None)
        if unclaimed is not None and unclaimed[0] is target and frame.world is None:
            frame.set_world(unclaimed[1])

    def _remove(self, frame: Frame) -> None:
        self._remove_children(frame)
        self.frames.pop(frame.id, None)
        if self.by_ordinal.get(frame.ordinal) is frame:
            del self.by_ordinal[frame.ordinal]
        frame.target = None
        frame.set_world(None)
        self._retired[frame.id] = frame
        while len(self._retired) > _MAX_RETIRED:
            self._retired.popitem(last=False)

    def _remove_children(self, frame: Frame, keep: Callable[[Frame], bool] | None = None) -> None:
        for child in [f for f in self.frames.values() if f.parent_id == frame.id]:
            if keep is None or not keep(child):
                self._remove(child)

    def children(self, frame: Frame) -> list[Frame]:
        """The frames whose parent is ``frame``, in the order they were first seen."""
        return [f for f in self.frames.values() if f.parent_id == frame.id]

    # -- event handlers (run in the CDP reader task: no awaits) ------------------------------

    def notify(self) -> None:
        """Wake every :meth:`wait_until`."""
        self._changed.set()
        self._changed = trio.Event()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``predicate()`` holds after some event; False on timeout."""
        with trio.move_on_after(timeout):
            while not predicate():
                await self._changed.wait()
            return True
        return False

    def _owned(self, target: Target, frame_id: str) -> Frame | None:
        """The frame if ``target`` holds its document (events of a session a frame has left are stale)."""
        frame = self.frames.get(frame_id)
        if frame is None or (frame.target is not None and frame.target is not target):
            return None
        return frame

    def _on_frame_attached(self, target: Target, params: cdp.PageFrameAttached) -> None:
        frame_id = params["frameId"]
        existing = self.frames.get(frame_id)
        if existing is not None and existing.target is not None and existing.target is not target:
            if existing.target.target_id == frame_id:
                # A remote frame came back to its parent's process (remote -> local swap).
                self._remove_children(existing)
                self._take(existing, target)
            self.notify()
            return
        frame = self._frame(frame_id, params.get("parentFrameId"))
        if frame.target is None:
            self._take(frame, target)
        self.notify()

    def _on_frame_navigated(self, target: Target, params: cdp.PageFrameNavigated) -> None:
        info = params["frame"]
        frame = self.frames.get(info["id"])
        if frame is None:
            frame = self._frame(info["id"], info.get("parentId"))
        elif frame.target is not None and frame.target is not target:
            return
        if frame.target is None:
            self._take(frame, target)
        frame.url = info.get("url", "") + info.get("urlFragment", "")
        restored = params.get("type") == "BackForwardCacheRestore"
        if info.get("loaderId") != frame.loader_id:
            frame.documents += 1
            frame.crashed = False
            frame.failed_sheets.clear()
            frame.loaded_sheets.clear()
            if not restored:
                # A new document's contexts are announced after this event; a restored one's before it.
                frame.set_world(None)
            # The frames of the old document went with it; CDP does not report their detaching. A
            # restored document's out-of-process frames are attached (and revived) before this
            # event: those stay; its same-process frames come back with the tree read below.
            self._remove_children(frame, _runs_on_its_own if restored else None)
        frame.loader_id = info.get("loaderId")
        if restored:
            # A document restored from the back/forward cache is loaded already: no lifecycle events follow.
            frame.lifecycle_loader = frame.loader_id
            frame.lifecycle = {"init", "DOMContentLoaded", "load"}
            # Its same-process frames come back without Page.frameAttached: read the tree again.
            self.refreshing += 1
            self._nursery.start_soon(self._refresh, target)
        self.notify()

    async def _refresh(self, target: Target) -> None:
        try:
            tree = await target.session.send(cdp.Page.getFrameTree(), timeout=self._timeout)
            if not target.detached:
                self._adopt_tree(target, tree["frameTree"], None)
        except CDPError as exc:
            logger.debug("reading the frame tree after a back/forward cache restore: %s", exc)
        finally:
            self.refreshing -= 1
            self.notify()

    def _on_navigated_within_document(self, target: Target, params: cdp.PageNavigatedWithinDocument) -> None:
        frame = self._owned(target, params["frameId"])
        if frame is not None:
            frame.url = params.get("url", frame.url)
            frame.same_document_moves += 1
        self.notify()

    def _on_frame_detached(self, target: Target, params: cdp.PageFrameDetached) -> None:
        frame = self.frames.get(params["frameId"])
        if frame is None:
            return
        if params.get("reason") == "swap":
            if frame.target is target:
                # Local -> remote, before Target.attachedToTarget: keep the frame for the new target.
                self._remove_children(frame)
                frame.target = None
                frame.set_world(None)
        elif frame.target is target or (frame.parent_id is not None and self._owned(target, frame.parent_id)):
            self._remove(frame)
        self.notify()

    def _on_lifecycle(self, target: Target, params: cdp.PageLifecycleEvent) -> None:
        frame = self._owned(target, params["frameId"])
        if frame is None:
            return
        if params.get("loaderId") != frame.lifecycle_loader:
            frame.lifecycle_loader = params.get("loaderId")
            frame.lifecycle = set()
        frame.lifecycle.add(params.get("name", ""))
        self.notify()

    def _on_request(self, _target: Target, params: cdp.NetworkRequestWillBeSent) -> None:
        # A redirect sends the same request id again: the sheet keeps the URL first asked for (its href).
        request_id = params["requestId"]
        if params.get("type") == "Stylesheet" and params.get("frameId") and request_id not in self._sheet_requests:
            url = params.get("request", {}).get("url", "")
            self._sheet_requests[request_id] = (params["frameId"], params.get("loaderId", ""), url)

    def _on_response(self, _target: Target, params: cdp.NetworkResponseReceived) -> None:
        kind = params.get("type")
        if kind == "Document" and params.get("loaderId"):
            response = params.get("response", {})
            self.statuses[params["loaderId"]] = (int(response.get("status", 0)), str(response.get("statusText", "")))
        elif kind == "Stylesheet":
            status = int(params.get("response", {}).get("status", 0))
            # A sheet answered with an error status is kept without rules (HTML: "ok status"); 0 is a
            # response without HTTP (data:, cache), 304 a revalidated copy.
            if status and not (200 <= status < 300 or status == 304):
                self._sheet_done(params["requestId"], loaded=False)

    def _on_loading_finished(self, _target: Target, params: cdp.NetworkLoadingFinished) -> None:
        self._sheet_done(params["requestId"], loaded=True)

    def _on_loading_failed(self, _target: Target, params: cdp.NetworkLoadingFailed) -> None:
        # A cancelled request (its link removed, the document gone) says nothing about a sheet still shown.
        if params.get("canceled"):
            self._sheet_requests.pop(params["requestId"], None)
        else:
            self._sheet_done(params["requestId"], loaded=False)

    def _sheet_done(self, request_id: str, *, loaded: bool) -> None:
        request = self._sheet_requests.pop(request_id, None)
        if request is None:
            return
        frame_id, loader_id, url = request
        frame = self.frames.get(frame_id)
        # A request of a document the frame no longer shows says nothing about the current one's sheets.
        if frame is None or not url or loader_id != frame.loader_id:
            return
        (frame.loaded_sheets if loaded else frame.failed_sheets).add(url)
        self.notify()

    def _on_context_created(self, target: Target, params: cdp.RuntimeExecutionContextCreated) -> None:
        context = params.get("context", {})
        if context.get("name") != self.bridge.world_name:
            return
        aux = context.get("auxData") or {}
        frame_id = aux.get("frameId", "")
        frame = self._owned(target, frame_id)
        if frame_id and frame_id not in self.frames and isinstance(context.get("id"), int):
            # A frame the tree does not know yet (restored from the back/forward cache): keep its world.
            self._unclaimed[frame_id] = (target, context["id"])
        if frame is not None:
            if frame.target is None:
                self._take(frame, target)
            frame.set_world(context.get("id"))
            self.notify()

    def _on_context_destroyed(self, target: Target, params: cdp.RuntimeExecutionContextDestroyed) -> None:
        context_id = params.get("executionContextId")
        for frame_id, (owner, world) in list(self._unclaimed.items()):
            if owner is target and world == context_id:
                del self._unclaimed[frame_id]
        for frame in self.frames.values():
            if frame.target is target and frame.world == context_id:
                frame.set_world(None)
        self.notify()

    def _on_contexts_cleared(self, target: Target, _params: cdp.Empty) -> None:
        for frame_id, (owner, _) in list(self._unclaimed.items()):
            if owner is target:
                del self._unclaimed[frame_id]
        for frame in self.frames.values():
            if frame.target is target:
                frame.set_world(None)
        self.notify()

    def _on_download(self, _target: Target, params: cdp.PageDownloadWillBegin) -> None:
        frame = self.frames.get(str(params.get("frameId", "")))
        if frame is not None:
            frame.downloads += 1
            self.notify()

    def _on_crashed(self, target: Target, _params: cdp.Empty) -> None:
        if self.main_id is not None and self.frames.get(self.main_id) is not None:
            main = self.frames[self.main_id]
            if main.target is target:
                self.crashed = True
        for frame in self.frames.values():
            if frame.target is target:
                frame.crashed = True
                frame.set_world(None)
        self.notify()


def _runs_on_its_own(child: Frame) -> bool:
    """The frame has its own live target (an out-of-process frame of a restored document)."""
    target = child.target
    return target is not None and target.target_id == child.id and not target.detached
