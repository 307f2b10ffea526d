"""Latency: p50/p95 of every tool through a real MCP client over stdio, and the floor beneath them.

The floor is measured in the same run, interleaved with the structural tools so that a busy
machine slows both alike:

- ``cdp``: a bare CDP round trip, ``Runtime.evaluate('1')`` on a page session of a browser this
  process launched over the same pipe transport ``verdex serve`` uses;
- ``noop``: a no-op MCP request, client -> ``verdex serve`` -> client (``prompts/list``, empty:
  the 2026-07-28 protocol the client negotiates has no ``ping``);
- ``floor = noop + cdp``: what one tool call that makes one CDP round trip cannot go below.

Each page's tools are compared with the floor measured in the same rounds (``pageFloors``), so a
burst of other work on the machine during one page's rounds raises both sides of its ratio.

``direct`` rows are the same bridge methods called from Python on that in-process page (no MCP,
no server): the tool's p50 minus its direct p50 is the MCP and server cost per call.

Each tool's timing also carries ``checkP50``, the client's own validation of the structured
content against the tool's outputSchema (the MCP Python SDK uses ``jsonschema``, whose cost grows
with the answer), and ``withoutCheckP50``: the call minus that check, i.e. transport, server and
browser. The floor target is judged on ``withoutCheckP50``: the check is the instrument's cost.
"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.harness import Answer, MCPServerUnderTest, memory_of, open_verdex, process_tree
from benchmarks.stats import percentile, summarize
from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.page import Page, PageSettings
from verdex.cdp import protocol
from verdex.commands.demo import first_button

__all__ = ["measure_latency"]

#: Ancestor levels of the walk on the fixture shops: extract_anchors at the card, inspect_pattern at the grid.
CARD_LEVEL = 1
GRID_LEVEL = 2


def _ref_number(ref: str) -> int:
    return int(ref.rsplit("e", 1)[1])


def _first_ref(snapshot: str, role: str) -> str:
    match = re.search(rf"- {role}\b[^\n]*?\[ref=(e\d+)\]", snapshot)
    if match is None:
        raise RuntimeError(f"no {role} with a ref in the snapshot")
    return match.group(1)


async def _elapsed(call: Awaitable[Any]) -> float:
    """Milliseconds until ``call`` is done."""
    start = time.perf_counter()
    await call
    return (time.perf_counter() - start) * 1000


def timing(answers: list[Answer]) -> dict[str, Any]:
    """Timing of tool calls (ms) with the client's schema check and the call without it, at p50."""
    return {
        **summarize([a.ms for a in answers]).as_json(),
        "checkP50": round(percentile([a.check_ms for a in answers], 50), 3),
        "withoutCheckP50": round(percentile([a.server_ms for a in answers], 50), 3),
    }


async def _tool_samples(server: MCPServerUnderTest, n: int, tool: str, **arguments: Any) -> list[Answer]:
    await server.ok(tool, **arguments)  # warm-up, not counted
    return [await server.ok(tool, **arguments) for _ in range(n)]


async def _dialog_samples(server: MCPServerUnderTest, base_url: str, n: int) -> list[Answer]:
    """browser_handle_dialog on an alert, opened each time by a click (not timed) on hostile/dialogs.html."""
    await server.ok("browser_navigate", url=base_url + "hostile/dialogs.html")
    alert = _first_ref((await server.ok("browser_snapshot")).text, "button")
    samples = []
    for round_ in range(n + 1):
        opened = await server.call("browser_click", ref=alert)  # interrupted by the alert: an error that says so
        if not opened.is_error or "alert dialog" not in opened.text:
            raise RuntimeError(f"the Alert button opened no dialog: {opened.text[:200]}")
        answered = await server.ok("browser_handle_dialog", accept=True)
        if round_:  # the first is a warm-up
            samples.append(answered)
    return samples


