"""The MCP server: verdex's tools over stdio, on trio.

:func:`serve` runs until the client closes stdin (or SIGTERM/SIGINT), then closes the browser.
Argument errors are rewritten for the model: which argument, what was wrong, what the tool takes.
Unknown argument names are errors too (a misspelt optional argument would otherwise be ignored).
"""

from __future__ import annotations

import logging
import os
import signal
from typing import Any

import trio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp_types import CallToolResult, InputRequiredResult
from pydantic import ValidationError

from verdex import __version__
from verdex.server.config import ServerConfig
from verdex.server.session import Session, open_session
from verdex.server.tools_browser import register_browser_tools
from verdex.server.tools_find import register_find_tools
from verdex.server.tools_locator import register_locator_tools
from verdex.server.tools_observe import register_observe_tools
from verdex.server.tools_pages import register_page_tools
from verdex.server.tools_plan import register_plan_tools
from verdex.server.tools_roles import register_role_tools
from verdex.server.tools_structure import register_structure_tools
from verdex.server.trace import TraceWriter

__all__ = ["INSTRUCTIONS", "VerdexServer", "build_server", "serve"]

logger = logging.getLogger(__name__)

INSTRUCTIONS = (
    "verdex drives a real browser so you can write stable Playwright locators. Workflow: browser_navigate, "
    "browser_snapshot (refs like e12 on interactive elements), then for the element you need: resolve_container "
    "(ancestors and their test ids/roles), inspect_pattern (is the container repeated?), extract_anchors (distinct "
    "text inside it). Write role-first, container-scoped locators such as "
    "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' })"
    ".getByRole('button', { name: 'Add to Cart' }); "
    "avoid nth(), XPath and generated CSS classes. Before writing a locator into a test, check it with "
    "verify_locator (pass the ref to confirm it finds exactly that element). Several users (roles): each role "
    "is its own browser context with its own login; select_role switches the role the other tools act on, "
    "list_current_roles shows them."
)


class VerdexServer(MCPServer[Any]):
    """MCPServer whose argument errors say what to pass instead, and that traces every call (``--trace``)."""

    session: Session | None = None
    tracer: TraceWriter | None = None

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        tracer, session = self.tracer, self.session
        if tracer is None or session is None:
            return await self._call_tool(name, arguments, context)
        call = await tracer.begin(session, name, arguments)
        try:
            result = await self._call_tool(name, arguments, context)
        except (ToolError, UnexpectedToolError) as exc:
            tracer.end(call, session, None, str(exc))
            raise
        tracer.end(call, session, result if isinstance(result, CallToolResult) else None, None)
        return result

    async def _call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None
    ) -> CallToolResult | InputRequiredResult:
        tool = self._tool_manager.get_tool(name)
        if tool is not None:
            allowed = set(tool.parameters.get("properties", {}))
            unknown = sorted(set(arguments) - allowed)
            if unknown:
                raise ToolError(
                    f"{name} got unknown argument(s) {', '.join(unknown)}; it takes: {_signature(tool.parameters)}"
                )
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError:
            raise
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError) and tool is not None:
                raise ToolError(_explain_validation(name, cause, tool.parameters)) from cause
            raise


def _signature(schema: dict[str, Any]) -> str:
    required = set(schema.get("required", []))
    parts = []
    for field_name, spec in schema.get("properties", {}).items():
        kind = _kind(spec)
        parts.append(f"{field_name} ({kind}{'' if field_name in required else ', optional'})")
    return ", ".join(parts) or "no arguments"


def _kind(spec: dict[str, Any]) -> str:
    if "anyOf" in spec:
        kinds = [_kind(option) for option in spec["anyOf"] if option.get("type") != "null"]
        return " or ".join(kinds)
    kind = str(spec.get("type", "value"))
    if "minimum" in spec and "maximum" in spec:
        kind += f" {spec['minimum']}..{spec['maximum']}"
    elif "minimum" in spec:
        kind += f" >= {spec['minimum']}"
    return kind


def _explain_validation(name: str, error: ValidationError, schema: dict[str, Any]) -> str:
    problems = []
    for item in error.errors():
        field_name = ".".join(str(part) for part in item["loc"]) or "arguments"
        message = item["msg"]
        if item["type"] == "missing":
            problems.append(f"{field_name} is required")
        else:
            problems.append(f"{field_name}: {message[0].lower() + message[1:]} (got {item.get('input')!r})")
    return f"{name}: {'; '.join(problems)}. It takes: {_signature(schema)}."


def build_server(session: Session, tracer: TraceWriter | None = None) -> VerdexServer:
    """The MCP server with every tool bound to ``session``; ``tracer`` records each call."""
    server = VerdexServer("verdex", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")
    server.session, server.tracer = session, tracer
    register_browser_tools(server, session)
    register_find_tools(server, session)
    register_observe_tools(server, session)
    register_structure_tools(server, session)
    register_role_tools(server, session)
    register_locator_tools(server, session)
    register_page_tools(server, session)
    register_plan_tools(server, session)
    return server


async def serve(config: ServerConfig) -> None:
    """Serve MCP over stdio until stdin closes or SIGTERM/SIGINT arrives; then close the browser."""
    tracer = TraceWriter(config.trace_file) if config.trace_file is not None else None
    try:
        async with open_session(config) as session:
            server = build_server(session, tracer)
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_stop_on_signal, session)
                await server.run_stdio_async()
                nursery.cancel_scope.cancel()
    finally:
        if tracer is not None:
            tracer.close()


async def _stop_on_signal(session: Session) -> None:
    """On SIGTERM/SIGINT close the browser (and its profile), then exit.

    The SDK reads stdin in a worker thread that cannot be cancelled, so after closing what we own
    the process exits directly instead of waiting for stdin to close.
    """
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async for received in signals:
            logger.info("received signal %s; closing the browser and exiting", received)
            with trio.CancelScope(shield=True), trio.move_on_after(10):
                await session.close_browser()
            os._exit(128 + int(received))
