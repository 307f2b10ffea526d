"""The locator AST: one shape for TypeScript/JavaScript and Python locators.

A locator is a flat list of steps applied from the page, as Playwright itself compiles one into
selector parts (``getByRole(...)`` -> ``internal:role=...``, ``filter({ hasText })`` ->
``internal:has-text=...``, ``first()`` -> ``nth=0``, ``frameLocator(s)`` -> ``s >> enter-frame``).
Each step keeps the span of the source text it came from, for errors that point at it.

:meth:`Locator.to_json` gives what the bridge's ``verifyLocator`` reads (bridge/README.md); every
step carries ``at``, its index in :meth:`Locator.spans` order, so a bridge error can name the step.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

__all__ = [
    "AndStep",
    "AttributeStep",
    "ChainStep",
    "CssStep",
    "FrameStep",
    "HasStep",
    "HasTextStep",
    "LabelStep",
    "LegacyTextStep",
    "Locator",
    "NthStep",
    "OrStep",
    "RoleStep",
    "Span",
    "Step",
    "TestIdStep",
    "TextMatch",
    "TextStep",
    "VisibleStep",
]

#: ``(start, end)`` offsets into the locator's source text.
Span = tuple[int, int]


@dataclass(frozen=True)
class TextMatch:
    """A text argument: a string, or a regular expression (JavaScript syntax and flags, as
    Playwright sends a Python ``re.Pattern``'s source and ``i``/``m``/``s`` flags to the page)."""

    value: str
    regex: bool = False
    flags: str = ""

    def to_json(self) -> dict[str, str]:
        if self.regex:
            return {"regex": self.value, "flags": self.flags}
        return {"string": self.value}


@dataclass(frozen=True)
class Step:
    """One step of a locator; ``span`` is where the model wrote it."""

    span: Span = field(compare=False)

    kind: ClassVar[str] = ""

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {}

    def nested(self) -> Iterator[Locator]:
        return iter(())


@dataclass(frozen=True)
class RoleStep(Step):
    """``getByRole(role, options)``; None options are not given."""

    role: str = ""
    name: TextMatch | None = None
    exact: bool | None = None
    checked: bool | None = None
    disabled: bool | None = None
    expanded: bool | None = None
    include_hidden: bool | None = None
    level: int | None = None
    pressed: bool | None = None
    selected: bool | None = None

    kind: ClassVar[str] = "role"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        out: dict[str, Any] = {"role": self.role}
        if self.name is not None:
            out["name"] = self.name.to_json()
            out["exact"] = bool(self.exact)
        for key, value in (
            ("checked", self.checked),
            ("disabled", self.disabled),
            ("expanded", self.expanded),
            ("includeHidden", self.include_hidden),
            ("level", self.level),
            ("pressed", self.pressed),
            ("selected", self.selected),
        ):
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True)
class TextStep(Step):
    """``getByText``: elements whose text matches (case-insensitive substring unless exact)."""

    text: TextMatch = TextMatch("")
    exact: bool = False

    kind: ClassVar[str] = "text"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"text": self.text.to_json(), "exact": self.exact}


@dataclass(frozen=True)
class LabelStep(Step):
    """``getByLabel``: elements whose label (aria-labelledby, aria-label, ``<label>``) matches."""

    text: TextMatch = TextMatch("")
    exact: bool = False

    kind: ClassVar[str] = "label"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"text": self.text.to_json(), "exact": self.exact}


@dataclass(frozen=True)
class AttributeStep(Step):
    """``getByPlaceholder``, ``getByAltText``, ``getByTitle``: the attribute's value matches."""

    attribute: Literal["placeholder", "alt", "title"] = "title"
    text: TextMatch = TextMatch("")
    exact: bool = False

    kind: ClassVar[str] = "attribute"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"attribute": self.attribute, "text": self.text.to_json(), "exact": self.exact}


@dataclass(frozen=True)
class TestIdStep(Step):
    """``getByTestId``: the configured test-id attribute equals the string (or matches the regex)."""

    test_id: TextMatch = TextMatch("")

    kind: ClassVar[str] = "testId"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"testId": self.test_id.to_json()}


@dataclass(frozen=True)
class CssStep(Step):
    """A CSS selector (with Playwright's pseudo-classes), parsed by :mod:`verdex.locator.css`."""

    source: str = ""
    selector: tuple[Any, ...] = ()

    kind: ClassVar[str] = "css"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"source": self.source, "selector": list(self.selector)}


