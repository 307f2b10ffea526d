"""Writes ``tool_list.json``: the MCP SDK's ``tools/list`` result at the 2026-07-28 revision for every tool, which
:mod:`verdex.server.early` sends before the SDK is imported (the tools a configuration turns on, in order).

``python -m verdex.server.tool_list`` (``make tool-list``) writes it; ``--check`` exits 1 when the file differs
from what the SDK answers now (a tool, its description or its schema changed: write it again).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import trio

from verdex.server.config import RoleConfig, ServerConfig
from verdex.server.early import REVISION, TOOL_LIST
from verdex.server.groups import GROUPS

__all__ = ["REVISION", "main", "sdk_tool_list"]


async def sdk_tool_list(config: ServerConfig) -> dict[str, Any]:
    """The SDK's ``tools/list`` result for ``config``'s tools at :data:`REVISION`, as it writes it (JSON)."""
    from mcp.server.runner import ServerRunner
    from mcp_types import ListToolsResult

    from verdex.server.app import build_server
    from verdex.server.session import open_session

    async with open_session(config) as session:
        server = build_server(session)
        result = ListToolsResult(tools=await server.list_tools())
        runner: ServerRunner[Any] = ServerRunner(server._lowlevel_server, None, {})  # type: ignore[arg-type]
        serialized: dict[str, Any] = json.loads(json.dumps(runner._serialize("tools/list", REVISION, result)))
        return serialized


def _every_tool() -> ServerConfig:
    """A configuration with every tool on (every group, and a role given)."""
    return ServerConfig(caps=frozenset(GROUPS), roles=(RoleConfig("admin"),))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m verdex.server.tool_list", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is not what the SDK answers now")
    args = parser.parse_args(argv)
    text = json.dumps(trio.run(sdk_tool_list, _every_tool()), ensure_ascii=False, indent=1) + "\n"
    if args.check:
        if not TOOL_LIST.exists() or TOOL_LIST.read_text(encoding="utf-8") != text:
            print(f"{TOOL_LIST} is out of date: run `make tool-list`", file=sys.stderr)
            sys.exit(1)
        print(f"{TOOL_LIST} is up to date")
        return
    TOOL_LIST.write_text(text, encoding="utf-8")
    print(f"wrote {TOOL_LIST}")


if __name__ == "__main__":
    main()
