"""Run a plan (``browser_run_plan``): steps with checked pre- and postconditions, deterministic repairs.

For each step, in order:

1. **Target.** A ``ref`` is looked up in its document (``elementState``). If its element was
   removed (re-rendered: the bridge's ``ref-detached``, same document), it is found again by the
   role and accessible name the snapshot last showed for it, in the same frame, with
   ``getByRole(role, {name, exact: true})`` semantics; only a unique match is taken (waiting up to
   the step's timeout for it to appear), and the answer says so. A ref of a document the page has
   left is not repaired (stale). A ``locator`` must match exactly one element (waited for up to
   the timeout when it matches none; more than one fails at once).
2. **Preconditions** against live state. Repairs: ``visible`` scrolls an element outside the
   viewport into view; ``enabled`` waits for a disabled element to be enabled (up to the timeout).
3. **Action**, through :mod:`verdex.browser.actions` (the tools' own actions); an element
   re-rendered between the check and the action is found again once as in 1.
4. **Postconditions**, polled every 100 ms until all hold or the timeout passes.

The run stops at the first step that fails (:class:`~verdex.errors.PlanStepError`: which step,
which condition, what the page showed instead).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import trio

from verdex.bridge.client import ContextLostError
from verdex.bridge.models import ElementStateResult
from verdex.browser import actions
from verdex.browser.locate import ref_error
from verdex.browser.network import NetworkWatch
from verdex.browser.page import Page
from verdex.browser.text import page_text
from verdex.errors import (
    BridgeCallError,
    NavigationError,
    PlanStepError,
    RefError,
    StaleRefError,
    UsageError,
    VerdexError,
)
from verdex.locator import parse_locator
from verdex.locator.source import Source
from verdex.locator.verify import verify_on_page
from verdex.masking import MASK
from verdex.plan.steps import (
    AriaState,
    AttrEquals,
    Click,
    ElementTextContains,
    Enabled,
    Navigate,
    NetworkIdle,
    Postcondition,
    Press,
    Select,
    Type,
    UrlChanges,
    UrlMatches,
    Visible,
    WaitFor,
    describe_condition,
    describe_step,
    url_matches,
)

__all__ = ["PlanRun", "StepOutcome", "run_plan"]

AnyStep = Navigate | Click | Type | Select | Press | WaitFor

_POLL = 0.1
#: Characters of a text shown in a failure.
_SHOWN = 200


@dataclass
class StepOutcome:
    """What one step did.

    Attributes:
        index: its index in the plan (0-based).
        step: its short description (``click e5``).
        ref, role, name: the element acted on (after any repair).
        repairs: what was repaired and how, in order.
        url: the page's URL after the step.
        ms: milliseconds the step took.
        secret: the step's element is a secret field (password, one-time code): what was typed into it, and
            the values of its attrEquals conditions, are secrets.
    """

    index: int
    step: str
    ref: str | None = None
    role: str | None = None
    name: str | None = None
    repairs: list[str] = field(default_factory=list)
    url: str = ""
    ms: int = 0
    secret: bool = False

    def line(self) -> str:
        """``[2] click e5 (button "Save"): repaired: re-found e5 as e9 ...`` or ``...: ok``."""
        element = f" ({self.role} {_quote(self.name)})" if self.role and self.name else ""
        if self.ref is not None and self.ref not in self.step:
            element = f" -> {self.ref}{element}"
        outcome = "repaired: " + "; ".join(self.repairs) if self.repairs else "ok"
        return f"[{self.index}] {self.step}{element}: {outcome}"


@dataclass
class PlanRun:
    """A plan that ran to the end: each step's outcome, the final URL, the total milliseconds."""

    steps: list[StepOutcome]
    url: str
    ms: int


class _Failed(Exception):
    """A step's condition or action failed (internal; becomes :class:`PlanStepError`)."""

    def __init__(self, condition: str, actual: str) -> None:
        super().__init__(actual)
        self.condition = condition
        self.actual = actual


