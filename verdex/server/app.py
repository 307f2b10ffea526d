"""The MCP server: verdex's tools over stdio, on trio.

:func:`serve` runs until the client closes stdin (or SIGTERM/SIGINT), then closes the browser.
Argument errors are rewritten for the model: which argument, what was wrong, what the tool takes,
quoting at most 200 characters of what was refused. Unknown argument names are errors too (a misspelt
optional argument would otherwise be ignored). Arguments validate strictly (``true`` is not 1, ``"2"`` is
not 2), and no string or list past the limits of :mod:`verdex.server.limits` is handled at all.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from typing import Any

import trio
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp_types import (
    LOG_LEVEL_META_KEY,
    CallToolResult,
    EmptyResult,
    Icon,
    InputRequiredResult,
    SetLevelRequestParams,
    TextContent,
    ToolAnnotations,
)
from mcp_types import Tool as MCPTool
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import ValidationError

from verdex import __version__
from verdex.errors import UsageError
from verdex.masking import SecretValues
from verdex.safe_text import clean_data, clean_text, cut, excerpt
from verdex.server.config import ServerConfig
from verdex.server.fastcalls import FastCalls
from verdex.server.feedback import LEVELS, CallFeedback, LoggingLevel, calling, python_level_of
from verdex.server.groups import slim_description, slim_schema
from verdex.server.limits import MAX_ANY_CHARS, MAX_ANY_ITEMS
from verdex.server.pool import CURRENT, SessionPool, client_key
from verdex.server.session import Session
from verdex.server.skill import register_skill
from verdex.server.startup import INSTRUCTIONS
from verdex.server.stdio import StdioReadStream, StdioWriteStream, open_stdio
from verdex.server.tools_browser import register_browser_tools
from verdex.server.tools_compat import register_compat_tools
from verdex.server.tools_find import register_find_tools
from verdex.server.tools_locator import register_locator_tools
from verdex.server.tools_observe import register_observe_tools
from verdex.server.tools_pages import register_page_tools
from verdex.server.tools_plan import register_plan_tools
from verdex.server.tools_roles import register_role_tools
from verdex.server.tools_structure import register_structure_tools
from verdex.server.tools_suggest import register_suggest_tools
from verdex.server.trace import TraceWriter

__all__ = ["INSTRUCTIONS", "VerdexServer", "build_http_server", "build_server", "serve"]

logger = logging.getLogger(__name__)


class VerdexServer(MCPServer[Any]):
    """MCPServer whose argument errors say what to pass instead, that traces every call (``--trace``),
    and whose ``tools/list`` is slimmed (:mod:`verdex.server.groups`)."""

    session: Session | None = None
    pool: SessionPool | None = None
    tracer: TraceWriter | None = None
    output_schemas: bool = False
    #: The tools of the groups ``--caps`` turns on (None: every tool); the others are not registered.
    enabled: set[str] | None = None
    _listed: list[MCPTool] | None = None
    _log_levels: dict[str, LoggingLevel]

    def add_tool(
        self,
        fn: Callable[..., Any],
        name: str | None = None,
        title: str | None = None,
        description: str | None = None,
        annotations: ToolAnnotations | None = None,
        icons: list[Icon] | None = None,
        meta: dict[str, Any] | None = None,
        structured_output: bool | None = None,
    ) -> None:
        """Register a tool if its group is on (:attr:`enabled`); without ``--output-schemas`` the SDK derives
        no outputSchema for it.

        ``tools/list`` publishes none then, and the SDK would only use it to validate each answer's
        structured content a second time (the tools build it from validated models): its JSON schemas
        were ~60% of building the tools at start, and the check a cost on every call. The answers
        themselves are the same (a tool returns its CallToolResult, structured content included).
        """
        if self.enabled is not None and (name or fn.__name__) not in self.enabled:
            return
        super().add_tool(
            fn,
            name=name,
            title=title,
            description=description,
            annotations=annotations,
            icons=icons,
            meta=meta,
            structured_output=structured_output if self.output_schemas else False,
        )

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

    async def run_stdio_async(self, streams: tuple[StdioReadStream, StdioWriteStream] | None = None) -> None:
        """Serve MCP over stdin/stdout until the client closes stdin, on trio's own I/O
        (:mod:`verdex.server.stdio`: no worker thread per line, fd 0/1 protected as the SDK does);
        on ``streams`` when stdio is open already."""
        if streams is not None:
            await self._serve_stdio(*streams)
            return
        async with open_stdio() as (read_stream, write_stream):
            await self._serve_stdio(read_stream, write_stream)

    async def _serve_stdio(self, read_stream: StdioReadStream, write_stream: StdioWriteStream) -> None:
        """The SDK's server loop on stdio, with the tool calls it can answer answered by
        :class:`~verdex.server.fastcalls.FastCalls`; those still running when the loop ends are cancelled."""
        lowlevel = self._lowlevel_server
        async with trio.open_nursery() as nursery:
            calls = FastCalls(self, read_stream, write_stream, nursery)
            await lowlevel.run(calls, write_stream, lowlevel.create_initialization_options())
            nursery.cancel_scope.cancel()

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        request = _request_of(context)
        headers = getattr(request.request, "headers", None) if request is not None else None
        level = self._log_level(headers, request)
        if level is not None:
            _log_down_to(level)
        feedback = CallFeedback(name, context if request is not None else None, level, _wants_progress(request))
        async with calling(feedback):
            if self.pool is None:
                return await self._traced(self.session, name, arguments, context)
            try:
                key = client_key(headers)
            except UsageError as exc:
                raise ToolError(f"{name}: {exc}") from None
            try:
                async with self.pool.entered(key) as session:
                    return await self._traced(session, name, arguments, context)
            except UsageError as exc:  # no session for this client (the pool is full ...)
                raise ToolError(f"{name}: {exc}") from None

    def _log_level(
        self, headers: Mapping[str, str] | None, request: ServerRequestContext[Any] | None
    ) -> LoggingLevel | None:
        """The least severe level of log message the caller receives (None: none)."""
        if request is None:
            return None
        if request.protocol_version in MODERN_PROTOCOL_VERSIONS:
            asked = (request.meta or {}).get(LOG_LEVEL_META_KEY)
            return asked if asked in LEVELS else None
        return self._log_levels.get(_level_key(headers), "warning")

    async def _set_level(self, context: ServerRequestContext[Any], params: SetLevelRequestParams) -> EmptyResult:
        """``logging/setLevel`` (clients with an ``initialize`` handshake): the level for this client; verdex's
        loggers log down to it from now on (stderr keeps ``--log-level``)."""
        level = params.level
        self._log_levels[_level_key(getattr(context.request, "headers", None))] = level
        _log_down_to(level)
        return EmptyResult()

    async def _traced(
        self, session: Session | None, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None
    ) -> CallToolResult | InputRequiredResult:
        """Every answer leaves the server here: its strings are made safe once (:mod:`verdex.safe_text`)."""
        tracer = self.tracer
        call = await tracer.begin(session, name, arguments) if tracer is not None and session is not None else None

        def trace(result: CallToolResult | InputRequiredResult | None, error: str | None) -> None:
            if tracer is not None and session is not None and call is not None:
                tracer.end(call, session, result if isinstance(result, CallToolResult) else None, error)

        secrets = session.secrets if session is not None else SecretValues()
        # Structured content goes out only beside a published outputSchema (--output-schemas): without one
        # the client has nothing to read it by, and some clients show it instead of the text (Claude Code:
        # anthropics/claude-code#54450), or pass the model both. The trace still reads it.
        structured = self.output_schemas or call is not None
        try:
            result = _cleaned(await self._call_tool(name, arguments, context), secrets, structured=structured)
        except UnexpectedToolError as exc:
            trace(None, str(exc))
            raise
        except ToolError as exc:
            message = secrets.mask(clean_text(str(exc)))
            trace(None, message)
            if message == str(exc):
                raise
            raise ToolError(message) from exc.__cause__
        trace(result, None)
        if not self.output_schemas and isinstance(result, CallToolResult) and result.structured_content is not None:
            result = result.model_copy(update={"structured_content": None})
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
                names = ", ".join(cut(item) for item in unknown)
                raise ToolError(f"{name} got unknown argument(s) {names}; it takes: {_signature(tool.parameters)}")
            properties = tool.parameters.get("properties", {})
            oversized = next(
                filter(None, (_oversized(value, key, properties.get(key, {})) for key, value in arguments.items())),
                None,
            )
            if oversized is not None:
                raise ToolError(f"{name}: {oversized}. It takes: {_signature(tool.parameters)}.")
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError:
            raise
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError) and tool is not None:
                raise ToolError(_explain_validation(name, cause, tool.parameters)) from cause
            raise


def _cleaned(
    result: CallToolResult | InputRequiredResult, secrets: SecretValues, *, structured: bool = True
) -> CallToolResult | InputRequiredResult:
    """``result`` made safe: its text by clean_text (verdex.safe_text), its structured content by clean_data, secret
    values and URL passwords masked in both (verdex.masking). ``structured``: False drops the structured content."""
    if not isinstance(result, CallToolResult):
        return result
    content = [
        TextContent(type="text", text=secrets.mask(clean_text(block.text))) if isinstance(block, TextContent) else block
        for block in result.content
    ]
    data = result.structured_content if structured else None
    structured_content = secrets.mask_data(clean_data(data)) if data is not None else None
    return result.model_copy(update={"content": content, "structured_content": structured_content})


def _oversized(value: Any, path: str, spec: dict[str, Any]) -> str | None:
    """The first string longer than :data:`MAX_ANY_CHARS` or list longer than :data:`MAX_ANY_ITEMS` in the
    arguments, said as its schema's limit would say it (``spec``: its schema, for a top-level argument), or None.

    Checked before validation, so that no part of the server handles a huge value (the schema's own limits are
    smaller; they answer for values between the two).
    """
    limit = _declared_limit(spec)
    if isinstance(value, str) and len(value) > MAX_ANY_CHARS:
        return f"{path}: string should have at most {limit or MAX_ANY_CHARS} characters (got {excerpt(value)})"
    if isinstance(value, list | dict):
        if len(value) > MAX_ANY_ITEMS:
            kind = "list" if isinstance(value, list) else "object"
            return f"{path}: {kind} should have at most {limit or MAX_ANY_ITEMS} items, not {len(value)}"
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            found = _oversized(item, f"{path}.{key}", {})
            if found is not None:
                return found
    return None


def _declared_limit(spec: dict[str, Any]) -> int | None:
    """``maxLength`` or ``maxItems`` of an argument's schema (of its non-null option), if it declares one."""
    for option in [spec, *spec.get("anyOf", [])]:
        for key in ("maxLength", "maxItems"):
            if isinstance(option.get(key), int):
                return int(option[key])
    return None


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
            problems.append(f"{field_name}: {message[0].lower() + message[1:]} (got {excerpt(item.get('input'))})")
    return f"{name}: {'; '.join(problems)}. It takes: {_signature(schema)}."


