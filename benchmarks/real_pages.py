"""Real pages: verdex against Playwright's AI snapshot and Verdex (Node) on saved real web pages.

``python -m benchmarks.real_pages`` (``make bench-real``) serves ``../shared/corpora/real-pages``
(130 pages saved from real sites: news, blogs, documentation, forums; see its README) on
127.0.0.1 and, page by page, in one run:

1. **Snapshot**, interleaved round by round: verdex's ``browser_snapshot(maxChars=1000000)``
   through MCP (time, cl100k tokens of the text block, refs) and Playwright's
   ``page.aria_snapshot(mode="ai")`` on the same page in its own browser (time, tokens), and
   Verdex (Node)'s ``browser_snapshot`` when it runs (time, tokens). A page's time is the median
   of its rounds; verdex's is without the MCP client's check of the answer against the tool's
   outputSchema (timed apart, ``checkMs``: the instrument's cost, not the server's).
2. **Structure**: on the targets of :mod:`benchmarks.targets` (up to 3 elements whose role and
   name repeat on the page), ``resolve_container``, ``inspect_pattern`` and ``extract_anchors`` at
   the levels its rule picks from the first ``resolve_container``; then Verdex (Node)'s same walk
   on the same targets (mapped by role, name and occurrence in its own snapshot; levels by the
   same rule on its own ``resolve_container``); then, on verdex, ``browser_find`` (the target's
   name and role) and ``suggest_locator`` (its ref) when ``tools/list`` has them. Both servers'
   walks run in the same order, each walk's calls back to back, so neither server's structural
   call follows heavier work of its own. Each round also times the MCP+CDP floor (a no-op MCP
   request to ``verdex serve`` plus a bare ``Runtime.evaluate('1')``, :mod:`benchmarks.cdp_floor`).
   ``toolNoop`` is ``get_current_role`` on each server (a tool call that does not reach the
   browser: the MCP server's own cost per tool call). Tool times are without the MCP client's
   schema check of the answer (timed apart).

A page's time for each measure is its best sample (``bestMs``: snapshot rounds; targets x rounds
for a tool), as in :mod:`benchmarks.scale`: on a shared machine the sample least disturbed by
other work; the median of the samples is kept beside it (``ms``). The summary takes p50/p95 over
pages of the best samples, and the ratios page by page from them.

The pages' external resources are not there: every browser of the run resolves no host but
127.0.0.1 (``--host-resolver-rules``), so a request elsewhere fails at once as it would offline,
instead of waiting for this network's DNS (seconds per page), and all three see the same page.

verdex is driven only through ``verdex serve``'s MCP interface. Prints p50/p95 over pages, the
ratios, the floor, and the 10 worst pages of each measure; writes ``benchmarks/results.json``
under ``realPages``. ``VERDEX_NODE=/path/to/verdex-mcp`` (its checkout, built, or its
``dist/index.js``) adds Verdex (Node); without it that part is skipped with a note.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import trio

from benchmarks.cdp_floor import CDPFloor, open_cdp_floor
from benchmarks.harness import (
    ROOT,
    Answer,
    MCPServerUnderTest,
    PlaywrightReference,
    open_playwright,
    open_verdex,
    serve_fixtures,
)
from benchmarks.machine import describe_machine, load_average
from benchmarks.real_pages_report import real_pages_tables, summarize_real_pages
from benchmarks.results_file import RESULTS, update_results
from benchmarks.targets import RefLine, node_walk_levels, pick_targets, snapshot_refs, walk_levels
from benchmarks.tokens import count_tokens
from benchmarks.verdex_node import describe_checkout, node_entry, open_verdex_node

__all__ = ["CORPUS", "MAX_CHARS", "STRUCTURAL", "measure_page", "measure_real_pages", "offline_browser"]

CORPUS = ROOT.parent / "shared" / "corpora" / "real-pages"
#: maxChars of the measured snapshots (the tool's highest: the whole tree, as Playwright's).
MAX_CHARS = 1_000_000
STRUCTURAL = ("resolve_container", "inspect_pattern", "extract_anchors")
#: Tools measured on the targets when ``tools/list`` has them (not yet, at the time of writing).
OPTIONAL = ("browser_find", "suggest_locator")
#: Hosts no browser of the run may resolve (Chromium's ``--host-resolver-rules`` syntax).
HOST_RULES = "MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


def offline_browser(directory: Path, browser: str) -> str:
    """Write an executable that runs ``browser`` with :data:`HOST_RULES`; returns its path."""
    path = directory / "chromium-offline"
    path.write_text(f"#!/bin/sh\nexec '{browser}' '--host-resolver-rules={HOST_RULES}' \"$@\"\n")
    path.chmod(0o755)
    return str(path)


def machine_browser() -> str:
    """The browser every side of the run uses: ``VERDEX_BROWSER``, else ``chromium`` on PATH."""
    found = os.environ.get("VERDEX_BROWSER") or shutil.which("chromium") or shutil.which("google-chrome")
    if not found:
        raise SystemExit("no Chromium found: set VERDEX_BROWSER=/path/to/chrome")
    return found


def _median(values: Sequence[float]) -> float:
    return round(statistics.median(values), 3)


def _best(values: Sequence[float]) -> float:
    return round(min(values), 3)


def corpus_pages(corpus: Path = CORPUS) -> list[str]:
    """The corpus's page files, sorted by name."""
    return sorted(p.name for p in corpus.glob("*.html"))