@dataclass
class _Element:
    ref: str
    state: ElementStateResult

    def what(self) -> str:
        role, name = self.state.role, self.state.name
        return f"{self.ref} ({role} {_quote(name)})" if name else f"{self.ref} ({role or self.state.tagName})"


async def run_plan(
    page: Page,
    steps: list[AnyStep],
    *,
    on_step: Callable[[int, int, str], None] | None = None,
    on_secret: Callable[[str], None] | None = None,
) -> PlanRun:
    """Run ``steps`` on ``page``; see the module docstring.

    Args:
        on_step: called with ``(index, count, description)`` as each step starts (index from 0; the server
            turns it into a progress notification).
        on_secret: called with every secret value the plan handles, before it acts: the text of a ``type``
            step into a secret field, the ``value`` of an ``attrEquals`` condition on one (the server masks
            them everywhere: :class:`verdex.masking.SecretValues`). The plan's own messages show ``••••``.

    Raises:
        PlanStepError: a step failed; the message reports the steps before it, the condition and
            what the page showed instead.
    """
    start = trio.current_time()
    done: list[StepOutcome] = []
    for index, step in enumerate(steps):
        outcome = StepOutcome(index, describe_step(step))
        if on_step is not None:
            on_step(index, len(steps), outcome.step)
        step_start = trio.current_time()
        try:
            await _run_step(page, step, outcome, on_secret or (lambda value: None))
        except _Failed as failed:
            outcome.url = page.url
            raise _plan_error(page, steps, done, outcome, failed) from None
        outcome.url = page.url
        outcome.ms = round((trio.current_time() - step_start) * 1000)
        done.append(outcome)
    return PlanRun(done, page.url, round((trio.current_time() - start) * 1000))


async def _run_step(page: Page, step: AnyStep, outcome: StepOutcome, on_secret: Callable[[str], None]) -> None:
    timeout = step.timeoutMs / 1000
    deadline = trio.current_time() + timeout
    element: _Element | None = None
    if isinstance(step, Click | Type | Select):
        element = await _target(page, step.ref, step.locator, deadline, outcome.repairs)
        if element.state.secret:
            outcome.secret = True
            if isinstance(step, Type):
                on_secret(step.text)
            for condition in step.preconditions:
                if isinstance(condition, AttrEquals):
                    on_secret(condition.value)
        element = await _preconditions(page, step, element, deadline, outcome.repairs)
    else:
        await _preconditions(page, step, None, deadline, outcome.repairs)
    url_before = page.url
    with NetworkWatch(page.session) as network:
        element = await _act(page, step, element, timeout, outcome.repairs)
        if element is not None:
            outcome.ref = element.ref
            outcome.role = element.state.role
            outcome.name = element.state.name
            outcome.secret = outcome.secret or element.state.secret
        # Postconditions get the whole timeout again, from the end of the action.
        await _postconditions(page, step, element, url_before, network, trio.current_time() + timeout)


# -- targets ---------------------------------------------------------------------------------


async def _state(page: Page, ref: str, *, attribute: str | None = None, scroll: bool = False) -> ElementStateResult:
    """The bridge's ``elementState`` of ``ref``. Raises BridgeCallError (``ref-detached`` ...), RefError."""
    frame, number = page.locate(ref)
    return await page.bridge(frame).element_state(number, attribute=attribute, scroll=scroll)


async def _target(
    page: Page, ref: str | None, locator: str | None, deadline: float, repairs: list[str], condition: str = "target"
) -> _Element:
    """The element of ``ref`` (found again by role and name if it was re-rendered) or of ``locator``.

    Raises:
        _Failed: no such element (``condition`` names what was being checked).
    """
    if locator is not None:
        return await _by_locator(page, locator, deadline, condition)
    assert ref is not None
    try:
        return _Element(ref, await _state(page, ref))
    except RefError as exc:
        raise _Failed(condition, str(exc)) from exc
    except BridgeCallError as exc:
        if exc.code != "ref-detached":
            raise _Failed(condition, str(ref_error(page, ref, exc))) from exc
        details = exc.details
    role, name = str(details.get("role") or ""), str(details.get("name") or "")
    new_ref = await _refind(page, ref, role, name, deadline, condition)
    element = _Element(new_ref, await _state(page, new_ref))
    repairs.append(f"re-found {ref} as {new_ref} ({role} {_quote(name)}: its element was re-rendered)")
    return element


