"""verdex's isolated world in each frame of a page: the one way into it.

Every module that runs something in a frame's document goes through :class:`IsolatedWorlds`
(``page.worlds``): :meth:`~IsolatedWorlds.bridge` for the typed bridge calls
(:class:`verdex.bridge.api.Bridge`), :meth:`~IsolatedWorlds.in_world` for a CDP call in the world's
execution context, :meth:`~IsolatedWorlds.element_handle` for a remote object of a ref's element.

The world of a document is registered for every new document with
``Page.addScriptToEvaluateOnNewDocument(worldName)`` (:mod:`verdex.browser.frames`) and, when a
frame has none yet (a document loaded before verdex attached), created with
``Page.createIsolatedWorld``. A call in a document that is replaced meanwhile is cancelled at once
(``Frame.guard``): nothing waits on a document that is gone.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import trio

from verdex._nowait import held
from verdex.bridge.api import ELEMENT_OF_REF, Bridge
from verdex.bridge.client import ContextLostError, call_bridge, raise_for_envelope
from verdex.browser.frames import Frame
from verdex.browser.locate import ref_error
from verdex.browser.refs import RefOwner, format_ref
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import (
    BridgeCallError,
    CDPError,
    CDPTimeoutError,
    DialogOpenError,
    NavigationError,
    ProtocolError,
    StaleRefError,
)

if TYPE_CHECKING:
    from verdex.browser.page import Page

__all__ = ["IsolatedWorlds", "World"]

logger = logging.getLogger(__name__)

#: Seconds to wait for a frame's isolated world to appear before creating one.
WORLD_GRACE = 1.0

#: Seconds to wait for ``Runtime.terminateExecution`` after a bridge call timed out.
_TERMINATE_SECONDS = 5.0

#: Object group of the element handles verdex takes (each is released after use).
_HANDLES = "verdex-handles"


@dataclass(frozen=True)
class World:
    """verdex's isolated world in one document: the session that holds it and its execution context."""

    frame: Frame
    session: CDPSession
    context_id: int


