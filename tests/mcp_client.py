"""The MCP SDK's client driving ``verdex serve`` over stdio, for end-to-end tests."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent

from tests.schema_keys import undeclared_keys


@dataclass
class Answer:
    """One tool answer: the text the model reads, the structured content, and the error flag."""

    text: str
    data: dict[str, Any]
    is_error: bool


class Tools:
    """Calls tools on a connected client and returns :class:`Answer`s.

    Every answer's structured content is checked against the tool's published outputSchema: a key the
    schema does not declare fails the test that made the call (the drift check of issue 16).
    """

    def __init__(self, client: Client) -> None:
        self.client = client
        self._schemas: dict[str, dict[str, Any]] | None = None

    async def call(self, tool: str, **arguments: Any) -> Answer:
        result = await self.client.call_tool(tool, arguments)
        text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
        answer = Answer(text, result.structured_content or {}, bool(result.is_error))
        if not answer.is_error and answer.data:
            schema = (await self.output_schemas()).get(tool)  # None: the server publishes none (no --output-schemas)
            if schema is not None:
                assert undeclared_keys(answer.data, schema) == [], f"{tool}: keys its outputSchema does not declare"
        return answer

    async def output_schemas(self) -> dict[str, dict[str, Any]]:
        """Each tool's outputSchema, as ``tools/list`` publishes it (read once)."""
        if self._schemas is None:
            listed = (await self.client.list_tools()).tools
            self._schemas = {tool.name: tool.output_schema for tool in listed if tool.output_schema is not None}
        return self._schemas

    async def ok(self, tool: str, **arguments: Any) -> Answer:
        answer = await self.call(tool, **arguments)
        assert not answer.is_error, answer.text
        return answer

    async def error(self, tool: str, **arguments: Any) -> str:
        answer = await self.call(tool, **arguments)
        assert answer.is_error, answer.text
        return answer.text


#: What the tests' servers run with: every tool group, and output schemas published (every answer is
#: checked against its tool's outputSchema). The default surface has its own tests (test_tool_surface.py).
TEST_SERVE_ARGS = ("--caps", "all", "--output-schemas")


def serve_parameters(*args: str, surface: tuple[str, ...] = TEST_SERVE_ARGS) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "verdex", "serve", *surface, *args])
