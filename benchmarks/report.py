"""The benchmark's tables (printed) and its verdict on each target.

Everything here reads the results dictionary that ``benchmarks/results.json`` holds, so the
printed tables and the README section always show the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["TARGETS", "evaluate_targets", "page_floor", "render_tables", "table"]

#: Structural tools measured against the floor.
STRUCTURAL = ("resolve_container", "inspect_pattern", "extract_anchors")
#: Most tokens the exploration of the iPhone 15 Pro target may cost.
EXPLORATION_BUDGET = 1_200
#: Least ratio of Playwright's AI snapshot time to ours, at every size.
SNAPSHOT_SPEEDUP = 2.0
#: Highest growth exponent that still counts as linear (fits over three sizes carry noise).
LINEAR_EXPONENT = 1.1
#: Structural tool p50 at most this many times the floor.
FLOOR_FACTOR = 3.0
#: Cold start to the first snapshot, milliseconds.
COLD_START_MS = 800

TARGETS = (
    "snapshot at least 2x faster than Playwright's AI snapshot at every size",
    "snapshot time grows linearly with the page (exponent <= 1.1)",
    "structural tools p50 within 3x of the MCP+CDP floor",
    "exploration of the iPhone 15 Pro target <= 1,200 tokens",
    "snapshot tokens no more than Playwright's AI snapshot",
    "cold start to the first snapshot under 0.8 s",
)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table: first column left-aligned, the others right-aligned."""
    cells = [[str(h) for h in headers], *[[_cell(v) for v in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))

    return "\n".join([line(cells[0]), "  ".join("-" * w for w in widths), *(line(r) for r in cells[1:])])


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.1f}" if value < 100 else f"{value:.0f}"
    return str(value)


def page_floor(latency: dict[str, Any], page: str) -> float:
    """The floor p50 (ms) measured in the same rounds as ``page``'s tools (the pooled one if absent)."""
    return float(latency.get("pageFloors", {}).get(page, latency["floor"]["floorP50"]))


def evaluate_targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Each target with what was measured and whether it was met (None: that section did not run)."""
    verdicts: list[dict[str, Any]] = []

    def verdict(index: int, measured: str, met: bool | None) -> None:
        verdicts.append({"target": TARGETS[index], "measured": measured, "met": met})

    scale = results.get("scale")
    if scale:
        worst = min(scale["pages"], key=lambda p: p["ratio"])
        verdict(
            0,
            f"lowest ratio {worst['ratio']:.1f}x ({worst['kind']}, {worst['elements']} elements)",
            worst["ratio"] >= SNAPSHOT_SPEEDUP,
        )
        exponents = {kind: e["ours"] for kind, e in scale["exponents"].items()}
        walks = {kind: e.get("domWalk") for kind, e in scale["exponents"].items()}
        verdict(
            1,
            ", ".join(
                f"{k} {v:.2f}" + (f" (DOM walk {walks[k]:.2f})" if walks[k] is not None else "")
                for k, v in exponents.items()
            ),
            max(exponents.values()) <= LINEAR_EXPONENT if exponents else None,
        )
    else:
        verdict(0, "not run", None)
        verdict(1, "not run", None)
    latency = results.get("latency")
    if latency:
        floor = latency["floor"]["floorP50"]
        factors = [
            (page, tool, tools[tool]["withoutCheckP50"] / page_floor(latency, page))
            for page, tools in latency["pages"].items()
            for tool in STRUCTURAL
            if tool in tools
        ]
        page, tool, worst_factor = max(factors, key=lambda f: f[2])
        verdict(
            2,
            f"floor {floor:.1f} ms; worst {tool} on {page} {worst_factor:.1f}x its rounds' floor "
            f"{page_floor(latency, page):.1f} ms (without the client's schema check)",
            worst_factor <= FLOOR_FACTOR,
        )
    else:
        verdict(2, "not run", None)
    tokens = results.get("tokens")
    if tokens:
        shown = ", ".join(f"{t['page']} {t['explorationTokens']}" for t in tokens)
        verdict(3, shown, max(t["explorationTokens"] for t in tokens) <= EXPLORATION_BUDGET)
        shown = ", ".join(f"{t['page']} {t['snapshotTokens']} vs {t['playwrightSnapshotTokens']}" for t in tokens)
        verdict(4, shown, all(t["snapshotTokens"] <= t["playwrightSnapshotTokens"] for t in tokens))
    else:
        verdict(3, "not run", None)
        verdict(4, "not run", None)
    cold = results.get("coldstart")
    if cold:
        p50 = cold["firstSnapshot"]["p50"]
        verdict(5, f"p50 {p50:.0f} ms (p95 {cold['firstSnapshot']['p95']:.0f} ms)", p50 < COLD_START_MS)
    else:
        verdict(5, "not run", None)
    return verdicts


def render_tables(results: dict[str, Any]) -> str:
    """Every section's tables and the targets, as printed at the end of a run."""
    parts = [_machine(results["machine"])]
    if results.get("tokens"):
        parts.append(tokens_table(results["tokens"]))
    if results.get("latency"):
        parts.append(latency_tables(results["latency"]))
    if results.get("scale"):
        parts.append(scale_tables(results["scale"]))
    if results.get("coldstart"):
        parts.append(cold_start_table(results["coldstart"]))
    parts.append(targets_table(results.get("targets") or evaluate_targets(results)))
    return "\n\n".join(parts)


