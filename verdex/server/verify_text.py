"""The diagnosis part of ``verify_locator``'s answer: its model and the compact text the model reads.

Aimed at a few hundred tokens: the count after each call (one line each), the near misses of the call
that lost every match (at most 5, each with its reason in words), the fixed locators that were verified,
the frames where it matches, what sets several matches apart (at most 5), a locator for the ref.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from verdex.bridge.models import LocatorMatch, NearMiss
from verdex.server.models import DiagnosisFix, DiagnosisStep, LocatorDiagnosis, OtherFrame

if TYPE_CHECKING:
    from verdex.locator.diagnose import Diagnosis

__all__ = ["diagnosis_lines", "diagnosis_model"]


def diagnosis_model(diagnosis: Diagnosis) -> LocatorDiagnosis:
    """The diagnosis as structured content."""
    return LocatorDiagnosis(
        steps=[DiagnosisStep(step=step.text, count=step.count, iframes=step.iframes) for step in diagnosis.steps],
        lostAt=diagnosis.lost_at,
        nearMisses=diagnosis.near_misses or None,
        fixes=[DiagnosisFix(locator=fix.locator, ref=fix.ref) for fix in diagnosis.fixes] or None,
        frames=[OtherFrame(frame=frame, count=count, locator=locator) for frame, count, locator in diagnosis.frames]
        or None,
        apart=diagnosis.apart or None,
        narrowed=diagnosis.narrowed,
        narrowedPython=diagnosis.narrowed_python,
    )


def diagnosis_lines(
    diagnosis: Diagnosis, count: int, ref: str | None, matches: list[LocatorMatch], *, positional: bool = False
) -> list[str]:
    """The diagnosis as text lines (``positional``: a unique match picked by first(), last() or nth())."""
    lines = ["Count after each step (Playwright's count() of the locator up to it):"]
    for index, step in enumerate(diagnosis.steps):
        if step.count is not None:
            shown = str(step.count)
        elif step.iframes:
            shown = f"enters the first of {step.iframes} iframe(s)" if step.iframes > 1 else "enters its iframe"
        else:
            shown = "no iframe"
        mark = "  <- no match from here" if index == diagnosis.lost_at else ""
        lines.append(f"  {step.text} → {shown}{mark}")
    if diagnosis.lost_at is not None and count == 0:
        if diagnosis.near_misses:
            lines.append("Near misses for that step:")
            lines += [f"  {_miss(miss)}" for miss in diagnosis.near_misses]
        else:
            lines.append("No element nearly matches that step (same role with a close name, a close text or test id).")
        for fix in diagnosis.fixes:
            lines.append(f"Fixed, verified (1 match{f', {fix.ref}' if fix.ref else ''}): {fix.locator}")
        for _frame, found, locator in diagnosis.frames:
            lines.append(f"In a frame it matches {found}: {locator}")
    if count > 1 and diagnosis.apart:
        lines.append("What sets the matches apart (nearest container holding no other match, a text only it has):")
        for apart in diagnosis.apart:
            container = _container(apart.container.tagName, apart.container.attributes)
            text = f": {json.dumps(apart.text, ensure_ascii=False)}" if apart.text else ": no text of its own"
            lines.append(f"  {apart.ref} in {container}{text}")
    if ref is not None and count == 1 and matches and matches[0].ref != ref:
        lines.append(f"It matches {matches[0].ref}, not {ref}.")
    if diagnosis.narrowed is not None and ref is not None:
        lines.append(f"Matches only {ref} (verified): {diagnosis.narrowed}")
    elif positional and matches:
        picked = matches[0].ref
        lines.append(f"It picks {picked} by position, which the next sort order or new item changes.")
        if diagnosis.narrowed is not None:
            lines.append(f"Matches only {picked} without a position (verified): {diagnosis.narrowed}")
    return lines


_REASONS = {
    "case": "differs only in case (exact compares case)",
    "exact": "is longer: exact wants the whole text",
    "spacing": "differs in spacing or punctuation",
    "edit": "is a small edit away",
    "hidden": "is hidden: getByRole leaves hidden elements out",
    "elsewhere": "matches, but outside the elements of the step before",
}


def _miss(miss: NearMiss) -> str:
    what = f"{miss.role or miss.tagName}{f' {json.dumps(miss.name, ensure_ascii=False)}' if miss.name else ''}"
    value = json.dumps(miss.value, ensure_ascii=False) if miss.value is not None else None
    reason = miss.reason
    if reason == "state":
        why = f"has the name but not that {miss.detail} state"
    elif reason == "role":
        why = f"has that name but role {miss.detail}"
    elif reason == "attribute":
        why = f"has that test id in {miss.detail}"
    elif reason == "not-text":
        why = f"holds it as {miss.detail} {value}, not text: hasText reads text content only"
    elif reason == "index":
        why = f"only {miss.detail} match before"
    else:
        why = (f"{value} " if value and reason in ("case", "exact", "spacing", "edit") else "") + _REASONS.get(
            reason, reason
        )
    also = f" (and {miss.more} more like it)" if miss.more else ""
    return f"{miss.ref} {what}{also}: {why}"


def _container(tag: str, attributes: dict[str, str]) -> str:
    shown = " ".join(f'{key}="{value}"' for key, value in list(attributes.items())[:2])
    return f"<{tag}{' ' + shown if shown else ''}>"