def _times(answers: Sequence[Answer]) -> dict[str, float]:
    """``ms`` (median) and ``bestMs`` (least) of calls without the client's schema check, ``checkMs``.

    The check is timed apart, on a second validation of the same answer; its median is taken off
    every call (taking each call's own second timing off would let a slow second validation make
    that call look fast, and the least call would pick it).
    """
    check = statistics.median([a.check_ms for a in answers])
    return {
        "ms": round(statistics.median([a.ms for a in answers]) - check, 3),
        "bestMs": round(min(a.ms for a in answers) - check, 3),
        "checkMs": round(check, 3),
    }


class _Walk:
    """One target's calls on one server, with the levels its rule chose."""

    def __init__(self, target: RefLine, ref: str, levels: tuple[int, int] | None) -> None:
        self.target = target
        self.ref = ref
        self.levels = levels

    def calls(self) -> list[tuple[str, dict[str, Any]]]:
        calls: list[tuple[str, dict[str, Any]]] = [("resolve_container", {"ref": self.ref})]
        if self.levels is not None:
            pattern, anchors = self.levels
            calls.append(("inspect_pattern", {"ref": self.ref, "ancestorLevel": pattern}))
            calls.append(("extract_anchors", {"ref": self.ref, "ancestorLevel": anchors}))
        return calls


class _Samples:
    """Timed answers of one server on one page, by tool."""

    def __init__(self) -> None:
        self.answers: dict[str, list[Answer]] = {}
        self.tokens: dict[str, list[int]] = {}
        self.errors: dict[str, list[str]] = {}

    def add(self, tool: str, answer: Answer, first: bool) -> None:
        if answer.is_error:
            self.errors.setdefault(tool, []).append(answer.text[:200])
            return
        self.answers.setdefault(tool, []).append(answer)
        if first:
            self.tokens.setdefault(tool, []).append(count_tokens(answer.text))

    def as_json(self) -> dict[str, Any]:
        tools: dict[str, Any] = {}
        for tool in sorted(set(self.answers) | set(self.errors)):
            answers = self.answers.get(tool, [])
            entry: dict[str, Any] = {"n": len(answers)}
            if answers:
                entry.update(_times(answers))
                entry["tokens"] = round(statistics.median(self.tokens.get(tool, [0])))
            if tool in self.errors:
                entry["errors"] = len(self.errors[tool])
                entry["error"] = self.errors[tool][0]
            tools[tool] = entry
        return tools