class IsolatedWorlds:
    """The isolated worlds of one page's frames (``page.worlds``)."""

    def __init__(self, page: Page) -> None:
        self._page = page

    def bridge(self, frame: Frame, *, ref: str | None = None) -> Bridge:
        """The typed bridge of ``frame``'s document.

        Args:
            ref: the ref the calls are about: the bridge's ref errors (``ref-unknown``,
                ``ref-detached``, ``level-out-of-range``) become the model's errors for it
                (:func:`verdex.browser.locate.ref_error`).
        """

        async def call(
            method: str,
            args: dict[str, Any],
            *,
            element: str | None = None,
            timeout: float | None = None,
            once: bool = False,
        ) -> Any:
            try:
                return await self.call(frame, method, args, element=element, timeout=timeout, once=once)
            except BridgeCallError as exc:
                if ref is None:
                    raise
                raise ref_error(self._page, ref, exc) from exc

        return Bridge(call)

    async def world_of(self, frame: Frame) -> int:
        """The execution context of verdex's world in ``frame``'s document, creating it if needed.

        Waits (up to the call timeout) while the frame moves to another process.

        Raises:
            ContextLostError: the page (tab) was closed.
            StaleRefError: the frame was removed from the page.
            NavigationError: the page or the frame's process crashed, or the frame has no session to
                reach it within the call timeout.
        """
        page = self._page
        timeout = page.settings.call_timeout
        if page.closed:
            raise ContextLostError(f"the tab was closed (it was at {frame.url})")
        if frame.crashed and frame.parent_id is not None:
            raise NavigationError(
                f"the process of {frame.label} ({frame.url}) crashed; call browser_navigate to load the page again"
            )
        if page.crashed:
            raise NavigationError(
                f"the page crashed (it was at {page.url}); the next call opens a new page: call browser_navigate to "
                "load it again"
            )

        def live() -> bool:
            return frame.world is not None and frame.target is not None and frame.target.ready

        if live() and frame.session is not None:
            assert frame.world is not None
            return frame.world
        await page.wait_until(lambda: live() or frame.id not in page.frames or page.closed, WORLD_GRACE)
        if page.closed:
            raise ContextLostError(f"the tab was closed (it was at {frame.url})")
        if frame.id not in page.frames:
            raise _removed(frame)
        if live() and frame.session is not None:
            assert frame.world is not None
            return frame.world
        reachable = await page.wait_until(
            lambda: (
                page.closed
                or frame.id not in page.frames
                or (frame.session is not None and frame.target is not None and frame.target.ready)
            ),
            timeout,
        )
        if page.closed:
            raise ContextLostError(f"the tab was closed (it was at {frame.url})")
        session = frame.session
        if frame.id not in page.frames:
            raise _removed(frame)
        if not reachable or session is None:
            raise NavigationError(
                f"{frame.label} ({frame.url}) could not be reached within {timeout:g} s "
                "(its process did not answer); call browser_snapshot to see the page"
            )
        if frame.world is not None:
            return frame.world
        try:
            result = await session.send(
                cdp.Page.createIsolatedWorld({"frameId": frame.id, "worldName": page.source.world_name}),
                timeout=timeout,
            )
        except ProtocolError as exc:
            raise ContextLostError(f"{frame.label} has no document to reach ({exc.detail})") from exc
        if frame.world is None and frame.session is session:
            frame.world = int(result["executionContextId"])
        return frame.world if frame.world is not None else int(result["executionContextId"])

    @asynccontextmanager
    async def in_world(self, frame: Frame) -> AsyncIterator[World]:
        """verdex's world in ``frame``'s current document, for CDP calls in its execution context.

        The block is cancelled if the document goes away meanwhile (its process swaps or crashes,
        it navigates); then :class:`ContextLostError` is raised after it.

        Raises:
            ContextLostError: the document went away before or during the block.
            StaleRefError, NavigationError: as :meth:`world_of`.
        """
        context = await self.world_of(frame)
        session = frame.session
        if session is None or frame.world != context:
            raise ContextLostError(f"{frame.label} is changing documents")
        with frame.guard() as scope:
            yield World(frame, session, context)
        if scope.cancelled_caught:
            raise ContextLostError(f"{frame.label} navigated during the call")

    async def call(
        self,
        frame: Frame,
        method: str,
        args: dict[str, Any],
        *,
        element: str | None = None,
        timeout: float | None = None,
        once: bool = False,
    ) -> Any:
        """Call a bridge method in ``frame`` and return its value (:class:`Bridge` is the typed way).

        Adds ``refPrefix``, ``refStart``, ``testIdAttribute`` and ``failedSheets`` (when the frame has
        stylesheets that did not load: :attr:`Frame.sheets_without_rules`) to ``args`` and records the refs
        the call gave out in the page's ledger. If the document is replaced before or during the
        call (the call in flight is then cancelled), waits for the new one and calls again (bridge
        methods are queries or idempotent preparations).

        Args:
            element: a remote object id of an element in the frame's isolated world, passed to the
                method as its element; such a call is not repeated in a new document.
            timeout: seconds for the CDP call (default: the call timeout).
            once: never call again in a new document (a wait whose counts mean nothing there).

        Raises:
            DialogOpenError: a dialog blocks the page.
            CDPTimeoutError: the call did not finish within its timeout; the script still running in the
                page was stopped (``Runtime.terminateExecution``), and the message says so.
            BridgeCallError: the bridge answered ``ok: false`` (``.code``, ``.details``).
            ContextLostError: the document kept changing (three times), or it changed under ``element``.
            StaleRefError: the frame was removed from the page.
            BridgeError, CDPError: the bridge or the browser failed.
        """
        page = self._page
        if page.dialog is not None:
            raise DialogOpenError(page.dialog)
        limit = page.settings.call_timeout if timeout is None else timeout
        ledger = page.ledger
        attempts = 1 if element is not None or once else 3
        for attempt in range(attempts):
            context = await self.world_of(frame)
            session = frame.session
            if session is None:
                continue
            async with held(ledger.lock):
                start = ledger.next_number
                payload = {
                    **args,
                    "refPrefix": frame.ref_prefix,
                    "refStart": start,
                    "testIdAttribute": page.settings.test_id_attribute,
                }
                failed_sheets = frame.sheets_without_rules
                if failed_sheets:
                    payload["failedSheets"] = failed_sheets
                envelope: dict[str, Any] | None = None
                url = frame.url
                try:
                    with frame.guard():
                        if frame.world == context:
                            envelope = await call_bridge(
                                session, context, page.source, method, payload, timeout=limit, element=element
                            )
                except CDPTimeoutError as exc:
                    raise await _terminated(session, method, limit) from exc
                except ContextLostError:
                    if frame.world == context:
                        frame.set_world(None)
                    if attempt == attempts - 1 or frame.id not in page.frames:
                        raise
                    continue
                if envelope is None:
                    # The document went away during the call.
                    if attempt == attempts - 1:
                        raise ContextLostError(f"{frame.label} navigated during the call")
                    continue
                next_ref = envelope.get("nextRef")
                if isinstance(next_ref, int) and next_ref > start:
                    owner = RefOwner(page.settings.role, page.target_id, frame.id, frame.ordinal, url)
                    ledger.record(start, next_ref, owner)
            return raise_for_envelope(method, envelope)
        if frame.id not in page.frames:
            raise _removed(frame)
        raise ContextLostError(f"{frame.label} kept changing documents during the call")

    @asynccontextmanager
    async def element_handle(self, frame: Frame, number: int) -> AsyncIterator[str]:
        """A remote object id of the element of ref ``number`` in ``frame``'s isolated world, released on exit.

        Raises:
            StaleRefError: no live element has that number in the frame's document.
            ContextLostError: the document changed.
        """

        def request(world: World) -> cdp.Request[cdp.EvaluateResult]:
            return cdp.Runtime.callFunctionOn(
                {
                    "functionDeclaration": ELEMENT_OF_REF,
                    "executionContextId": world.context_id,
                    "arguments": [{"value": number}],
                    "objectGroup": _HANDLES,
                }
            )

        gone = StaleRefError(
            f"ref {format_ref(frame.ordinal, number)} has no live element in {frame.label} ({frame.url}); "
            "call browser_snapshot for fresh refs"
        )
        async with self._handle(frame, request, "result", gone) as object_id:
            yield object_id

    @asynccontextmanager
    async def node_handle(self, frame: Frame, backend_node_id: int) -> AsyncIterator[str]:
        """A remote object id, in ``frame``'s isolated world, of a DOM node known by its backend id
        (``DOM.resolveNode``), released on exit.

        Raises:
            ContextLostError: the document or the node went away.
        """

        def request(world: World) -> cdp.Request[cdp.DOMResolveNodeResult]:
            params: cdp.DOMResolveNodeParams = {
                "backendNodeId": backend_node_id,
                "executionContextId": world.context_id,
                "objectGroup": _HANDLES,
            }
            return cdp.DOM.resolveNode(params)

        async with self._handle(
            frame, request, "object", ContextLostError(f"a node of {frame.label} went away")
        ) as object_id:
            yield object_id

    @asynccontextmanager
    async def _handle(
        self, frame: Frame, request: Callable[[World], cdp.Request[Any]], key: str, gone: Exception
    ) -> AsyncIterator[str]:
        """A remote object id that ``request`` (answering ``{key: RemoteObject}``) gives in ``frame``'s world;
        ``gone`` when it gives none; released on exit."""
        async with self.in_world(frame) as world:
            try:
                answer = await world.session.send(request(world), timeout=self._page.settings.call_timeout)
            except ProtocolError as exc:
                raise ContextLostError(f"{frame.label} changed documents ({exc.detail})") from exc
        object_id = answer.get(key, {}).get("objectId")
        if not object_id:
            raise gone
        try:
            yield str(object_id)
        finally:
            await self.release(world.session, str(object_id))

    async def release(self, session: CDPSession, object_id: str) -> None:
        """Release a remote object (shielded; a document that is gone has nothing left to release)."""
        timeout = self._page.settings.call_timeout
        await _shielded(
            session.send(cdp.Runtime.releaseObject({"objectId": object_id}), timeout=timeout),
            timeout,
            f"releasing {object_id}",
        )

    async def release_group(self, session: CDPSession, group: str) -> None:
        """Release every remote object of ``group`` (shielded)."""
        timeout = self._page.settings.call_timeout
        await _shielded(
            session.send(cdp.Runtime.releaseObjectGroup({"objectGroup": group}), timeout=timeout),
            timeout,
            f"releasing {group}",
        )


