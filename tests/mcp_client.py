"""The MCP SDK's client driving ``verdex serve`` over stdio, for end-to-end tests."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent


@dataclass
class Answer:
    """One tool answer: the text the model reads, the structured content, and the error flag."""

    text: str
    data: dict[str, Any]
    is_error: bool


class Tools:
    """Calls tools on a connected client and returns :class:`Answer`s."""

    def __init__(self, client: Client) -> None:
        self.client = client

    async def call(self, tool: str, **arguments: Any) -> Answer:
        result = await self.client.call_tool(tool, arguments)
        text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
        return Answer(text, result.structured_content or {}, bool(result.is_error))

    async def ok(self, tool: str, **arguments: Any) -> Answer:
        answer = await self.call(tool, **arguments)
        assert not answer.is_error, answer.text
        return answer

    async def error(self, tool: str, **arguments: Any) -> str:
        answer = await self.call(tool, **arguments)
        assert answer.is_error, answer.text
        return answer.text


def serve_parameters(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "verdex", "serve", *args])
