"""The MCP server: verdex's tools over stdio, on trio.

:func:`serve` runs until the client closes stdin (or SIGTERM/SIGINT), then closes the browser.
Argument errors are rewritten for the model: which argument, what was wrong, what the tool takes.
Unknown argument names are errors too (a misspelt optional argument would otherwise be ignored).
"""

from __future__ import annotations

import logging
import os
import re
import signal
from typing import Any

import trio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp_types import CallToolResult, InputRequiredResult
from mcp_types import Tool as MCPTool
from pydantic import ValidationError

from verdex import __version__
from verdex.server.config import DEFAULT_ROLE, RoleConfig, ServerConfig
from verdex.server.groups import enabled_tools, slim_description, slim_schema
from verdex.server.session import Session, open_session
from verdex.server.tools_browser import register_browser_tools
from verdex.server.tools_compat import register_compat_tools
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
    """MCPServer whose argument errors say what to pass instead, that traces every call (``--trace``),
    and whose ``tools/list`` is slimmed (:mod:`verdex.server.groups`)."""

    session: Session | None = None
    tracer: TraceWriter | None = None
    output_schemas: bool = False
    _listed: list[MCPTool] | None = None

    async def list_tools(self) -> list[MCPTool]:
        """The tools as ``tools/list`` publishes them: one-line descriptions, input schemas without generated
        noise, output schemas only with ``--output-schemas`` (computed once: the tools do not change)."""
        if self._listed is None:
            self._listed = [
                tool.model_copy(
                    update={
                        "description": slim_description(tool.description or ""),
                        "input_schema": slim_schema(tool.input_schema),
                        "output_schema": slim_schema(tool.output_schema) if self.output_schemas else None,
                    }
                )
                for tool in await super().list_tools()
            ]
        return self._listed

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
            arguments = _playwright_mcp_shapes(arguments, tool.parameters)
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


#: A ref as ``target`` carries it (Playwright MCP 0.0.83 names the ref ``target``).
_REF_SHAPE = re.compile(r"(?:f\d+_)?e\d+")


def _playwright_mcp_shapes(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """Playwright MCP's ``target`` on a tool that takes ``ref``/``element``: a ref-shaped value is the ref,
    anything else the element (a selector or description). Other arguments pass as they are."""
    properties = schema.get("properties", {})
    if "target" not in arguments or "target" in properties or "ref" not in properties:
        return arguments
    rewritten = dict(arguments)
    target = rewritten.pop("target")
    if isinstance(target, str) and _REF_SHAPE.fullmatch(target.strip()):
        rewritten.setdefault("ref", target.strip())
    elif "element" in properties:
        rewritten["element"] = target  # a selector: more precise than the description beside it
    return rewritten


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
    config = session.config
    server.output_schemas = config.output_schemas
    register_browser_tools(server, session)
    register_observe_tools(server, session)
    register_structure_tools(server, session)
    register_role_tools(server, session)
    register_locator_tools(server, session)
    register_page_tools(server, session)
    register_plan_tools(server, session)
    register_compat_tools(server, session)
    wanted = enabled_tools(config.caps, roles_given=config.roles != (RoleConfig(DEFAULT_ROLE),))
    for tool in list(server._tool_manager.list_tools()):
        if tool.name not in wanted:
            server.remove_tool(tool.name)
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
