"""The workflow benchmark's part of docs/performance.md (from the ``workflow`` key of
``benchmarks/results.json``; :mod:`benchmarks.readme` puts it in)."""

from __future__ import annotations

from typing import Any

__all__ = ["render_workflow"]


def _cell(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"


def render_workflow(section: dict[str, Any]) -> list[str]:
    """Markdown lines: what was run, one row per server, the two targets, and the tasks verdex missed."""
    summary = section["summary"]
    servers: dict[str, Any] = summary["servers"]
    attempts: list[dict[str, Any]] = section["attempts"]
    tasks = len({attempt["task"] for attempt in attempts})
    rows = [
        "| server | median tokens a task | in answers | median calls | tools/list | unique, intended, non-positional "
        "| positional | on generated ids/classes |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, facts in servers.items():
        tools = facts["toolsList"]
        rows.append(
            f"| {name} | {_cell(facts['medianTotalTokens'])} | {_cell(facts['medianAnswerTokens'])} "
            f"| {_cell(facts['medianCalls'])} | {tools['tokens']:,} ({tools['tools']} tools) "
            f"| {facts['ok']}/{facts['tasks']} ({facts['okPercent']:g}%) | {facts['positional']} "
            f"| {facts['generated']} |"
        )
    peer = f"Playwright MCP {section['playwrightMcp']}" if section.get("playwrightMcp") else "Playwright MCP"
    out = [
        "",
        f'**Workflow** (`make bench-workflow`, {section["machine"]["date"]}): {tasks} tasks "write a locator for '
        f'<description>" on the pages of `fixtures/workflow`, a scripted assistant on verdex and on {peer} in the '
        "same run (`benchmarks/workflow`). A task's tokens are its answers plus the `tools/list` definitions once "
        "per call (cl100k); each locator is judged by real Playwright against the task's oracle.",
        "",
        *rows,
    ]
    missing = [
        tool for tool, present in servers.get("verdex", {}).get("toolsList", {}).get("paths", {}).items() if not present
    ]
    if missing:
        out += [
            "",
            f"verdex's `tools/list` had no {' and no '.join(f'`{tool}`' for tool in missing)}: its assistant read the "
            "whole snapshot and went through the structural tools and `verify_locator`.",
        ]
    ratio = summary.get("ratioMedianTotalTokens")
    verdex = servers.get("verdex")
    targets = summary["targets"]
    if ratio is not None:
        met = "met" if ratio <= targets["ratioAtMost"] else "missed"
        out += [
            "",
            f"verdex / Playwright MCP, median tokens a task: {ratio:g}x (target at most {targets['ratioAtMost']:g}x: "
            f"{met}); answers alone {summary['ratioMedianAnswerTokens']:g}x.",
        ]
    if verdex:
        met = "met" if verdex["okPercent"] >= targets["verdexOkPercentAtLeast"] else "missed"
        missed = [a for a in attempts if a["server"] == "verdex" and not (a["verdict"] or {}).get("ok")]
        detail = "; ".join(f"`{a['task']}` ({_verdict(a['verdict'])})" for a in missed)
        out += [
            "",
            f"verdex's locators unique, on the intended element and non-positional: {verdex['okPercent']:g}% (target "
            f"at least {targets['verdexOkPercentAtLeast']:g}%: {met})" + (f"; missed: {detail}." if detail else "."),
        ]
    return out


def _verdict(verdict: dict[str, Any] | None) -> str:
    if not verdict:
        return "not judged"
    if verdict.get("error"):
        return str(verdict["error"])
    if not verdict["unique"]:
        return f"{verdict['count']} matches"
    return "wrong element" if not verdict["intended"] else "positional"