async def _refind(page: Page, ref: str, role: str, name: str, deadline: float, condition: str) -> str:
    """The ref of the one element of the same frame with ``role`` and accessible name ``name``."""
    gone = f"{ref} was removed from the page"
    if not role or not name or role in ("generic", "iframe"):
        raise _Failed(condition, f"{gone} and had no role and accessible name to find it again by")
    frame, _ = page.locate(ref)
    steps: list[dict[str, Any]] = [{"kind": "role", "at": 0, "role": role, "name": {"string": name}, "exact": True}]
    while True:
        try:
            value = await page.bridge(frame).query_locator(steps, limit=5)
        except (BridgeCallError, ContextLostError, StaleRefError) as exc:
            raise _Failed(condition, f"{gone} and its document changed ({exc}); call browser_snapshot") from exc
        count = value.count
        if count == 1:
            return value.matches[0].ref
        if count > 1:
            refs = ", ".join(m.ref for m in value.matches)
            raise _Failed(
                condition,
                f"{gone}; {count} elements now have role {role} and name {_quote(name)} ({refs}), so it is not "
                "re-found (unique match only); call browser_snapshot and pick one",
            )
        if trio.current_time() >= deadline:
            raise _Failed(condition, f"{gone}; no element with role {role} and name {_quote(name)} took its place")
        await trio.sleep(_POLL)


async def _by_locator(page: Page, locator: str, deadline: float, condition: str) -> _Element:
    try:
        parsed = parse_locator(locator)
    except UsageError as exc:
        raise _Failed(condition, f"the locator cannot be used: {exc}") from exc
    while True:
        try:
            verification = await verify_on_page(page, parsed, Source(locator), limit=5)
        except (ContextLostError, NavigationError):
            verification = None  # the page is between documents: look again
        if verification is not None and verification.count == 1:
            ref = verification.matches[0].ref
            try:
                return _Element(ref, await _state(page, ref))
            except (BridgeCallError, RefError, ContextLostError):
                pass  # removed at once: look again
        elif verification is not None and verification.count > 1:
            refs = ", ".join(m.ref for m in verification.matches)
            raise _Failed(
                condition,
                f"the locator matches {verification.count} elements ({refs}); a step needs exactly one "
                "(scope it by a container, as in the test)",
            )
        if trio.current_time() >= deadline:
            raise _Failed(condition, f"the locator matches no element at {page.url}")
        await trio.sleep(_POLL)


# -- preconditions ---------------------------------------------------------------------------


async def _preconditions(
    page: Page, step: AnyStep, element: _Element | None, deadline: float, repairs: list[str]
) -> _Element | None:
    for condition in step.preconditions:
        name = f"precondition {describe_condition(condition)}"
        if isinstance(condition, UrlMatches):
            if not url_matches(condition.pattern, page.url):
                raise _Failed(name, f"the URL is {page.url}")
            continue
        assert element is not None  # the step models allow element conditions only with a target
        if isinstance(condition, Visible):
            if not element.state.visible:
                raise _Failed(name, f"{element.what()} is hidden (not rendered, visibility hidden, or no size)")
            if not element.state.inViewport:
                element.state = await _state(page, element.ref, scroll=True)
                repairs.append("scrolled it into view")
        elif isinstance(condition, Enabled):
            element = await _wait_enabled(page, step, element, deadline, repairs, name)
        elif isinstance(condition, AttrEquals):
            state = await _state(page, element.ref, attribute=condition.name)
            actual = state.attribute
            if actual != condition.value:
                if state.secret:  # a secret field's attributes may hold its value (a framework mirrors it)
                    name = f'precondition attrEquals({condition.name}="{MASK}")'
                    actual = MASK if actual else actual
                shown = f'{condition.name} is "{actual}"' if actual is not None else f"it has no {condition.name}"
                raise _Failed(name, f"{element.what()}: {shown}")
        # exists: the target was found (or re-found) above
    return element


