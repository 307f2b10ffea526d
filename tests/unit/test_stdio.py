"""verdex's stdio transport (verdex/server/stdio.py) in a process of its own: the wire carries only the
messages, whatever the process or its children print or read; a line that is not a message arrives as
an error and the next one still arrives; a last line without its newline counts; fd 0/1 come back."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SERVER = textwrap.dedent(
    """
    import os, subprocess, trio
    from mcp_types import JSONRPCResponse
    from mcp.shared.message import SessionMessage
    from verdex.server.stdio import open_stdio

    async def main():
        async with open_stdio() as (read, write):
            async for item in read:
                if isinstance(item, Exception):
                    print("bad line:", type(item).__name__, flush=True)
                    continue
                print("stray print", flush=True)
                os.write(1, b"stray write\\n")
                subprocess.run(["echo", "stray child"], check=True)
                child = subprocess.run(["cat"], capture_output=True, check=True)  # its stdin: the null device
                answer = {"id": item.message.id, "childRead": child.stdout.decode()}
                await write.send(SessionMessage(JSONRPCResponse(jsonrpc="2.0", id=item.message.id, result=answer)))
        print("after serving")

    trio.run(main)
    """
)


def test_the_wire_carries_only_messages() -> None:
    requests = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n\nnot json\n{"jsonrpc":"2.0","id":2,"method":"ping"}'
    done = subprocess.run(
        [sys.executable, "-c", SERVER], input=requests.encode(), capture_output=True, timeout=60, check=True
    )
    assert done.stdout.decode().splitlines() == [
        '{"jsonrpc":"2.0","id":1,"result":{"id":1,"childRead":""}}',
        '{"jsonrpc":"2.0","id":2,"result":{"id":2,"childRead":""}}',
        "after serving",
    ]
    assert [line for line in done.stderr.decode().splitlines() if line.startswith(("stray", "bad"))] == [
        "stray print",
        "stray write",
        "stray child",
        "bad line: ValidationError",
        "stray print",
        "stray write",
        "stray child",
    ]
