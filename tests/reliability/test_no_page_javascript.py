"""No tool runs JavaScript the caller writes: no argument takes a script, and script URLs are refused.

verdex has no flag that turns on script evaluation, so the rule holds for every server: no
tool's ``inputSchema`` (its ``$defs`` included) has a parameter named for code, and the ways a URL
could carry code (``javascript:``, ``data:``) are refused by browser_navigate, by a plan's
navigate step, and by a role's default URL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.e2e.test_tools import TOOLS
from tests.mcp_client import Tools
from verdex.cli import main

URL = Callable[[str], str]

#: Parameter names that would take code.
_CODE = re.compile(r"script|expression|function|code|eval|javascript|\bjs\b|source|snippet|handler", re.I)

JAVASCRIPT = "javascript: URLs are not navigations; verdex does not run page JavaScript through browser_navigate"
DATA = (
    "data: URLs are not opened: a data URL carries its own page and scripts, and verdex runs no JavaScript you "
    "write; serve the page over http (or use --allow-file-urls and a file: URL)"
)


def _names(schema: Any) -> Iterator[str]:
    """Every property name anywhere in a JSON Schema."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            yield from _names(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from _names(item)


async def test_no_tool_takes_a_script_and_script_urls_are_refused(tools: Tools, fixture_url: URL) -> None:
    listed = (await tools.client.list_tools()).tools
    names = {name for tool in listed for name in _names(tool.input_schema)}
    assert {tool.name for tool in listed} == set(TOOLS)
    assert {name for name in names if _CODE.search(name)} == set()
    assert sorted(names) == [
        "accept",
        "action",
        "ancestorLevel",
        "behindModal",
        "depth",
        "element",
        "filename",
        "includeHidden",
        "index",
        "key",
        "limit",
        "locator",
        "maxChars",
        "milliseconds",
        "ms",
        "name",
        "path",
        "pattern",
        "postconditions",
        "preconditions",
        "promptText",
        "quietMs",
        "ref",
        "regex",
        "role",
        "state",
        "steps",
        "submit",
        "text",
        "textGone",
        "time",
        "timeoutMs",
        "type",
        "url",
        "value",
        "values",
    ]
    shop = fixture_url("shop.html")
    await tools.ok("browser_navigate", url=shop)
    for url, message in [
        ("javascript:document.title='owned'", JAVASCRIPT),
        ("  JavaScript:void(0)", JAVASCRIPT),
        ("data:text/html,<script>document.title='owned'</script>", DATA),
    ]:
        assert await tools.error("browser_navigate", url=url) == f"Error executing tool browser_navigate: {message}"
        failed = await tools.error("browser_run_plan", steps=[{"action": "navigate", "url": url}])
        assert failed.splitlines()[0] == (
            f"Error executing tool browser_run_plan: Plan failed at step [0] navigate {url}: action failed: {message}."
        )
    # A locator is parsed, never run: code in one is a parse error.
    assert await tools.error("verify_locator", locator="page.evaluate(() => document.cookie)") == (
        "Error executing tool verify_locator: unexpected character '>' (line 1, column 19):\n"
        "  page.evaluate(() => document.cookie)\n"
        "                    ^"
    )
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.data["title"] == "TechShop: featured products"
    assert snapshot.data["url"] == shop


@pytest.mark.parametrize(("url", "message"), [("javascript:alert(1)", JAVASCRIPT), ("data:text/html,x", DATA)])
def test_a_script_url_as_a_roles_default_url_stops_verdex_serve(
    capsys: pytest.CaptureFixture[str], url: str, message: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--role", "admin", "none", url])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"verdex: error: --role admin: DEFAULT_URL: {message}"
