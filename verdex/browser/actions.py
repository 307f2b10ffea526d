"""Actions on elements named by refs: click, hover, type, press a key.

Each action on an element first asks the bridge for its action point (``actionTarget``): the
element is scrolled into view, then checked attached, visible, enabled, editable (for typing),
stable, and not covered at that point. Failed checks are retried every 100 ms until the action
timeout, then reported with the reason and what to do. Input is real (CDP Input domain) at the
element's point; a navigation the action starts is waited for (see ``Page.watch_navigation``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import trio

from verdex.browser import input as cdp_input
from verdex.browser.page import Frame, Navigation, Page
from verdex.errors import ActionError, BridgeCallError, UsageError

__all__ = ["ActionOutcome", "click", "hover", "press_key", "type_into"]

_RETRY_INTERVAL = 0.1


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
    frame, target = await _action_point(page, ref, "click", timeout)
    x, y = _page_point(page, frame, target)
    watch = await page.watch_navigation()
    await cdp_input.click_at(page.session, x, y, timeout=page.settings.call_timeout)
    return _outcome(ref, target, await watch.finish())


async def hover(page: Page, ref: str, *, timeout: float) -> ActionOutcome:
    """Move the mouse over the element of ``ref`` (menus and tooltips open on hover)."""
    frame, target = await _action_point(page, ref, "hover", timeout)
    x, y = _page_point(page, frame, target)
    await cdp_input.move_to(page.session, x, y, timeout=page.settings.call_timeout)
    return _outcome(ref, target, None)


async def type_into(page: Page, ref: str, text: str, *, submit: bool, timeout: float) -> ActionOutcome:
    """Replace the content of an editable element with ``text``; press Enter after it if ``submit``.

    The element is clicked (focus, as a user would), its content selected, then the text is
    inserted (``Input.insertText``: ``beforeinput``/``input`` events fire as for typing).

    Raises:
        ActionError: not editable (not an input, textarea or contenteditable, or read-only), hidden,
            disabled or covered.
    """
    frame, target = await _action_point(page, ref, "type", timeout)
    x, y = _page_point(page, frame, target)
    watch = await page.watch_navigation()
    timeout_call = page.settings.call_timeout
    await cdp_input.click_at(page.session, x, y, timeout=timeout_call)
    await page.ref_call(ref, "prepareType")
    await cdp_input.type_text(page.session, text, timeout=timeout_call)
    if submit:
        await cdp_input.press(page.session, cdp_input.parse_key("Enter"), timeout=timeout_call)
    return _outcome(ref, target, await watch.finish())


async def press_key(page: Page, key: str) -> ActionOutcome:
    """Press a key (with modifiers, ``Shift+Tab``) at the element that has focus."""
    parsed = cdp_input.parse_key(key)
    watch = await page.watch_navigation()
    await cdp_input.press(page.session, parsed, timeout=page.settings.call_timeout)
    return ActionOutcome(None, None, None, None, await watch.finish())


async def _action_point(page: Page, ref: str, action: str, timeout: float) -> tuple[Frame, dict[str, Any]]:
    frame, number = page.locate(ref)
    deadline = trio.current_time() + timeout
    while True:
        try:
            target = await page.bridge_call("actionTarget", {"ref": number, "action": action}, frame=frame)
        except BridgeCallError as exc:
            if exc.code != "not-actionable":
                raise page.ref_error(ref, exc) from exc
            if trio.current_time() + _RETRY_INTERVAL > deadline:
                raise _not_actionable(ref, action, exc, timeout) from exc
            await trio.sleep(_RETRY_INTERVAL)
            continue
        if not isinstance(target, dict):
            raise ActionError(f"the bridge gave no point for {ref}", "internal")
        return frame, target


def _page_point(page: Page, frame: Frame, target: dict[str, Any]) -> tuple[float, float]:
    if frame.ordinal != 0:
        raise UsageError("actions inside frames are not supported yet: act on a main-frame ref")
    return float(target["x"]), float(target["y"])


def _outcome(ref: str, target: dict[str, Any], navigation: Navigation | None) -> ActionOutcome:
    return ActionOutcome(ref, target.get("role"), target.get("name"), target.get("tagName"), navigation)


def _not_actionable(ref: str, action: str, exc: BridgeCallError, timeout: float) -> ActionError:
    details = exc.details
    reason = str(details.get("reason", "unknown"))
    what = _what(ref, details)
    waited = f"after {timeout:g} s of retries"
    advice = {
        "hidden": "it is hidden or has no size; open the menu, tab or section that shows it, or call "
        "browser_snapshot to see what is visible",
        "disabled": "it is disabled; complete what enables it (required fields, a selection), or wait for it",
        "not-editable": "it does not take text (not an input, textarea or contenteditable element, or read-only); "
        "type into a textbox ref instead",
        "not-stable": "it kept moving (an animation or a layout that does not settle); "
        "call wait_for_browser, then retry",
        "not-selectable": "it is not a <select> or listbox; click the option instead",
        "no-option": "none of its options has that value or label; browser_snapshot lists the options",
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
    return ActionError(f"cannot {action} {what} {waited}: {advice}.", reason)


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
