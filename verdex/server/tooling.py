"""What every tool shares: one call at a time, a time limit, errors the model can act on.

:func:`guarded` wraps a tool function: it takes the session lock (calls run one at a time, in
order; the tools of :data:`NO_PAGE`, which read the session's state only, run at once), bounds
the call by ``ServerConfig.tool_timeout``, turns verdex's errors into MCP tool errors
(``ToolError``: ``isError`` with the message), turns anything unexpected into a tool error that
says the session is still usable (the traceback goes to the log on stderr), and prefixes pending
notices (the browser restarted ...) to the answer. The rules themselves are
:func:`verdex.server.guarding.run_guarded`'s, which imports nothing of the MCP SDK.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel

from verdex.errors import VerdexError
from verdex.safe_text import escape_invisible
from verdex.server.guarding import DIALOG_SAFE, NO_PAGE, SETTLE_SECONDS, ToolFailure, run_guarded
from verdex.server.session import Session

__all__ = ["DIALOG_SAFE", "NO_PAGE", "SETTLE_SECONDS", "compact_json", "guarded", "respond"]

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
            try:
                result, notes = await run_guarded(
                    session, name, functools.partial(fn, *args, **kwargs), timeout=timeout, passes=(ToolError,)
                )
            except ToolFailure as exc:
                raise ToolError(exc.message) from exc.__cause__
            if notes and result.content and isinstance(result.content[0], TextContent):
                result.content[0] = TextContent(type="text", text=notes + "\n" + result.content[0].text)
            return result

        return tool

    return decorate
