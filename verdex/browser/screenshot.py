"""Screenshots (``browser_take_screenshot``): the viewport, or one element, as PNG.

``Page.captureScreenshot`` (format ``png``) of the page target. For an element, the bridge's
``elementBox`` (bridge/src/actions/box.ts) checks it is visible, scrolls it into view and gives its
border box in its frame's viewport; the box is carried out through each iframe on the way
(``framePoint`` without the hit test: only the offset of each iframe's content box), as actions
carry their points, and the screenshot is clipped to it. ``clip`` is in CSS pixels of the page's
document, so the viewport box is offset by the visual viewport's scroll position
(``Page.getLayoutMetrics`` ``cssVisualViewport.pageX/pageY``). A box larger than the viewport is
captured whole (``captureBeyondViewport``). Before an element is captured, its frame and each frame
above it produce two animation frames (the bridge's ``paint``), so a frame that was just scrolled into
view, or an out-of-process frame, is painted, not blank. The PNG has CSS pixels times the device scale factor
(1 in verdex's headless browser).
"""

from __future__ import annotations

import base64
import struct
from dataclasses import dataclass

from verdex.bridge.models import ElementBoxResult
from verdex.browser.frames import Frame
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp
from verdex.errors import ActionError, BridgeCallError

__all__ = ["Screenshot", "png_size", "take_screenshot"]


@dataclass(frozen=True)
class Screenshot:
    """A PNG and what it shows.

    Attributes:
        png: the PNG bytes.
        width, height: the captured area in CSS pixels (rounded).
        target: for an element, the bridge's ``elementBox`` (its tag name, role and name); None for the viewport.
    """

    png: bytes
    width: int
    height: int
    target: ElementBoxResult | None


async def take_screenshot(page: Page, ref: str | None) -> Screenshot:
    """Capture the viewport, or the element of ``ref`` (scrolled into view).

    Raises:
        RefError: ``ref`` is malformed, unknown, stale or another role's.
        ActionError: the element is hidden or has no size.
        CDPError: the browser failed.
    """
    timeout = page.settings.call_timeout
    metrics = await page.session.send(cdp.Page.getLayoutMetrics(), timeout=timeout)
    viewport = metrics.get("cssVisualViewport") or metrics.get("visualViewport") or {}
    if ref is None:
        answer = await page.session.send(cdp.Page.captureScreenshot({"format": "png"}), timeout=timeout)
        width, height = round(float(viewport.get("clientWidth", 0))), round(float(viewport.get("clientHeight", 0)))
        return Screenshot(base64.b64decode(answer["data"]), width, height, None)
    box, x, y = await _element_box(page, ref, scroll=False)
    if not _in_view(x, y, box, viewport):
        # Its iframe is out of the page's view: scroll it into view through every frame above.
        box, x, y = await _element_box(page, ref, scroll=True)
    # Let every document on the way paint what it shows now (a frame just scrolled into view, an out-of-process
    # frame that has not composited yet, would be captured blank), the page's last.
    await _painted(page, ref)
    # The element may have been scrolled: read the scroll position after it.
    metrics = await page.session.send(cdp.Page.getLayoutMetrics(), timeout=timeout)
    viewport = metrics.get("cssVisualViewport") or metrics.get("visualViewport") or {}
    clip: cdp.Viewport = {
        "x": x + float(viewport.get("pageX", 0)),
        "y": y + float(viewport.get("pageY", 0)),
        "width": box.width,
        "height": box.height,
        "scale": 1,
    }
    answer = await page.session.send(
        cdp.Page.captureScreenshot({"format": "png", "clip": clip, "captureBeyondViewport": True}), timeout=timeout
    )
    return Screenshot(base64.b64decode(answer["data"]), round(box.width), round(box.height), box)


async def _element_box(page: Page, ref: str, *, scroll: bool) -> tuple[ElementBoxResult, float, float]:
    """The bridge's ``elementBox`` of ``ref`` and its top-left corner in the page's viewport (CSS px)."""
    frame, _ = page.locate(ref)
    bridge, number = page.bridge_at(ref)
    try:
        box = await bridge.element_box(number, scroll=scroll)
    except BridgeCallError as exc:
        if exc.code == "not-actionable":
            role, name = exc.details.get("role") or exc.details.get("tagName"), exc.details.get("name")
            what = f'{role} "{name}"' if name else str(role)
            raise ActionError(
                f"cannot take a screenshot of {ref} ({what}): it is hidden or has no size; open the menu, tab or "
                "section that shows it, or call browser_snapshot to see what is visible.",
                "hidden",
            ) from exc
        raise
    x, y = box.x, box.y
    current = frame
    while current.parent_id is not None:
        async with page.owners.owner_handle(current) as (parent, object_id):
            mapped = await page.bridge(parent).frame_point(object_id, x, y, hit_test=False)
        x, y = mapped.x, mapped.y
        current = parent
    return box, x, y


async def _painted(page: Page, ref: str) -> None:
    """Two animation frames in the element's frame and in each frame above it, up to the page's (the bridge's
    ``paint``): what they showed before is painted and composited."""
    frame: Frame | None = page.locate(ref)[0]
    while frame is not None:
        await page.bridge(frame).paint()
        frame = page.frames.get(frame.parent_id) if frame.parent_id is not None else None


def _in_view(x: float, y: float, box: ElementBoxResult, viewport: cdp.VisualViewport) -> bool:
    """The box lies wholly inside the page's viewport (or the viewport is unknown)."""
    width, height = float(viewport.get("clientWidth", 0)), float(viewport.get("clientHeight", 0))
    if not width or not height:
        return True
    return x >= 0 and y >= 0 and x + box.width <= width and y + box.height <= height


def png_size(png: bytes) -> tuple[int, int]:
    """``(width, height)`` in pixels from a PNG's IHDR chunk (https://www.w3.org/TR/png/#11IHDR)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)