async def _answer_dialogs(server: MCPServerUnderTest, most: int = 20) -> int:
    """Accept the dialogs a page opens while it loads (``alert('...')`` in an inline script), as
    Playwright does by default; returns how many were answered."""
    answered = 0
    for _ in range(most):
        answer = await server.call("browser_handle_dialog", accept=True)
        if answer.is_error and "no dialog is open" in answer.text:
            break
        answered += 1  # an error here is the next dialog interrupting this answer: answer it too
    return answered


async def _walks(server: MCPServerUnderTest, targets: list[RefLine], node: bool) -> list[_Walk]:
    """A walk per target: its ``resolve_container`` (not timed) gives the levels."""
    walks = []
    for target in targets:
        answer = await server.call("resolve_container", ref=target.ref)
        if answer.is_error:
            walks.append(_Walk(target, target.ref, None))
            continue
        levels = node_walk_levels(answer.text) if node else walk_levels(answer.data.get("ancestors", []))
        walks.append(_Walk(target, target.ref, levels))
    return walks


async def _snapshots(
    verdex: MCPServerUnderTest,
    playwright: PlaywrightReference | None,
    node: MCPServerUnderTest | None,
    rounds: int,
) -> tuple[list[Answer], list[float], str, list[Answer]]:
    ours: list[Answer] = []
    theirs: list[float] = []
    their_text = ""
    node_answers: list[Answer] = []
    for _ in range(rounds):
        ours.append(await verdex.ok("browser_snapshot", maxChars=MAX_CHARS))
        if playwright is not None:
            reference = await playwright.request("snapshot", repeat=1)
            theirs += reference["ms"]
            their_text = reference["text"]
        if node is not None:
            node_answers.append(await node.ok("browser_snapshot"))
    return ours, theirs, their_text, node_answers


