"""verdex's side: the targets of each page and the suggestions for them, in process."""

from __future__ import annotations

import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks.tokens import count_tokens
from tests.locator.harness import STAMP_ATTRIBUTE, stamp_frames
from verdex.browser.browser import Browser
from verdex.browser.dialogs import dismiss_dialogs
from verdex.browser.page import PageSettings
from verdex.browser.snapshot import take_snapshot
from verdex.errors import VerdexError
from verdex.locator.suggest import suggest_locators
from verdex.server.tools_suggest import render_suggestions

__all__ = ["PER_PAGE", "Line", "Target", "collect", "every_ref", "repeated_role_and_name"]

#: Real pages: targets a page at most (evenly spaced in snapshot order).
PER_PAGE = 12
_LINE = re.compile(r'^\s*- (?P<role>[\w-]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?[^\n]*?\[ref=(?P<ref>[^\]]+)\]')


@dataclass(frozen=True)
class Line:
    """A snapshot line with a ref: its role, its name (quoted as in the snapshot) and its ref."""

    role: str
    name: str | None
    ref: str


@dataclass
class Target:
    """One target and what verdex suggested for it.

    Attributes:
        page: the page's name (its path under the served folder).
        url: the page's URL.
        ref, stamp: the element (its ref in verdex, its stamp for the judge).
        role, name: as the snapshot line shows them.
        locators: the suggestions in TypeScript, best first (empty: none).
        positional: the best suggestion uses a position.
        ms: the engine's time for this target, milliseconds.
        tokens: the answer text's size, cl100k.
        error: why there is no answer (a refused ref ...).
    """

    page: str
    url: str
    ref: str
    stamp: str
    role: str
    name: str | None
    locators: list[str] = field(default_factory=list)
    positional: bool = False
    ms: float = 0.0
    tokens: int = 0
    error: str | None = None


def lines_of(snapshot: str) -> list[Line]:
    """The ref lines of a snapshot text."""
    found = []
    for text in snapshot.splitlines():
        match = _LINE.match(text)
        if match:
            found.append(Line(match["role"], match["name"], match["ref"]))
    return found


def every_ref(lines: list[Line]) -> list[Line]:
    """Fixtures: every line with a ref (iframe lines aside: their content has its own refs)."""
    return [line for line in lines if line.role != "iframe"]


def repeated_role_and_name(lines: list[Line], per_page: int = PER_PAGE) -> list[Line]:
    """Real pages: the lines whose role and name (named ones only) occur on more than one line, at most
    ``per_page`` of them, evenly spaced in snapshot order."""
    counts = Counter((line.role, line.name) for line in lines if line.name)
    repeated = [line for line in lines if line.name and counts[(line.role, line.name)] > 1]
    if len(repeated) <= per_page:
        return repeated
    return [repeated[i * len(repeated) // per_page] for i in range(per_page)]


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


async def collect(
    browser: Browser,
    pages: list[tuple[str, str]],
    choose: Callable[[list[Line]], list[Line]],
    *,
    test_id_attribute: str = "data-testid",
) -> list[Target]:
    """Navigate to each ``(name, url)``, stamp it, take its snapshot, and ask for suggestions for the targets
    ``choose`` picks among its ref lines."""
    targets: list[Target] = []
    context = await browser.new_context(PageSettings(test_id_attribute=test_id_attribute))
    try:
        page = await context.new_page()
        for number, (name, url) in enumerate(pages, 1):
            try:
                # As browser_navigate leaves a page: a dialog the page before left open is answered, not waited on.
                async with dismiss_dialogs(page):
                    await page.navigate(url)
                snapshot = await take_snapshot(page, max_chars=5_000_000)
                await stamp_frames(page)
            except VerdexError as exc:
                _log(f"  {name}: skipped ({exc})")
                continue
            chosen = choose(lines_of(snapshot.text))
            started = time.perf_counter()
            for line in chosen:
                targets.append(await _one(page, name, url, line, test_id_attribute))
            _log(f"  [{number}/{len(pages)}] {name}: {len(chosen)} targets in {time.perf_counter() - started:.1f} s")
    finally:
        await context.close()
    return targets


async def _one(page: object, name: str, url: str, line: Line, test_id_attribute: str) -> Target:
    from verdex.browser.page import Page

    assert isinstance(page, Page)
    target = Target(name, url, line.ref, "", line.role, line.name)
    try:
        bridge, number = page.bridge_at(line.ref)
        state = await bridge.element_state(number, attribute=STAMP_ATTRIBUTE)
        target.stamp = state.attribute or ""
        started = time.perf_counter()
        found = await suggest_locators(page, line.ref, test_id_attribute=test_id_attribute)
        target.ms = (time.perf_counter() - started) * 1000
    except VerdexError as exc:
        target.error = str(exc).splitlines()[0]
        return target
    text, _ = render_suggestions(found)
    target.tokens = count_tokens(text)
    target.locators = [suggestion.locator for suggestion in found.suggestions]
    target.positional = bool(found.suggestions and found.suggestions[0].positional)
    return target
