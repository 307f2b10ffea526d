"""The SDK-free core of every tool call: one call at a time, a time limit, errors the model can act on.

:func:`run_guarded` runs one call of a tool function the way :func:`verdex.server.tooling.guarded` promises (see
that module): it takes the session lock, bounds the call by ``ServerConfig.tool_timeout``, refuses while a dialog
blocks the page, waits for the background work the call started, turns verdex's errors (and anything unexpected)
into a :class:`ToolFailure` whose message the model reads, and hands back the notices pending for the answer. It
imports nothing of the MCP SDK: the calls :mod:`verdex.server.early` answers before the SDK is imported run
through it too, so that both answer alike.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TypeVar

import trio

from verdex.browser.events import Dialog
from verdex.errors import BrowserClosedError, DialogOpenError, VerdexError
from verdex.server.feedback import stage
from verdex.server.session import Session

__all__ = [
    "DIALOG_AWARE",
    "DIALOG_SAFE",
    "NO_PAGE",
    "SETTLE_SECONDS",
    "ToolFailure",
    "notes_text",
    "run_guarded",
]

#: Tools that work while a dialog blocks the page: they answer it, leave it (``browser_navigate``
#: dismisses what blocks the page it leaves), or do not touch the page.
DIALOG_SAFE = frozenset(
    {
        "browser_handle_dialog",
        "browser_navigate",
        "browser_tabs",
        "browser_close",
        "browser_initialize",
        "select_role",
        "get_current_role",
        "list_current_roles",
    }
)

#: Tools that read the session's state only (no page, no browser): they run at once, without the session lock,
#: so they answer while another call waits on the page; they leave pending notices to the next call that holds it.
NO_PAGE = frozenset({"get_current_role", "list_current_roles"})

#: Tools a dialog opening during the call does not interrupt: they deal with dialogs themselves.
DIALOG_AWARE = frozenset({"browser_handle_dialog", "browser_tabs", "browser_close"})

#: Longest wait, seconds, for background work a call started (a new tab, a download) before it answers.
SETTLE_SECONDS = 2.0

#: Notes of one kind shown in an answer before the rest are counted.
MAX_NOTES_OF_A_KIND = 3

#: A note's kind: its text up to the first digit, bracket, quote, colon or parenthesis.
_NOTE_KIND = re.compile(r"[^0-9\[\]'\":(]*")

#: How the count line names the notes of a kind it counts.
_MORE = {
    "A new tab ": "new tabs were opened; browser_tabs(action='list') shows them.",
    "Tab ": "tabs were closed; browser_tabs(action='list') shows the open ones.",
    "A download started ": "downloads started.",
    "Downloaded ": "downloads finished.",
}

logger = logging.getLogger(__name__)

R = TypeVar("R")


class ToolFailure(Exception):
    """A tool call that failed, as the model reads it: ``message`` (an MCP tool error: ``isError`` with this text,
    the notices pending at the failure first). ``__cause__`` is the error that caused it, if any."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


