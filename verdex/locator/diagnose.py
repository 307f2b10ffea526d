"""Why a locator does not match exactly one element: the diagnosis ``verify_locator`` adds.

For a locator that matches no element, several, or not the element of the ref it was given:

- the count after each call of the chain as written (``getByTestId('card')`` 12,
  ``.filter({ hasText: 'iPhone 15 Pro' })`` 1, ``.getByRole('button', { name: 'Add to cart', exact: true })`` 0),
  as Playwright's ``count()`` of that prefix gives it (bridge ``diagnoseLocator``, frame by frame; a prefix
  that ends in a frame is a FrameLocator and has no count);
- for the first call after which nothing matches: the near misses the bridge finds (the same role with
  a name that differs in case, spacing, punctuation or a small edit; a test id a small edit away or on
  another test-id attribute; a hidden element; a filter text that is an alt or a title, not text; the
  step matching elsewhere), each with the locator fixed by it when that fixed locator matches exactly
  one element (verified), and the frames where the locator does match (with the frame step it needs);
- for several matches: what sets each apart (the nearest container that holds no other match, and a
  text of it the others' containers lack), and, with a ref, a locator verified to match only it
  (:func:`verdex.locator.suggest.suggest_locators`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from verdex.bridge.models import Apart, DiagnoseLocatorResult, NearMiss
from verdex.browser.frames import Frame
from verdex.browser.page import Page
from verdex.errors import BridgeCallError, LocatorError, VerdexError
from verdex.locator.ast import AttributeStep, FrameStep, HasTextStep, LabelStep, Locator, RoleStep, TestIdStep, TextStep
from verdex.locator.parser import parse_locator
from verdex.locator.render import Step, render_js, render_python
from verdex.locator.source import Source
from verdex.locator.suggest import frame_prefix, suggest_locators
from verdex.locator.verify import verify_on_page

__all__ = ["Diagnosis", "Fix", "StepCount", "diagnose"]

#: Frames the locator is tried in when it finds nothing where it was written for, at most.
_MAX_FRAMES = 10


@dataclass(frozen=True)
class StepCount:
    """One call of the chain and Playwright's count of the locator up to it (None: a FrameLocator, which
    has no count; ``iframes`` is then how many iframes it selects, the first of which it enters)."""

    text: str
    count: int | None
    iframes: int | None = None


@dataclass(frozen=True)
class Fix:
    """A locator changed by one near miss, and what it matches (it is offered only when it matches one)."""

    locator: str
    count: int
    ref: str | None


@dataclass
class Diagnosis:
    """The diagnosis of one locator on one page (module docstring).

    Attributes:
        steps: the count after each call, in order.
        lost_at: the index in ``steps`` of the first call after which nothing matched.
        near_misses: elements that nearly matched that call (bridge README: diagnoseLocator).
        fixes: for near misses, the locator fixed by them, verified (matching one element).
        frames: frames where the whole locator, entered first, matches: ``(frame step, count, locator)``.
        apart: with several matches, what sets each apart.
        narrowed: with a ref, a locator verified to match only its element.
    """

    steps: list[StepCount] = field(default_factory=list)
    lost_at: int | None = None
    near_misses: list[NearMiss] = field(default_factory=list)
    fixes: list[Fix] = field(default_factory=list)
    frames: list[tuple[str, int, str]] = field(default_factory=list)
    apart: list[Apart] = field(default_factory=list)
    narrowed: str | None = None
    narrowed_python: str | None = None


@dataclass
class _Group:
    """The steps one call made, with the call's text."""

    text: str
    end: int
    steps: list[dict[str, Any]]
    frame: bool


def _groups(locator: Locator, source: Source) -> list[_Group]:
    """The locator's top-level steps grouped by the call that made them (their text as written)."""
    json_steps = locator.to_json()["steps"]
    groups: list[_Group] = []
    index = 0
    start = locator.span[0]
    for (call_start, call_end), count in locator.calls:
        steps = json_steps[index : index + count]
        ast_steps = locator.steps[index : index + count]
        index += count
        text = source.text[start:call_end] if not groups else "." + source.text[call_start:call_end]
        groups.append(_Group(text, call_end, steps, any(isinstance(s, FrameStep) for s in ast_steps)))
    if index < len(json_steps):  # a locator built without calls (not from the parser): one group
        groups.append(_Group(source.text[start : locator.span[1]], locator.span[1], json_steps[index:], False))
    return groups