async def _wait_enabled(
    page: Page, step: AnyStep, element: _Element, deadline: float, repairs: list[str], name: str
) -> _Element:
    start = trio.current_time()
    waited = False
    while not element.state.enabled:
        waited = True
        if trio.current_time() >= deadline:
            waited_ms = round((trio.current_time() - start) * 1000)
            raise _Failed(name, f"{element.what()} stayed disabled for {waited_ms} ms")
        await trio.sleep(_POLL)
        assert isinstance(step, Click | Type | Select)
        element = await _target(page, element.ref, None, deadline, repairs, name)
    if waited:
        repairs.append(f"waited {round((trio.current_time() - start) * 1000)} ms for it to be enabled")
    return element


# -- actions ---------------------------------------------------------------------------------


async def _act(
    page: Page, step: AnyStep, element: _Element | None, timeout: float, repairs: list[str]
) -> _Element | None:
    for attempt in range(2):
        try:
            await _act_once(page, step, element, timeout)
            return element
        except StaleRefError as exc:
            if element is None or attempt == 1:
                raise _Failed("action", str(exc)) from exc
            # Re-rendered between the check and the action: find it again, once.
            element = await _target(page, element.ref, None, trio.current_time() + timeout, repairs, "action")
        except VerdexError as exc:
            raise _Failed("action", str(exc)) from exc
    return element


async def _act_once(page: Page, step: AnyStep, element: _Element | None, timeout: float) -> None:
    if isinstance(step, Navigate):
        await page.navigate(step.url)
    elif isinstance(step, Press):
        await actions.press_key(page, step.key)
    elif isinstance(step, WaitFor):
        await _wait_for(page, step, timeout)
    else:
        assert element is not None
        if isinstance(step, Click):
            await actions.click(page, element.ref, timeout=timeout)
        elif isinstance(step, Type):
            await actions.type_into(page, element.ref, step.text, submit=step.submit, timeout=timeout)
        else:
            await actions.select_option(page, element.ref, step.values, timeout=timeout)


async def _wait_for(page: Page, step: WaitFor, timeout: float) -> None:
    if step.ms is not None:
        await trio.sleep(step.ms / 1000)
        return
    wanted = step.text if step.text is not None else step.textGone
    assert wanted is not None
    present = step.text is not None
    with trio.move_on_after(timeout):
        # Text on a page is not an event: poll it.
        while (_normal(wanted) in _normal(await page_text(page))) != present:  # noqa: ASYNC110
            await trio.sleep(_POLL)
        return
    text = _normal(await page_text(page))
    shown = f'the page text is "{_cut(text)}"' if present else f'it is still there: "...{_around(text, wanted)}..."'
    verb = "appear" if present else "go"
    raise UsageError(f"the text {_quote(wanted)} did not {verb} within {round(timeout * 1000)} ms; {shown}")


# -- postconditions --------------------------------------------------------------------------


async def _postconditions(
    page: Page, step: AnyStep, element: _Element | None, url_before: str, network: NetworkWatch, deadline: float
) -> None:
    if not step.postconditions:
        return
    while True:
        failure: tuple[Postcondition, str] | None = None
        for condition in step.postconditions:
            actual = await _check(page, step, element, condition, url_before, network, deadline)
            if actual is not None:
                failure = (condition, actual)
                break
        if failure is None:
            return
        if trio.current_time() >= deadline:
            condition, actual = failure
            raise _Failed(
                f"postcondition {describe_condition(condition)}", f"{actual} (checked for {step.timeoutMs} ms)"
            )
        await trio.sleep(_POLL)


