"""Actions on elements named by refs: click, hover, type, select an option, press a key.

Each action on an element first asks the bridge for its action point (``actionTarget``): the
element is scrolled into view, then checked attached, visible, enabled, editable (for typing),
stable, and not covered at that point. For an element inside frames the point is carried out
through each iframe (``framePoint`` in the parent document: the iframe's content box, and a hit
test that the iframe is what receives the point there) to the page's viewport. Failed checks are
retried every 100 ms until the action timeout, then reported with the reason and what to do.
Input is real (CDP Input domain, sent to the page; the browser routes it to the frame under the
point or with focus); a navigation the action starts, of the page or of the element's frame, is
waited for (see ``Page.watch_navigation``).

A press (click, and the click that focuses a field before typing) is guarded where it lands: the
mouse moving to the point can change the page (a hover menu opens over the target, a layout
shifts), so the bridge's hit-target guard (``armHitTarget``) checks the first event of the press in
the element's document and cancels the whole press when another element gets it; the action is
then tried again from a new action point, until the action timeout. The answer never says
"clicked" for a click that another element received.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import trio

from verdex.bridge.api import Action
from verdex.bridge.client import ContextLostError
from verdex.bridge.models import ActionTargetResult, HitTargetVerdictResult
from verdex.browser import input as cdp_input
from verdex.browser.navigation import NavigationWatch
from verdex.browser.page import Frame, Navigation, Page
from verdex.errors import ActionError, BridgeCallError, NavigationError, RefError, UsageError, VerdexError

__all__ = ["ActionOutcome", "click", "focused_ref", "hover", "press_key", "select_option", "type_into"]

_RETRY_INTERVAL = 0.1

#: Reasons no retry can change: the element is of the wrong kind.
_FINAL = {"not-selectable"}


@dataclass(frozen=True)
class ActionOutcome:
    """What an action did.

    Attributes:
        ref: the element's ref (None for a key press at the focus).
        role, name, tag_name: the element as the bridge saw it before acting.
        navigation: the navigation the action started, if any.
    """

    ref: str | None
    role: str | None
    name: str | None
    tag_name: str | None
    navigation: Navigation | None


async def click(page: Page, ref: str, *, timeout: float) -> ActionOutcome:
    """Click the element of ``ref`` with the left mouse button at its centre.

    Raises:
        RefError: the ref is malformed, unknown, stale or another role's.
        ActionError: the element stayed hidden, disabled, covered or moving for ``timeout`` seconds.
        NavigationError: the click started a navigation that failed.
    """
    point, watch = await _press(page, ref, "click", timeout)
    return _outcome(ref, point.target, await watch.finish())


async def hover(page: Page, ref: str, *, timeout: float) -> ActionOutcome:
    """Move the mouse over the element of ``ref`` (menus and tooltips open on hover).

    The same checks as a click except ``enabled`` (a disabled element still shows its tooltip).

    Raises:
        RefError: the element's document was replaced while the mouse moved (the ref is stale then).
    """
    point = await _action_point(page, ref, "hover", timeout)
    bridge, number = page.bridge_at(ref)
    # As for typing (type_into): the wait for the input command's answer ends when the element's document or
    # the page's goes away.
    with page.main_frame.guard() as page_left, point.frame.guard() as frame_left:
        await cdp_input.move_to(page.session, point.x, point.y, timeout=page.settings.call_timeout)
    if page_left.cancelled_caught or frame_left.cancelled_caught:
        await bridge.element_state(number)  # a ref gone with its document says where the page is now
    return _outcome(ref, point.target, None)


async def type_into(page: Page, ref: str, text: str, *, submit: bool, timeout: float) -> ActionOutcome:
    """Replace the content of an editable element with ``text``; press Enter after it if ``submit``.

    The element is clicked (focus, as a user would), its content selected, then the text is
    inserted (``Input.insertText``: ``beforeinput``/``input`` events fire as for typing). Keys go
    to the page, and the browser delivers them to the focused frame.

    Raises:
        ActionError: not editable (not an input, textarea or contenteditable, or read-only), hidden,
            disabled or covered.
        RefError: the element's document was replaced while the text went in (the ref is stale then).
    """
    point, watch = await _press(page, ref, "type", timeout)
    timeout_call = page.settings.call_timeout
    bridge, number = page.bridge_at(ref)
    await bridge.prepare_type(number)
    # Chromium may never answer an input command whose document is replaced meanwhile (seen while the page
    # navigated on its own during a call): the wait for the answer ends when the element's document or the
    # page's goes away.
    with page.main_frame.guard() as page_left, point.frame.guard() as frame_left:
        await cdp_input.type_text(page.session, text, timeout=timeout_call)
        if submit:
            await cdp_input.press(page.session, cdp_input.parse_key("Enter"), timeout=timeout_call)
    navigation = await watch.finish()
    if page_left.cancelled_caught or frame_left.cancelled_caught:
        # Whether the text reached the element before its document went is unknown: when the ref is gone with
        # its document, its error says where the page is now (a ref the new document still knows passes).
        await bridge.element_state(number)
    return _outcome(ref, point.target, navigation)


async def select_option(page: Page, ref: str, values: list[str], *, timeout: float) -> tuple[ActionOutcome, list[str]]:
    """Choose the options of a ``<select>`` whose value (or else label) equals each of ``values``.

    After the checks of a click (a select inside a frame is reached through its iframes), the
    bridge selects the options and fires ``input`` and ``change`` as a user's choice would. A
    missing option is waited for (options often load late) until ``timeout``.

    Returns:
        The outcome and the values of the options selected now.

    Raises:
        ActionError: not a ``<select>``, disabled, no such option (the message lists the options).
        UsageError: several values for a single-choice select.
    """
    point = await _action_point(page, ref, "select", timeout)
    frame, _ = page.locate(ref)
    bridge, number = page.bridge_at(ref)
    watch = await page.watch_navigation(frame)
    deadline = trio.current_time() + timeout
    while True:
        try:
            result = await bridge.select_option(number, values)
            break
        except BridgeCallError as exc:
            if exc.code == "bad-args":
                raise UsageError(exc.args[0] if exc.args else "bad values") from exc
            if exc.code != "not-actionable":
                raise
            if trio.current_time() + _RETRY_INTERVAL > deadline:
                raise _not_actionable(ref, "select an option of", exc.details, exc, timeout) from exc
            await trio.sleep(_RETRY_INTERVAL)
    return _outcome(ref, point.target, await watch.finish()), result.selected


async def press_key(page: Page, key: str) -> ActionOutcome:
    """Press a key (with modifiers, ``Shift+Tab``) at the element that has focus, in whatever frame."""
    parsed = cdp_input.parse_key(key)
    watch = await page.watch_navigation()
    # As for typing (type_into): the wait for the key's answer ends when the page's document goes away (the
    # navigation is then the outcome).
    with page.main_frame.guard():
        await cdp_input.press(page.session, parsed, timeout=page.settings.call_timeout)
    return ActionOutcome(None, None, None, None, await watch.finish())


async def focused_ref(page: Page) -> str | None:
    """The ref of the element that has focus (following the focus into frames), or None when a document's
    body has it. A frame that cannot be entered ends the search there (None)."""
    frame = page.main_frame
    for _ in range(16):
        focused = await page.bridge(frame).focused_element()
        if focused.ref is None or focused.number is None:
            return None
        if not focused.frame:
            return focused.ref
        try:
            frame = await page.owners.content_frame(frame, ref=focused.number)
        except VerdexError:
            return None
    return None


@dataclass(frozen=True)
class _Point:
    """Where to send the event: CSS pixels in the page's viewport, and what the bridge saw."""

    frame: Frame
    x: float
    y: float
    target: ActionTargetResult


