"""A ref number is never given out twice in a server's life, browser_close included (issue 19, item 7)."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.mcp_client import Tools

URL = Callable[[str], str]

_REF = re.compile(r"\[ref=(e\d+)\]")


async def test_refs_are_not_given_out_again_after_browser_close(tools: Tools, fixture_url: URL) -> None:
    login = fixture_url("login.html")
    await tools.ok("browser_navigate", url=login)
    before = _REF.findall((await tools.ok("browser_snapshot")).text)
    assert before[:2] == ["e1", "e2"]
    assert (await tools.ok("browser_close")).text == "Browser closed."
    await tools.ok("browser_navigate", url=login)
    after = _REF.findall((await tools.ok("browser_snapshot")).text)
    assert len(after) == len(before)
    assert min(int(ref[1:]) for ref in after) > max(int(ref[1:]) for ref in before)
    assert await tools.error("resolve_container", ref="e1") == (
        f"Error executing tool resolve_container: ref e1 is stale: it belonged to {login} in a browser that was "
        "closed since (browser_close, or the browser went away); call browser_snapshot for fresh refs"
    )
    assert await tools.error("browser_click", ref=before[-1]) == (
        f"Error executing tool browser_click: ref {before[-1]} is stale: it belonged to {login} in a browser that "
        "was closed since (browser_close, or the browser went away); call browser_snapshot for fresh refs"
    )
    assert (await tools.ok("resolve_container", ref=after[0])).data["target"]["ref"] == after[0]
