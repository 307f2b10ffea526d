"""Property-based fuzzing of every tool's arguments through the MCP client (Hypothesis).

For each tool, Hypothesis draws arguments from the tool's own ``inputSchema`` (valid ones, with
real refs, fixture URLs and role names mixed in so that calls reach the page) and junk (values
of any JSON type, huge and odd strings, extreme numbers, unknown and missing names; see
:mod:`tests.reliability.schema_strategies`). Every call must come back within the server's tool
timeout (``trio.fail_after``), as a normal answer or as an ``isError`` answer with text, with no
Python traceback or exception dump in it, and the session must still answer a snapshot after each
tool's examples.

How it is bounded (the whole run takes well under 60 s):

- The examples are drawn first, deterministically (``derandomize=True``, no example database),
  then replayed through one server: pytest-trio runs each Hypothesis example in its own
  ``trio.run``, and a server and its client cannot outlive one, so drawing inside ``@given`` would
  cost a server per example. A failing example is reported with its exact arguments (no shrinking).
- ``browser_close`` is left out: it closes the browser, so every later example would measure a
  relaunch; tests/e2e/test_tools.py covers it.
- Waits are capped at 300 ms (``milliseconds``, ``timeoutMs``, ``quietMs``, ``ms``; a text wait or
  a plan step without ``timeoutMs`` gets 300 ms, ``wait_for_stable`` without them 100/300 ms): valid arguments may ask for a minute.
- Nothing reaches the network: the server runs with ``--allowed-origins`` set to the fixture
  server's origin, so any other URL a navigation, link, redirect or plan step asks for is refused
  in the browser.
- ``save_role_state`` writes under the server's working directory (a temporary one): a generated
  path that is a string becomes ``fuzz/<n>.json`` (junk must not write files elsewhere on disk).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import trio
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from mcp_types import TextContent

from tests.e2e.test_tools import TOOLS
from tests.mcp_client import Tools
from tests.reliability.schema_strategies import arguments
from verdex.server.config import ServerConfig

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]

#: Examples drawn per tool (about 50 calls take 1 s on this machine).
EXAMPLES = 50

#: Tools not fuzzed, and why (see the module docstring).
EXCLUDED = {"browser_close": "closes the browser: every later example would pay a relaunch"}

#: Argument names that are waits, milliseconds; capped at _MAX_WAIT_MS.
_WAITS = {"milliseconds", "timeoutMs", "quietMs", "ms"}
_MAX_WAIT_MS = 300

_PAGES = [
    "shop.html",
    "login.html",
    "checkout.html",
    "components.html",
    "nested.html",
    "storefront.html",
    "origins/outer.html",
    "status/404",
    "redirect?to=http://localhost:1/",
]

#: Where each tool's examples start (pages with links, fields, a select, frames).
_START_PAGES = ["shop.html", "checkout.html", "login.html", "nested.html"]

#: A Python traceback or an exception dumped as ``SomeError: ...`` (verdex's own messages never do).
_LEAK = re.compile(r"Traceback \(most recent call last\)|File \"|\b[A-Z]\w*(?:Error|Exception)\b[:(]")


def _draw(strategy: st.SearchStrategy[Any], count: int) -> list[Any]:
    """``count`` values of ``strategy``, the same on every run."""
    drawn: list[Any] = []

    @settings(
        derandomize=True,
        database=None,
        max_examples=count,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        drawn.append(value)

    collect()
    return drawn


def _bounded(tool: str, value: Any) -> Any:
    """``value`` with waits capped and save_role_state's path kept under the working directory."""
    if isinstance(value, list):
        return [_bounded(tool, item) for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in _WAITS and isinstance(item, int | float) and not isinstance(item, bool) and item > _MAX_WAIT_MS:
            item = _MAX_WAIT_MS
        out[key] = _bounded(tool, item)
    if tool == "wait_for_browser" and ("text" in out or "textGone" in out):
        out.setdefault("timeoutMs", _MAX_WAIT_MS)
    if tool == "wait_for_stable":  # its defaults (quietMs 2000, timeoutMs 30000) would wait seconds a call
        out.setdefault("quietMs", _MAX_WAIT_MS // 3)
        out.setdefault("timeoutMs", _MAX_WAIT_MS)
    if tool == "browser_run_plan" and isinstance(out.get("steps"), list):
        out["steps"] = [
            {**step, "timeoutMs": step.get("timeoutMs", _MAX_WAIT_MS)} if isinstance(step, dict) else step
            for step in out["steps"]
        ]
    if tool == "save_role_state" and isinstance(out.get("path"), str) and out["path"].strip():
        out["path"] = f"fuzz/{len(out['path'])}.json"
    return out


def _problem(text: str, structured: Any, is_error: bool, arguments: dict[str, Any]) -> str | None:
    """What is wrong with one answer, or None."""
    if is_error and not text.strip():
        return "an error without text"
    dumped = text + json.dumps(structured)
    leak = _LEAK.search(dumped)
    if leak and leak.group(0) not in json.dumps(arguments):
        return f"a traceback or exception dump ({leak.group(0)!r})"
    if "verdex hit an internal error" in text:
        return "an internal error"
    return None


async def test_fuzzed_arguments_never_break_the_session(serve: Serve, fixture_url: URL, tmp_path: Path) -> None:
    base = fixture_url("")
    config = ServerConfig(action_timeout=0.3, navigation_timeout=2.0, output_schemas=True)
    options = ["--timeout-action", "300", "--timeout-navigation", "2000", "--allowed-origins", base.rstrip("/")]
    options += ["--role", "buyer", "none", "--role", "seller", "none"]
    async with serve(*options, cwd=tmp_path) as tools:
        overrides: dict[str, st.SearchStrategy[Any]] = {
            "url": st.sampled_from([base + page for page in _PAGES]) | st.text(max_size=30).map(lambda t: base + t),
            "role": st.sampled_from(["buyer", "seller", "nobody", "BUYER"]),
            "locator": st.sampled_from(
                [
                    "page.getByRole('button', { name: 'Add to Cart' })",
                    "page.getByTestId('product-card').filter({ hasText: /iphone/i }).first()",
                    "page.locator('article >> nth=2')",
                    'page.get_by_role("link", name=re.compile(r"deals", re.I))',
                ]
            )
            | st.text(max_size=60),
        }
        listed = (await tools.client.list_tools()).tools
        failures: list[str] = []
        fuzzed: dict[str, int] = {}
        for index, tool in enumerate(listed):
            if tool.name in EXCLUDED:
                continue
            # A fresh page with fresh refs for each tool (the previous tool's examples moved it anywhere).
            await tools.call("select_role", role="buyer")
            await tools.ok("browser_navigate", url=base + _START_PAGES[index % len(_START_PAGES)])
            refs = re.findall(r"\[ref=([a-z0-9_]+)\]", (await tools.ok("browser_snapshot")).text)
            overrides["ref"] = st.sampled_from(refs) | st.sampled_from(refs) | st.text(max_size=12)
            examples = _draw(arguments(tool.input_schema, overrides), EXAMPLES)
            for drawn in examples:
                args = _bounded(tool.name, drawn)
                fuzzed[tool.name] = fuzzed.get(tool.name, 0) + 1
                with trio.fail_after(config.tool_timeout + 5):
                    try:
                        result = await tools.client.call_tool(tool.name, args)
                    except Exception as exc:  # the client got no tool answer: a protocol error
                        failures.append(f"{tool.name}({args!r}): no tool answer: {exc!r}")
                        continue
                text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
                import sys

                print(f"{tool.name} err={result.is_error} {json.dumps(args)[:150]} -> {text[:150]!r}", file=sys.stderr)
                problem = _problem(text, result.structured_content, bool(result.is_error), args)
                if problem:
                    failures.append(f"{tool.name}({args!r}): {problem}:\n{text[:2000]}")
            after = await tools.call("browser_snapshot")
            if after.is_error:
                failures.append(f"after {tool.name}: browser_snapshot failed: {after.text}")
        assert failures == [], "\n\n".join(failures)
        assert set(fuzzed) == set(TOOLS) - set(EXCLUDED)
        assert min(fuzzed.values()) >= EXAMPLES // 2
