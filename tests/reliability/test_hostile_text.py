"""Page text that fights the reader, through the MCP client: lone surrogates, bidi controls and zero-width
characters, titles that read like snapshot lines, tab storms and huge text nodes (issue 19, items 13 and 15)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import trio

from tests.mcp_client import Tools

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]


async def test_a_lone_surrogate_in_page_text_is_replaced_and_the_server_lives(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("hostile/text.html?lone")
    await tools.ok("browser_navigate", url=url)
    with trio.fail_after(30):  # before the fix the server died and the client waited for ever
        snapshot = await tools.ok("browser_snapshot")
    assert "  - paragraph: a\ufffdb" in snapshot.text.splitlines()
    assert "a\ufffdb" in snapshot.data["snapshot"]
    anchors = await tools.ok("extract_anchors", ref="e1", ancestorLevel=1)
    assert {
        "depth": 1,
        "index": 1,
        "tagName": "p",
        "attributes": {"id": "lone"},
        "role": "paragraph",
        "directText": "a\ufffdb",
    } in (anchors.data["descendants"])
    assert json.dumps(anchors.data, ensure_ascii=False).encode("utf-8")  # valid UTF-8 all through
    assert (await tools.ok("get_current_role")).text.startswith("Current role: default, started")
