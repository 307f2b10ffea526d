"""verdex's stdio transport (verdex/server/stdio.py) in a process of its own: the wire carries only the
messages, whatever the process or its children print or read; a line that is not a message arrives as
an error and the next one still arrives; a last line without its newline counts; fd 0/1 come back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import trio

from verdex.server.stdio import StdioWriteStream, wire_line

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


def test_wire_line_is_compact_utf8_json() -> None:
    message = {
        "jsonrpc": "2.0",
        "id": 7,
        "result": {"content": [{"type": "text", "text": 'Café “x” ✓\n\t"q"'}], "n": 1.5},
    }
    line = wire_line(message)
    assert (
        line
        == (
            '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"Café “x” ✓\\n\\t\\"q\\""}],"n":1.5}}\n'
        ).encode()
    )
    assert json.loads(line) == message


def test_wire_line_escapes_a_lone_surrogate_and_keeps_the_message() -> None:
    message = {"id": 1, "result": {"text": "a\ud800b é"}}
    line = wire_line(message)
    assert line == b'{"id":1,"result":{"text":"a\\ud800b \\u00e9"}}\n'
    assert json.loads(line) == message


def test_send_json_writes_one_line_per_message() -> None:
    async def main() -> bytes:
        read_end, write_end = os.pipe()
        stream = trio.lowlevel.FdStream(write_end)
        writer = StdioWriteStream(stream)
        await writer.send_json({"id": 1, "result": {"text": "x\ud800"}})
        await writer.send_json({"id": 2, "result": {"text": "ü"}})
        await writer.aclose()
        await stream.aclose()
        data = os.read(read_end, 1 << 16)
        os.close(read_end)
        return data

    assert trio.run(main) == b'{"id":1,"result":{"text":"x\\ud800"}}\n{"id":2,"result":{"text":"\xc3\xbc"}}\n'
