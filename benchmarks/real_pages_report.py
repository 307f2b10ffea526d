"""The real-pages benchmark's summary (p50/p95 over pages, ratios, worst pages, targets) and tables.

Each measure is one value per page (a time: the page's best sample, ``bestMs``, over its rounds and
targets); the summary gives its p50, p95 and max over the pages that have it, and the 10 pages
where it is highest. Ratios are taken page by page, then summarized the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks.report import table
from benchmarks.stats import percentile

__all__ = [
    "MEASURES",
    "WORST",
    "real_pages_markdown",
    "real_pages_tables",
    "summarize_real_pages",
]

STRUCTURAL = ("resolve_container", "inspect_pattern", "extract_anchors")
OPTIONAL = ("browser_find", "suggest_locator")
#: Pages named per measure.
WORST = 10
#: Snapshot: time at most this fraction of Playwright's (median page).
SNAPSHOT_TIME_RATIO = 0.5
#: Snapshot: tokens at most this fraction of Playwright's (median page).
SNAPSHOT_TOKEN_RATIO = 0.7
#: Structural calls: p50 at most this many floors on the median page, and on the worst.
FLOOR_MEDIAN = 3.0
FLOOR_WORST = 10.0

_VERDICT = {True: "met", False: "missed", None: "-"}

Getter = Callable[[dict[str, Any]], float | None]


def _get(*path: str) -> Getter:
    def get(row: dict[str, Any]) -> float | None:
        value: Any = row
        for key in path:
            if not isinstance(value, dict) or key not in value:
                return None
            value = value[key]
        return float(value) if isinstance(value, int | float) else None

    return get


def _ratio(top: Getter, bottom: Getter) -> Getter:
    def get(row: dict[str, Any]) -> float | None:
        a, b = top(row), bottom(row)
        return a / b if a is not None and b else None

    return get


def _measures() -> dict[str, tuple[str, Getter]]:
    """Name -> (unit, getter) of every measure summarized."""
    measures: dict[str, tuple[str, Getter]] = {
        "snapshot ms": ("ms", _get("snapshot", "bestMs")),
        "Playwright snapshot ms": ("ms", _get("playwright", "bestMs")),
        "snapshot time / Playwright's": ("x", _ratio(_get("snapshot", "bestMs"), _get("playwright", "bestMs"))),
        "snapshot tokens": ("tokens", _get("snapshot", "tokens")),
        "Playwright snapshot tokens": ("tokens", _get("playwright", "tokens")),
        "snapshot tokens / Playwright's": ("x", _ratio(_get("snapshot", "tokens"), _get("playwright", "tokens"))),
        "snapshot refs": ("refs", _get("snapshot", "refs")),
        "floor ms": ("ms", _get("floor", "best")),
        "tool no-op (get_current_role) ms": ("ms", _get("floor", "toolNoopBest")),
        "Verdex (Node) tool no-op ms": ("ms", _get("verdexNode", "toolNoopBest")),
    }
    for tool in (*STRUCTURAL, *OPTIONAL):
        measures[f"{tool} ms"] = ("ms", _get("tools", tool, "bestMs"))
        measures[f"{tool} / floor"] = ("x", _ratio(_get("tools", tool, "bestMs"), _get("floor", "best")))
        measures[f"{tool} tokens"] = ("tokens", _get("tools", tool, "tokens"))
    measures["Verdex (Node) snapshot ms"] = ("ms", _get("verdexNode", "snapshot", "bestMs"))
    measures["Verdex (Node) snapshot tokens"] = ("tokens", _get("verdexNode", "snapshot", "tokens"))
    for tool in STRUCTURAL:
        node = _get("verdexNode", "tools", tool, "bestMs")
        measures[f"Verdex (Node) {tool} ms"] = ("ms", node)
        measures[f"Verdex (Node) {tool} tokens"] = ("tokens", _get("verdexNode", "tools", tool, "tokens"))
        measures[f"{tool} / Verdex (Node)'s"] = ("x", _ratio(_get("tools", tool, "bestMs"), node))
    return measures


MEASURES = tuple(_measures())


def summarize_real_pages(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """p50/p95/max and the worst pages of every measure, and the verdict on each target.

    Returns:
        ``{"pages", "errors": [{"page", "error"}], "measures": {name: {"unit", "n", "p50", "p95",
        "max", "worst": [[page, value], ...]}}, "targets": [{"target", "measured", "met"}]}``;
        a measure no page has is left out.
    """
    measures: dict[str, Any] = {}
    for name, (unit, get) in _measures().items():
        values = [(row["page"], v) for row in rows if (v := get(row)) is not None]
        if not values:
            continue
        numbers = [v for _, v in values]
        worst = sorted(values, key=lambda item: (-item[1], item[0]))[:WORST]
        measures[name] = {
            "unit": unit,
            "n": len(values),
            "p50": round(percentile(numbers, 50), 3),
            "p95": round(percentile(numbers, 95), 3),
            "max": round(max(numbers), 3),
            "worst": [[page, round(value, 3)] for page, value in worst],
        }
    errors = [{"page": row["page"], "error": row["error"]} for row in rows if "error" in row]
    return {"pages": len(rows), "errors": errors, "measures": measures, "targets": _targets(measures)}


def _targets(measures: dict[str, Any]) -> list[dict[str, Any]]:
    verdicts: list[dict[str, Any]] = []

    def verdict(target: str, measured: str, met: bool | None) -> None:
        verdicts.append({"target": target, "measured": measured, "met": met})

    time_ratio = measures.get("snapshot time / Playwright's")
    verdict(
        f"snapshot time <= {SNAPSHOT_TIME_RATIO}x Playwright's AI snapshot (median page)",
        f"{time_ratio['p50']:.2f}x" if time_ratio else "not measured",
        time_ratio["p50"] <= SNAPSHOT_TIME_RATIO if time_ratio else None,
    )
    token_ratio = measures.get("snapshot tokens / Playwright's")
    verdict(
        f"snapshot tokens <= {SNAPSHOT_TOKEN_RATIO}x Playwright's AI snapshot (median page)",
        f"{token_ratio['p50']:.2f}x" if token_ratio else "not measured",
        token_ratio["p50"] <= SNAPSHOT_TOKEN_RATIO if token_ratio else None,
    )
    for tool in STRUCTURAL:
        node = measures.get(f"Verdex (Node) {tool} ms")
        ours = measures.get(f"{tool} ms")
        if node and ours:
            verdict(
                f"{tool} p50 <= Verdex (Node)'s on the same pages",
                f"{ours['p50']:.1f} vs {node['p50']:.1f} ms",
                ours["p50"] <= node["p50"],
            )
        floor = measures.get(f"{tool} / floor")
        if floor:
            verdict(
                f"{tool} p50 <= {FLOOR_MEDIAN:.0f}x the floor (median page), <= {FLOOR_WORST:.0f}x (worst page)",
                f"{floor['p50']:.1f}x, worst {floor['max']:.1f}x ({floor['worst'][0][0]})",
                floor["p50"] <= FLOOR_MEDIAN and floor["max"] <= FLOOR_WORST,
            )
    return verdicts


def _value(value: float, unit: str) -> float | int:
    return round(value) if unit in ("tokens", "refs") else value


def real_pages_tables(result: dict[str, Any]) -> str:
    """The printed tables: measures (p50, p95, max), targets, worst pages, notes."""
    summary = result["summary"]
    measures: dict[str, Any] = summary["measures"]
    rows = [
        [name, m["unit"], m["n"], _value(m["p50"], m["unit"]), _value(m["p95"], m["unit"]), _value(m["max"], m["unit"])]
        for name, m in measures.items()
    ]
    parts = [
        f"Real pages ({summary['pages']} pages, {len(summary['errors'])} not opened; per page: the best of "
        f"{result['settings']['rounds']} rounds (of rounds x targets for a tool); tool times without the client's "
        "schema check)",
        table(["measure", "unit", "pages", "p50", "p95", "max"], rows),
        "",
        table(
            ["target", "measured", "met"],
            [[v["target"], v["measured"], _VERDICT[v["met"]]] for v in summary["targets"]],
        ),
    ]
    worst_of = [name for name in measures if not name.endswith("tokens") or "/" in name]
    parts += ["", f"Worst {WORST} pages by measure:"]
    for name in worst_of:
        unit = measures[name]["unit"]
        pages = ", ".join(f"{page} {_value(value, unit):.1f}" for page, value in measures[name]["worst"])
        parts.append(f"- {name}: {pages}")
    for error in summary["errors"]:
        parts.append(f"not opened: {error['page']}: {error['error'][:120]}")
    parts += [f"note: {note}" for note in result.get("notes", [])]
    if "verdexNode" in result:
        node = result["verdexNode"]
        parts.append(f"Verdex (Node) {node['version']} ({node['commit']}), {node['entry']}")
    return "\n".join(parts)


#: The measures the performance page shows, in its order.
_SHOWN = (
    "snapshot ms",
    "Playwright snapshot ms",
    "snapshot time / Playwright's",
    "snapshot tokens",
    "Playwright snapshot tokens",
    "snapshot tokens / Playwright's",
    "floor ms",
    "tool no-op (get_current_role) ms",
    "Verdex (Node) tool no-op ms",
    *(f"{tool} ms" for tool in STRUCTURAL),
    *(f"Verdex (Node) {tool} ms" for tool in STRUCTURAL),
    *(f"{tool} ms" for tool in OPTIONAL),
    *(f"{tool} tokens" for tool in OPTIONAL),
)


def real_pages_markdown(result: dict[str, Any]) -> list[str]:
    """The real-pages part of docs/performance.md: the run, the targets and the main measures (markdown lines)."""
    summary = result["summary"]
    machine = result.get("machine", {})
    node = result.get("verdexNode") or {}
    peer = (
        f"Verdex (Node) {node['version']} at {node['commit']}" if node.get("version") else "no Verdex (Node) checkout"
    )
    measures: dict[str, Any] = summary["measures"]
    lines = [
        "",
        f"**Real pages** (`make bench-real`, {machine.get('date', '?')}, load average "
        f"{machine.get('loadAverage', '?')} at the start and {machine.get('loadAverageEnd', '?')} at the end; "
        f"{summary['pages']} pages of "
        f"`../shared/corpora/real-pages`, {len(summary['errors'])} not opened; {peer}): each page's best of "
        f'{result["settings"]["rounds"]} rounds, interleaved with Playwright\'s `aria_snapshot(mode="ai")` on the '
        "same page; tool times without the client's schema check; p50/p95 over pages.",
        "",
        "| target | measured |  |",
        "|---|---|---|",
        *(f"| {v['target']} | {v['measured']} | {_VERDICT[v['met']]} |" for v in summary["targets"]),
        "",
        "| measure | p50 | p95 | worst page |",
        "|---|---:|---:|---|",
    ]
    for name in _SHOWN:
        m = measures.get(name)
        if m is None:
            continue
        worst = f"{m['worst'][0][0]} {_shown(m['worst'][0][1], m['unit'])}" if m["worst"] else ""
        lines.append(f"| {name} | {_shown(m['p50'], m['unit'])} | {_shown(m['p95'], m['unit'])} | {worst} |")
    return lines


def _shown(value: float, unit: str) -> str:
    """A measure's value for the page: whole tokens and refs, ratios with two decimals, times with one."""
    if unit in ("tokens", "refs"):
        return f"{round(value):,}"
    return f"{value:.2f}x" if unit == "x" else f"{value:.1f}"
