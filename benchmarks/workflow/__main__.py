"""``python -m benchmarks.workflow [--tasks ID,...] [--servers verdex,playwright-mcp] [--out FILE]``

Runs the workflow benchmark (see :mod:`benchmarks.workflow`), prints one line per task and server
(calls, answer tokens, ``tools/list`` tokens × calls, total, verdict, locator) and the summary, and
writes the results under the key ``workflow`` of ``benchmarks/results.json`` (``--out`` names
another file; ``--no-write`` writes nothing). Targets are reported, never asserted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import trio

from benchmarks.machine import describe_machine
from benchmarks.results_file import RESULTS, update_results
from benchmarks.workflow import playwright_mcp
from benchmarks.workflow.run import SERVERS, Attempt, Run, run_workflow, summarize
from benchmarks.workflow.tasks import TASKS, Task

_NUMBERS = ("calls", "answer", "defs", "total")


def _row(attempt: Attempt) -> list[str]:
    return [
        attempt.task.id,
        attempt.server,
        str(attempt.calls),
        str(attempt.answer_tokens),
        str(attempt.definition_tokens),
        str(attempt.total_tokens),
        str(attempt.verdict) if attempt.verdict else "",
        attempt.locator or "-",
    ]


def render_table(run: Run) -> str:
    """Every attempt, one line each: numbers right-aligned, text left-aligned."""
    headers = ["task", "server", *_NUMBERS, "verdict", "locator"]
    rows = [headers, *(_row(attempt) for attempt in run.attempts)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(headers) - 1)]
    lines = []
    for index, row in enumerate(rows):
        cells = [
            cell.rjust(widths[i]) if headers[i] in _NUMBERS else cell.ljust(widths[i])
            for i, cell in enumerate(row[:-1])
        ]
        lines.append("  ".join([*cells, row[-1]]))
        if index == 0:
            lines.append("  ".join("-" * width for width in widths) + "  -------")
    return "\n".join(lines)


def render_summary(summary: dict[str, Any]) -> str:
    lines = []
    for name, facts in summary["servers"].items():
        missing = [tool for tool, present in facts["toolsList"].get("paths", {}).items() if not present]
        if name == "verdex" and missing:
            lines.append(
                f"verdex's tools/list has no {' and no '.join(missing)}: the scripted assistant took "
                "browser_snapshot and the structural tools (resolve_container, inspect_pattern, extract_anchors, "
                "verify_locator) instead"
            )
    for name, facts in summary["servers"].items():
        tools = facts["toolsList"]
        lines.append(
            f"{name}: median {facts['medianTotalTokens']:g} tokens a task ({facts['medianAnswerTokens']:g} in answers, "
            f"{facts['medianCalls']:g} calls); tools/list {tools['tools']} tools, {tools['tokens']} tokens; "
            f"{facts['ok']}/{facts['tasks']} locators unique, intended and non-positional ({facts['okPercent']:g}%); "
            f"{facts['positional']} positional, {facts['generated']} on generated ids/classes"
        )
    if "ratioMedianTotalTokens" in summary:
        ratio = summary["ratioMedianTotalTokens"]
        met = "met" if ratio <= summary["targets"]["ratioAtMost"] else "not met"
        lines.append(
            f"verdex / Playwright MCP, median total tokens a task: {ratio:g}x (target <= 0.5x: {met}); "
            f"answers alone: {summary['ratioMedianAnswerTokens']:g}x"
        )
    verdex = summary["servers"].get("verdex")
    if verdex:
        met = "met" if verdex["okPercent"] >= summary["targets"]["verdexOkPercentAtLeast"] else "not met"
        lines.append(
            f"verdex locators unique, intended, non-positional: {verdex['okPercent']:g}% (target >= 95%: {met})"
        )
    return "\n".join(lines)


def _selected(ids: str | None) -> tuple[Task, ...]:
    if not ids:
        return TASKS
    wanted = [item.strip() for item in ids.split(",") if item.strip()]
    known = {task.id: task for task in TASKS}
    missing = [item for item in wanted if item not in known]
    if missing:
        raise SystemExit(f"unknown task ids: {', '.join(missing)}")
    return tuple(known[item] for item in wanted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.workflow", description=__doc__.split("\n\n")[1])
    parser.add_argument("--tasks", help="comma-separated task ids (default: all)")
    parser.add_argument("--servers", default=",".join(SERVERS), help="comma-separated: " + ", ".join(SERVERS))
    parser.add_argument("--verdex-arg", action="append", default=[], help="extra verdex serve argument (repeatable)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results file (default benchmarks/results.json)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args(argv)
    tasks = _selected(args.tasks)
    servers = tuple(name.strip() for name in args.servers.split(",") if name.strip())
    machine = describe_machine()

    def progress(attempt: Attempt) -> None:
        print(f"  {attempt.task.id} · {attempt.server}: {attempt.calls} calls", file=sys.stderr, flush=True)

    run = trio.run(run_workflow, tasks, servers, tuple(args.verdex_arg), progress)
    summary = summarize(run)
    print(render_table(run))
    print()
    print(render_summary(summary))
    if not args.no_write:
        update_results(
            "workflow",
            {
                "machine": machine,
                "playwrightMcp": playwright_mcp.VERSION if playwright_mcp.NAME in servers else None,
                "summary": summary,
                "attempts": [attempt.as_json() for attempt in run.attempts],
            },
            args.out,
        )
        print(f"\nwrote the key 'workflow' of {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