def build_server(session: Session, tracer: TraceWriter | None = None) -> VerdexServer:
    """The MCP server with every tool bound to ``session`` (stdio, in-process); ``tracer`` records each call."""
    server = _build(session, session.config, tracer)
    server.session = session
    return server


def build_http_server(pool: SessionPool, tracer: TraceWriter | None = None) -> VerdexServer:
    """The MCP server whose tools act on the calling client's session from ``pool`` (HTTP)."""
    server = _build(CURRENT, pool.config, tracer)
    server.pool = pool
    return server


def _log_down_to(level: LoggingLevel) -> None:
    """Let verdex's loggers log records of ``level`` (stderr keeps ``--log-level``: :func:`forward_logs`)."""
    package = logging.getLogger("verdex")
    wanted = python_level_of(level)
    if package.getEffectiveLevel() > wanted:
        package.setLevel(wanted)


def _request_of(context: Context[Any, Any] | None) -> ServerRequestContext[Any] | None:
    """The SDK's request context of a call (None: a call made in-process, outside any request)."""
    if context is None:
        return None
    try:
        return context.request_context
    except ValueError:
        return None


def _wants_progress(request: ServerRequestContext[Any] | None) -> bool:
    """Whether the request carries a ``progressToken`` in its ``_meta`` (the SDK names it ``progress_token``)."""
    meta = (request.meta if request is not None else None) or {}
    return meta.get("progress_token", meta.get("progressToken")) is not None


