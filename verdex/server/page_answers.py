"""The answers of ``browser_navigate`` and ``browser_snapshot``, without the MCP SDK.

Each function does what its tool does and returns the answer's text and its facts (the structured content); the
tools (:mod:`verdex.server.tools_browser`) wrap them into the SDK's ``CallToolResult``, and the calls answered
before the SDK is imported (:mod:`verdex.server.early`) write them as they are. One body for both, so that the two
answer alike.
"""

from __future__ import annotations

import trio

from verdex.browser.dialogs import dismiss_dialogs
from verdex.browser.page import Navigation, Page, check_url
from verdex.browser.snapshot import take_titled_snapshot
from verdex.masking import mask_url
from verdex.safe_text import quote
from verdex.server.feedback import stage
from verdex.server.models import NavigateResult, SnapshotResult
from verdex.server.session import Session
from verdex.server.snapshot_answers import LOADING_NOTICE, cut_notice, snapshot_file_answer

__all__ = ["DEFAULT_MAX_CHARS", "LEAVE_DIALOG_SECONDS", "navigate", "navigation_answer", "snapshot"]

#: Seconds a page in a dialog loop is given to be navigated away (its dialogs dismissed) before its tab is replaced.
LEAVE_DIALOG_SECONDS = 5.0

#: Default snapshot size limit, characters.
DEFAULT_MAX_CHARS = 40_000


async def navigate(session: Session, url: str) -> tuple[str, NavigateResult]:
    """``browser_navigate(url)``: open ``url`` in the current role's page and wait for it to load (the page's own
    URL again is a reload: ``Page.navigate`` would only scroll to a fragment of it). A page that shows a dialog is
    left with its dialogs dismissed; one that keeps opening them for :data:`LEAVE_DIALOG_SECONDS` gets a new tab.

    Raises:
        VerdexError: the URL is refused, or the navigation failed (as :meth:`Page.navigate` says).
    """
    page = await session.page()
    stage(f"loading {mask_url(url)[:200]}")
    if page.dialog is None:
        if url == page.url and not page.url.startswith("about:"):
            return await navigation_answer(page, await page.reload(), reloaded=True)
        return await navigation_answer(page, await page.navigate(url))
    # Leaving a page that shows a dialog (a dialog loop, a prompt nobody will answer): the dialogs it
    # opens while it is left are answered by verdex, and the answer says how many. A loop that keeps
    # the renderer too busy to take the new document gets its tab replaced instead.
    navigation: Navigation | None = None
    fresh: Page | None = None
    check_url(url, allow_file_urls=page.guard.policy.allow_file_urls)
    async with dismiss_dialogs(page) as dismissal:
        with trio.move_on_after(LEAVE_DIALOG_SECONDS):
            navigation = await page.navigate(url)
        if navigation is None:
            # Still dismissing while the old tab closes: its loop goes on until then.
            role = session.roles[session.current_role]
            assert role.context is not None
            fresh = await role.context.replace_page(page)
    events = page.settings.events
    if (sentence := dismissal.sentence()) is not None and events is not None:
        events.note(sentence)
    if fresh is not None:
        if events is not None:
            events.note(
                f"The page kept opening dialogs and could not be left within {LEAVE_DIALOG_SECONDS:g} s, so verdex "
                "replaced its tab with a new one in the same browser context (cookies and storage kept; the "
                "tab's history is gone)."
            )
        page = fresh
        navigation = await page.navigate(url)
    assert navigation is not None
    return await navigation_answer(page, navigation)


async def navigation_answer(
    page: Page, navigation: Navigation, *, reloaded: bool = False
) -> tuple[str, NavigateResult]:
    """What a navigation (``browser_navigate``, ``browser_reload``, ``browser_go_back``) answers: where the page
    (or a frame) went, the HTTP status, the title, whether the load event was still to come."""
    title = await page.title()
    result = NavigateResult(
        url=page.url,
        frame=f"f{navigation.frame}" if navigation.frame else None,
        frameUrl=navigation.url if navigation.frame else None,
        title=title,
        status=navigation.status,
        statusText=navigation.status_text or None,
        loadPending=navigation.load_pending or None,
        sameDocument=navigation.same_document or None,
    )
    status = (
        f" (HTTP {' '.join(filter(None, [str(navigation.status), navigation.status_text]))})"
        if navigation.status
        else ""
    )
    if navigation.frame:
        # A frame moved (going back through an entry a frame added), not the page.
        verb = "moved within its document" if navigation.same_document else "navigated"
        text = f"Frame f{navigation.frame} {verb} to {navigation.url}{status}; the page stays at {page.url}."
    elif navigation.same_document:
        text = f"Moved to {navigation.url} in the same document (a History API or fragment change: refs stay valid)."
    elif reloaded:
        text = f"Reloaded {navigation.url}{status}: refs of the previous document are stale, take a new snapshot."
    else:
        text = f"Navigated to {navigation.url}{status}."
    if title:
        text += f" Title: {quote(title)}."
    if navigation.load_pending:
        text += " The page had not finished loading (its load event had not fired); content may still be arriving."
    return text + " Next: browser_snapshot.", result


async def snapshot(
    session: Session,
    *,
    ref: str | None = None,
    depth: int | None = None,
    max_chars: int | None = None,
    behind_modal: bool = False,
    filename: str | None = None,
) -> tuple[str, SnapshotResult]:
    """``browser_snapshot``: the current page's accessibility snapshot under a ``Page: "title" (url)`` header, cut
    after ``max_chars`` characters (None: :data:`DEFAULT_MAX_CHARS`) with a line that says where and how to go on;
    with ``filename``, the whole snapshot written to that file instead (:func:`snapshot_file_answer`).

    Raises:
        VerdexError: as :func:`verdex.browser.snapshot.take_titled_snapshot` (an unknown or stale ``ref`` ...), or
            the file cannot be written.
    """
    page = await session.page()
    whole = filename is not None
    limit = None if whole else max_chars or DEFAULT_MAX_CHARS
    taken, title = await take_titled_snapshot(page, ref=ref, depth=depth, max_chars=limit, behind_modal=behind_modal)
    header = f"Page: {quote(title)} ({page.url})" if title else f"Page: {page.url}"
    if filename is not None:
        return snapshot_file_answer(session.config, filename, header, taken, page.url, title)
    truncated = taken.truncated
    lines = [header, taken.text]
    if truncated:
        lines.append(cut_notice(taken))
    if taken.loading:
        lines.append(LOADING_NOTICE)
    result = SnapshotResult(
        url=page.url,
        title=title,
        snapshot=taken.text,
        refCount=taken.ref_count,
        truncated=truncated,
        cutInside=list(taken.cut_inside) or None,
        loading=taken.loading or None,
    )
    return "\n".join(line for line in lines if line), result
