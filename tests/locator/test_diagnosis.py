"""Differential test of verify_locator's diagnosis: each step's count is real Playwright's count() of that prefix.

For every (page, locator) pair of :mod:`tests.locator.cases` and broken variants of them (a string argument
with its case flipped, one with a letter dropped), every prefix of the locator as written (up to the end
of each call: ``page.getByTestId('card')``, ``....filter({ hasText: 'x' })`` ...) is counted by Playwright
(JavaScript API for TypeScript, Python API for Python), and must equal the count the diagnosis gives after
that call (:func:`verdex.locator.diagnose.diagnose`). Prefixes that end in a frame step are FrameLocators,
which have no count; locators Playwright refuses are left out (test_differential pins those).
"""

from __future__ import annotations

import re

import pytest

from tests.locator.cases import groups
from tests.locator.harness import Answer, Group, JsOracle, run_python_oracle
from verdex.browser.browser import Browser
from verdex.browser.page import PageSettings
from verdex.errors import LocatorError
from verdex.locator import parse_locator
from verdex.locator.ast import FrameStep
from verdex.locator.diagnose import diagnose
from verdex.locator.source import Source

_JS_LITERAL = re.compile(r"'((?:[^'\\]|\\.)*)'")
_PY_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _broken(expression: str, python: bool) -> list[str]:
    """Variants that often lose every match: the last string with its first letter's case flipped, the
    first string with a middle letter dropped."""
    literals = list((_PY_LITERAL if python else _JS_LITERAL).finditer(expression))
    if not literals:
        return []
    variants = []
    last = literals[-1]
    body = last.group(1)
    letter = next((i for i, c in enumerate(body) if c.isalpha()), None)
    if letter is not None:
        flipped = body[:letter] + body[letter].swapcase() + body[letter + 1 :]
        variants.append(expression[: last.start(1)] + flipped + expression[last.end(1) :])
    first = literals[0]
    body = first.group(1)
    if len(body) >= 4 and "\\" not in body:
        middle = len(body) // 2
        variants.append(expression[: first.start(1)] + body[:middle] + body[middle + 1 :] + expression[first.end(1) :])
    return [variant for variant in variants if variant != expression]


def _prefixes(expression: str) -> list[str] | None:
    """The locator up to the end of each call, or None when it does not parse (a refused locator)."""
    try:
        locator = parse_locator(expression)
    except LocatorError:
        return None
    out = []
    index = 0
    for (_, end), count in locator.calls:
        steps = locator.steps[index : index + count]
        index += count
        out.append(expression[:end] if not any(isinstance(step, FrameStep) for step in steps) else "")
    return out


def _diagnosis_groups(base: str) -> list[tuple[Group, dict[str, list[str]]]]:
    """Per group: a Group of every prefix to count, and each locator's prefixes ('' for a frame call)."""
    made = []
    for group in groups(base):
        if group.name == "rejected":
            continue
        prefixes: dict[str, list[str]] = {}
        js: list[str] = []
        py: list[str] = []
        for python, expressions in ((False, group.js), (True, group.python)):
            for expression in expressions:
                for variant in (expression, *_broken(expression, python)):
                    found = _prefixes(variant)
                    if found is None or variant in prefixes:
                        continue
                    prefixes[variant] = found
                    target = py if python else js
                    target += [prefix for prefix in found if prefix and prefix not in target]
        made.append((Group(group.name, group.url, tuple(js), tuple(py), group.test_id_attribute), prefixes))
    return made


NAMES = [group.name for group in groups("http://127.0.0.1/") if group.name != "rejected"]


@pytest.fixture(scope="module")
def cases(fixture_base: str) -> list[tuple[Group, dict[str, list[str]]]]:
    return _diagnosis_groups(fixture_base)


@pytest.fixture(scope="module")
def playwright_counts(cases: list[tuple[Group, dict[str, list[str]]]]) -> dict[tuple[str, str], Answer]:
    counted = [group for group, _ in cases]
    js = JsOracle(counted)
    python = run_python_oracle(counted)
    answers: dict[tuple[str, str], Answer] = {}
    for group, js_answers in zip(counted, js.answers(), strict=True):
        answers.update({(group.name, text): answer for text, answer in zip(group.js, js_answers, strict=True)})
    for group, py_answers in zip(counted, python, strict=True):
        answers.update({(group.name, text): answer for text, answer in zip(group.python, py_answers, strict=True)})
    return answers


def test_there_are_many_prefixes_and_broken_variants(cases: list[tuple[Group, dict[str, list[str]]]]) -> None:
    assert sum(group.size for group, _ in cases) >= 600
    assert sum(len(prefixes) for _, prefixes in cases) >= 600


@pytest.mark.parametrize("name", NAMES)
async def test_each_step_count_is_playwrights_count_of_that_prefix(
    name: str,
    cases: list[tuple[Group, dict[str, list[str]]]],
    playwright_counts: dict[tuple[str, str], Answer],
    browser: Browser,
) -> None:
    group, prefixes = next(case for case in cases if case[0].name == name)
    context = await browser.new_context(PageSettings(test_id_attribute=group.test_id_attribute))
    mismatches: list[str] = []
    compared = 0
    try:
        page = await context.new_page()
        await page.navigate(group.url)
        for expression, texts in prefixes.items():
            theirs = [playwright_counts.get((group.name, text)) if text else None for text in texts]
            if any(answer is not None and answer.error is not None for answer in theirs):
                continue  # Playwright refuses a prefix: test_differential pins refusals
            try:
                diagnosis = await diagnose(page, parse_locator(expression), Source(expression), count=1)
            except LocatorError as exc:
                mismatches.append(f"{expression}\n    verdex refused: {exc}")
                continue
            ours = [step.count for step in diagnosis.steps]
            expected = [answer.count if answer is not None else None for answer in theirs]
            compared += sum(count is not None for count in expected)
            if ours != expected:
                mismatches.append(f"{expression}\n    verdex:     {ours}\n    playwright: {expected}")
    finally:
        await context.close()
    assert compared > 0
    assert not mismatches, f"{len(mismatches)} locators differ:\n" + "\n".join(mismatches[:20])