async def _action_point(
    page: Page, ref: str, action: Action, timeout: float, *, deadline: float | None = None
) -> _Point:
    """Ask the bridge for the action point (retrying failed checks until ``timeout``), then carry it
    out through the iframes to page coordinates, checking at each level that the iframe is what
    the point hits there.

    Args:
        deadline: when the retries end (``trio.current_time()`` seconds), when an earlier attempt of
            the same action began the clock; errors still name ``timeout``, the action's whole wait.
    """
    deadline = trio.current_time() + timeout if deadline is None else deadline
    scroll = False
    while True:
        details: dict[str, Any] | None = None
        frame, _ = page.locate(ref)  # again each time: a frame on the way may have gone
        bridge, number = page.bridge_at(ref)
        try:
            target = await bridge.action_target(number, action, scroll=scroll)
            x, y = target.x, target.y
            if frame.parent_id is None:
                return _Point(frame, x, y, target)
            try:
                x, y, in_view = await _through_frames(page, frame, x, y)
            except BridgeCallError as exc:
                if exc.code != "not-actionable":
                    raise
                # A check failed in an outer document (an overlay over the iframe): name the target, not the iframe.
                details = {**exc.details, **_described(target)}
                raise
            if in_view:
                return _Point(frame, x, y, target)
            # The iframe is scrolled out of its parent's view: scroll the element into view (it
            # carries through every frame above it) and measure again.
            details = {"reason": "hidden", **_described(target)}
            scroll = True
        except BridgeCallError as exc:
            if exc.code != "not-actionable":
                raise
            if exc.details.get("reason") in _FINAL:
                raise _not_actionable(ref, action, exc.details, exc, None) from exc
            if trio.current_time() + _RETRY_INTERVAL > deadline:
                raise _not_actionable(ref, action, details or exc.details, exc, timeout) from exc
        except ContextLostError as exc:
            # A document on the way changed under the call: measure again in the new one.
            if trio.current_time() + _RETRY_INTERVAL > deadline:
                raise NavigationError(
                    f"cannot {action} {ref}: the page kept navigating for {timeout:g} s ({exc}); "
                    "call browser_snapshot to see where it is"
                ) from exc
        else:
            if trio.current_time() + _RETRY_INTERVAL > deadline:
                raise ActionError(
                    f"cannot {action} {_what(ref, details or {})} after {timeout:g} s of retries: it stays outside "
                    "the visible part of the frame that contains it; scroll it into view or enlarge the frame.",
                    "hidden",
                )
        await trio.sleep(_RETRY_INTERVAL)