async def diagnose(
    page: Page,
    locator: Locator,
    source: Source,
    *,
    count: int,
    target: str | None = None,
    test_id_attribute: str = "data-testid",
) -> Diagnosis:
    """The diagnosis of ``locator`` on ``page``, which matched ``count`` elements (module docstring).

    Raises:
        LocatorError: Playwright would fail on this locator here (as :func:`verify_on_page`).
    """
    diagnosis = Diagnosis()
    groups = _groups(locator, source)
    final = await _count_steps(page, groups, diagnosis)
    if count == 0 and diagnosis.lost_at is not None and final is not None:
        diagnosis.near_misses = final.nearMisses or []
        diagnosis.fixes = await _fixes(page, locator, source, groups, diagnosis, target)
        if not any(isinstance(step, FrameStep) for step in locator.steps):
            diagnosis.frames = await _other_frames(page, locator, source)
    elif count > 1 and final is not None:
        diagnosis.apart = final.apart or []
    if target is not None and count != 0:
        try:
            found = await suggest_locators(page, target, test_id_attribute=test_id_attribute, limit=1)
        except VerdexError:
            found = None
        if found is not None and found.suggestions:
            diagnosis.narrowed = found.suggestions[0].locator
            diagnosis.narrowed_python = found.suggestions[0].python
    return diagnosis


async def _count_steps(page: Page, groups: list[_Group], diagnosis: Diagnosis) -> DiagnoseLocatorResult | None:
    """Fill ``diagnosis.steps`` frame by frame; the bridge's answer for the chunk that lost the matches
    (or the last chunk), None when a frame could not be entered."""
    frame: Frame | None = page.main_frame
    chunk: list[dict[str, Any]] = []
    chunk_groups: list[int] = []
    answer: DiagnoseLocatorResult | None = None
    for number, group in enumerate(groups):
        if group.frame:
            # Steps before the frame step select the iframe; the frame step itself is a FrameLocator.
            before = [step for step in group.steps if step["kind"] != "frame"]
            frame_chunk = chunk + before
            iframes = 0
            if frame is not None:
                answer = await _diagnose_chunk(page, frame, frame_chunk)
                counts = {item.at: item.count for item in answer.steps}
                _record(diagnosis, groups, chunk_groups, counts)
                iframes = answer.steps[-1].count if answer.steps else 0
                frame = await _enter(page, frame, frame_chunk) if iframes else None
            else:
                _record(diagnosis, groups, chunk_groups, {})
            diagnosis.steps.append(StepCount(group.text, None, iframes))
            if frame is None and diagnosis.lost_at is None:
                diagnosis.lost_at = len(diagnosis.steps) - 1
            chunk, chunk_groups = [], []
            continue
        chunk += group.steps
        chunk_groups.append(number)
    if frame is None:
        _record(diagnosis, groups, chunk_groups, {})
        return None
    if chunk:
        answer = await _diagnose_chunk(page, frame, chunk)
        counts = {item.at: item.count for item in answer.steps}
        _record(diagnosis, groups, chunk_groups, counts)
    return answer


def _record(diagnosis: Diagnosis, groups: list[_Group], numbers: list[int], counts: dict[int, int]) -> None:
    for number in numbers:
        group = groups[number]
        last = group.steps[-1]["at"]
        count = counts.get(last, 0)
        diagnosis.steps.append(StepCount(group.text, count))
        if count == 0 and diagnosis.lost_at is None:
            diagnosis.lost_at = len(diagnosis.steps) - 1


async def _diagnose_chunk(page: Page, frame: Frame, steps: list[dict[str, Any]]) -> DiagnoseLocatorResult:
    try:
        return await page.bridge(frame).diagnose_locator(steps)
    except BridgeCallError as exc:
        raise LocatorError(f"Playwright would fail on this locator: {exc}") from exc


async def _enter(page: Page, frame: Frame, steps: list[dict[str, Any]]) -> Frame | None:
    """The frame of the first iframe ``steps`` select that shows one (as Playwright's count enters it)."""
    value = await page.bridge(frame).query_frames(steps)
    for owner in value.frames:
        try:
            return await page.owners.content_frame(frame, ref=owner.number)
        except VerdexError:
            continue
    return None


# -- fixes ------------------------------------------------------------------------------------------


async def _fixes(
    page: Page, locator: Locator, source: Source, groups: list[_Group], diagnosis: Diagnosis, target: str | None
) -> list[Fix]:
    """Each near miss's fix of the call that lost the matches, kept when it matches exactly one element."""
    assert diagnosis.lost_at is not None
    call = _call_of(locator, groups, diagnosis.lost_at)
    if call is None:
        return []
    (start, end), step = call
    fixes: list[Fix] = []
    seen: set[str] = set()
    for miss in diagnosis.near_misses:
        text = _fixed_call(source.text[start:end], step, miss, locator.language)
        if text is None:
            continue
        fixed = source.text[:start] + text + source.text[end:]
        if fixed in seen:
            continue
        seen.add(fixed)
        try:
            parsed = parse_locator(fixed)
            verification = await verify_on_page(page, parsed, Source(fixed), target=target, limit=1)
        except VerdexError:
            continue
        if verification.count == 1:
            shown = fixed[locator.span[0] : locator.span[1] + len(text) - (end - start)]
            fixes.append(Fix(shown, 1, verification.matches[0].ref if verification.matches else None))
        if len(fixes) >= 2:
            break
    return fixes


