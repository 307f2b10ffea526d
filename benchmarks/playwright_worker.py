"""Playwright's side of the benchmarks, in a process of its own (its sync API cannot run under trio).

Reads one JSON request a line on stdin, answers one JSON line on stdout, until stdin closes.
Requests (``op``): ``ready``; ``goto {url}`` -> ``{elements}`` (``getElementsByTagName('*')``), in a
new page each time (Playwright numbers its AI snapshot's refs per page, so a fresh page gives the
same refs, hence the same tokens, whatever was measured before);
``snapshot {repeat}`` -> ``{ms: [...], text}``, each ``page.aria_snapshot(mode="ai")`` timed;
``html`` -> ``{html}`` (the page's outerHTML); ``walk`` -> ``{ms}``: the in-page time of one
TreeWalker pass over the body's elements reading each one's computed ``display`` and ``visibility``
(the least any snapshot must do, timed with ``performance.now()`` inside the page);
``locator {steps}`` -> ``{count, html}`` (how many elements the locator matches, and the first
one's outerHTML). Failures answer ``{error}``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from playwright.sync_api import Browser, Page

from tests.oracle import locate, playwright_browser
from verdex.locator.compose import Step

_WALK = """() => {
  const start = performance.now();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  let shown = 0;
  for (let e = walker.currentNode; e; e = walker.nextNode()) {
    const style = getComputedStyle(e);
    if (style.display !== 'none' && style.visibility === 'visible') shown++;
  }
  return shown >= 0 ? performance.now() - start : 0;
}"""


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


class _Worker:
    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.page: Page | None = None

    def goto(self, url: str) -> Page:
        if self.page is not None:
            self.page.close()
        self.page = self.browser.new_page(viewport={"width": 1280, "height": 720})
        self.page.goto(url, wait_until="load")
        return self.page


def _handle(worker: _Worker, request: dict[str, Any]) -> dict[str, Any]:
    op = request["op"]
    if op == "ready":
        return {}
    if op == "goto":
        opened = worker.goto(request["url"])
        return {"elements": opened.evaluate("document.getElementsByTagName('*').length")}
    page = worker.page
    if page is None:
        raise ValueError(f"{op} before goto")
    if op == "snapshot":
        times: list[float] = []
        text = ""
        for _ in range(int(request.get("repeat", 1))):
            start = time.perf_counter()
            text = page.aria_snapshot(mode="ai", timeout=300_000)
            times.append((time.perf_counter() - start) * 1000)
        return {"ms": times, "text": text}
    if op == "walk":
        return {"ms": page.evaluate(_WALK)}
    if op == "html":
        return {"html": page.evaluate("document.documentElement.outerHTML")}
    if op == "locator":
        locator = locate(page, _steps(request["steps"]))
        count = locator.count()
        return {"count": count, "html": locator.first.evaluate("e => e.outerHTML") if count else ""}
    raise ValueError(f"unknown op {op!r}")


def main() -> None:
    with playwright_browser() as browser:
        worker = _Worker(browser)
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                answer = _handle(worker, json.loads(line))
            except Exception as exc:  # reported to the benchmark, which stops with it
                answer = {"error": f"{type(exc).__name__}: {exc}"}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
