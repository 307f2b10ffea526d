"""JavaScript dialogs (``alert``, ``confirm``, ``prompt``, ``beforeunload``): noticed, reported, answered.

A dialog blocks its page's renderer: no script runs there (verdex's isolated world included)
and input does not complete until it is answered. Chromium reports every dialog of a tab on the
tab's own session, dialogs of out-of-process iframes too (``Page.javascriptDialogOpening`` with
the frame's id), and only the tab's session can answer it (``Page.handleJavaScriptDialog``).
So each :class:`~verdex.browser.page.Page` keeps its open dialog in ``page.dialog``; opening one
interrupts the tool call in flight (:meth:`PageEvents.dialog_opened`), and the model answers it
with :func:`answer_dialog`. Source: CDP Page domain; Playwright's ``crPage.ts`` ``_onDialog``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import trio

from verdex.browser.events import Dialog
from verdex.cdp import protocol as cdp
from verdex.errors import CDPError, ProtocolError, UsageError, VerdexError

if TYPE_CHECKING:
    from verdex.browser.navigation import Navigation
    from verdex.browser.page import Page

__all__ = ["Dismissal", "answer_dialog", "dismiss_dialogs", "watch_dialogs"]

logger = logging.getLogger(__name__)

#: Seconds an answered dialog's page has to run the tasks it queued before the answer is given
#: (:func:`_let_the_page_run`): the next dialog of a loop opens within them.
SETTLE_SECONDS = 2.0

#: The page task verdex queues after the page's own: a timer, behind every timer the page set before it.
#: 4 ms, not 0: a page's timer set from a timer nested 5 deep is clamped to 4 ms (HTML timers), and a
#: 0 ms timer of verdex's would run before it.
_AFTER_THE_PAGE_TASKS = "new Promise(resolve => setTimeout(resolve, 4))"


def watch_dialogs(page: Page) -> None:
    """Keep ``page.dialog`` up to date from the tab's dialog events (runs in the reader task)."""

    def opened(params: cdp.PageJavascriptDialogOpening) -> None:
        if page.closed:
            return  # a closed tab's last events: nothing blocks any more
        frame = page.frames.get(str(params.get("frameId", "")))
        events = page.settings.events
        where = (events.tab_of(page.target_id) if events else None) or f"role {page.settings.role!r}"
        dialog = Dialog(
            type=str(params.get("type", "alert")),
            message=str(params.get("message", "")),
            default_prompt=str(params.get("defaultPrompt", "")),
            url=str(params.get("url", "")),
            frame=frame.label if frame is not None else "the main frame",
            where=where,
        )
        page.dialog = dialog
        page.dialogs_opened += 1
        page.tree.notify()
        dismissal = page.dismissal
        if dismissal is not None:
            # The page is being left: answer at once (leave on beforeunload, Cancel otherwise).
            dismissal.dismissed.append(dialog)
            page.tree.nursery.start_soon(_dismiss, page, dialog)
            return
        if events is not None:
            events.dialog_opened(dialog)

    def closed(_params: cdp.Empty) -> None:
        page.dialog = None
        page.tree.notify()

    page.session.on(cdp.Page.javascriptDialogOpening, opened)
    page.session.on(cdp.Page.javascriptDialogClosed, closed)


@dataclass(eq=False)
class Dismissal:
    """The dialogs verdex answered by itself while the page was being left (:func:`dismiss_dialogs`)."""

    dismissed: list[Dialog] = field(default_factory=list)

    def sentence(self) -> str | None:
        """``Dismissed 12 dialogs the page kept opening (the first: an alert dialog "Once more" ...).``"""
        if not self.dismissed:
            return None
        count = len(self.dismissed)
        what = "1 dialog" if count == 1 else f"{count} dialogs"
        first = self.dismissed[0]
        return (
            f"Dismissed {what} the page opened while it was left (the first: {first.describe()}); "
            "beforeunload dialogs were accepted, the others cancelled."
        )


@asynccontextmanager
async def dismiss_dialogs(page: Page) -> AsyncIterator[Dismissal]:
    """Answer every dialog the page shows from now to the end of the block (the one open now included):
    a beforeunload is accepted (the page is being left), any other is dismissed (Cancel). What a page in a
    dialog loop needs to be navigated away from.
    """
    dismissal = Dismissal()
    page.dismissal = dismissal
    try:
        if page.dialog is not None:
            dismissal.dismissed.append(page.dialog)
            await _dismiss(page, page.dialog)
        yield dismissal
    finally:
        page.dismissal = None


