"""End-to-end fixtures: ``verdex serve`` as a subprocess, driven by the MCP SDK's client over stdio."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent

from tests.support import Marketplace, marketplace_server


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


ServeTools = Callable[..., AbstractAsyncContextManager[Tools]]


@pytest.fixture
def serve_tools(cdp_endpoint: str) -> ServeTools:
    """``async with serve_tools("--role", "admin", path, url, cwd=...) as tools``: a ``verdex serve`` with
    extra arguments (and a working directory), attached to the shared Chromium (its own incognito contexts)."""

    @asynccontextmanager
    async def serve(*args: str | Path, cwd: Path | None = None) -> AsyncIterator[Tools]:
        parameters = serve_parameters("--cdp-endpoint", cdp_endpoint, "--timeout-action", "1000", *map(str, args))
        if cwd is not None:
            parameters.cwd = cwd
        async with Client(parameters) as client:
            yield Tools(client)

    return serve


@pytest.fixture
async def tools(serve_tools: ServeTools) -> AsyncIterator[Tools]:
    """A ``verdex serve`` attached to the shared Chromium (its own incognito contexts)."""
    async with serve_tools() as connected:
        yield connected


@pytest.fixture
def marketplace(tmp_path: Path) -> Iterator[Marketplace]:
    """The marketplace app with fresh state, and a storageState file per user in ``tmp_path/auth``."""
    with marketplace_server(tmp_path / "auth") as running:
        yield running


def role_args(market: Marketplace, *roles: str, path: str = "products") -> list[str | Path]:
    """``--role NAME AUTH_FILE URL`` for each role, logged in with the marketplace's auth files."""
    args: list[str | Path] = []
    for role in roles:
        args += ["--role", role, market.auth[role], market.url + path]
    return args