def _machine(machine: dict[str, Any]) -> str:
    return (
        f"machine: {machine['cpu']}, {machine['cores']} cores, {machine['memoryGiB']} GiB, {machine['os']}; "
        f"load average {machine.get('loadAverage', '?')} at the start, "
        f"{machine.get('loadAverageEnd', '?')} at the end\n"
        f"versions: verdex {machine['verdex']} ({machine['commit']}), bridge {machine['bridge']}, "
        f"{machine['chromium']}, Python {machine['python']}, Playwright {machine['playwright']}, "
        f"mcp {machine['mcp']}, tiktoken {machine['tiktoken']}; {machine['date']}"
    )


def tokens_table(tokens: list[dict[str, Any]]) -> str:
    rows = []
    for t in tokens:
        per_tool = {tool: sum(c["tokens"] for c in t["calls"] if c["tool"] == tool) for tool in STRUCTURAL}
        inspects = sum(1 for c in t["calls"] if c["tool"] == "inspect_pattern")
        rows.append(
            [
                t["page"],
                t["snapshotTokens"],
                t["playwrightSnapshotTokens"],
                per_tool["resolve_container"],
                f"{per_tool['inspect_pattern']}" + (f" ({inspects} calls)" if inspects > 1 else ""),
                per_tool["extract_anchors"],
                t["explorationTokens"],
                t["walkTokens"],
                t["pageHtmlTokens"],
                t["containerHtmlTokens"],
            ]
        )
    headers = [
        "tokens (cl100k)",
        "snapshot",
        "Playwright AI",
        "resolve",
        "inspect",
        "extract",
        "exploration",
        "whole walk",
        "page HTML",
        "container HTML",
    ]
    locators = "\n".join(f"  {t['page']}: {t['locator']} (matches {t['locatorMatches']})" for t in tokens)
    return "Tokens\n" + table(headers, rows) + "\nlocators composed from the answers (Playwright's count):\n" + locators