async def _check(
    page: Page,
    step: AnyStep,
    element: _Element | None,
    condition: Postcondition,
    url_before: str,
    network: NetworkWatch,
    deadline: float,
) -> str | None:
    """None when ``condition`` holds now, else what the page shows instead."""
    if isinstance(condition, UrlChanges):
        return None if page.url != url_before else f"the URL stayed {url_before}"
    if isinstance(condition, NetworkIdle):
        quiet = network.quiet_for()
        if quiet * 1000 >= condition.quietMs:
            return None
        if network.in_flight:
            urls = list(network.in_flight.values())
            return f"{len(urls)} request(s) in flight: {', '.join(urls[:3])}"
        return f"the last request ended {round(quiet * 1000)} ms before the end"
    if isinstance(condition, ElementTextContains) and condition.ref is None and condition.locator is None:
        text = _normal(await page_text(page))
        return None if _normal(condition.text) in text else f'the page text is "{_cut(text)}"'
    assert isinstance(condition, ElementTextContains | AriaState)
    try:
        target = await _condition_element(page, step, element, condition)
    except _Failed as failed:
        return failed.actual
    except (ContextLostError, NavigationError) as exc:
        return f"the page was changing documents ({exc})"
    if isinstance(condition, ElementTextContains):
        state = target.state
        text = state.value if state.value is not None and state.tagName != "select" else state.text
        if _normal(condition.text) in _normal(text):
            return None
        # A secret field's value (a password, a card number ...) is never shown, as in snapshots.
        shown = "••••" if state.secret and state.value is not None and text else _cut(_normal(text))
        return f'{target.what()} has {"value" if state.value is not None else "text"} "{shown}"'
    actual = getattr(target.state.states, condition.state)
    if actual == condition.value:
        return None
    shown = "none (it has no such state)" if actual is None else str(actual).lower()
    return f"{target.what()} has {condition.state}={shown}"


async def _condition_element(
    page: Page, step: AnyStep, element: _Element | None, condition: ElementTextContains | AriaState
) -> _Element:
    """The element a postcondition checks: its own ref/locator, else the step's element."""
    now = trio.current_time()  # one look per poll: the poll loop does the waiting
    if condition.ref is not None or condition.locator is not None:
        return await _target(page, condition.ref, condition.locator, now, [], "postcondition")
    if isinstance(step, Click | Type | Select) and step.locator is not None:
        return await _target(page, None, step.locator, now, [], "postcondition")
    assert element is not None
    return await _target(page, element.ref, None, now, [], "postcondition")


def _normal(text: str) -> str:
    return " ".join(text.split())


def _cut(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _around(text: str, wanted: str) -> str:
    at = text.find(_normal(wanted))
    return text[max(0, at - 40) : at + len(wanted) + 40] if at >= 0 else _cut(text)


def _quote(text: str | None) -> str:
    return '"' + (text or "").replace('"', '\\"') + '"'


# -- failure ---------------------------------------------------------------------------------


def _plan_error(
    page: Page, steps: list[AnyStep], done: list[StepOutcome], outcome: StepOutcome, failed: _Failed
) -> PlanStepError:
    index = outcome.index
    lines = [f"Plan failed at step [{index}] {outcome.step}: {failed.condition} failed: {failed.actual}."]
    if outcome.repairs:
        lines.append(f"Repaired before failing: {'; '.join(outcome.repairs)}.")
    if done:
        lines.append("Steps done:")
        lines.extend(item.line() for item in done)
    lines.append(
        f"Not run: {len(steps) - index - 1} step(s). Page now: {page.url}. Next: browser_snapshot to see the page, "
        f"then fix the plan from step [{index}]."
    )
    return PlanStepError("\n".join(lines), index=index, condition=failed.condition, actual=failed.actual)
