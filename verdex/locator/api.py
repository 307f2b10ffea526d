"""Playwright's locator API surface, as the parser checks calls against it.

Each :class:`Method` names the TypeScript/JavaScript method and its Python spelling, the receivers
it exists on (``page``, ``locator``, ``frame`` for a FrameLocator), its positional parameters and
its options (a TypeScript options object; Python keyword arguments in snake_case). Types are the
value kinds the parser produces: ``string``, ``regex``, ``bool``, ``number``, ``locator``.

Sources: Playwright's API reference (classes Page, Locator, FrameLocator) and its client
(``packages/playwright-core/src/client/locator.ts``, Python ``playwright/_impl/_locator.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ACTIONS", "METHODS", "Method", "Param", "python_name", "snake_case"]

TEXT = ("string", "regex")


@dataclass(frozen=True)
class Param:
    """A parameter or option: its TypeScript name and accepted value kinds."""

    name: str
    kinds: tuple[str, ...]

    @property
    def python(self) -> str:
        return snake_case(self.name)


@dataclass(frozen=True)
class Method:
    """One locator method.

    Attributes:
        name: the TypeScript name (``getByRole``).
        receivers: where it exists: ``page``, ``locator``, ``frame`` (FrameLocator).
        positional: positional parameters in order; the first ``required`` must be given.
        options: the options object's keys (Python: keyword-only arguments).
        python_property: in Python it is a property (``locator.first``), not a method.
        unsupported_options: real Playwright options verify_locator does not evaluate.
    """

    name: str
    receivers: frozenset[str]
    positional: tuple[Param, ...] = ()
    required: int = 0
    options: tuple[Param, ...] = ()
    python_property: bool = False
    unsupported_options: tuple[str, ...] = ()

    @property
    def python(self) -> str:
        return python_name(self.name)


def snake_case(name: str) -> str:
    """``includeHidden`` -> ``include_hidden`` (Playwright's toSnakeCase)."""
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i and (name[i - 1].islower() or name[i - 1].isdigit()):
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


def python_name(name: str) -> str:
    """The Python spelling of a TypeScript method name (``and`` -> ``and_``)."""
    return {"and": "and_", "or": "or_"}.get(name, snake_case(name))


_ALL = frozenset({"page", "locator", "frame"})
_LOCATOR = frozenset({"locator"})
_FILTERS = (
    Param("hasText", TEXT),
    Param("hasNotText", TEXT),
    Param("has", ("locator",)),
    Param("hasNot", ("locator",)),
)


def _text_method(name: str) -> Method:
    return Method(name, _ALL, (Param("text", TEXT),), 1, (Param("exact", ("bool",)),))


METHODS: dict[str, Method] = {
    method.name: method
    for method in (
        Method(
            "getByRole",
            _ALL,
            (Param("role", ("string",)),),
            1,
            (
                Param("checked", ("bool",)),
                Param("disabled", ("bool",)),
                Param("expanded", ("bool",)),
                Param("includeHidden", ("bool",)),
                Param("level", ("number",)),
                Param("name", TEXT),
                Param("pressed", ("bool",)),
                Param("selected", ("bool",)),
                Param("exact", ("bool",)),
            ),
            unsupported_options=("description",),
        ),
        _text_method("getByText"),
        _text_method("getByLabel"),
        _text_method("getByPlaceholder"),
        _text_method("getByAltText"),
        _text_method("getByTitle"),
        Method("getByTestId", _ALL, (Param("testId", TEXT),), 1),
        Method("locator", _ALL, (Param("selectorOrLocator", ("string", "locator")),), 1, _FILTERS),
        Method("filter", _LOCATOR, (), 0, (*_FILTERS, Param("visible", ("bool",)))),
        Method("and", _LOCATOR, (Param("locator", ("locator",)),), 1),
        Method("or", _LOCATOR, (Param("locator", ("locator",)),), 1),
        Method("within", _LOCATOR, (Param("locator", ("locator",)),), 1),
        Method("first", frozenset({"locator", "frame"}), python_property=True),
        Method("last", frozenset({"locator", "frame"}), python_property=True),
        Method("nth", frozenset({"locator", "frame"}), (Param("index", ("number",)),), 1),
        Method("visible", _LOCATOR, python_property=True),
        Method("describe", _LOCATOR, (Param("description", ("string",)),), 1),
        Method("frameLocator", _ALL, (Param("selector", ("string",)),), 1),
        Method("contentFrame", _LOCATOR, python_property=True),
        Method("owner", frozenset({"frame"}), python_property=True),
    )
}

#: Methods that act on or read the element(s): not part of a locator expression.
ACTIONS = frozenset(
    {
        "click",
        "dblclick",
        "fill",
        "clear",
        "type",
        "press",
        "pressSequentially",
        "check",
        "uncheck",
        "setChecked",
        "hover",
        "tap",
        "focus",
        "blur",
        "selectOption",
        "selectText",
        "setInputFiles",
        "dragTo",
        "dispatchEvent",
        "scrollIntoViewIfNeeded",
        "screenshot",
        "highlight",
        "waitFor",
        "count",
        "all",
        "allInnerTexts",
        "allTextContents",
        "textContent",
        "innerText",
        "innerHTML",
        "inputValue",
        "getAttribute",
        "isVisible",
        "isHidden",
        "isChecked",
        "isDisabled",
        "isEditable",
        "isEnabled",
        "boundingBox",
        "evaluate",
        "evaluateAll",
        "evaluateHandle",
        "elementHandle",
        "elementHandles",
        "ariaSnapshot",
        "goto",
        "waitForSelector",
        "querySelector",
        "querySelectorAll",
        "$",
        "$$",
    }
)
