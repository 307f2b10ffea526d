"""One run of the workflow benchmark: every task on every server, then the judge on every locator.

Both servers run side by side in the same run, each its own process with its own browser, for the
whole run; a task starts with a navigation, so tasks do not see each other's state (the consent
dialog is open again on every load). The fixture server serves ``fixtures/workflow`` on 127.0.0.1.
"""

from __future__ import annotations

import statistics
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any

import trio

from benchmarks.harness import ROOT, serve_fixtures
from benchmarks.workflow import playwright_mcp, verdex_runner
from benchmarks.workflow.judge import Verdict, judge
from benchmarks.workflow.metered import MeteredServer, Transcript
from benchmarks.workflow.tasks import Task

__all__ = ["PAGES_DIR", "SERVERS", "Attempt", "Run", "run_workflow", "summarize"]

PAGES_DIR = ROOT / "fixtures" / "workflow"
#: The servers, in table order.
SERVERS = (verdex_runner.NAME, playwright_mcp.NAME)

Runner = Callable[[MeteredServer, str, Task], Awaitable[str | None]]
_RUNNERS: dict[str, Runner] = {verdex_runner.NAME: verdex_runner.run_task, playwright_mcp.NAME: playwright_mcp.run_task}


@dataclass
class Attempt:
    """One task on one server: what it cost, the locator handed over and Playwright's verdict."""

    task: Task
    server: str
    transcript: Transcript
    tools_tokens: int
    locator: str | None
    verdict: Verdict | None = None

    @property
    def calls(self) -> int:
        return len(self.transcript.calls)

    @property
    def answer_tokens(self) -> int:
        return self.transcript.answer_tokens

    @property
    def definition_tokens(self) -> int:
        """``tools/list`` tokens × calls: the tool definitions, paid on every call."""
        return self.tools_tokens * self.calls

    @property
    def total_tokens(self) -> int:
        return self.answer_tokens + self.definition_tokens

    def as_json(self) -> dict[str, Any]:
        return {
            "task": self.task.id,
            "server": self.server,
            "calls": self.calls,
            "answerTokens": self.answer_tokens,
            "toolsListTokensTimesCalls": self.definition_tokens,
            "totalTokens": self.total_tokens,
            "locator": self.locator,
            "verdict": self.verdict.as_json() if self.verdict else None,
            "path": self.transcript.notes,
            "toolCalls": [call.as_json() for call in self.transcript.calls],
        }


@dataclass
class Run:
    """A whole run: the attempts in task order (each task's servers in :data:`SERVERS` order), and
    what each server's ``tools/list`` held."""

    attempts: list[Attempt] = field(default_factory=list)
    tools: dict[str, dict[str, Any]] = field(default_factory=dict)

    def of(self, server: str) -> list[Attempt]:
        return [attempt for attempt in self.attempts if attempt.server == server]


async def run_workflow(
    tasks: tuple[Task, ...] | list[Task],
    servers: tuple[str, ...] = SERVERS,
    verdex_args: tuple[str, ...] = (),
    progress: Callable[[Attempt], None] | None = None,
) -> Run:
    """Run ``tasks`` on ``servers`` and judge every locator.

    Args:
        tasks: the tasks, in order.
        servers: names from :data:`SERVERS`.
        verdex_args: extra ``verdex serve`` arguments.
        progress: called with each attempt as it ends (before the judge).
    """
    run = Run()
    async with serve_fixtures(PAGES_DIR) as base_url, AsyncExitStack() as stack:
        connected: dict[str, MeteredServer] = {}
        for name in servers:
            if name == verdex_runner.NAME:
                server = await stack.enter_async_context(verdex_runner.open_verdex_server(*verdex_args))
            elif name == playwright_mcp.NAME:
                server = await stack.enter_async_context(playwright_mcp.open_playwright_mcp())
            else:
                raise ValueError(f"unknown server {name!r}; servers: {', '.join(SERVERS)}")
            connected[name] = server
            run.tools[name] = {
                "tools": len(server.tools),
                "tokens": server.tools_tokens,
                "chars": len(server.tools_json),
                "paths": {tool: server.has(tool) for tool in ("browser_find", "suggest_locator")},
            }
        for task in tasks:
            for name, server in connected.items():
                transcript = server.start_task()
                locator = await _RUNNERS[name](server, base_url, task)
                attempt = Attempt(task, name, transcript, server.tools_tokens, locator)
                run.attempts.append(attempt)
                if progress is not None:
                    progress(attempt)
        cases = [(task.page, task.oracle, [a.locator for a in run.attempts if a.task is task]) for task in tasks]
        verdicts = await trio.to_thread.run_sync(judge, base_url, cases)
    by_task = iter(verdicts)
    for task in tasks:
        row = iter(next(by_task))
        for attempt in run.attempts:
            if attempt.task is task:
                attempt.verdict = next(row)
    return run


def summarize(run: Run) -> dict[str, Any]:
    """Per server: median calls, answer tokens and total tokens per task, the share of locators that
    are unique, on the intended element and not positional, and ``tools/list``; then the ratio of
    verdex's median total to Playwright MCP's when both ran (the issue's target: at most 0.5)."""
    servers: dict[str, Any] = {}
    for name, tools in run.tools.items():
        attempts = run.of(name)
        if not attempts:
            continue
        ok = sum(1 for attempt in attempts if attempt.verdict is not None and attempt.verdict.ok)
        servers[name] = {
            "tasks": len(attempts),
            "toolsList": tools,
            "medianCalls": statistics.median(a.calls for a in attempts),
            "medianAnswerTokens": statistics.median(a.answer_tokens for a in attempts),
            "medianTotalTokens": statistics.median(a.total_tokens for a in attempts),
            "ok": ok,
            "okPercent": round(100 * ok / len(attempts), 1),
            "unique": sum(1 for a in attempts if a.verdict is not None and a.verdict.unique),
            "intended": sum(1 for a in attempts if a.verdict is not None and a.verdict.intended),
            "positional": sum(1 for a in attempts if a.verdict is not None and a.verdict.positional),
            "generated": sum(1 for a in attempts if a.verdict is not None and a.verdict.generated),
        }
    summary: dict[str, Any] = {"servers": servers}
    mine, theirs = servers.get(verdex_runner.NAME), servers.get(playwright_mcp.NAME)
    if mine and theirs:
        summary["ratioMedianTotalTokens"] = round(mine["medianTotalTokens"] / theirs["medianTotalTokens"], 3)
        summary["ratioMedianAnswerTokens"] = round(mine["medianAnswerTokens"] / theirs["medianAnswerTokens"], 3)
    summary["targets"] = {
        "ratioAtMost": 0.5,
        "verdexOkPercentAtLeast": 95.0,
    }
    return summary
