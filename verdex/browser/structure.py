"""The three structural facts of an element, wherever it lives: the bridge's answer, plus the frames on the way.

``resolve_container``, ``inspect_pattern`` and ``extract_anchors`` are one bridge call each in the
element's document (:mod:`verdex.bridge.api`; limits in bridge/README.md). For a ref inside a frame
(``f<K>_eN``) the walk stays in the frame's document (ancestors end at the frame's ``<body>``) and
the answer gains ``frames``: the iframes from the page down to that document, outermost first
(:class:`~verdex.browser.owners.FrameFacts`), what ``frameLocator(...)`` steps are built from.

The answers keep the bridge's keys in the bridge's order (``model_dump(exclude_unset=True)`` is the
bridge's JSON plus ``frames``).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import Field

from verdex.bridge.models import ExtractAnchorsResult, InspectPatternResult, ResolveContainerResult
from verdex.browser.owners import FrameFacts
from verdex.browser.page import Page

__all__ = [
    "ExtractAnchorsAnswer",
    "InspectPatternAnswer",
    "ResolveContainerAnswer",
    "extract_anchors",
    "inspect_pattern",
    "resolve_container",
]

_FRAMES = "For a ref inside a frame: the iframes from the page down to its document, outermost first."


class ResolveContainerAnswer(ResolveContainerResult):
    """``resolve_container``: the element and its ancestors up to <body>, and the frames on the way."""

    frames: list[FrameFacts] | None = Field(default=None, description=_FRAMES)


class InspectPatternAnswer(InspectPatternResult):
    """``inspect_pattern``: the children of the ancestor at ancestorLevel, and the frames on the way."""

    frames: list[FrameFacts] | None = Field(default=None, description=_FRAMES)


class ExtractAnchorsAnswer(ExtractAnchorsResult):
    """``extract_anchors``: the descendants of the ancestor at ancestorLevel, and the frames on the way."""

    frames: list[FrameFacts] | None = Field(default=None, description=_FRAMES)


AnswerT = TypeVar("AnswerT", ResolveContainerAnswer, InspectPatternAnswer, ExtractAnchorsAnswer)


async def resolve_container(page: Page, ref: str) -> ResolveContainerAnswer:
    """The element of ``ref`` and its ancestors from the parent (level 1) up to, not including, <body>.

    Raises:
        RefError: ``ref`` is malformed, unknown, stale or another role's.
    """
    bridge, number = page.bridge_at(ref)
    return await _answer(page, ref, await bridge.resolve_container(number), ResolveContainerAnswer)


async def inspect_pattern(page: Page, ref: str, ancestor_level: int) -> InspectPatternAnswer:
    """The children of the ancestor of ``ref`` at ``ancestor_level`` (1 = the parent).

    Raises:
        RefError: as :func:`resolve_container`.
        UsageError: ``ancestor_level`` is out of range (the message gives the valid levels).
    """
    bridge, number = page.bridge_at(ref)
    return await _answer(page, ref, await bridge.inspect_pattern(number, ancestor_level), InspectPatternAnswer)


async def extract_anchors(page: Page, ref: str, ancestor_level: int) -> ExtractAnchorsAnswer:
    """The descendants of the ancestor of ``ref`` at ``ancestor_level``, pre-order, with their text.

    Raises:
        RefError, UsageError: as :func:`inspect_pattern`.
    """
    bridge, number = page.bridge_at(ref)
    return await _answer(page, ref, await bridge.extract_anchors(number, ancestor_level), ExtractAnchorsAnswer)


async def _answer(
    page: Page,
    ref: str,
    value: ResolveContainerResult | InspectPatternResult | ExtractAnchorsResult,
    answer: type[AnswerT],
) -> AnswerT:
    """``value`` as its tool's ``answer`` model (its model with ``frames``), with the frames from the page down to
    the document of ``ref`` when that is a frame's. ``value`` was validated as the bridge answered it: its fields
    are taken as they are (the fields set stay those the bridge gave), not dumped and validated again."""
    fields: dict[str, Any] = {name: getattr(value, name) for name in value.model_fields_set}
    frame, _ = page.locate(ref)
    if frame.parent_id is not None:
        fields["frames"] = [owner.facts() for owner in await page.owners.frame_path(frame)]
    return answer.model_construct(set(fields), **fields)