def latency_tables(latency: dict[str, Any]) -> str:
    floor = latency["floor"]
    head = (
        f"Latency (ms, through the MCP client over stdio)\n"
        f"floor: MCP no-op (prompts/list, protocol {floor['protocol']}) p50 {floor['noop']['p50']:.2f} "
        f"(p95 {floor['noop']['p95']:.2f}), "
        f"CDP Runtime.evaluate('1') p50 {floor['cdp']['p50']:.2f} (p95 {floor['cdp']['p95']:.2f}); "
        f"floor p50 {floor['floorP50']:.2f}"
    )
    direct_names = {
        "browser_snapshot": "snapshot",
        "resolve_container": "resolveContainer",
        "inspect_pattern": "inspectPattern",
        "extract_anchors": "extractAnchors",
    }
    rows = []
    for page, tools in latency["pages"].items():
        for tool, timing in tools.items():
            direct = latency["direct"][page][direct_names[tool]]["p50"]
            rows.append(
                [
                    f"{tool} ({page})",
                    timing["p50"],
                    timing["p95"],
                    timing["checkP50"],
                    timing["withoutCheckP50"],
                    direct,
                    f"{timing['withoutCheckP50'] / page_floor(latency, page):.1f}x",
                ]
            )
    first = table(["tool (page)", "p50", "p95", "client check", "without check", "direct", "/floor"], rows)
    others = [[tool, t["p50"], t["p95"], t["checkP50"], t["n"]] for tool, t in latency["tools"].items()]
    second = table(["tool (storefront.html)", "p50", "p95", "client check", "n"], others)
    missing = "".join(f"\nnot measured: {tool}: {why}" for tool, why in latency.get("notMeasured", {}).items())
    memory = latency.get("memory", {})
    mem = ""
    if memory.get("server"):
        mem = (
            f"\nmemory with {memory['page']} open: server RSS {memory['server']['rss']:.0f} MiB; browser "
            f"({memory['browser']['processes']} processes) RSS {memory['browser']['rss']:.0f} MiB, "
            f"PSS {memory['browser']['pss']:.0f} MiB"
        )
    return f"{head}\n{first}\n\n{second}{missing}{mem}"


def scale_tables(scale: dict[str, Any]) -> str:
    rows = [
        [
            p["kind"],
            p["elements"],
            p["ours"]["min"],
            p["ours"]["p50"],
            p["direct"]["min"] if p["direct"] else "-",
            p["playwright"]["min"],
            f"{p['ratio']:.1f}x",
            p["domWalk"]["min"],
            *(p["structural"][tool]["min"] for tool in STRUCTURAL),
            p["oursTokens"],
            p["playwrightTokens"],
            f"{p['memory'].get('browser', {}).get('pss', 0):.0f}",
        ]
        for p in scale["pages"]
    ]
    headers = [
        "page",
        "elements",
        "snapshot",
        "(p50)",
        "direct",
        "Playwright AI",
        "ratio",
        "DOM walk",
        "resolve",
        "inspect",
        "extract",
        "tokens",
        "PW tokens",
        "browser PSS MiB",
    ]
    exponent_rows = [[kind, *e.values()] for kind, e in scale["exponents"].items()]
    exponent_headers = ["growth exponent", *(next(iter(scale["exponents"].values())).keys())] if exponent_rows else []
    text = "Scale (ms, best round; (p50) of ours beside it)\n" + table(headers, rows)
    if exponent_rows:
        text += "\n\n" + table(exponent_headers, exponent_rows)
    return text


def cold_start_table(cold: dict[str, Any]) -> str:
    rows = [
        [stage, cold[key]["p50"], cold[key]["p95"]]
        for stage, key in (
            ("MCP handshake", "handshake"),
            ("browser_navigate answered", "navigated"),
            ("first snapshot answered", "firstSnapshot"),
            ("server up (tools/list answered; runs of their own)", "ready"),
        )
        if key in cold
    ]
    text = f"Cold start (ms since spawning verdex serve, {cold['runs']} runs, {cold['page']})\n"
    text += table(["stage", "p50", "p95"], rows)
    memory = cold.get("memory", {})
    if memory.get("server"):
        text += (
            f"\nmemory after the first snapshot: server RSS {memory['server']['rss']:.0f} MiB; browser "
            f"({memory['browser']['processes']} processes) RSS {memory['browser']['rss']:.0f} MiB, "
            f"PSS {memory['browser']['pss']:.0f} MiB"
        )
    return text


def targets_table(verdicts: list[dict[str, Any]]) -> str:
    rows = [[v["target"], {True: "met", False: "MISSED", None: "-"}[v["met"]], v["measured"]] for v in verdicts]
    return "Targets\n" + table(["target", "", "measured"], rows)