async def _press(page: Page, ref: str, action: Action, timeout: float) -> tuple[_Point, NavigationWatch]:
    """Click the element of ``ref`` at its action point, until the press lands on it.

    Returns:
        The point clicked, and the navigation watch started before the press (the caller finishes it).

    Raises:
        ActionError: ``covered``: another element took the press every time for ``timeout`` seconds
            (it appeared over the target when the mouse moved); ``elsewhere``: the press reached
            another frame or document (it cannot be cancelled there).
    """
    deadline = trio.current_time() + timeout
    call_timeout = page.settings.call_timeout
    while True:
        point = await _action_point(page, ref, action, timeout, deadline=deadline)
        frame, _ = page.locate(ref)
        bridge, number = page.bridge_at(ref)
        watch = await page.watch_navigation(point.frame)
        try:
            await bridge.arm_hit_target(number)
        except (BridgeCallError, RefError):  # the document changed since actionTarget: the ref is stale now
            await watch.finish()
            raise
        await cdp_input.move_to(page.session, point.x, point.y, timeout=call_timeout)
        await cdp_input.mouse_button(page.session, point.x, point.y, pressed=True, timeout=call_timeout)
        verdict = await _hit_verdict(page, frame, disarm=False)
        await cdp_input.mouse_button(page.session, point.x, point.y, pressed=False, timeout=call_timeout)
        await _hit_verdict(page, frame, disarm=True)
        landed = verdict.landed
        if landed in ("target", "gone"):  # gone: the press itself replaced the document
            return point, watch
        await watch.finish()
        what = _what(ref, _described(point.target))
        if landed == "none":
            raise ActionError(
                f"cannot {action} {what}: the press at ({point.x:.0f}, {point.y:.0f}) reached another frame or "
                "document (something moved over the element's frame when the mouse moved there), where it cannot "
                "be stopped. Call browser_snapshot to see what the page shows now.",
                "elsewhere",
            )
        if trio.current_time() + _RETRY_INTERVAL > deadline:
            cover = _cover(verdict.hitBy.model_dump(exclude_unset=True) if verdict.hitBy else {})
            raise ActionError(
                f"cannot {action} {what} after {timeout:g} s of retries: when the mouse moves to it, another "
                f"element takes the press: {cover}. The press was stopped before that element saw it. Close or "
                "move what appears (a hover menu, a tooltip, a banner), or wait_for_stable, then retry.",
                "covered",
            )
        await trio.sleep(_RETRY_INTERVAL)


