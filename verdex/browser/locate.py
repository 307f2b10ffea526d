"""From a ref the model passed to the frame and number the bridge knows, and the model's errors for refs.

The ledger (:mod:`verdex.browser.refs`) knows who gave out each number: a ref of another role, of
a tab that is not selected, of a document or frame the page has left is named as such, with the
call that gets a usable ref.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from verdex.browser.frames import Frame
from verdex.browser.refs import format_ref, parse_ref
from verdex.errors import BridgeCallError, CrossRoleRefError, StaleRefError, UnknownRefError, UsageError

if TYPE_CHECKING:
    from verdex.browser.page import Page

__all__ = ["locate", "ref_error"]


def locate(page: Page, ref: str) -> tuple[Frame, int]:
    """The frame and bridge number of a ref the model passed, in ``page``.

    Raises:
        MalformedRefError: not a ref.
        UnknownRefError: never given out.
        CrossRoleRefError: given out in another role.
        StaleRefError: its page or frame is gone, or the browser it was given out in was closed.
    """
    _, number = parse_ref(ref)
    owner = page.ledger.owner_of(number)
    role = page.settings.role
    if owner is None:
        raise UnknownRefError(
            f"ref {ref} was never given out in this session; call browser_snapshot and use a ref it prints"
        )
    actual = format_ref(owner.frame_ordinal, number)
    if page.ledger.retired(number):
        raise StaleRefError(
            f"ref {ref} is stale: it belonged to {owner.url} in a browser that was closed since (browser_close, or "
            "the browser went away); call browser_snapshot for fresh refs"
        )
    if owner.role != role:
        raise CrossRoleRefError(
            f"ref {ref} belongs to role {owner.role!r}, but the current role is {role!r}; "
            f"call select_role({owner.role!r}) to use it, or browser_snapshot for this role's refs"
        )
    if owner.page_id != page.target_id:
        events = page.settings.events
        tab = events.tab_of(owner.page_id) if events is not None else None
        if tab is not None:
            raise StaleRefError(
                f"ref {ref} belongs to {tab} ({owner.url}), not to the selected tab; call "
                "browser_tabs(action='select', index=...) to use it, or browser_snapshot for this tab's refs"
            )
        raise StaleRefError(
            f"ref {ref} belongs to another page ({owner.url}) that is closed or not current; "
            "call browser_snapshot for this page's refs"
        )
    if actual != ref:
        raise UnknownRefError(f"ref {ref} does not exist; number {number} was given out as {actual}")
    frame = page.frame_by_ordinal(owner.frame_ordinal)
    if frame is None or frame.id != owner.frame_id:
        raise StaleRefError(
            f"ref {ref} is stale: its frame f{owner.frame_ordinal} ({owner.url}) was removed from the page; "
            "call browser_snapshot for fresh refs"
        )
    return frame, number


def ref_error(page: Page, ref: str, exc: BridgeCallError) -> Exception:
    """The model's error for a bridge ref code about ``ref``; other codes pass through as they are.

    ``ref-unknown`` (a document the frame has left) and ``ref-detached`` (the element was removed)
    become :class:`StaleRefError`, ``level-out-of-range`` a :class:`UsageError` with the valid levels.
    """
    owner = page.ledger.owner_of(parse_ref(ref)[1])
    if exc.code == "ref-unknown":
        frame = page.frame_by_ordinal(owner.frame_ordinal) if owner else None
        was = owner.url if owner else "an earlier document"
        if frame is None or frame.ordinal == 0:
            where = f"a document the page has left (now at {frame.url if frame else page.url})"
        else:
            where = f"a document {frame.label} has left (it now shows {frame.url})"
        return StaleRefError(f"ref {ref} is stale: it belonged to {was}, {where}; call browser_snapshot for fresh refs")
    if exc.code == "ref-detached":
        what = _describe(exc.details)
        return StaleRefError(
            f"ref {ref} is stale: its element{what} was removed from the page; call browser_snapshot for fresh refs"
        )
    if exc.code == "level-out-of-range":
        count = exc.details.get("ancestorCount")
        span = f"1..{count}" if isinstance(count, int) and count > 0 else "none: it has no ancestor below <body>"
        return UsageError(
            f"ancestorLevel is out of range for {ref}: valid levels are {span} "
            "(1 = parent; <body> is not counted). resolve_container lists them."
        )
    return exc


def _describe(details: dict[str, Any]) -> str:
    role, name = details.get("role"), details.get("name")
    if role and name:
        return f" ({role} {name!r})"
    if role or details.get("tagName"):
        return f" ({role or details.get('tagName')})"
    return ""