async def _structural_and_floor(
    server: MCPServerUnderTest, page: Page, url: str, repeat: int
) -> tuple[dict[str, list[Answer]], dict[str, list[float]]]:
    """Round-robin over the no-op, CDP, the snapshot, the three structural tools and their direct
    bridge calls on one page."""
    await server.ok("browser_navigate", url=url)
    snapshot = (await server.ok("browser_snapshot")).text
    ref = first_button(snapshot, "Add to Cart")
    await page.navigate(url)
    bridge = page.bridge()
    direct_snapshot = await bridge.snapshot()
    number = _ref_number(first_button(direct_snapshot.text, "Add to Cart"))
    tools: dict[str, list[Answer]] = {
        "browser_snapshot": [],
        "resolve_container": [],
        "inspect_pattern": [],
        "extract_anchors": [],
    }
    direct: dict[str, list[float]] = {
        "snapshot": [],
        "resolveContainer": [],
        "inspectPattern": [],
        "extractAnchors": [],
    }
    floor: dict[str, list[float]] = {"noop": [], "cdp": []}
    calls: list[tuple[str, dict[str, Any], str, Callable[[], Awaitable[object]]]] = [
        ("browser_snapshot", {}, "snapshot", bridge.snapshot),
        ("resolve_container", {"ref": ref}, "resolveContainer", partial(bridge.resolve_container, number)),
        (
            "inspect_pattern",
            {"ref": ref, "ancestorLevel": GRID_LEVEL},
            "inspectPattern",
            partial(bridge.inspect_pattern, number, GRID_LEVEL),
        ),
        (
            "extract_anchors",
            {"ref": ref, "ancestorLevel": CARD_LEVEL},
            "extractAnchors",
            partial(bridge.extract_anchors, number, CARD_LEVEL),
        ),
    ]
    for round_ in range(repeat + 1):  # round 0 warms up
        noop = await server.noop()
        cdp_ms = await _elapsed(page.session.send(protocol.Runtime.evaluate({"expression": "1"}), timeout=10))
        if round_:
            floor["noop"].append(noop)
            floor["cdp"].append(cdp_ms)
        for tool, arguments, method, direct_call in calls:
            answer = await server.ok(tool, **arguments)
            elapsed = await _elapsed(direct_call())
            if round_:
                tools[tool].append(answer)
                direct[method].append(elapsed)
    return tools, {**floor, **{f"direct {k}": v for k, v in direct.items()}}


