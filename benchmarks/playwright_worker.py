"""Playwright's side of the benchmarks, in a process of its own (its sync API cannot run under trio).

Reads one JSON request a line on stdin, answers one JSON line on stdout, until stdin closes.
Requests (``op``): ``ready``; ``goto {url}`` -> ``{elements}`` (``getElementsByTagName('*')``);
``snapshot {repeat}`` -> ``{ms: [...], text}``, each ``page.aria_snapshot(mode="ai")`` timed;
``html`` -> ``{html}`` (the page's outerHTML); ``locator {steps}`` -> ``{count, html}`` (how many
elements the locator matches, and the first one's outerHTML). Failures answer ``{error}``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from playwright.sync_api import Page

from tests.oracle import locate, playwright_browser
from verdex.compose import Step


def _steps(data: list[dict[str, Any]]) -> list[Step]:
    return [
        Step(
            item["method"],
            item["argument"],
            tuple(
                (key, tuple(_steps(value["steps"])) if isinstance(value, dict) else value)
                for key, value in item["options"]
            ),
        )
        for item in data
    ]


def _handle(page: Page, request: dict[str, Any]) -> dict[str, Any]:
    op = request["op"]
    if op == "ready":
        return {}
    if op == "goto":
        page.goto(request["url"], wait_until="load")
        return {"elements": page.evaluate("document.getElementsByTagName('*').length")}
    if op == "snapshot":
        times: list[float] = []
        text = ""
        for _ in range(int(request.get("repeat", 1))):
            start = time.perf_counter()
            text = page.aria_snapshot(mode="ai", timeout=300_000)
            times.append((time.perf_counter() - start) * 1000)
        return {"ms": times, "text": text}
    if op == "html":
        return {"html": page.evaluate("document.documentElement.outerHTML")}
    if op == "locator":
        locator = locate(page, _steps(request["steps"]))
        count = locator.count()
        return {"count": count, "html": locator.first.evaluate("e => e.outerHTML") if count else ""}
    raise ValueError(f"unknown op {op!r}")


def main() -> None:
    with playwright_browser() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                answer = _handle(page, json.loads(line))
            except Exception as exc:  # reported to the benchmark, which stops with it
                answer = {"error": f"{type(exc).__name__}: {exc}"}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
