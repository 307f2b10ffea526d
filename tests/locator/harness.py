"""The differential harness: the same (page, locator) pairs through verdex and through real Playwright.

Identity of matched elements: after load, every element of every frame (open shadow roots
included) is stamped with ``vx-stamp="<frame>:<n>"`` (``main``, else the frame's name, else its URL)
by the same script on each side, so
"the same elements" is a comparison of stamp lists. One page load per group on each side.

- TypeScript/JavaScript locators are judged by Playwright's JavaScript API: the Node.js and
  ``playwright-core`` that ship inside the Python ``playwright`` package run ``oracle_js.cjs``,
  which evaluates each expression with ``page`` in scope.
- Python locators are judged by Playwright's Python API (sync): each expression is ``eval``'d with
  ``page`` and ``re`` in scope.
- verdex parses the same text and evaluates it with :func:`verdex.locator.verify.verify_on_page`.

A locator both sides refuse agrees only when both refuse it for the same reason: each side's
message is sorted into one of :data:`REFUSALS` by that side's own wording (an invalid regular
expression, a CSS selector Playwright cannot parse ...). A message that fits no kind is a kind of
its own and agrees with nothing, so "verdex does not support this" never passes for "Playwright
rejects this".
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verdex.browser.launcher import BASE_FLAGS, find_browser
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp
from verdex.errors import VerdexError
from verdex.locator import parse_locator
from verdex.locator.source import Source
from verdex.locator.verify import verify_on_page

#: Not a ``data-*`` attribute: the suggestion engine names elements by their ``data-*`` attributes, and a
#: stamp unique to each element would make every element unique by it.
STAMP_ATTRIBUTE = "vx-stamp"
#: Stamps every element of a frame in document order (shadow roots after). Elements no locator targets (in
#: ``<head>``; ``script``, ``style``, ``link``, ``meta``, ``noscript``, ``template``) are numbered apart
#: (``main:s3``): a page script that inserts one (an analytics agent, a feature test's loader) at a moment
#: that differs between two loads would otherwise shift the numbers of every element after it, and a judge
#: loading the page again would call the intended element another.
STAMP = """(() => {
  const prefix = (window.parent === window ? 'main' : window.name || location.href) + ':';
  const inert = new Set(['script', 'style', 'link', 'meta', 'noscript', 'template', 'base', 'title']);
  let n = 0;
  let s = 0;
  const visit = root => {
    const all = root.querySelectorAll('*');
    for (const element of all) {
      const apart = inert.has(element.localName) || (root === document && element.closest('head'));
      element.setAttribute('vx-stamp', prefix + (apart ? 's' + (s++) : n++));
    }
    for (const element of all) if (element.shadowRoot) visit(element.shadowRoot);
  };
  visit(document);
  return n + s;
})()"""

_ORACLE_JS = Path(__file__).with_name("oracle_js.cjs")
_SKIP_FLAGS = {"--no-startup-window", "--window-size=1280,720"}


PLAYWRIGHT, VERDEX = "playwright", "verdex"

#: The kinds of refusal the pairs exercise: (kind, Playwright's wording, verdex's wording), searched
#: in the first line of each side's error message.
REFUSALS: tuple[tuple[str, str, str], ...] = (
    (
        "invalid regular expression",
        r"Invalid regular expression: /",
        r"^Playwright would fail on this locator: invalid regular expression /",
    ),
    (
        "regular expression flag Playwright does not carry over",
        r"^Unexpected re\.Pattern flag, only MULTILINE, IGNORECASE and DOTALL are supported",
        r"^Playwright rejects re\.\w+: only re\.IGNORECASE, re\.MULTILINE and re\.DOTALL",
    ),
    (
        "role option the role does not have",
        r'"\w+" attribute is only supported for roles: ',
        r'^Playwright rejects this: "\w+" is only supported for roles: ',
    ),
    (
        "frame locator on an element that is not an iframe",
        r"Selector .* resolved to <.*, <iframe> was expected",
        r"^Playwright would fail on this locator: the locator before entering a frame matched <\w+>.*needs an <iframe>",
    ),
    (
        "CSS selector Playwright cannot parse",
        r"while parsing css selector",
        r"^CSS selector|in the CSS selector",
    ),
    (
        "CSS selector the browser rejects",
        r"SyntaxError: Failed to execute 'querySelectorAll' on 'Document': .* is not a valid selector",
        r"^Playwright would fail on this locator: the browser rejects the CSS selector ",
    ),
)


def refusal_kind(message: str, engine: str) -> str:
    """The kind of refusal ``message`` (from ``engine``: :data:`PLAYWRIGHT` or :data:`VERDEX`) is."""
    for kind, playwright_pattern, verdex_pattern in REFUSALS:
        if re.search(playwright_pattern if engine == PLAYWRIGHT else verdex_pattern, message):
            return kind
    return f"unclassified {engine} error"


@dataclass(frozen=True)
class Answer:
    """What one engine says of one locator: the matched stamps in order, or an error and its kind."""

    ids: tuple[str, ...] | None = None
    error: str | None = None
    kind: str | None = None

    @classmethod
    def refusal(cls, message: str, engine: str) -> Answer:
        first_line = message.splitlines()[0] if message else ""
        return cls(error=first_line, kind=refusal_kind(first_line, engine))

    @property
    def count(self) -> int | None:
        return None if self.ids is None else len(self.ids)

    def agrees(self, other: Answer) -> bool:
        """Same elements in the same order, or both refuse the locator for the same kind of reason."""
        if self.error is not None or other.error is not None:
            return self.kind is not None and self.kind == other.kind and not self.kind.startswith("unclassified")
        return self.ids == other.ids

    def __str__(self) -> str:
        if self.error is not None:
            return f"error ({self.kind}): {self.error}"
        return f"count {self.count}: {', '.join(self.ids or ()) or '-'}"


@dataclass(frozen=True)
class Group:
    """One page load and the locators evaluated on it."""

    name: str
    url: str
    js: tuple[str, ...] = ()
    python: tuple[str, ...] = ()
    test_id_attribute: str = "data-testid"
    frames: bool = False

    @property
    def size(self) -> int:
        return len(self.js) + len(self.python)


def _browser_args() -> list[str]:
    return [flag for flag in BASE_FLAGS if flag not in _SKIP_FLAGS]


class JsOracle:
    """Each group's JavaScript locators through Playwright's JavaScript API (one browser, one page per
    group), in a Node.js process that runs while the caller does other work: :meth:`answers` waits."""

    def __init__(self, groups: list[Group]) -> None:
        from playwright._impl._driver import compute_driver_executable

        node, cli = compute_driver_executable()
        request = {
            "executable": find_browser(),
            "args": _browser_args(),
            "stamp": STAMP,
            "groups": [{"url": g.url, "testIdAttribute": g.test_id_attribute, "locators": list(g.js)} for g in groups],
        }
        self._process = subprocess.Popen(
            [str(node), str(_ORACLE_JS), str(Path(cli).parent)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._request = json.dumps(request)

    def answers(self) -> list[list[Answer]]:
        try:
            stdout, stderr = self._process.communicate(self._request, timeout=240)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.communicate()
            raise
        if self._process.returncode != 0:
            raise RuntimeError(f"the JavaScript oracle failed:\n{stderr[-3000:]}")
        return [[_answer(item) for item in answers] for answers in json.loads(stdout)]


def run_python_oracle(groups: list[Group]) -> list[list[Answer]]:
    """Each group's Python locators through Playwright's Python API (sync; one browser, one page per group)."""
    from playwright.sync_api import sync_playwright

    results: list[list[Answer]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_browser(), args=_browser_args())
        try:
            for group in groups:
                playwright.selectors.set_test_id_attribute(group.test_id_attribute)
                page = browser.new_page()
                page.goto(group.url)
                for frame in page.frames:
                    frame.evaluate(STAMP)
                answers = []
                for expression in group.python:
                    try:
                        locator = eval(expression, {"page": page, "re": re})
                        count = locator.count()
                        ids = locator.evaluate_all(f"els => els.map(e => e.getAttribute('{STAMP_ATTRIBUTE}'))")
                        assert count == len(ids)
                        answers.append(Answer(ids=tuple(ids)))
                    except Exception as exc:  # the oracle's refusal is an answer to compare
                        answers.append(Answer.refusal(str(exc), PLAYWRIGHT))
                results.append(answers)
                page.close()
        finally:
            browser.close()
    return results


def _answer(item: dict[str, Any]) -> Answer:
    if "error" in item:
        return Answer.refusal(str(item["error"]), PLAYWRIGHT)
    ids = tuple(item["ids"])
    assert item["count"] == len(ids)
    return Answer(ids=ids)


async def stamp_frames(page: Page, script: str = STAMP) -> None:
    """Stamp every frame of a verdex page (in verdex's isolated world: the DOM is shared) with ``script``."""
    for frame in list(page.frames.values()):
        context = await page.worlds.world_of(frame)
        # Each frame's own session (an out-of-process iframe has one).
        session = frame.session
        assert session is not None, f"{frame.url} is moving between processes"
        answer = await session.send(
            cdp.Runtime.evaluate({"expression": script, "contextId": context, "returnByValue": True})
        )
        assert "exceptionDetails" not in answer, answer["exceptionDetails"]


async def run_verdex(page: Page, expression: str) -> Answer:
    """verdex's answer for one locator on a loaded, stamped page."""
    try:
        locator = parse_locator(expression)
        verification = await verify_on_page(
            page, locator, Source(expression), limit=100_000, report_attribute=STAMP_ATTRIBUTE
        )
    except VerdexError as exc:
        return Answer.refusal(str(exc), VERDEX)
    assert verification.count == len(verification.matches)
    return Answer(ids=tuple(str(match.attribute) for match in verification.matches))