async def measure_latency(base_url: str, generated_url: str, repeat: int) -> dict[str, Any]:
    """p50/p95 of every tool ``verdex serve`` lists, the floor, and the server's and browser's memory.

    Args:
        base_url: the fixture server (``fixtures/pages``).
        generated_url: the server of the generated pages (``form.html`` for select_option).
        repeat: samples per tool (fewer for the slow ones: navigation, launch).

    Returns:
        ``{"floor": {name: Timing}, "pages": {page: {tool: Timing}}, "pageFloors": {page: floor p50 (ms)
        in that page's rounds}, "tools": {tool: Timing},
        "direct": {page: {method: Timing}}, "notMeasured": {tool: reason}, "memory": {...}}``.
    """
    storefront = base_url + "storefront.html"
    shop = base_url + "shop.html"
    result: dict[str, Any] = {"pages": {}, "pageFloors": {}, "direct": {}, "tools": {}, "notMeasured": {}}
    floor_samples: dict[str, list[float]] = {"noop": [], "cdp": []}
    async with open_browser(BrowserOptions()) as browser, open_verdex() as server:
        context = await browser.new_context(PageSettings())
        page = await context.new_page()
        names = await server.tool_names()
        tools: dict[str, list[Answer]] = {}

        # Structural tools and the floor, on the realistic storefront and the lean shop.
        for name, url in (("storefront.html", storefront), ("shop.html", shop)):
            per_tool, floors = await _structural_and_floor(server, page, url, repeat)
            page_noop, page_cdp = floors.pop("noop"), floors.pop("cdp")
            result["pageFloors"][name] = round(percentile(page_noop, 50) + percentile(page_cdp, 50), 3)
            floor_samples["noop"] += page_noop
            floor_samples["cdp"] += page_cdp
            result["pages"][name] = {tool: timing(answers) for tool, answers in per_tool.items()}
            result["direct"][name] = {k.removeprefix("direct "): summarize(s).as_json() for k, s in floors.items()}
        noop = summarize(floor_samples["noop"])
        cdp = summarize(floor_samples["cdp"])
        result["floor"] = {
            "protocol": server.protocol_version,
            "noop": noop.as_json(),
            "cdp": cdp.as_json(),
            "floorP50": round(noop.p50 + cdp.p50, 3),
        }

        # Every other tool, on the storefront unless it needs another page.
        tools["browser_initialize"] = await _tool_samples(server, repeat, "browser_initialize")
        tools["browser_navigate"] = await _tool_samples(server, max(5, repeat // 3), "browser_navigate", url=storefront)
        snapshot = (await server.ok("browser_snapshot")).text
        button = first_button(snapshot, "Add to Cart")
        searchbox = _first_ref(snapshot, "searchbox")
        memory = {"server": memory_of([server.pid]) if server.pid else {}, "browser": {}}
        if server.pid:
            memory["browser"] = memory_of([pid for pid in process_tree(server.pid) if pid != server.pid])
        result["memory"] = {"page": "storefront.html", **memory}

        tools["browser_hover"] = await _tool_samples(server, repeat, "browser_hover", ref=button)
        tools["browser_click"] = await _tool_samples(server, repeat, "browser_click", ref=button)
        tools["browser_type"] = await _tool_samples(server, repeat, "browser_type", ref=searchbox, text="iphone")
        tools["browser_press_key"] = await _tool_samples(server, repeat, "browser_press_key", key="Shift")
        tools["wait_for_browser"] = await _tool_samples(server, repeat, "wait_for_browser", text="iPhone 15 Pro")
        if "browser_take_screenshot" in names:
            tools["browser_take_screenshot"] = await _tool_samples(
                server, max(5, repeat // 3), "browser_take_screenshot"
            )
        if "verify_locator" in names:
            locator = (
                "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' })"
                ".getByRole('button', { name: 'Add to Cart' })"
            )
            answer = await server.call("verify_locator", locator=locator, ref=button)
            if answer.is_error:
                result["notMeasured"]["verify_locator"] = f"error: {answer.text[:200]}"
            else:
                tools["verify_locator"] = await _tool_samples(
                    server, repeat, "verify_locator", locator=locator, ref=button
                )
        for tool in ("list_current_roles", "get_current_role"):
            if tool in names:
                tools[tool] = await _tool_samples(server, repeat, tool)
        if "select_role" in names:
            role = (await server.ok("browser_initialize")).data.get("currentRole", "default")
            tools["select_role"] = await _tool_samples(server, repeat, "select_role", role=role)
        if "save_role_state" in names:
            with tempfile.TemporaryDirectory(prefix="verdex-bench-") as directory:
                path = str(Path(directory) / "state.json")
                tools["save_role_state"] = await _tool_samples(
                    server, max(5, repeat // 3), "save_role_state", path=path
                )
        if "browser_click" in names:  # by description: the fallback scores the page's candidates first
            tools["browser_click (element)"] = await _tool_samples(
                server, repeat, "browser_click", element="Add to Cart"
            )
        if "wait_for_stable" in names:  # a still page: quietMs plus the call
            tools["wait_for_stable"] = await _tool_samples(
                server, repeat, "wait_for_stable", quietMs=100, timeoutMs=5000
            )
        if "browser_tabs" in names:
            tools["browser_tabs"] = await _tool_samples(server, repeat, "browser_tabs", action="list")
        if "browser_run_plan" in names:
            steps = [
                {"action": "click", "ref": button, "preconditions": [{"type": "visible"}, {"type": "enabled"}]},
                {"action": "type", "ref": searchbox, "text": "iphone", "postconditions": [{"type": "networkIdle"}]},
            ]
            tools["browser_run_plan"] = await _tool_samples(
                server, max(5, repeat // 3), "browser_run_plan", steps=steps
            )
        if "browser_handle_dialog" in names:
            tools["browser_handle_dialog"] = await _dialog_samples(server, base_url, max(5, repeat // 3))
        tools["browser_go_back"] = []
        for _ in range(max(5, repeat // 3)):
            await server.ok("browser_navigate", url=shop)
            tools["browser_go_back"].append(await server.ok("browser_go_back"))
        if "browser_select_option" in names:
            await server.ok("browser_navigate", url=generated_url + "form.html")
            select = _first_ref((await server.ok("browser_snapshot")).text, "combobox")
            tools["browser_select_option"] = await _tool_samples(
                server, repeat, "browser_select_option", ref=select, values=["green"]
            )
        # Last: closing, then starting a browser again (a launch) a few times.
        tools["browser_close"], launches = [], []
        for _ in range(3):
            tools["browser_close"].append(await server.ok("browser_close"))
            launches.append(await server.ok("browser_initialize"))
        tools["browser_initialize (launch)"] = launches

        measured = set(tools) | {"browser_snapshot", "resolve_container", "inspect_pattern", "extract_anchors"}
        for name in names:
            if name not in measured and name not in result["notMeasured"]:
                result["notMeasured"][name] = "no benchmark plan for this tool yet"
        result["tools"] = {tool: timing(answers) for tool, answers in tools.items()}
    return result