async def _hit_verdict(page: Page, frame: Frame, *, disarm: bool) -> HitTargetVerdictResult:
    """The hit-target guard's verdict; ``gone`` when the frame's document changed."""
    try:
        return await page.bridge(frame).hit_target_verdict(disarm=disarm)
    except ContextLostError:
        return HitTargetVerdictResult(events=0, landed="gone")


async def _through_frames(page: Page, frame: Frame, x: float, y: float) -> tuple[float, float, bool]:
    """Map a point in ``frame``'s viewport to the page's viewport, one iframe at a time.

    Returns:
        ``(x, y, in_view)``: ``in_view`` is False when the point falls outside some parent's viewport.

    Raises:
        BridgeCallError: ``not-actionable`` ``covered`` when another element of a parent document
            is on top of the iframe at that point.
    """
    in_view = True
    current = frame
    while current.parent_id is not None:
        async with page.owners.owner_handle(current) as (parent, object_id):
            mapped = await page.bridge(parent).frame_point(object_id, x, y)
        x, y = mapped.x, mapped.y
        in_view = in_view and mapped.inView
        current = parent
    return x, y, in_view


def _outcome(ref: str, target: ActionTargetResult, navigation: Navigation | None) -> ActionOutcome:
    return ActionOutcome(ref, target.role, target.name, target.tagName, navigation)


def _described(target: ActionTargetResult) -> dict[str, Any]:
    """The target as error details name it: ``tagName``, ``role``, ``name``."""
    return {"tagName": target.tagName, "role": target.role, "name": target.name}


def _not_actionable(
    ref: str, action: str, details: dict[str, Any], exc: BridgeCallError, timeout: float | None
) -> ActionError:
    reason = str(details.get("reason", "unknown"))
    what = _what(ref, details)
    waited = f" after {timeout:g} s of retries" if timeout is not None else ""
    advice = {
        "hidden": "it is hidden or has no size; open the menu, tab or section that shows it, or call "
        "browser_snapshot to see what is visible",
        "disabled": "it is disabled; complete what enables it (required fields, a selection), or wait for it",
        "not-editable": "it does not take text (not an input, textarea or contenteditable element, or read-only); "
        "type into a textbox ref instead",
        "not-stable": "it kept moving (an animation or a layout that does not settle); "
        "call wait_for_browser, then retry",
        "not-selectable": "it is not a <select>; for a custom dropdown, click it, then click the option",
        "no-option": "none of its options has that value or label; its options are "
        + ", ".join(json.dumps(str(label), ensure_ascii=False) for label in details.get("available") or []),
    }.get(reason)
    if reason == "covered":
        cover = details.get("coveredBy") or {}
        cover_text = _cover(cover)
        advice = (
            f"another element covers its centre: {cover_text}. Close or dismiss that first "
            "(a dialog, cookie banner or overlay), then retry"
        )
    if advice is None:
        advice = exc.args[0] if exc.args else reason
    return ActionError(f"cannot {action} {what}{waited}: {advice}.", reason)


def _what(ref: str, details: dict[str, Any]) -> str:
    role, name = details.get("role"), details.get("name")
    if role and name:
        return f'{ref} ({role} "{name}")'
    if role:
        return f"{ref} ({role})"
    return ref


def _cover(cover: dict[str, Any]) -> str:
    tag = cover.get("tagName", "an element")
    attributes = cover.get("attributes") or {}
    shown = " ".join(f'{k}="{v}"' for k, v in list(attributes.items())[:3])
    text = cover.get("text")
    ref = cover.get("ref")
    parts = [f"<{tag}{' ' + shown if shown else ''}>"]
    if text:
        parts.append(f'"{text}"')
    if ref:
        parts.append(f"[ref={ref}]")
    return " ".join(parts)