@dataclass(frozen=True)
class LegacyTextStep(Step):
    """A ``text=...`` (or quoted) part of a selector string: Playwright's older text engine."""

    selector: str = ""

    kind: ClassVar[str] = "legacyText"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"selector": self.selector}


@dataclass(frozen=True)
class ChainStep(Step):
    """``locator(otherLocator)``: the other locator, evaluated inside each current element."""

    locator: Locator | None = None

    kind: ClassVar[str] = "chain"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        assert self.locator is not None
        return {"locator": emit.locator(self.locator)}

    def nested(self) -> Iterator[Locator]:
        assert self.locator is not None
        yield self.locator


@dataclass(frozen=True)
class HasTextStep(Step):
    """``filter({ hasText })`` (or ``hasNotText`` when ``negate``)."""

    text: TextMatch = TextMatch("")
    negate: bool = False

    kind: ClassVar[str] = "hasText"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"text": self.text.to_json(), "negate": self.negate}


@dataclass(frozen=True)
class HasStep(Step):
    """``filter({ has })`` (or ``hasNot`` when ``negate``): the inner locator, relative to each element."""

    locator: Locator | None = None
    negate: bool = False

    kind: ClassVar[str] = "has"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        assert self.locator is not None
        return {"locator": emit.locator(self.locator), "negate": self.negate}

    def nested(self) -> Iterator[Locator]:
        assert self.locator is not None
        yield self.locator


@dataclass(frozen=True)
class VisibleStep(Step):
    """``filter({ visible })``: keeps elements whose visibility equals ``visible``."""

    visible: bool = True

    kind: ClassVar[str] = "visible"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"visible": self.visible}


@dataclass(frozen=True)
class AndStep(Step):
    """``and(other)``: elements matched by both, the other evaluated from the same root."""

    locator: Locator | None = None

    kind: ClassVar[str] = "and"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        assert self.locator is not None
        return {"locator": emit.locator(self.locator)}

    def nested(self) -> Iterator[Locator]:
        assert self.locator is not None
        yield self.locator


@dataclass(frozen=True)
class OrStep(Step):
    """``or(other)``: elements matched by either, in document order."""

    locator: Locator | None = None

    kind: ClassVar[str] = "or"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        assert self.locator is not None
        return {"locator": emit.locator(self.locator)}

    def nested(self) -> Iterator[Locator]:
        assert self.locator is not None
        yield self.locator


@dataclass(frozen=True)
class NthStep(Step):
    """``nth(index)``; ``first()`` is 0 and ``last()`` is -1 (a negative index counts from the end)."""

    index: int = 0

    kind: ClassVar[str] = "nth"

    def fields(self, emit: _Emitter) -> dict[str, Any]:
        return {"index": self.index}


@dataclass(frozen=True)
class FrameStep(Step):
    """Enter the frame of the current element (an ``<iframe>``): ``frameLocator``, ``contentFrame``."""

    kind: ClassVar[str] = "frame"


@dataclass(frozen=True)
class Locator:
    """A whole locator: its steps from the page, the language it was written in, and its span.

    ``left_aside``: what a pasted test line had around the locator and the parser set aside, in words
    (``await``, ``.click(...)``, ``expect(...).toBeVisible()``): it was not run.
    ``calls``: the top-level calls as written (``getByTestId('card')``, ``filter({ hasText: 'x' })``), each
    its span and how many of ``steps`` it made, in order: the prefixes a diagnosis counts.
    """

    steps: tuple[Step, ...]
    span: Span = field(compare=False)
    language: Literal["js", "python"] = "js"
    left_aside: tuple[str, ...] = field(default=(), compare=False)
    calls: tuple[tuple[Span, int], ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """The bridge's JSON: ``{"steps": [{"kind", "at", ...}]}``; ``at`` indexes :meth:`spans`."""
        return _Emitter().locator(self)

    def spans(self) -> list[Span]:
        """The span of every step, in the order of the ``at`` numbers of :meth:`to_json`."""
        emitter = _Emitter()
        emitter.locator(self)
        return emitter.spans


class _Emitter:
    """Numbers steps in pre-order while writing JSON, collecting their spans."""

    def __init__(self) -> None:
        self.spans: list[Span] = []

    def locator(self, locator: Locator) -> dict[str, Any]:
        return {"steps": [self.step(step) for step in locator.steps]}

    def step(self, step: Step) -> dict[str, Any]:
        at = len(self.spans)
        self.spans.append(step.span)
        return {"kind": step.kind, "at": at, **step.fields(self)}
