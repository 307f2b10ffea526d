"""Iframe elements and the frames they show, both ways (``page.owners``).

:meth:`FrameOwners.content_frame` goes from an ``<iframe>``/``<frame>`` element (its ref, or a
remote object in the parent's isolated world) to the :class:`~verdex.browser.frames.Frame` it
shows (``DOM.describeNode``: its ``frameId``); :meth:`FrameOwners.frame_owner` goes back from a
frame to facts about its iframe element (``DOM.getFrameOwner`` in the parent, then the bridge's
``frameOwner``); :meth:`FrameOwners.frame_path` lists the iframes from the page down to a frame,
what ``frameLocator(...)`` chains are built from.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from verdex.bridge.client import ContextLostError
from verdex.bridge.models import FrameOwnerResult
from verdex.browser.frames import Frame
from verdex.browser.worlds import WORLD_GRACE
from verdex.cdp import protocol as cdp
from verdex.errors import ProtocolError, StaleRefError, UsageError

if TYPE_CHECKING:
    from verdex.browser.page import Page

__all__ = ["FrameFacts", "FrameOwner", "FrameOwners"]


class FrameFacts(BaseModel):
    """One frame on the way to an element (outermost first): what a ``frameLocator`` step is built from."""

    prefix: str = Field(description="The frame's ref prefix, e.g. f2_ (its refs are f2_eN).")
    url: str = Field(description="The URL of the frame's document.")
    iframe: FrameOwnerResult = Field(description="The iframe element that shows the frame, in its parent document.")


@dataclass(frozen=True)
class FrameOwner:
    """The iframe (or frame) element that shows a frame, as its parent document has it.

    Attributes:
        frame: the frame shown.
        parent: the frame whose document holds the element.
        element: the element's ref (in the parent's refs: ``e5``, ``f1_e3``), tag name and locator
            attributes plus ``src`` and ``srcdoc``.
    """

    frame: Frame
    parent: Frame
    element: FrameOwnerResult

    def facts(self) -> FrameFacts:
        """The frame as the tools report it: ``{prefix, url, iframe: {ref, tagName, attributes}}``."""
        return FrameFacts(prefix=self.frame.ref_prefix.removesuffix("e"), url=self.frame.url, iframe=self.element)


class FrameOwners:
    """The iframe elements of one page's frames (``page.owners``)."""

    def __init__(self, page: Page) -> None:
        self._page = page
        #: (parent frame id, its document count, ref number) -> id of the frame the iframe shows.
        self._content_frames: dict[tuple[str, int, int], str] = {}

    async def content_frame(self, frame: Frame, *, ref: int | None = None, object_id: str | None = None) -> Frame:
        """The frame an ``<iframe>``/``<frame>`` element of ``frame``'s document shows.

        Give the element as its ref number in ``frame`` (``ref``) or as a remote object id in
        ``frame``'s isolated world (``object_id``). Uses ``DOM.describeNode`` (its ``frameId``), then
        waits briefly for the frame tree to know that frame (an out-of-process frame is announced
        by its own target).

        Raises:
            UsageError: the element is not a frame owner, or shows no frame.
            StaleRefError: the element or its document is gone.
        """
        page = self._page
        if object_id is None:
            if ref is None:
                raise ValueError("content_frame needs ref or object_id")
            # An iframe element shows one browsing context for its life in the document (moving or
            # re-inserting it makes a new frame, with a new id): a known answer stays right while
            # that frame is in the tree under this parent.
            key = (frame.id, frame.documents, ref)
            known = page.frames.get(self._content_frames.get(key, ""))
            if known is not None and known.parent_id == frame.id:
                return known
            async with page.worlds.element_handle(frame, ref) as handle:
                child = await self.content_frame(frame, object_id=handle)
            self._content_frames[key] = child.id
            return child
        session = frame.session
        if session is None:
            raise ContextLostError(f"{frame.label} is moving to another process")
        try:
            described = await session.send(
                cdp.DOM.describeNode({"objectId": object_id}), timeout=page.settings.call_timeout
            )
        except ProtocolError as exc:
            raise ContextLostError(f"{frame.label} changed documents ({exc.detail})") from exc
        node = described["node"]
        frame_id = node.get("frameId")
        tag = node.get("localName", "?")
        if tag not in ("iframe", "frame"):
            raise UsageError(f"<{tag}> is not an iframe: it shows no frame")
        if not frame_id:
            raise UsageError(f"this <{tag}> shows no frame (it is not in a rendered document)")
        await page.wait_until(lambda: frame_id in page.frames, WORLD_GRACE)
        shown = page.frames.get(frame_id)
        if shown is None:
            raise StaleRefError(f"the frame of this <{tag}> is not attached to the page (yet)")
        return shown

    async def frame_owner(self, frame: Frame) -> FrameOwner:
        """Facts about the iframe element that shows ``frame`` (``DOM.getFrameOwner`` in its parent).

        Raises:
            UsageError: ``frame`` is the main frame.
            StaleRefError: the frame or its parent is gone.
        """
        if frame.parent_id is None:
            raise UsageError("the main frame has no iframe element")
        async with self.owner_handle(frame) as (parent, object_id):
            element = await self._page.worlds.bridge(parent).frame_owner(object_id)
        return FrameOwner(frame, parent, element)

    @asynccontextmanager
    async def owner_handle(self, frame: Frame) -> AsyncIterator[tuple[Frame, str]]:
        """The parent frame and a remote object id of ``frame``'s iframe element in the parent's
        isolated world (``DOM.getFrameOwner`` + ``DOM.resolveNode``), released on exit.

        Raises:
            StaleRefError: the frame or its parent is gone.
            ContextLostError: the iframe changed meanwhile.
        """
        page = self._page
        parent = page.frames.get(frame.parent_id or "")
        if parent is None:
            raise _removed(frame)
        session = parent.session
        if session is None:
            raise ContextLostError(f"{parent.label} is moving to another process")
        try:
            owner = await session.send(cdp.DOM.getFrameOwner({"frameId": frame.id}), timeout=page.settings.call_timeout)
        except ProtocolError as exc:
            if frame.id not in page.frames:
                raise _removed(frame) from exc
            raise ContextLostError(f"the iframe of {frame.label} changed ({exc.detail})") from exc
        async with page.worlds.node_handle(parent, owner["backendNodeId"]) as object_id:
            yield parent, object_id

    async def frame_path(self, frame: Frame) -> list[FrameOwner]:
        """The iframe elements from the page down to ``frame``, outermost first (empty for the main frame)."""
        path: list[FrameOwner] = []
        current = frame
        while current.parent_id is not None:
            owner = await self.frame_owner(current)
            path.append(owner)
            current = owner.parent
        return path[::-1]


def _removed(frame: Frame) -> StaleRefError:
    return StaleRefError(f"{frame.label} ({frame.url}) was removed from the page; call browser_snapshot")