async def measure_page(
    verdex: MCPServerUnderTest,
    playwright: PlaywrightReference | None,
    floor: CDPFloor,
    node: MCPServerUnderTest | None,
    url: str,
    page: str,
    rounds: int,
    tools: set[str],
) -> dict[str, Any]:
    """Every measure of one page (see the module docstring).

    Args:
        verdex: ``verdex serve``.
        playwright: Playwright's worker (None: not measured).
        floor: the bare CDP page of the floor.
        node: Verdex (Node) (None: not measured).
        url: the page's URL.
        page: its file name (the row's name).
        rounds: snapshot rounds, and rounds over the targets.
        tools: the names in verdex's ``tools/list``.

    Returns:
        ``{"page", "navigateMs", "elements", "dialogs"?, "snapshot": {"ms", "bestMs", "checkMs", "tokens",
        "snapshotTokens", "chars", "refs", "truncated"}, "playwright": {"ms", "bestMs", "tokens", "chars"},
        "targets": [{"ref", "role", "name", "levels"}], "tools": {tool: {"n", "ms", "bestMs", "checkMs",
        "tokens", "errors"?}}, "floor": {"noop", "cdp", "floor", "best", "toolNoop", "toolNoopBest"},
        "verdexNode"?: {...}}``, or ``{"page", "error"}`` when verdex could not open it. Times are
        milliseconds: ``ms`` the median of the samples, ``bestMs`` the least (a tool's: the call
        without the client's schema check); the floor's ``best`` is the least no-op plus the least
        CDP round trip.
    """
    row: dict[str, Any] = {"page": page}
    navigated = await verdex.call("browser_navigate", url=url)
    if navigated.is_error and "dialog" in navigated.text:
        row["dialogs"] = await _answer_dialogs(verdex)
    elif navigated.is_error:
        return {**row, "error": navigated.text[:300]}
    row["navigateMs"] = round(navigated.ms, 1)
    if playwright is not None:
        try:
            row["elements"] = (await playwright.request("goto", url=url))["elements"]
        except RuntimeError as exc:
            row["playwrightError"] = str(exc)[:300]
            playwright = None
    node_row: dict[str, Any] = {}
    if node is not None and row.get("dialogs"):
        # Verdex (Node) answers no dialog: its page would stay blocked (and its navigation time out).
        node_row["error"] = "not measured: the page opens dialogs, which Verdex (Node) does not answer"
        node = None
    if node is not None:
        opened = await node.call("browser_navigate", url=url)
        if opened.is_error:
            node_row["error"] = opened.text[:300]
            node = None
    ours, theirs, their_text, node_snapshots = await _snapshots(verdex, playwright, node, rounds)
    last = ours[-1]
    row["snapshot"] = {
        **_times(ours),
        "tokens": count_tokens(last.text),
        "snapshotTokens": count_tokens(str(last.data.get("snapshot", ""))),
        "chars": len(last.text),
        "refs": int(last.data.get("refCount", 0)),
        "truncated": bool(last.data.get("truncated")),
    }
    if theirs:
        row["playwright"] = {
            "ms": _median(theirs),
            "bestMs": _best(theirs),
            "tokens": count_tokens(their_text),
            "chars": len(their_text),
        }

    targets = pick_targets(snapshot_refs(last.text))
    walks = await _walks(verdex, targets, node=False)
    row["targets"] = [
        {"ref": w.ref, "role": w.target.role, "name": w.target.name, "levels": list(w.levels) if w.levels else None}
        for w in walks
    ]
    node_walks: list[_Walk] = []
    if node is not None:
        node_text = node_snapshots[-1].text
        node_refs = {(r.role, r.name, r.occurrence): r.ref for r in snapshot_refs(node_text)}
        mapped = [
            RefLine(node_refs[key], t.role, t.name, t.occurrence)
            for t in targets
            if (key := (t.role, t.name, t.occurrence)) in node_refs
        ]
        node_walks = await _walks(node, mapped, node=True)
        node_row["snapshot"] = {
            "ms": _median([a.ms for a in node_snapshots]),
            "bestMs": _best([a.ms for a in node_snapshots]),
            "tokens": count_tokens(node_text),
            "refs": len(snapshot_refs(node_text)),
        }
        node_row["targets"] = [{"ref": w.ref, "levels": list(w.levels) if w.levels else None} for w in node_walks]
        node_row["mapped"] = len(node_walks)

    optional = [tool for tool in OPTIONAL if tool in tools]
    ours_samples, node_samples = _Samples(), _Samples()
    noops: list[float] = []
    cdps: list[float] = []
    tool_noops: list[float] = []
    node_noops: list[float] = []
    for round_ in range(rounds):
        noops.append(await verdex.noop())
        cdps.append(await floor.round_trip())
        tool_noops.append((await verdex.ok("get_current_role")).server_ms)
        if node is not None:
            node_noops.append((await node.ok("get_current_role")).server_ms)
        for walk in walks:
            for tool, arguments in walk.calls():
                ours_samples.add(tool, await verdex.call(tool, **arguments), first=round_ == 0)
        if node is not None:
            for walk in node_walks:
                for tool, arguments in walk.calls():
                    node_samples.add(tool, await node.call(tool, **arguments), first=round_ == 0)
        for walk in walks:
            if "browser_find" in optional:
                answer = await verdex.call("browser_find", text=walk.target.name, role=walk.target.role)
                ours_samples.add("browser_find", answer, first=round_ == 0)
            if "suggest_locator" in optional:
                ours_samples.add("suggest_locator", await verdex.call("suggest_locator", ref=walk.ref), round_ == 0)
    row["tools"] = ours_samples.as_json()
    noop, cdp = _median(noops), _median(cdps)
    row["floor"] = {
        "noop": noop,
        "cdp": cdp,
        "floor": round(noop + cdp, 3),
        "best": round(_best(noops) + _best(cdps), 3),
        "toolNoop": _median(tool_noops),
        "toolNoopBest": _best(tool_noops),
    }
    if node_noops:
        node_row["toolNoop"] = _median(node_noops)
        node_row["toolNoopBest"] = _best(node_noops)
    if node_row:
        node_row["tools"] = node_samples.as_json()
        row["verdexNode"] = node_row
    return row


