"""What every tool shares: one call at a time, a time limit, errors the model can act on.

:func:`guarded` wraps a tool function: it takes the session lock (calls run one at a time, in
order; the tools of :data:`NO_PAGE`, which read the session's state only, run at once), bounds
the call by ``ServerConfig.tool_timeout``, turns verdex's errors into MCP tool errors
(``ToolError``: ``isError`` with the message), turns anything unexpected into a tool error that
says the session is still usable (the traceback goes to the log on stderr), and prefixes pending
notices (the browser restarted ...) to the answer.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import trio
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel

from verdex.browser.events import Dialog
from verdex.errors import BrowserClosedError, DialogOpenError, VerdexError
from verdex.safe_text import escape_invisible
from verdex.server.feedback import stage
from verdex.server.session import Session

__all__ = ["DIALOG_SAFE", "NO_PAGE", "SETTLE_SECONDS", "compact_json", "guarded", "respond"]

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

P = ParamSpec("P")


def respond(text: str, data: BaseModel | dict[str, Any]) -> CallToolResult:
    """A tool answer: compact text for the model plus the same facts as structured content."""
    structured = data.model_dump(mode="json", exclude_none=True) if isinstance(data, BaseModel) else data
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def compact_json(value: Any) -> str:
    """JSON without spaces (the cheapest form in tokens), non-ASCII kept as is, except the invisible characters
    of :data:`verdex.safe_text.INVISIBLE`, written as their escapes (``\\u202e``)."""
    return escape_invisible(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


def guarded(
    session: Session,
    name: str,
    *,
    timeout: float | None = None,
    unlocked: Callable[..., CallToolResult | None] | None = None,
) -> Callable[[Callable[P, Awaitable[CallToolResult]]], Callable[P, Awaitable[CallToolResult]]]:
    """Decorate a tool function; see the module docstring. ``timeout``: seconds, instead of the tool timeout.
    ``unlocked``: tried first, with the call's arguments, without the lock (it must not wait on anything): its
    answer, if it gives one, is the call's (``select_role`` of a started role needs no page)."""

    def decorate(fn: Callable[P, Awaitable[CallToolResult]]) -> Callable[P, Awaitable[CallToolResult]]:
        @functools.wraps(fn)
        async def tool(*args: P.args, **kwargs: P.kwargs) -> CallToolResult:
            if name in NO_PAGE:
                # Session state only: never queued behind a call that holds the page (or waits on the browser).
                try:
                    return await fn(*args, **kwargs)
                except VerdexError as exc:
                    raise ToolError(str(exc)) from exc
            if unlocked is not None:
                try:
                    answer = unlocked(*args, **kwargs)
                except VerdexError as exc:
                    raise ToolError(str(exc)) from exc
                if answer is not None:
                    return answer
            limit = session.config.tool_timeout if timeout is None else timeout
            result: CallToolResult | None = None
            with trio.move_on_after(limit):
                queued = session.lock.locked()
                if queued:
                    stage("waiting for the call before it to finish")
                async with session.holding():
                    if queued:
                        stage("running")
                    dialog = _open_dialog(session) if name not in DIALOG_SAFE else None
                    if dialog is not None:
                        raise ToolError(_with_notices(session, str(DialogOpenError(dialog))))
                    mark = session.events.mark()
                    try:
                        with session.events.interruptible(name not in DIALOG_AWARE) as interruption:
                            result = await fn(*args, **kwargs)
                        if interruption.dialog is not None:
                            raise ToolError(_with_notices(session, _interrupted(name, interruption.dialog)))
                        await session.events.settle(SETTLE_SECONDS, since=mark)
                    except ToolError:
                        raise
                    except BrowserClosedError as exc:
                        message = (
                            f"the connection to the browser was lost during {name} ({exc}); the call did not finish. "
                            "The next call reconnects (or starts a new browser) and says what was lost."
                        )
                        raise ToolError(_with_notices(session, message)) from exc
                    except VerdexError as exc:
                        raise ToolError(_with_notices(session, str(exc))) from exc
                    except Exception as exc:
                        logger.exception("tool %s failed unexpectedly", name)
                        raise ToolError(
                            _with_notices(
                                session,
                                f"verdex hit an internal error in {name} ({type(exc).__name__}: {exc}). "
                                "The session is still usable; if this repeats, call browser_close and start again.",
                            )
                        ) from exc
            if result is None:
                raise ToolError(
                    _with_notices(
                        session,
                        f"{name} did not finish within {limit:g} s and was stopped. The session is still usable; "
                        "call browser_snapshot to see where the page is.",
                    )
                )
            notices = session.take_notices()
            if notices and result.content and isinstance(result.content[0], TextContent):
                first = result.content[0]
                result.content[0] = TextContent(type="text", text=_notes_text(notices) + "\n" + first.text)
            return result

        return tool

    return decorate


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
    return _notes_text(notices) + "\n" + message


def _notes_text(notices: list[str]) -> str:
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
