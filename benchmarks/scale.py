"""Scale: snapshot and structural tool times on generated pages of about 1k, 10k and 50k elements,
against Playwright's AI snapshot (``page.aria_snapshot(mode="ai")``) on the same page.

Ours is ``browser_snapshot(maxChars=1000000)`` through the MCP client (the whole tree is built and
rendered whatever the limit; the high limit makes the text comparable); ``direct`` is the bridge's
``snapshot`` called from Python on a page of this process (no MCP, no server). Playwright's is
timed in its own process around ``page.aria_snapshot(mode="ai")``. The two are interleaved, one
of each per round, so load on the machine falls on both. Each side's time is its best round
(``min``: on a shared machine, the round least disturbed by other work; the first round, which
gives out the refs, is one of them, and p50/p95 are in the results too); the ratio is
Playwright's best over ours. Growth exponents are least-squares fits of log(best) on
log(elements): 1.0 is linear. ``domWalk`` is the floor of any snapshot on the page, measured in
the Playwright process's page: one TreeWalker pass reading each element's computed style (its
growth shows what the browser itself adds on big pages).
"""

from __future__ import annotations

import re
import time
from typing import Any

from benchmarks.harness import Answer, MCPServerUnderTest, PlaywrightReference, memory_of, open_verdex, process_tree
from benchmarks.pages import KINDS, PageKind
from benchmarks.stats import fit_exponent, summarize
from benchmarks.tokens import count_tokens
from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.page import Page, PageSettings

__all__ = ["SIZES", "measure_scale"]

#: Element counts the pages are generated for.
SIZES = (1_000, 10_000, 50_000)
#: maxChars of the measured snapshots (the tool's highest).
MAX_CHARS = 1_000_000
#: Pages with at least this many elements get ``LARGE_ROUNDS`` rounds (a round there takes
#: seconds) and no direct calls (the MCP cost is small next to the snapshot itself).
LARGE = 20_000
LARGE_ROUNDS = 2


def _nth_button(snapshot: str, name: str, occurrence: int) -> str:
    refs: list[str] = re.findall(r'- button "' + re.escape(name) + r'"[^\n]*?\[ref=(e\d+)\]', snapshot)
    if len(refs) < occurrence:
        raise RuntimeError(f"the snapshot has {len(refs)} buttons named {name!r}, fewer than {occurrence}")
    return refs[occurrence - 1]


async def measure_scale(
    generated_url: str,
    playwright: PlaywrightReference,
    files: dict[tuple[str, int], str],
    sizes: tuple[int, ...],
    repeat: int,
) -> dict[str, Any]:
    """Measure every kind of generated page at every size.

    Returns:
        ``{"pages": [{"kind", "size", "elements", "ours", "direct" (None on large pages), "playwright"
        (Timing), "ratio" (Playwright's best / ours), "oursChars", "playwrightChars", "oursTokens",
        "playwrightTokens", "truncated", "structural": {tool: Timing}, "memory"}],
        "exponents": {kind: {measure: exponent}}}``.
    """
    pages: list[dict[str, Any]] = []
    async with open_browser(BrowserOptions()) as browser, open_verdex() as server:
        context = await browser.new_context(PageSettings())
        direct_page = await context.new_page()
        for kind in KINDS:
            for size in sizes:
                url = generated_url + files[(kind.name, size)]
                pages.append(await _measure_page(server, direct_page, playwright, kind, size, url, repeat))
    exponents: dict[str, dict[str, float]] = {}
    for kind in KINDS:
        rows = [p for p in pages if p["kind"] == kind.name]
        if len(rows) < 2:
            continue
        elements = [p["elements"] for p in rows]
        fits = {
            "ours": [p["ours"]["min"] for p in rows],
            "playwright": [p["playwright"]["min"] for p in rows],
            "domWalk": [p["domWalk"]["min"] for p in rows],
        }
        for tool in rows[0]["structural"]:
            fits[tool] = [p["structural"][tool]["min"] for p in rows]
        exponents[kind.name] = {name: round(fit_exponent(elements, values), 2) for name, values in fits.items()}
    return {"sizes": list(sizes), "pages": pages, "exponents": exponents}


async def _measure_page(
    server: MCPServerUnderTest,
    direct_page: Page,
    playwright: PlaywrightReference,
    kind: PageKind,
    size: int,
    url: str,
    repeat: int,
) -> dict[str, Any]:
    large = size >= LARGE
    rounds = LARGE_ROUNDS if large else repeat
    await server.ok("browser_navigate", url=url)
    elements = (await playwright.request("goto", url=url))["elements"]
    if not large:
        await direct_page.navigate(url)
    ours: list[float] = []
    direct: list[float] = []
    theirs: list[float] = []
    walks: list[float] = []
    first: Answer | None = None
    their_text = ""
    for _ in range(rounds):
        answer = await server.ok("browser_snapshot", maxChars=MAX_CHARS)
        first = first or answer
        ours.append(answer.ms)
        reference = await playwright.request("snapshot", repeat=1)
        theirs += reference["ms"]
        their_text = reference["text"]
        if not large:
            direct.append(await _direct_ms(direct_page))
        walks.append(float((await playwright.request("walk"))["ms"]))
    assert first is not None
    ref = _nth_button(first.text, kind.button, kind.occurrence)
    structural: dict[str, list[float]] = {"resolve_container": [], "inspect_pattern": [], "extract_anchors": []}
    calls: dict[str, dict[str, Any]] = {
        "resolve_container": {"ref": ref},
        "inspect_pattern": {"ref": ref, "ancestorLevel": kind.container_level + 1},
        "extract_anchors": {"ref": ref, "ancestorLevel": kind.container_level},
    }
    for _ in range(rounds):
        for tool, arguments in calls.items():
            structural[tool].append((await server.ok(tool, **arguments)).ms)
    memory: dict[str, Any] = {}
    if server.pid:
        memory = {
            "server": memory_of([server.pid]),
            "browser": memory_of([pid for pid in process_tree(server.pid) if pid != server.pid]),
        }
    snapshot = str(first.data.get("snapshot", ""))
    return {
        "kind": kind.name,
        "size": size,
        "elements": elements,
        "ours": summarize(ours).as_json(),
        "direct": summarize(direct).as_json() if direct else None,
        "playwright": summarize(theirs).as_json(),
        "ratio": round(min(theirs) / min(ours), 2),
        "domWalk": summarize(walks).as_json(),
        "oursChars": len(snapshot),
        "playwrightChars": len(their_text),
        "oursTokens": count_tokens(snapshot),
        "playwrightTokens": count_tokens(their_text),
        "truncated": bool(first.data.get("truncated")),
        "structural": {tool: summarize(samples).as_json() for tool, samples in structural.items()},
        "memory": memory,
    }


async def _direct_ms(page: Page) -> float:
    start = time.perf_counter()
    await page.bridge().snapshot(max_chars=MAX_CHARS)
    return (time.perf_counter() - start) * 1000
