"""An MCP server under the workflow benchmark: every tool call of a task counted, in calls and tokens.

What a task costs the assistant, as the issue counts it: the answers' text blocks in cl100k tokens
(what the model reads), plus the tool definitions, paid again on every call (a client sends the
whole ``tools/list`` with every model turn, and the scripted assistant makes one call a turn). The
definitions are counted as the JSON of ``{"tools": [...]}`` exactly as ``tools/list`` returned them
(compact separators; the protocol's paging and cache fields left out: a client does not show them to
the model). The arguments the assistant writes are not counted (both servers take a few words).
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent

from benchmarks.tokens import count_tokens

__all__ = ["Call", "MeteredServer", "Transcript", "open_metered"]

#: Longest one tool call may take, seconds (a snapshot of the long page included).
CALL_TIMEOUT = 120.0


@dataclass(frozen=True)
class Call:
    """One tool call of a task: its arguments, the answer's text and structured content, its tokens."""

    tool: str
    arguments: dict[str, Any]
    text: str
    data: dict[str, Any]
    is_error: bool
    tokens: int
    ms: float

    def as_json(self) -> dict[str, Any]:
        shown = {key: value for key, value in self.arguments.items() if key != "url"}
        return {"tool": self.tool, "arguments": shown, "tokens": self.tokens, "isError": self.is_error}


@dataclass
class Transcript:
    """The calls one task made, in order, and notes on the path the scripted assistant took."""

    calls: list[Call] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def answer_tokens(self) -> int:
        return sum(call.tokens for call in self.calls)


class MeteredServer:
    """A connected MCP server; :meth:`call` records each call in the current :class:`Transcript`.

    Attributes:
        name: the server's label in tables (``verdex``, ``playwright-mcp``).
        tools: the tool names of its ``tools/list``.
        tools_tokens: cl100k tokens of its ``tools/list`` (see the module docstring).
    """

    def __init__(self, name: str, client: Client, tools: list[dict[str, Any]]) -> None:
        self.name = name
        self.client = client
        self.tools = [str(tool["name"]) for tool in tools]
        self.tools_json = json.dumps({"tools": tools}, separators=(",", ":"), ensure_ascii=False)
        self.tools_tokens = count_tokens(self.tools_json)
        self.transcript = Transcript()

    def has(self, tool: str) -> bool:
        """Whether ``tools/list`` lists ``tool``."""
        return tool in self.tools

    def start_task(self) -> Transcript:
        """A new transcript for the next task's calls (returned; also :attr:`transcript`)."""
        self.transcript = Transcript()
        return self.transcript

    async def call(self, tool: str, **arguments: Any) -> Call:
        """Call a tool and record it; a tool error is an answer like any other (``is_error``)."""
        start = time.perf_counter()
        result = await self.client.call_tool(tool, arguments, read_timeout_seconds=CALL_TIMEOUT)
        ms = (time.perf_counter() - start) * 1000
        text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
        call = Call(
            tool, arguments, text, result.structured_content or {}, bool(result.is_error), count_tokens(text), ms
        )
        self.transcript.calls.append(call)
        return call


@asynccontextmanager
async def open_metered(
    name: str, parameters: StdioServerParameters, *, unlisted: tuple[str, ...] = ()
) -> AsyncIterator[MeteredServer]:
    """Spawn the server, connect the MCP SDK's client over stdio and read its ``tools/list``.

    ``unlisted``: keys of each tool definition left out of the count (those the server sends only
    because the benchmark asked for them, not to the assistant it measures)."""
    async with Client(parameters, read_timeout_seconds=CALL_TIMEOUT) as client:
        listed = await client.list_tools()
        tools = [
            {
                key: value
                for key, value in tool.model_dump(mode="json", by_alias=True, exclude_none=True).items()
                if key not in unlisted
            }
            for tool in listed.tools
        ]
        yield MeteredServer(name, client, tools)