async def _dismiss(page: Page, dialog: Dialog) -> None:
    params: cdp.PageHandleJavaScriptDialogParams = {"accept": dialog.type == "beforeunload"}
    try:
        await page.session.send(cdp.Page.handleJavaScriptDialog(params), timeout=page.settings.call_timeout)
    except CDPError as exc:  # closed meanwhile: nothing to answer
        logger.debug("dismissing %s: %s", dialog.describe(), exc)


async def _let_the_page_run(page: Page, opened: int) -> None:
    """Wait, at most :data:`SETTLE_SECONDS`, until the page has run the tasks it queued before now, or a dialog opens.

    A page in a dialog loop often opens the next dialog from a task it queues while the answered one
    closes (``alert(...); setTimeout(again, 0)``). Whether that dialog opened before the answer was built
    would then depend on the machine's load, and the answer would say "another opened at once" only
    sometimes. So a task is queued in the page after the page's own (:data:`_AFTER_THE_PAGE_TASKS`, in
    verdex's isolated world of the main frame, which shares the page's timers) and the answer waits for
    it, racing ``Page.javascriptDialogOpening``: a dialog opened by a task queued before verdex's blocks
    the page, so it is reported before verdex's task can run. The wait is bounded (a page that runs a
    long task, or one that never yields, only costs the bound) and any failure (the page navigated,
    was closed, crashed) ends it: this is a courtesy to the answer, never a reason to fail it.
    """
    if page.closed or page.crashed:
        return
    settled = False

    async def queue_after_the_page() -> None:
        nonlocal settled
        try:
            async with page.worlds.in_world(page.main_frame) as world:
                await world.session.send(
                    cdp.Runtime.evaluate(
                        {"expression": _AFTER_THE_PAGE_TASKS, "contextId": world.context_id, "awaitPromise": True}
                    ),
                    timeout=math.inf,
                )
        except VerdexError as exc:
            logger.debug("waiting for the page's tasks after a dialog: %s", exc)
        finally:
            settled = True
            page.tree.notify()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(queue_after_the_page)
        await page.wait_until(
            lambda: settled or page.dialogs_opened > opened or page.closed or page.crashed, SETTLE_SECONDS
        )
        nursery.cancel_scope.cancel()


async def answer_dialog(page: Page, accept: bool, prompt_text: str | None) -> tuple[Dialog, Navigation | None]:
    """Accept or dismiss the page's open dialog and wait for what follows (a beforeunload accepted
    lets the navigation it held go on: its start, then its load, are waited for and returned; if
    none starts within the call timeout, the answer has no navigation).

    Args:
        accept: OK (True) or Cancel (False).
        prompt_text: the answer typed into a ``prompt`` (only for a prompt that is accepted).

    Returns:
        The dialog answered, and the navigation that followed, if any.

    Raises:
        UsageError: no dialog is open, or ``prompt_text`` was given for a dialog that is not a prompt.
    """
    dialog = page.dialog
    if dialog is None:
        raise UsageError("no dialog is open on this page; there is nothing to answer")
    if prompt_text is not None and dialog.type != "prompt":
        raise UsageError(f"promptText is only for a prompt dialog; the open one is {dialog.describe()}")
    params: cdp.PageHandleJavaScriptDialogParams = {"accept": accept}
    if prompt_text is not None and accept:
        params["promptText"] = prompt_text
    watch = await page.watch_navigation()
    timeout = page.settings.call_timeout
    try:
        await page.session.send(cdp.Page.handleJavaScriptDialog(params), timeout=timeout)
    except ProtocolError as exc:
        page.dialog = None  # closed meanwhile (the page navigated, or it was answered elsewhere)
        raise UsageError(f"the dialog was already closed ({exc.detail}); call browser_snapshot") from exc
    opened = page.dialogs_opened
    await page.wait_until(lambda: page.dialog is not dialog, timeout)
    if page.dialog is dialog and page.dialogs_opened == opened:
        page.dialog = None  # no close event came: the dialog went with its document
    if page.dialog is None and not (accept and dialog.type == "beforeunload"):
        await _let_the_page_run(page, opened)
    if page.dialog is not None:
        # The page opened another dialog at once (a loop): it blocks the page, so no navigation can be
        # waited for (a round trip to the renderer would wait for that dialog's answer).
        watch.stop()
        return dialog, None
    if accept and dialog.type == "beforeunload":
        # The browser starts the navigation it held only after the renderer's answer reaches it, which
        # can be after the round trip finish() makes to the renderer: wait for the start itself.
        await page.wait_until(lambda: watch.started() or page.tree.crashed, timeout)
    return dialog, await watch.finish()
