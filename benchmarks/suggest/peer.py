"""Playwright MCP's ``browser_generate_locator`` for the same targets, judged the same way.

Playwright MCP (pinned in benchmarks/peers) runs as a user runs it (benchmarks/workflow/playwright_mcp.py).
Per page: ``browser_navigate``; the page's elements stamped with the judge's script (``browser_evaluate``);
``browser_snapshot``; the stamps of the elements of the ref lines whose role is a target's role, in one
``browser_run_code_unsafe`` call (``page.locator('aria-ref=eN')``, the selector Playwright MCP resolves its
own refs with), so each of our targets has its Playwright MCP ref; then ``browser_generate_locator`` for it.
(One ``browser_evaluate`` per ref line took hours on the large fixture pages: every action answer of
Playwright MCP carries the page's new snapshot.) Its raw answer (``getByRole(...).first()`` ...) is prefixed with
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
from benchmarks.workflow.metered import MeteredServer
from benchmarks.workflow.playwright_mcp import open_playwright_mcp, result_text
from tests.locator.harness import STAMP

__all__ = ["peer_survival"]

_LINE = re.compile(r'^\s*- (?P<role>[\w-]+)(?: "(?:[^"\\]|\\.)*")?[^\n]*?\[ref=(?P<ref>[^\]]+)\]')
#: In Playwright MCP's process: the stamp of each ref's element ({ref: stamp}; a ref it cannot resolve left out).
_STAMPS_OF = """async (page) => {
  const out = {};
  for (const ref of REFS) {
    try {
      out[ref] = await page.locator('aria-ref=' + ref).getAttribute('vx-stamp', { timeout: 2000 });
    } catch (error) {}
  }
  return out;
}"""


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


async def _stamps(server: MeteredServer, refs: list[str]) -> dict[str, str]:
    """{stamp: Playwright MCP ref} of the elements of ``refs`` (the first ref of each stamp).

    Raises:
        RuntimeError: Playwright MCP refused the call or answered something else than a JSON object.
    """
    if not refs:
        return {}
    answer = await server.call("browser_run_code_unsafe", code=_STAMPS_OF.replace("REFS", json.dumps(refs)))
    text = result_text(answer.text)
    try:
        by_ref = json.loads(text.splitlines()[0]) if not answer.is_error else None
    except (ValueError, IndexError):
        by_ref = None
    if not isinstance(by_ref, dict):
        raise RuntimeError(f"Playwright MCP's browser_run_code_unsafe answered: {answer.text[:300]}")
    found: dict[str, str] = {}
    for ref in refs:
        stamp = by_ref.get(ref)
        if isinstance(stamp, str):
            found.setdefault(stamp, ref)
    return found


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
            lines = [
                match["ref"] for match in map(_LINE.match, snapshot.splitlines()) if match and match["role"] in roles
            ]
            refs = await _stamps(server, lines)
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
