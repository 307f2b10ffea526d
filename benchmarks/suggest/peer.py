"""Playwright MCP's ``browser_generate_locator`` for the same targets, judged the same way.

Playwright MCP (pinned in benchmarks/peers) runs as a user runs it (benchmarks/workflow/playwright_mcp.py).
Per page: ``browser_navigate``; the page's elements stamped with the judge's script (``browser_evaluate``);
``browser_snapshot``; each ref line whose role is a target's role asked for its element's stamp
(``browser_evaluate`` on the ref), so each of our targets has its Playwright MCP ref; then
``browser_generate_locator`` for it. Its raw answer (``getByRole(...).first()`` ...) is prefixed with
``page.`` and judged on the page as loaded and after each change, as verdex's top suggestion is.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from typing import Any

from benchmarks.suggest.collect import Target
from benchmarks.suggest.judge import CHANGES, Group, judge
from benchmarks.workflow.playwright_mcp import open_playwright_mcp, result_text
from tests.locator.harness import STAMP

__all__ = ["peer_survival"]

_LINE = re.compile(r'^\s*- (?P<role>[\w-]+)(?: "(?:[^"\\]|\\.)*")?[^\n]*?\[ref=(?P<ref>[^\]]+)\]')
_STAMP_OF = "(element) => element.getAttribute('data-vx-i')"


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


async def peer_survival(targets: list[Target]) -> dict[str, Any]:
    """Playwright MCP's locator for each target (that it can reach), judged as loaded and after each change."""
    by_url: dict[str, list[Target]] = {}
    for target in targets:
        if target.stamp:
            by_url.setdefault(target.url, []).append(target)
    generated: dict[tuple[str, str], str] = {}
    async with open_playwright_mcp() as server:
        for number, (url, items) in enumerate(by_url.items(), 1):
            await server.call("browser_navigate", url=url)
            await server.call("browser_evaluate", function=f"() => {STAMP}")
            snapshot = result_text((await server.call("browser_snapshot")).text)
            roles = {target.role for target in items}
            refs: dict[str, str] = {}
            for line in snapshot.splitlines():
                match = _LINE.match(line)
                if not match or match["role"] not in roles:
                    continue
                answer = await server.call(
                    "browser_evaluate", function=_STAMP_OF, element="element", target=match["ref"]
                )
                try:
                    stamp = json.loads(result_text(answer.text).splitlines()[0])
                except (ValueError, IndexError):
                    continue
                if isinstance(stamp, str):
                    refs.setdefault(stamp, match["ref"])
            for target in items:
                ref = refs.get(target.stamp)
                if ref is None:
                    continue
                answer = await server.call(
                    "browser_generate_locator", element=f"{target.role} {target.name or ''}".strip(), target=ref
                )
                if not answer.is_error:
                    text = result_text(answer.text).strip().strip("`").strip()
                    generated[(target.page, target.ref)] = text if text.startswith("page.") else f"page.{text}"
            _log(f"  Playwright MCP [{number}/{len(by_url)}] {url}: {len(items)} targets")
    reached = [t for t in targets if (t.page, t.ref) in generated]
    kinds = ("loaded", *CHANGES)
    urls: dict[str, list[Target]] = {}
    for target in reached:
        urls.setdefault(target.url, []).append(target)
    groups = [
        Group(url, tuple(generated[(t.page, t.ref)] for t in items), None if kind == "loaded" else kind)
        for kind in kinds
        for url, items in urls.items()
    ]
    verdicts = judge(groups)
    survived: Counter[str] = Counter()
    positional = sum(bool(re.search(r"\.(nth|first|last)\(", generated[(t.page, t.ref)])) for t in reached)
    index = 0
    for kind in kinds:
        for _url, items in urls.items():
            for target, verdict in zip(items, verdicts[index], strict=True):
                survived[kind] += verdict.finds(target.stamp)
            index += 1
    correct = survived["loaded"]
    changed = sum(survived[change] for change in CHANGES)
    cases = len(reached) * len(CHANGES)
    print(
        f"Playwright MCP browser_generate_locator: {len(reached)} of {len(targets)} targets reached; "
        f"{correct} unique and intended as loaded; {positional} positional; survival "
        + ", ".join(f"{change} {survived[change]}/{len(reached)}" for change in CHANGES)
        + f"; all cases {changed}/{cases} ({round(100 * changed / cases, 1) if cases else '-'}%)"
    )
    return {
        "reached": len(reached),
        "targets": len(targets),
        "correct": correct,
        "positional": positional,
        "changes": {change: {"survived": survived[change], "of": len(reached)} for change in CHANGES},
        "survived": changed,
        "cases": cases,
        "percent": round(100 * changed / cases, 1) if cases else None,
    }
