"""The element a description names (``browser_click(element="Sign in")``), found without a model.

Each frame's bridge applies the rules of ``bridge/src/actions/describe.ts`` to its document (a
CSS selector first, then scores by accessible name and text; ``MIN_WORD_FRACTION`` = 0.5, and why,
is there); this module asks every frame of the page and ranks across them:

- **Frames.** The main frame first, then the other frames by ordinal (the K of ``f<K>_eN``: the
  order verdex first saw them, which for a page's own iframes is their document order; a frame
  added later comes after). Frames that are not live at that moment (moving between processes,
  navigating) are skipped; the main frame never is.
- **CSS.** Visible matches are counted over all frames: exactly one is the answer; several are a
  :class:`~verdex.errors.UsageError` listing the first five with refs (no silent pick); none goes
  on to the scores.
- **Scores.** Exact matches first, then higher scores; ties go to frame order, then DOM order.
  A best score of 0 (no candidate) is a :class:`~verdex.errors.UsageError` naming the description.

The answer is a ref (given out by the bridge); the action then takes the ref path, with the same
actionability checks as any ref.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

from verdex.bridge.api import Action
from verdex.bridge.client import ContextLostError
from verdex.bridge.models import DescribedElement, DescribeResult, ScoredElement
from verdex.browser.page import Frame, Page
from verdex.errors import NavigationError, StaleRefError, UsageError

__all__ = ["MAX_RUNNERS_UP", "Candidate", "DescriptionMatch", "resolve_description"]

#: Runners-up reported with a match.
MAX_RUNNERS_UP = 3
#: CSS matches listed in the error for an ambiguous selector.
_LISTED = 5

_REASONS = {
    "contains": "the description is inside its accessible name or text",
    "contained": "its accessible name or text is inside the description",
    "words": "it has that share of the description's words",
}


@dataclass(frozen=True)
class Candidate:
    """An element a description could name.

    Attributes:
        ref: its ref (``e4``, ``f1_e7``).
        role, name: its ARIA role (``generic`` without one) and accessible name.
        tag_name: its tag.
        reason: ``exact`` (name or text equals the description), ``contains`` (score 3),
            ``contained`` (score 2), ``words`` (score: the fraction of words).
        score: 3, 2 or the fraction (rounded to 2 places); 3 for an exact match.
    """

    ref: str
    role: str
    name: str
    tag_name: str
    reason: str
    score: float

    def label(self) -> str:
        """``button "Save" [ref=e4]``."""
        return (
            f"{self.role} {json.dumps(self.name, ensure_ascii=False)} [ref={self.ref}]"
            if self.name
            else (f"{self.role} [ref={self.ref}]")
        )

    def how(self) -> str:
        """``exact`` or ``score 2``."""
        return "exact" if self.reason == "exact" else f"score {_number(self.score)}"


@dataclass(frozen=True)
class DescriptionMatch:
    """The element chosen for a description, how, and the next best.

    Attributes:
        description: the description as given.
        chosen: the element acted on.
        how: ``css`` (the one element the selector matches), ``exact`` or ``score``.
        runners_up: up to :data:`MAX_RUNNERS_UP` next best candidates (none for ``css``).
    """

    description: str
    chosen: Candidate
    how: Literal["css", "exact", "score"]
    runners_up: list[Candidate] = field(default_factory=list)

    def sentence(self) -> str:
        """How the element was matched, for the answer's text."""
        quoted = json.dumps(self.description, ensure_ascii=False)
        if self.how == "css":
            text = f"Matched {quoted} as a CSS selector (its only visible match)."
        elif self.how == "exact":
            text = f"Matched {quoted} exactly (accessible name or text)."
        else:
            text = f"Matched {quoted} by {self.chosen.how()} ({_REASONS[self.chosen.reason]})."
        if self.runners_up:
            text += " Runners-up: " + ", ".join(f"{c.label()} ({c.how()})" for c in self.runners_up) + "."
        elif self.how != "css":
            text += " No other candidate scored."
        return text


