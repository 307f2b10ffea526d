"""Locators as steps from ``page``, written out as Playwright code in TypeScript and Python.

A locator is a list of :class:`Step` (``getByTestId('card')``, ``filter({ hasText: 'x' })`` ...);
:func:`render_js` and :func:`render_python` write it as a Playwright test has it, and
:func:`frame_steps` gives the steps into the frame of an element from its frames' facts. The
suggestion engine (:mod:`verdex.locator.suggest`), the demo's composition
(:mod:`verdex.locator.compose`) and the test oracles build their locators this way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from verdex.browser.owners import FrameFacts
from verdex.safe_text import INVISIBLE

__all__ = ["TEST_ID_ATTRIBUTES", "Step", "frame_steps", "js_string", "python_method", "render_js", "render_python"]

#: The test-id family verdex reports (plus the configured attribute).
TEST_ID_ATTRIBUTES = ("data-testid", "data-test", "data-test-id", "data-qa", "data-cy")


@dataclass(frozen=True)
class Step:
    """One call in a locator chain: ``getByTestId('card')``, ``filter({ hasText: 'x' })`` ...

    Attributes:
        method: the Playwright JavaScript method name (``getByTestId``, ``getByRole``, ``locator``, ``filter``,
            ``and``).
        argument: its positional argument, if any: a string, the index of ``nth``, or for ``and`` a locator
            from ``page`` (a tuple of steps).
        options: its options object; a value that is a tuple of steps is a nested locator from ``page``.
    """

    method: str
    argument: str | int | tuple[Step, ...] | None = None
    options: tuple[tuple[str, object], ...] = ()


def render_js(steps: list[Step]) -> str:
    """``page.getByTestId('card').filter({ hasText: 'x' })`` ..."""
    out = "page"
    for step in steps:
        parts = [_js_value(step.argument)] if step.argument is not None else []
        if step.options:
            items = ", ".join(f"{key}: {_js_value(value)}" for key, value in step.options)
            parts.append(f"{{ {items} }}")
        out += f".{step.method}({', '.join(parts)})"
    return out


def render_python(steps: list[Step]) -> str:
    """``page.get_by_test_id("card").filter(has_text="x")`` ... (``contentFrame()`` is the
    ``content_frame`` property in Python)."""
    out = "page"
    for step in steps:
        if step.method in _PYTHON_PROPERTIES:
            out += f".{_snake(step.method)}"
            continue
        parts = [_py_arg(step.argument)] if step.argument is not None else []
        parts += [f"{_snake(key)}={_py_value(value)}" for key, value in step.options]
        out += f".{python_method(step.method)}({', '.join(parts)})"
    return out


#: Locator methods that Playwright's Python API has as properties.
_PYTHON_PROPERTIES = {"contentFrame", "first", "last"}
#: Locator methods whose Python name is a keyword with an underscore.
_PYTHON_KEYWORDS = {"and": "and_", "or": "or_"}


def python_method(name: str) -> str:
    """The Python API's name of a locator method: ``getByRole`` -> ``get_by_role``, ``and`` -> ``and_``."""
    return _PYTHON_KEYWORDS.get(name) or _snake(name)


def _py_arg(value: str | int | tuple[Step, ...]) -> str:
    if isinstance(value, tuple):
        return render_python(list(value))
    return str(value) if isinstance(value, int) else _py_str(value)


def _py_str(value: str) -> str:
    """A Python string literal: double-quoted, or single-quoted when that avoids escapes (CSS with quotes)."""
    if '"' in value and "'" not in value:
        return _escape_invisible(repr(value))
    return _escape_invisible(json.dumps(value, ensure_ascii=False))


def frame_steps(frames: Sequence[FrameFacts], test_id_attribute: str = "data-testid") -> list[Step]:
    """The steps from ``page`` into the frame of an element, one per iframe on the way.

    Args:
        frames: the ``frames`` of a structural answer for a frame ref, outermost first.
        test_id_attribute: the attribute ``getByTestId`` reads.

    Each iframe is named by the most stable fact it has: the test id
    (``getByTestId('x').contentFrame()``), else ``frameLocator(...)`` by ``title``, ``name``,
    ``id`` or ``src``, in that order; an iframe with none of them (a ``srcdoc`` frame) by its tag
    inside the previous frame (``frameLocator('iframe')``), which is exact only when it is the
    only iframe there.
    """
    steps: list[Step] = []
    for frame in frames:
        attributes = frame.iframe.attributes
        tag = frame.iframe.tagName
        if test_id_attribute in attributes:
            steps += [Step("getByTestId", attributes[test_id_attribute]), Step("contentFrame")]
            continue
        for name in ("title", "name", "id", "src"):
            if name in attributes and not attributes[name].endswith("…"):
                value = attributes[name]
                selector = f"#{value}" if name == "id" and _is_css_ident(value) else f"{tag}[{name}={_css_str(value)}]"
                steps.append(Step("frameLocator", selector))
                break
        else:
            steps.append(Step("frameLocator", tag))
    return steps


def _css_str(value: str) -> str:
    """A CSS string in double quotes."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _is_css_ident(value: str) -> bool:
    return bool(value) and (value[0].isalpha() or value[0] == "_") and all(c.isalnum() or c in "-_" for c in value)


def _js_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return render_js(list(value))
    return js_string(str(value))


def _py_value(value: object) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, tuple):
        return render_python(list(value))
    return json.dumps(value, ensure_ascii=False)


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


def js_string(value: str) -> str:
    """A JavaScript single-quoted string literal; bidi controls and zero-width characters as ``\\u202e``
    escapes (the same string, and nothing in the code line that reorders or hides what it shows)."""
    escaped = value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n")
    return f"'{_escape_invisible(escaped)}'"


#: The characters :func:`js_string` and :func:`_py_str` write as ``\\uXXXX`` escapes.
_INVISIBLE = re.compile(f"[{INVISIBLE}]")


def _escape_invisible(literal_body: str) -> str:
    return _INVISIBLE.sub(lambda match: f"\\u{ord(match.group(0)):04x}", literal_body)
