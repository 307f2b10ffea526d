"""Evaluate a parsed locator on a live page: what Playwright's ``locator.count()`` would count there,
and which elements those are.

The bridge does the matching in the page (``queryLocator``, bridge/src/locator). A locator that
enters frames (``frameLocator``/``contentFrame``) is evaluated frame by frame, as Playwright does:
the steps before each frame step select ``<iframe>`` elements (``queryFrames``), the first one that
has a frame is entered, and the rest continues in that frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from verdex.bridge.models import LocatorMatch
from verdex.browser.page import Frame, Page
from verdex.errors import BridgeCallError, LocatorError, StaleRefError, UsageError
from verdex.locator.ast import Locator
from verdex.locator.source import Source

__all__ = ["MATCH_LIMIT", "Verification", "verify_on_page"]

#: Matches described per answer; the rest are counted in ``omitted``.
MATCH_LIMIT = 10


@dataclass
class Verification:
    """What a locator matches on one page.

    Attributes:
        count: the number of elements (Playwright's ``locator.count()``).
        matches: the first :data:`MATCH_LIMIT`, in Playwright's order (``visible: false`` for an
            element Playwright would not call visible; ``name`` is the accessible name as getByRole
            matches it).
        omitted: matches not described.
        target_index: with a target ref, its index among all matches, or None if it is not one.
        frame_url: the URL of the frame the locator ended in, when it entered a frame.
    """

    count: int
    matches: list[LocatorMatch] = field(default_factory=list)
    omitted: int = 0
    target_index: int | None = None
    frame_url: str | None = None


async def verify_on_page(
    page: Page,
    locator: Locator,
    source: Source,
    *,
    target: str | None = None,
    limit: int = MATCH_LIMIT,
    report_attribute: str | None = None,
    cache_scope: str | None = None,
) -> Verification:
    """Evaluate ``locator`` on ``page``.

    Args:
        page: the page (its main frame is where the locator starts).
        locator: the parsed locator.
        source: its text, for errors that point at a step.
        target: a ref of this page; its index among the matches is reported.
        limit: how many matches to describe.
        report_attribute: also report this attribute's value of each match (``attribute``), so
            tests can compare the matches with another engine's by a stamped attribute.
        cache_scope: evaluate in this cache scope of the bridge (:meth:`verdex.bridge.api.Bridge.scoped`):
            the verifications of one operation that give one token share the caches of one evaluation, as if
            they were made at once (a change to the document in between ends the scope).

    Raises:
        LocatorError: Playwright would fail on this locator here (an invalid regular expression or
            CSS selector, a frame step on an element that is not an iframe), pointing at the step.
        RefError: ``target`` is not a usable ref of this page.
    """
    steps = locator.to_json()["steps"]
    spans = locator.spans()
    chunks: list[list[dict[str, Any]]] = [[]]
    for step in steps:
        if step["kind"] == "frame":
            chunks.append([])
        else:
            chunks[-1].append(step)
    target_frame, target_number = page.locate(target) if target is not None else (None, None)
    frame = page.main_frame
    for chunk in chunks[:-1]:
        entered = await _enter_frame(page, frame, chunk, source, spans)
        if entered is None:
            # No iframe selected shows a frame: Playwright's count() is 0 (frameSelectors.ts).
            return Verification(count=0)
        frame = entered
    same_frame = target_frame is not None and target_frame.id == frame.id
    bridge = page.worlds.bridge(frame, ref=target if same_frame else None)
    if cache_scope is not None:
        bridge = bridge.scoped(cache_scope)
    try:
        value = await bridge.query_locator(
            chunks[-1], limit=limit, target=target_number if same_frame else None, attribute=report_attribute
        )
    except BridgeCallError as exc:
        raise _locator_error(exc, source, spans) from exc
    return Verification(
        count=value.count,
        matches=value.matches,
        omitted=value.omitted or 0,
        target_index=value.targetIndex if same_frame else None,
        frame_url=frame.url if len(chunks) > 1 else None,
    )


async def _enter_frame(
    page: Page, frame: Frame, steps: list[dict[str, Any]], source: Source, spans: list[tuple[int, int]]
) -> Frame | None:
    """The frame of the first ``<iframe>`` that ``steps`` select in ``frame`` and that shows one,
    as Playwright enters it for ``count()`` (not strict: later matches are ignored); None if none does."""
    try:
        value = await page.bridge(frame).query_frames(steps)
    except BridgeCallError as exc:
        raise _locator_error(exc, source, spans) from exc
    for owner in value.frames:
        try:
            entered = await page.owners.content_frame(frame, ref=owner.number)
        except (UsageError, StaleRefError):
            continue  # this iframe shows no frame (yet): Playwright skips it too
        return entered
    return None


def _locator_error(exc: BridgeCallError, source: Source, spans: list[tuple[int, int]]) -> Exception:
    """A bridge ``bad-locator`` error as a :class:`LocatorError` pointing at its step; others pass."""
    if exc.code != "bad-locator":
        return exc
    at = exc.details.get("at")
    if isinstance(at, int) and 0 <= at < len(spans):
        start, end = spans[at]
        return source.error(f"Playwright would fail on this locator: {exc}", start, end)
    return LocatorError(f"Playwright would fail on this locator: {exc}")
