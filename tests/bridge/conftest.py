"""Helpers for the bridge tests: load a fixture page or inline HTML, call the bridge, find refs.

Every call goes through verdex's own ``Page`` (``tests/conftest.py``), whose CDP calls carry
their own timeouts (call and navigation timeouts of ``PageSettings``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from verdex.browser.page import Page
from verdex.cdp import protocol as cdp

URL = Callable[[str], str]
LoadHtml = Callable[[str], Awaitable[None]]


@pytest.fixture
def load_html(page: Page, fixture_url: URL) -> LoadHtml:
    """Open a fixture page, then replace its document's content with ``html`` (same document).

    Scripts in ``html`` do not run (innerHTML); tests that need script set it up with
    :func:`run_in_page`.
    """

    async def load(html: str) -> None:
        await page.navigate(fixture_url("shop.html"))
        await run_in_page(page, f"document.documentElement.innerHTML = {json.dumps(html)}")

    return load


async def run_in_page(page: Page, expression: str) -> Any:
    """Evaluate ``expression`` in the page's main world and return its JSON value."""
    answer = await page.session.send(
        cdp.Runtime.evaluate({"expression": expression, "returnByValue": True, "awaitPromise": True})
    )
    assert "exceptionDetails" not in answer, answer["exceptionDetails"]
    return answer["result"].get("value")


async def snapshot_text(page: Page, *, root: int | None = None, depth: int | None = None) -> str:
    return (await page.bridge().snapshot(root=root, depth=depth)).text


def ref_number(text: str, line_start: str, nth: int = 0) -> int:
    """The N of ``[ref=eN]`` on the ``nth`` snapshot line that starts (after indent) with ``line_start``."""
    found = [line for line in text.splitlines() if line.strip().removeprefix("- ").startswith(line_start)]
    assert len(found) > nth, f"no line {nth} starting with {line_start!r} in:\n{text}"
    match = re.search(r"\[ref=e(\d+)\]", found[nth])
    assert match, found[nth]
    return int(match.group(1))


def stripped_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]