async def _terminated(session: CDPSession, method: str, limit: float) -> CDPTimeoutError:
    """Stop the script still running in the page after a bridge call timed out, and say so.

    A call that outlives its timeout is still running in the renderer (a locator's regular expression
    that backtracks for ever, a page that never yields): ``Runtime.terminateExecution`` stops it, so
    the renderer answers the next call (https://chromedevtools.github.io/devtools-protocol/tot/Runtime/#method-terminateExecution).
    """
    stopped = "verdex stopped it (Runtime.terminateExecution), so the page answers again"
    with trio.CancelScope(shield=True), trio.move_on_after(_TERMINATE_SECONDS):
        try:
            await session.send(cdp.Runtime.terminateExecution(), timeout=_TERMINATE_SECONDS)
        except CDPError as exc:
            logger.info("terminating the script of a timed-out bridge %s: %s", method, exc)
            stopped = f"verdex could not stop it ({exc}); the page may stay busy"
    return CDPTimeoutError(
        f"the page was still busy with bridge {method} after {limit:g} s (a regular expression or a script of the "
        f"page that does not finish): {stopped}; simplify the regular expression or scope the call. If it was the "
        "page's own script (an endless loop), the page's state may be broken: reload it (browser_navigate) or open "
        "a new tab (browser_tabs) before relying on it"
    )


async def _shielded(call: Awaitable[Any], timeout: float, what: str) -> None:
    with trio.CancelScope(shield=True), trio.move_on_after(timeout):
        try:
            await call
        except CDPError as exc:
            logger.debug("%s: %s", what, exc)


def _removed(frame: Frame) -> StaleRefError:
    return StaleRefError(f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot")
