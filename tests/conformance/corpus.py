"""The WPT accessible-name and role corpus: find it, load each page, score the bridge on it.

The corpus (``../shared/corpora/wpt-aria`` next to the repository; its README says how the
expectations are written) holds web-platform-tests pages with the harness taken out. Each page is
loaded in Chromium through verdex (``file://`` URL, so inline scripts that build shadow roots run),
and one ``ariaFacts`` bridge call returns the role and name of every element that carries an
expectation:

- ``data-expectedlabel``: the accessible name, compared after collapsing ASCII whitespace runs to
  one space and trimming (no-break spaces stay);
- ``data-expectedrole``: the computed role, an ARIA role token (``image`` is ``img``);
- ``class="ex-generic"``: role ``generic``, ``none`` or no role.

Files whose name contains ``tentative`` are scored apart. An expected role of
``SPEC_AMBIGUOUS_LOG_VALUE`` is WPT's "log what you get" marker, not a case.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support import bridge_json
from verdex.browser.page import Page

ROOT = Path(__file__).resolve().parents[2]
RECORDED = Path(__file__).with_name("recorded.json")

#: Where to look for the corpus: ``$VERDEX_WPT_ARIA``, else ``shared/corpora/wpt-aria`` beside
#: the repository or beside one of its parents (a worktree lives one level further down).
ENV_VAR = "VERDEX_WPT_ARIA"
_RELATIVE = Path("shared/corpora/wpt-aria")

KINDS = ("names", "roles", "generic")

_SELECTOR = "[data-expectedlabel], [data-expectedrole], .ex-generic"
_ATTRIBUTES = ["data-expectedlabel", "data-expectedrole", "class", "data-testname", "id"]
_AMBIGUOUS = "SPEC_AMBIGUOUS_LOG_VALUE"
# ARIA synonyms: https://www.w3.org/TR/wai-aria-1.2/#presentation, #directory; ARIA 1.3 `image`.
_SYNONYMS = {"image": "img", "presentation": "none", "directory": "list"}
_WHITESPACE = re.compile(r"[\t\n\f\r ]+")


class CorpusMissingError(RuntimeError):
    """The corpus directory is not where we look for it."""


def find_corpus() -> Path:
    """The corpus directory.

    Raises:
        CorpusMissingError: not found; the message lists the places tried.
    """
    tried: list[Path] = []
    explicit = os.environ.get(ENV_VAR)
    candidates = [Path(explicit)] if explicit else [parent / _RELATIVE for parent in ROOT.parents[:3]]
    for candidate in candidates:
        tried.append(candidate)
        if (candidate / "README.md").is_file():
            return candidate
    raise CorpusMissingError(
        f"the WPT ARIA corpus is not at {', '.join(map(str, tried))}; set {ENV_VAR}=/path/to/wpt-aria"
    )


def corpus_files(corpus: Path) -> list[Path]:
    """Every test page of the corpus, sorted by path."""
    return sorted(corpus.rglob("*.html"))


def is_tentative(path: Path) -> bool:
    return "tentative" in path.name


@dataclass
class Case:
    """One expectation on one element, and what the bridge computed."""

    kind: str
    testname: str
    expected: str
    actual: str

    @property
    def passed(self) -> bool:
        if self.kind == "generic":
            return self.actual in ("generic", "none")
        if self.kind == "roles":
            return _SYNONYMS.get(self.actual, self.actual) == _SYNONYMS.get(self.expected, self.expected)
        return self.actual == self.expected


@dataclass
class FileResult:
    """The cases of one corpus page."""

    path: str
    tentative: bool
    cases: list[Case] = field(default_factory=list)

    def score(self, kind: str) -> tuple[int, int]:
        """(passed, total) for one kind of case."""
        mine = [case for case in self.cases if case.kind == kind]
        return sum(case.passed for case in mine), len(mine)


def normalize_name(text: str) -> str:
    """The corpus README's comparison form: ASCII whitespace runs collapsed, then trimmed."""
    return _WHITESPACE.sub(" ", text).strip(" ")