def _level_key(headers: Mapping[str, str] | None) -> str:
    """Whose ``logging/setLevel`` applies: the MCP session's over HTTP, the one client's over stdio."""
    return (headers or {}).get("mcp-session-id", "")


def _build(session: Session, config: ServerConfig, tracer: TraceWriter | None) -> VerdexServer:
    server = VerdexServer("verdex", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")
    server.tracer = tracer
    server._log_levels = {}
    # The logging capability (deprecated by MCP 2026-07-28, which takes the level from each request's _meta).
    server._lowlevel_server.add_request_handler("logging/setLevel", SetLevelRequestParams, server._set_level)
    server.output_schemas = config.output_schemas
    server.enabled = config.tools
    register_browser_tools(server, session)
    register_find_tools(server, session)
    register_observe_tools(server, session)
    register_structure_tools(server, session)
    register_role_tools(server, session)
    register_locator_tools(server, session)
    register_suggest_tools(server, session)
    register_page_tools(server, session)
    register_plan_tools(server, session)
    register_compat_tools(server, session)
    register_skill(server)
    _strict_arguments(server)
    return server


def _strict_arguments(server: VerdexServer) -> None:
    """Validate every tool's arguments in pydantic's strict mode: JSON ``true`` is not the integer 1 and
    ``"2"`` is not 2 (the SDK's argument models coerce by default)."""
    for tool in server._tool_manager.list_tools():
        lax = tool.fn_metadata.arg_model
        namespace = {"model_config": {**lax.model_config, "strict": True}, "__module__": lax.__module__}
        tool.fn_metadata.arg_model = type(lax.__name__, (lax,), namespace)


async def serve(config: ServerConfig, streams: tuple[StdioReadStream, StdioWriteStream], session: Session) -> None:
    """Serve MCP on ``streams`` (:func:`verdex.server.stdio.open_stdio`'s) with the tools bound to ``session`` until
    stdin closes. ``verdex serve`` starts here through :func:`verdex.server.startup.serve_stdio`, which opens the
    session (and closes its browser) around it."""
    tracer = TraceWriter(config.trace_file) if config.trace_file is not None else None
    try:
        await build_server(session, tracer).run_stdio_async(streams)
    finally:
        if tracer is not None:
            tracer.close()