async def measure_real_pages(
    pages: list[str],
    rounds: int,
    node: Path | None,
    corpus: Path = CORPUS,
    playwright: bool = True,
    log: bool = True,
) -> dict[str, Any]:
    """Measure ``pages`` of ``corpus`` (see the module docstring); returns the results' ``realPages`` value.

    Args:
        pages: file names in ``corpus``.
        rounds: rounds per page (snapshots, and walks over the targets).
        node: Verdex (Node)'s entry script, or None to skip it.
        corpus: the folder served.
        playwright: measure Playwright's AI snapshot too.
        log: one line per page on stderr.
    """
    started = time.perf_counter()
    result: dict[str, Any] = {
        "machine": describe_machine(),
        "settings": {"rounds": rounds, "maxChars": MAX_CHARS, "hostResolverRules": HOST_RULES},
        "notes": [],
    }
    with tempfile.TemporaryDirectory(prefix="verdex-bench-real-") as directory:
        browser = offline_browser(Path(directory), machine_browser())
        async with AsyncExitStack() as stack:
            base_url = await stack.enter_async_context(serve_fixtures(corpus))
            verdex = await stack.enter_async_context(open_verdex("--browser", browser))
            floor = await stack.enter_async_context(open_cdp_floor(browser))
            reference = await stack.enter_async_context(open_playwright(browser)) if playwright else None
            peer = None
            if node is not None:
                peer = await stack.enter_async_context(open_verdex_node(node, browser))
                result["verdexNode"] = describe_checkout(node)
            else:
                result["notes"].append(
                    "Verdex (Node) not measured: set VERDEX_NODE to a built checkout of verdexhq/verdex-mcp"
                )
            tools = set(await verdex.tool_names())
            for tool in OPTIONAL:
                if tool not in tools:
                    result["notes"].append(f"{tool} not measured: verdex serve does not list it")
            await verdex.ok("browser_initialize")
            rows = []
            for index, page in enumerate(pages, 1):
                row = await measure_page(verdex, reference, floor, peer, base_url + page, page, rounds, tools)
                rows.append(row)
                if log:
                    print(f"[{index}/{len(pages)}] {_log_line(row)}", file=sys.stderr, flush=True)
    result["pages"] = rows
    result["summary"] = summarize_real_pages(rows)
    result["machine"]["loadAverageEnd"] = load_average()
    result["durationSeconds"] = round(time.perf_counter() - started, 1)
    return result


def _log_line(row: dict[str, Any]) -> str:
    if "error" in row:
        return f"{row['page']}: error {row['error'][:80]}"
    tools = " ".join(f"{t[:3]} {row['tools'][t]['bestMs']:.1f}" for t in STRUCTURAL if "ms" in row["tools"].get(t, {}))
    pw = row.get("playwright", {}).get("bestMs", 0.0)
    return f"{row['page']}: best ms: snapshot {row['snapshot']['bestMs']:.1f} (Playwright {pw:.1f}), {tools}"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.real_pages", description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", default="", help="comma-separated page files (default: every page of the corpus)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N pages (by name)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per page (default 3)")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="folder of pages (default: the corpus)")
    parser.add_argument("--no-playwright", action="store_true", help="skip Playwright's AI snapshot")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results file (key realPages)")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    pages = [p for p in args.pages.split(",") if p] or corpus_pages(args.corpus)
    if args.limit:
        pages = pages[: args.limit]
    entry = node_entry()
    result = trio.run(measure_real_pages, pages, args.rounds, entry, args.corpus, not args.no_playwright)
    update_results("realPages", result, args.out)
    print(real_pages_tables(result))
    print(f"\n{result['durationSeconds']:.0f} s; results in {args.out} (key realPages)")


if __name__ == "__main__":
    main()
