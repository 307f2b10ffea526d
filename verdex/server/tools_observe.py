"""Tools that observe the page without acting on it: ``wait_for_stable`` (a quiet DOM) and
``browser_take_screenshot`` (the viewport or one element, as PNG).

See :mod:`verdex.browser.stability` and :mod:`verdex.browser.screenshot` for what they watch and capture.
"""

from __future__ import annotations

import base64
import json
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ImageContent, TextContent, ToolAnnotations
from pydantic import Field

from verdex.browser.screenshot import take_screenshot
from verdex.browser.stability import wait_for_stable as wait_until_stable
from verdex.errors import UsageError
from verdex.server.feedback import stage
from verdex.server.limits import MAX_REF_CHARS
from verdex.server.models import ScreenshotResult, StableResult
from verdex.server.session import Session
from verdex.server.tooling import guarded, respond

__all__ = ["DEFAULT_QUIET_MS", "DEFAULT_STABLE_TIMEOUT_MS", "MAX_STABLE_MS", "register_observe_tools"]

_READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=True)

#: Defaults of wait_for_stable, milliseconds.
DEFAULT_QUIET_MS = 2_000
DEFAULT_STABLE_TIMEOUT_MS = 30_000
#: Longest quietMs and timeoutMs of wait_for_stable, milliseconds.
MAX_STABLE_MS = 120_000


def register_observe_tools(server: MCPServer, session: Session) -> None:
    """Add wait_for_stable and browser_take_screenshot to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "wait_for_stable", timeout=MAX_STABLE_MS / 1000 + 30)
    async def wait_for_stable(
        quietMs: Annotated[
            int,
            Field(ge=0, le=MAX_STABLE_MS, description="Milliseconds without any DOM change that count as stable."),
        ] = DEFAULT_QUIET_MS,
        timeoutMs: Annotated[
            int, Field(ge=1, le=MAX_STABLE_MS, description="Give up after this long (more than quietMs).")
        ] = DEFAULT_STABLE_TIMEOUT_MS,
    ) -> Annotated[CallToolResult, StableResult]:
        """Wait until the DOM has not changed for quietMs (content that loads in steps)."""
        if timeoutMs <= quietMs:
            raise UsageError(
                f"timeoutMs ({timeoutMs}) must be more than quietMs ({quietMs}): the page has to stay quiet for "
                "quietMs within the timeout"
            )
        page = await session.page()
        stage(f"waiting for {quietMs} ms without a DOM change")
        result = await wait_until_stable(page, quietMs, timeoutMs)
        if not result.stable:
            raise UsageError(
                f"the page did not settle within {timeoutMs} ms: it saw {result.mutations} DOM mutations, and its "
                f"longest quiet spell was {result.longestQuietMs} ms (quietMs is {quietMs}). Call wait_for_stable "
                "with a longer timeoutMs (or a shorter quietMs), or wait_for_browser(text=...) for the content you "
                "need."
            )
        frames = f" in {result.documents} documents" if result.documents > 1 else ""
        text = (
            f"The page was stable after {result.waitedMs} ms: {result.mutations} DOM mutations{frames}, then none "
            f"for {quietMs} ms. Next: browser_snapshot."
        )
        data = StableResult(
            waitedMs=result.waitedMs, mutations=result.mutations, quietMs=quietMs, documents=result.documents
        )
        return respond(text, data)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "browser_take_screenshot")
    async def browser_take_screenshot(
        ref: Annotated[
            str | None,
            Field(
                max_length=MAX_REF_CHARS,
                description="Only this element (a ref), scrolled into view; default: the viewport.",
            ),
        ] = None,
    ) -> Annotated[CallToolResult, ScreenshotResult]:
        """A PNG of the viewport, or of one element (ref)."""
        page = await session.page()
        shot = await take_screenshot(page, ref)
        if shot.target is None:
            result = ScreenshotResult(captured="viewport", url=page.url, width=shot.width, height=shot.height)
            text = f"Screenshot of the viewport of {page.url}: {shot.width}x{shot.height} CSS px (PNG)."
        else:
            role: str | None = shot.target.role
            if role in (None, "", "generic"):
                role = shot.target.tagName
            name = shot.target.name or None
            result = ScreenshotResult(
                captured="element", url=page.url, width=shot.width, height=shot.height, ref=ref, role=role, name=name
            )
            what = f"{role} {json.dumps(name, ensure_ascii=False)}" if name else str(role)
            text = f"Screenshot of {what} [ref={ref}]: {shot.width}x{shot.height} CSS px (PNG)."
        answer = respond(text, result)
        image = ImageContent(type="image", data=base64.b64encode(shot.png).decode("ascii"), mime_type="image/png")
        answer.content = [TextContent(type="text", text=text), image]
        return answer
