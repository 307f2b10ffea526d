"""The judge: real Playwright's verdict on each locator a server handed over.

The locators are TypeScript as a test writes them (``page.getByRole('button', { name: 'Edit' })``);
Playwright MCP's ``browser_generate_locator`` leaves out the ``page.``, which is put back. They are
evaluated by Playwright's own JavaScript API, the way ``tests/locator`` checks verdex's parser: the
Node.js and ``playwright-core`` inside the Python ``playwright`` package run
``tests/locator/oracle_js.cjs`` (:class:`tests.locator.harness.JsOracle`), which loads each page
fresh, stamps every element with an ordinal and evaluates each expression with ``page`` in scope.
The task's oracle is evaluated on the same load, so "the intended element" is a comparison of stamps.

A verdict: ``count`` (Playwright's ``locator.count()``, None when Playwright refused the
expression), ``unique`` (count 1), ``intended`` (unique and the oracle's element), ``positional``
(the locator picks by position: ``.nth()``, ``.first()``, ``.last()``, ``nth=``, the CSS
``:nth-*``/``:first-*``/``:last-*`` pseudo-classes, ``:nth-match``, XPath indices ``[2]``), and
``ok``: unique, intended and not positional. Apart from ``ok``, for the reader: ``generated``, the
locator relies on build output (a hashed CSS-module class such as ``.ProductCard_cta__1e50b``, a
``css-``/``sc-`` class, a generated id such as ``:r41:`` or ``ember712``), which the next build or
render changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tests.locator.harness import Group, JsOracle

__all__ = ["Verdict", "as_expression", "is_generated", "is_positional", "judge"]

_POSITIONAL = re.compile(
    r"\.(?:nth|first|last)\s*\("  # locator methods
    r"|\bnth\s*=\s*-?\d"  # the nth= selector part
    r"|:(?:nth-child|nth-last-child|nth-of-type|nth-last-of-type|nth-match)\s*\("
    r"|:(?:first|last)-(?:child|of-type)\b"
    r"|\[\s*(?:last\(\)\s*-\s*)?\d+\s*\]"  # XPath indices
)
_GENERATED = re.compile(
    r"[A-Za-z][\w-]*__[0-9a-z]{5}\b"  # CSS modules: Component_part__hash
    r"|\b(?:css|sc)-[0-9a-zA-Z]{5,}"  # emotion, styled-components
    r"|:r[0-9a-z]+:"  # React useId
    r"|\bember\d+"  # Ember view ids
)
_ROOT_METHODS = ("getBy", "locator(", "frameLocator(")


@dataclass(frozen=True)
class Verdict:
    """Playwright's verdict on one locator (see the module docstring)."""

    count: int | None
    unique: bool
    intended: bool
    positional: bool
    generated: bool = False
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.unique and self.intended and not self.positional

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "count": self.count,
            "unique": self.unique,
            "intended": self.intended,
            "positional": self.positional,
            "generated": self.generated,
            "ok": self.ok,
        }
        if self.error is not None:
            out["error"] = self.error
        return out

    def __str__(self) -> str:
        if self.error is not None:
            return f"error: {self.error}"
        parts = ["unique" if self.unique else f"{self.count} matches"]
        if self.unique:
            parts.append("intended" if self.intended else "WRONG element")
        if self.positional:
            parts.append("positional")
        if self.generated:
            parts.append("generated ids/classes")
        return ", ".join(parts)


def as_expression(locator: str) -> str:
    """The locator as an expression with ``page`` in scope: ``page.`` put before a bare
    ``getByRole(...)``, a trailing ``;`` and ``await`` dropped."""
    text = locator.strip().removesuffix(";").strip()
    text = text.removeprefix("await ").strip()
    if text.startswith(_ROOT_METHODS):
        text = "page." + text
    return text


def is_generated(locator: str) -> bool:
    """Whether the locator relies on generated class names or ids (see the module docstring)."""
    return _GENERATED.search(locator) is not None


def is_positional(locator: str) -> bool:
    """Whether the locator picks an element by its position (see the module docstring)."""
    return _POSITIONAL.search(locator) is not None


NO_LOCATOR = Verdict(None, False, False, False, error="no locator")


def judge(base_url: str, cases: list[tuple[str, str, list[str | None]]]) -> list[list[Verdict]]:
    """Judge locators page by page, in one Playwright run (a browser, one fresh page per page file).

    Args:
        base_url: where the fixture server serves ``fixtures/workflow`` (ends with ``/``).
        cases: ``(page file, oracle, [locator or None, ...])`` per task.

    Returns:
        One verdict per locator, in the order of ``cases``.

    Raises:
        ValueError: an oracle does not match exactly one element (the benchmark is wrong, not a server).
    """
    pages = list(dict.fromkeys(page for page, _, _ in cases))
    expressions: dict[str, list[str]] = {page: [] for page in pages}
    slots: list[tuple[int, list[int | None]]] = []
    for page, oracle, locators in cases:
        listed = expressions[page]
        listed.append(oracle)
        oracle_slot = len(listed) - 1
        locator_slots: list[int | None] = []
        for locator in locators:
            if locator is None:
                locator_slots.append(None)
                continue
            listed.append(as_expression(locator))
            locator_slots.append(len(listed) - 1)
        slots.append((oracle_slot, locator_slots))
    groups = [Group(page, base_url + page, js=tuple(expressions[page])) for page in pages]
    answers = dict(zip(pages, JsOracle(groups).answers(), strict=True))
    verdicts: list[list[Verdict]] = []
    for (page, oracle, locators), (oracle_slot, locator_slots) in zip(cases, slots, strict=True):
        expected = answers[page][oracle_slot]
        if expected.ids is None or len(expected.ids) != 1:
            raise ValueError(f"the oracle {oracle} on {page} does not match exactly one element: {expected}")
        row: list[Verdict] = []
        for locator, slot in zip(locators, locator_slots, strict=True):
            if locator is None or slot is None:
                row.append(NO_LOCATOR)
                continue
            answer = answers[page][slot]
            positional, generated = is_positional(locator), is_generated(locator)
            if answer.ids is None:
                row.append(Verdict(None, False, False, positional, generated, answer.error))
                continue
            unique = len(answer.ids) == 1
            intended = unique and answer.ids == expected.ids
            row.append(Verdict(len(answer.ids), unique, intended, positional, generated))
        verdicts.append(row)
    return verdicts