async def run_guarded(
    session: Session,
    name: str,
    call: Callable[[], Awaitable[R]],
    *,
    timeout: float | None = None,
    passes: tuple[type[BaseException], ...] = (),
) -> tuple[R, str]:
    """Run ``call`` (one call of tool ``name``) holding the session lock, within ``timeout`` seconds (None: the
    session's ``tool_timeout``); returns its result and the ``Note: ...`` lines to put before the answer's text
    (empty: none).

    Args:
        passes: exception types ``call`` may raise that go out as they are (the SDK's own tool errors).

    Raises:
        ToolFailure: a dialog blocks the page (for a tool not in :data:`DIALOG_SAFE`), one opened during the call
            (not in :data:`DIALOG_AWARE`), the browser connection was lost, a verdex error, anything unexpected
            (logged with its traceback: the session stays usable), or the time limit passed.
    """
    limit = session.config.tool_timeout if timeout is None else timeout
    returned: list[R] = []  # the call's result, once it returned
    with trio.move_on_after(limit):
        queued = session.lock.locked()
        if queued:
            stage("waiting for the call before it to finish")
        async with session.holding():
            if queued:
                stage("running")
            dialog = _open_dialog(session) if name not in DIALOG_SAFE else None
            if dialog is not None:
                raise ToolFailure(_with_notices(session, str(DialogOpenError(dialog))))
            mark = session.events.mark()
            try:
                with session.events.interruptible(name not in DIALOG_AWARE) as interruption:
                    returned.append(await call())
                # A time limit passing from here on stops only the wait below.
                if interruption.dialog is not None:
                    raise ToolFailure(_with_notices(session, _interrupted(name, interruption.dialog)))
                await session.events.settle(SETTLE_SECONDS, since=mark)
            except ToolFailure:
                raise
            except passes:
                raise
            except BrowserClosedError as exc:
                message = (
                    f"the connection to the browser was lost during {name} ({exc}); the call did not finish. "
                    "The next call reconnects (or starts a new browser) and says what was lost."
                )
                raise ToolFailure(_with_notices(session, message)) from exc
            except VerdexError as exc:
                raise ToolFailure(_with_notices(session, str(exc))) from exc
            except Exception as exc:
                logger.exception("tool %s failed unexpectedly", name)
                raise ToolFailure(
                    _with_notices(
                        session,
                        f"verdex hit an internal error in {name} ({type(exc).__name__}: {exc}). "
                        "The session is still usable; if this repeats, call browser_close and start again.",
                    )
                ) from exc
    if not returned:
        raise ToolFailure(
            _with_notices(
                session,
                f"{name} did not finish within {limit:g} s and was stopped. The session is still usable; "
                "call browser_snapshot to see where the page is.",
            )
        )
    notices = session.take_notices()
    return returned[0], (notes_text(notices) if notices else "")


def _open_dialog(session: Session) -> Dialog | None:
    """The dialog open on a tab of the current role, if any (the selected tab's first)."""
    role = session.roles.get(session.current_role)
    if role is None or role.context is None or role.context.closed:
        return None
    page = role.context.page_with_dialog()
    return page.dialog if page is not None else None


def _interrupted(name: str, dialog: Dialog) -> str:
    if dialog.type == "beforeunload":
        return (
            f"{name} was interrupted: the page opened {dialog.describe()} before leaving. "
            "Call browser_handle_dialog(accept=true) to leave (the navigation goes on) or "
            "browser_handle_dialog(accept=false) to stay."
        )
    prompt = ", promptText='...'" if dialog.type == "prompt" else ""
    return (
        f"{name} was interrupted: the page opened {dialog.describe()}, which blocks the page until it is "
        "answered (the action that opened it has happened). "
        f"Call browser_handle_dialog(accept=true{prompt}) for OK or browser_handle_dialog(accept=false) for Cancel."
    )


def _with_notices(session: Session, message: str) -> str:
    notices = session.take_notices()
    if not notices:
        return message
    return notes_text(notices) + "\n" + message


def notes_text(notices: list[str]) -> str:
    """``Note: ...`` lines; of notes of one kind (same text up to the first number, quote or colon) the first
    :data:`MAX_NOTES_OF_A_KIND` are shown, then one line counts the rest (a page that opens 100 tabs)."""
    shown: list[str] = []
    counts: dict[str, int] = {}
    for notice in notices:
        kind = _NOTE_KIND.match(notice)
        key = kind.group(0) if kind else notice
        counts[key] = counts.get(key, 0) + 1
        if counts[key] <= MAX_NOTES_OF_A_KIND:
            shown.append(f"Note: {notice}")
    for key, count in counts.items():
        if count > MAX_NOTES_OF_A_KIND:
            more = count - MAX_NOTES_OF_A_KIND
            what = next((text for prefix, text in _MORE.items() if key.startswith(prefix)), f"notes like {key!r}…")
            shown.append(f"Note: … and {more} more {what}")
    return "\n".join(shown)
