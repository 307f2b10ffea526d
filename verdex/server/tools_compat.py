"""Playwright MCP's names for what verdex does under its own (the ``compat`` tool group).

A model used to Playwright MCP calls ``browser_navigate_back`` and ``browser_wait_for`` (``time`` in
seconds); with ``--caps compat`` they are there and do what ``browser_go_back`` and
``wait_for_browser`` do. Playwright MCP's argument shapes are accepted by every tool without the group
(:mod:`verdex.server.app`): ``element`` beside ``ref`` (the ref acts, the element is its human label)
and ``target`` for the ref (or a CSS selector) in 0.0.83's shape.
"""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from verdex.server.models import NavigateResult, WaitResult
from verdex.server.session import Session
from verdex.server.tooling import guarded
from verdex.server.tools_browser import MAX_WAIT_MS, go_back, wait_for

__all__ = ["register_compat_tools"]


def register_compat_tools(server: MCPServer, session: Session) -> None:
    """Add ``browser_navigate_back`` and ``browser_wait_for`` to ``server``."""

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True))
    @guarded(session, "browser_navigate_back")
    async def browser_navigate_back() -> Annotated[CallToolResult, NavigateResult]:
        """Go back one history entry (browser_go_back)."""
        return await go_back(session)

    @server.tool(annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True))
    @guarded(session, "browser_wait_for")
    async def browser_wait_for(
        time: Annotated[float | None, Field(ge=0, le=MAX_WAIT_MS / 1000, description="Seconds to wait.")] = None,
        text: Annotated[str | None, Field(min_length=1, max_length=1000, description="Text to appear.")] = None,
        textGone: Annotated[str | None, Field(min_length=1, max_length=1000, description="Text to go.")] = None,
    ) -> Annotated[CallToolResult, WaitResult]:
        """Wait for seconds, or for a text to appear or go (wait_for_browser)."""
        milliseconds = round(time * 1000) if time is not None else None
        return await wait_for(session, milliseconds, text, textGone, 10_000)