async def resolve_description(page: Page, description: str, action: Action) -> DescriptionMatch:
    """Find the element ``description`` names on ``page``, for ``action`` (click, hover, type, select).

    Returns:
        The match; its ``chosen.ref`` is a ref of the page.

    Raises:
        UsageError: the description is blank, is a CSS selector matching several visible
            elements, or names nothing (best score 0).
        NavigationError, ContextLostError: the main frame could not be read.
    """
    if not description.strip():
        raise UsageError("element is empty: describe the element (its text or label), or pass its ref")
    css: list[Candidate] = []
    css_count = 0
    css_hidden = 0
    valid_css = False
    scored: list[tuple[int, int, Candidate]] = []
    for rank, frame in enumerate(_frames(page)):
        value = await _describe_in(page, frame, description, action)
        if value is None:
            continue
        found = value.css
        valid_css = valid_css or found.valid
        css_count += found.count
        css_hidden += found.hidden
        css += [_candidate(m, "css", 0) for m in found.matches]
        scored += [(rank, index, _candidate(c, c.reason, c.score)) for index, c in enumerate(value.candidates)]
    if css_count == 1:
        return DescriptionMatch(description, css[0], "css")
    if css_count > 1:
        listed = ", ".join(c.label() for c in css[:_LISTED])
        more = f" (and {css_count - _LISTED} more)" if css_count > _LISTED else ""
        raise UsageError(
            f"the description {json.dumps(description, ensure_ascii=False)} is a CSS selector that matches "
            f"{css_count} visible elements: {listed}{more}. verdex does not pick one: pass the ref of the one "
            "you mean, or a selector or description that names a single element."
        )
    scored.sort(key=lambda item: (item[2].reason != "exact", -item[2].score, item[0], item[1]))
    if not scored:
        raise UsageError(_nothing(description, action, css_hidden if valid_css else 0))
    ordered = [candidate for _, _, candidate in scored]
    chosen = ordered[0]
    how: Literal["exact", "score"] = "exact" if chosen.reason == "exact" else "score"
    return DescriptionMatch(description, chosen, how, ordered[1 : 1 + MAX_RUNNERS_UP])


def _frames(page: Page) -> list[Frame]:
    """The main frame, then the others by ordinal."""
    main = page.main_frame
    return [main, *sorted((f for f in page.frames.values() if f is not main), key=lambda f: f.ordinal)]


async def _describe_in(page: Page, frame: Frame, description: str, action: Action) -> DescribeResult | None:
    """The bridge's ``describe`` in one frame; None for a frame other than the main one that cannot be read now."""
    bridge = page.bridge(frame)
    if frame is page.main_frame:
        return await bridge.describe(description, action)
    live = frame.session is not None and frame.world is not None and frame.target is not None
    if not live or frame.target is None or not frame.target.ready:
        return None
    try:
        return await bridge.describe(description, action)
    except (ContextLostError, StaleRefError, NavigationError):
        return None  # the frame is navigating or gone: not part of the page at this moment


def _candidate(value: DescribedElement | ScoredElement, reason: str, score: float) -> Candidate:
    return Candidate(
        ref=value.ref,
        role=value.role,
        name=value.name,
        tag_name=value.tagName,
        reason=reason,
        score=round(score, 2),
    )


def _nothing(description: str, action: str, hidden: int) -> str:
    kinds = {"type": "field that takes text", "select": "<select>"}.get(
        action, "link, button, field, label or element with an interactive role"
    )
    verb = {"click": "clicked", "hover": "hovered", "type": "typed into", "select": "selected in"}.get(action, action)
    text = (
        f"nothing was {verb}: no visible {kinds} matches the description "
        f"{json.dumps(description, ensure_ascii=False)} (its accessible name or text neither equals it, contains it, "
        "is contained in it, nor has at least half of its words)"
    )
    if hidden:
        text += f"; as a CSS selector it matches {hidden} hidden element(s) only"
    return text + ". Call browser_snapshot and pass the element's ref instead."


def _number(value: float) -> str:
    return f"{value:g}"