def _call_of(locator: Locator, groups: list[_Group], index: int) -> tuple[tuple[int, int], Any] | None:
    """The span of the call at ``index`` of the diagnosis steps, and its last AST step."""
    steps_seen = 0
    for number, ((start, end), count) in enumerate(locator.calls):
        if number == index:
            return (start, end), locator.steps[steps_seen + count - 1]
        steps_seen += count
    return None


def _fixed_call(call: str, step: Any, miss: NearMiss, language: str) -> str | None:
    """``call`` (its source text) with the near miss's value put in: the name, text or test id it has,
    its role, the attribute that holds the test id, or a ``has`` filter for a text that is an attribute."""
    value = miss.value if miss.value is not None else miss.name
    if miss.reason in ("case", "spacing", "edit", "exact") and value is not None:
        wanted = _wanted(step)
        return _replace_literal(call, wanted, value) if wanted is not None else None
    if miss.reason == "role" and isinstance(step, RoleStep) and miss.detail:
        return _replace_literal(call, step.role, miss.detail)
    if miss.reason == "attribute" and isinstance(step, TestIdStep) and miss.detail:
        selector = f"[{miss.detail}={json.dumps(step.test_id.value)}]"
        return f"locator({_literal(selector, language)})"
    if miss.reason == "not-text" and isinstance(step, HasTextStep) and miss.value is not None and miss.detail:
        method = {
            "alt": "getByAltText",
            "title": "getByTitle",
            "aria-label": "getByLabel",
            "placeholder": "getByPlaceholder",
        }
        name = method.get(miss.detail)
        if name is None:
            return None
        inner = render_js([Step(name, miss.value)])
        if language == "python":
            snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in name)
            return f"filter(has=page.{snake}({json.dumps(miss.value, ensure_ascii=False)}))"
        return f"filter({{ has: {inner} }})"
    return None


def _wanted(step: Any) -> str | None:
    """The string a step compares (a role's name, a text, a test id), or None (a regular expression)."""
    if isinstance(step, RoleStep):
        return step.name.value if step.name is not None and not step.name.regex else None
    if isinstance(step, (TextStep, LabelStep, AttributeStep, HasTextStep)):
        return step.text.value if not step.text.regex else None
    if isinstance(step, TestIdStep):
        return step.test_id.value if not step.test_id.regex else None
    return None


def _replace_literal(call: str, old: str, new: str) -> str | None:
    """``call`` with the string literal holding ``old`` rewritten to hold ``new`` (same quotes)."""
    for quote in ("'", '"', "`"):
        escaped = old.replace("\\", "\\\\").replace(quote, "\\" + quote)
        literal = f"{quote}{escaped}{quote}"
        if literal in call:
            replacement = new.replace("\\", "\\\\").replace(quote, "\\" + quote)
            return call.replace(literal, f"{quote}{replacement}{quote}", 1)
    return None


def _literal(text: str, language: str) -> str:
    if language == "python":
        return json.dumps(text, ensure_ascii=False)
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


# -- other frames -----------------------------------------------------------------------------------


async def _other_frames(page: Page, locator: Locator, source: Source) -> list[tuple[str, int, str]]:
    """Frames where the locator matches when entered first: (their frame steps, the count, the locator)."""
    found: list[tuple[str, int, str]] = []
    steps = locator.to_json()["steps"]
    frames = [frame for frame in page.frames.values() if frame.parent_id is not None][:_MAX_FRAMES]
    for frame in frames:
        try:
            answer = await page.bridge(frame).count_locators([steps])
        except VerdexError:
            continue
        if not answer.results or answer.results[0].count == 0:
            continue
        try:
            prefix, _ = await frame_prefix(page, frame)
        except VerdexError:
            continue
        entering = render_python(prefix) if locator.language == "python" else render_js(prefix)
        written = source.text[locator.span[0] : locator.span[1]]
        receiver, _, rest = written.partition(".")
        full = f"{entering}.{rest}" if receiver.endswith("page") else written
        found.append((entering.removeprefix("page"), answer.results[0].count, full))
    return found