def cases_of(facts: list[dict[str, Any]]) -> list[Case]:
    """The cases that the ``ariaFacts`` answers of one page carry (in document order)."""
    cases: list[Case] = []
    for fact in facts:
        attributes: dict[str, str] = fact.get("attributes", {})
        testname = attributes.get("data-testname") or attributes.get("id") or fact["tagName"]
        if "data-expectedlabel" in attributes:
            expected = normalize_name(attributes["data-expectedlabel"])
            cases.append(Case("names", testname, expected, fact["name"]))
        role = attributes.get("data-expectedrole")
        if role is not None and role != _AMBIGUOUS:
            cases.append(Case("roles", testname, role.strip(), fact["role"]))
        if "ex-generic" in attributes.get("class", "").split():
            cases.append(Case("generic", testname, "generic", fact["role"]))
    return cases


async def score_file(page: Page, corpus: Path, path: Path) -> FileResult:
    """Load one corpus page and compare the bridge's facts with its expectations."""
    await page.navigate(path.as_uri())
    answer = await bridge_json(page.bridge().aria_facts(_SELECTOR, attributes=_ATTRIBUTES))
    assert "omitted" not in answer, f"{path}: more expectations than ariaFacts returns"
    relative = path.relative_to(corpus).as_posix()
    return FileResult(relative, is_tentative(path), cases_of(answer["elements"]))


async def score_corpus(page: Page, corpus: Path) -> list[FileResult]:
    """Every corpus page, in path order, on one verdex page."""
    return [await score_file(page, corpus, path) for path in corpus_files(corpus)]


def totals(results: list[FileResult], tentative: bool) -> dict[str, tuple[int, int]]:
    """(passed, total) per kind over the tentative or the non-tentative files."""
    out: dict[str, tuple[int, int]] = {}
    for kind in KINDS:
        scores = [result.score(kind) for result in results if result.tentative == tentative]
        out[kind] = (sum(s[0] for s in scores), sum(s[1] for s in scores))
    return out


def recorded() -> dict[str, Any]:
    """The figures CI holds (``recorded.json``), in the form :func:`record` writes."""
    data: dict[str, Any] = json.loads(RECORDED.read_text())
    return data


def file_record(result: FileResult) -> dict[str, Any]:
    """``{kind: [passed, total], ..., "failing": ["kind: testname", ...]}``, kinds without cases left out."""
    entry: dict[str, Any] = {kind: list(result.score(kind)) for kind in KINDS if result.score(kind)[1]}
    entry["failing"] = sorted(f"{case.kind}: {case.testname}" for case in result.cases if not case.passed)
    return entry


def record(results: list[FileResult]) -> dict[str, Any]:
    """``{"totals": {"core"|"tentative": {kind: [passed, total]}}, "files": {path: file_record}}``."""
    return {
        "totals": {
            group: {kind: list(score) for kind, score in totals(results, tentative).items()}
            for group, tentative in (("core", False), ("tentative", True))
        },
        "files": {result.path: file_record(result) for result in results},
    }


def dump_record(data: dict[str, Any]) -> str:
    """JSON with one ``[passed, total]`` pair a line, for readable diffs."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return re.sub(r"\[\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2]", text) + "\n"


def render_table(results: list[FileResult], tentative: bool) -> str:
    """A per-file table with a total line: passed/total for names, roles and generic."""
    rows = [result for result in results if result.tentative == tentative]
    width = max([len(result.path) for result in rows] + [5])
    head = f"{'file':<{width}}  {'names':>9}  {'roles':>9}  {'generic':>9}"
    lines = [head, "-" * len(head)]

    def cell(score: tuple[int, int]) -> str:
        return f"{score[0]}/{score[1]}" if score[1] else "-"

    for result in rows:
        lines.append(f"{result.path:<{width}}  " + "  ".join(f"{cell(result.score(k)):>9}" for k in KINDS))
    lines.append("-" * len(head))
    total = totals(results, tentative)
    lines.append(f"{'total':<{width}}  " + "  ".join(f"{cell(total[k]):>9}" for k in KINDS))
    return "\n".join(lines)


def render_failures(results: list[FileResult], tentative: bool) -> str:
    """Each failing case with what was expected and what the bridge computed."""
    lines = []
    for result in results:
        if result.tentative != tentative:
            continue
        for case in result.cases:
            if not case.passed:
                lines.append(
                    f"{case.kind:<7} {result.path}: {case.testname}\n"
                    f"        expected {case.expected!r}, got {case.actual!r}"
                )
    return "\n".join(lines)
