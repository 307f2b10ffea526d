"""What every tool shares: one call at a time, a time limit, errors the model can act on.

:func:`guarded` wraps a tool function: it takes the session lock (calls run one at a time, in
order), bounds the call by ``ServerConfig.tool_timeout``, turns verdex's errors into MCP tool
errors (``ToolError``: ``isError`` with the message), turns anything unexpected into a tool error
that says the session is still usable (the traceback goes to the log on stderr), and prefixes
pending notices (the browser restarted ...) to the answer.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import trio
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel

from verdex.errors import VerdexError
from verdex.server.session import Session

__all__ = ["compact_json", "guarded", "respond"]

logger = logging.getLogger(__name__)

P = ParamSpec("P")


def respond(text: str, data: BaseModel | dict[str, Any]) -> CallToolResult:
    """A tool answer: compact text for the model plus the same facts as structured content."""
    structured = data.model_dump(mode="json", exclude_none=True) if isinstance(data, BaseModel) else data
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def compact_json(value: Any) -> str:
    """JSON without spaces (the cheapest form in tokens), non-ASCII kept as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def guarded(
    session: Session, name: str, *, timeout: float | None = None
) -> Callable[[Callable[P, Awaitable[CallToolResult]]], Callable[P, Awaitable[CallToolResult]]]:
    """Decorate a tool function; see the module docstring. ``timeout``: seconds, instead of the tool timeout."""

    def decorate(fn: Callable[P, Awaitable[CallToolResult]]) -> Callable[P, Awaitable[CallToolResult]]:
        @functools.wraps(fn)
        async def tool(*args: P.args, **kwargs: P.kwargs) -> CallToolResult:
            limit = session.config.tool_timeout if timeout is None else timeout
            result: CallToolResult | None = None
            with trio.move_on_after(limit):
                async with session.lock:
                    try:
                        result = await fn(*args, **kwargs)
                    except ToolError:
                        raise
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
                result.content[0] = TextContent(
                    type="text", text="\n".join(f"Note: {n}" for n in notices) + "\n" + first.text
                )
            return result

        return tool

    return decorate


def _with_notices(session: Session, message: str) -> str:
    notices = session.take_notices()
    if not notices:
        return message
    return "\n".join(f"Note: {n}" for n in notices) + "\n" + message
