"""Selector strings, as ``locator('...')`` and ``frameLocator('...')`` take them.

A selector string is Playwright's: parts joined by ``>>`` (outside quotes), each ``engine=body``
or, without an engine name, CSS (``//...`` is XPath, a quoted part is text). We evaluate the
engines a locator written today uses:

- CSS (``css=`` or no prefix), with Playwright's pseudo-classes (:mod:`verdex.locator.css`);
- ``nth=N`` and ``visible=true|false``;
- ``text=...`` and quoted parts (Playwright's older text engine);
- ``id=``, ``data-testid=``, ``data-test-id=``, ``data-test=`` (an attribute equals the body).

Any other engine (``xpath``, ``role=``, ``internal:*``, ``react=`` ...) is named in the error,
with the locator method to use instead. Source of the rules: Playwright's
``packages/isomorphic/selectorParser.ts`` (``parseSelectorString``).
"""

from __future__ import annotations

import json
import re

from verdex.errors import LocatorError
from verdex.locator.ast import CssStep, LegacyTextStep, NthStep, Step, VisibleStep
from verdex.locator.css import ErrorAt, parse_css
from verdex.locator.source import Source
from verdex.locator.tokens import DecodedString

__all__ = ["parse_selector"]

_ENGINE = re.compile(r"^[a-zA-Z_0-9\-+:*]+$")
_ATTRIBUTE_ENGINES = ("id", "data-testid", "data-test-id", "data-test")
_INSTEAD = {
    "xpath": "XPath is not supported by verify_locator: use getByRole/getByText/getByTestId or CSS",
    "role": "use getByRole(...) instead of a role= selector",
    "react": "framework component selectors (react=) are not supported: use getByRole/getByTestId",
    "vue": "framework component selectors (vue=) are not supported: use getByRole/getByTestId",
}


def parse_selector(source: Source, text: DecodedString, span: tuple[int, int]) -> list[Step]:
    """The steps of one selector string.

    Args:
        source: the whole locator (for errors).
        text: the selector string's value with its source offsets.
        span: the string literal's span (the steps' span).

    Raises:
        LocatorError: an empty part, an unsupported engine, or a CSS/engine syntax error, pointing
            into the string.
    """
    value = text.value
    steps: list[Step] = []
    for start, end in _split_parts(value):
        raw = value[start:end]
        lead = len(raw) - len(raw.lstrip())
        part = raw.strip()
        part_start = start + lead

        def error(message: str, offset: int = 0, length: int = 1, base: int = part_start) -> LocatorError:
            return _error_in(source, text, message, base + offset, length)

        if not part:
            raise error("empty part in the selector (check the >> separators)", 0, 1)
        name, body, body_offset = _engine_of(part)
        body_start = part_start + body_offset
        if name == "css":
            selector = parse_css(body, _error_at(source, text, body_start))
            steps.append(CssStep(span, source=body, selector=tuple(selector)))
        elif name == "nth":
            try:
                index = int(body.strip())
            except ValueError:
                raise error("nth= takes an integer index, e.g. nth=0", body_offset, len(body)) from None
            steps.append(NthStep(span, index=index))
        elif name == "visible":
            if body.strip() not in ("true", "false"):
                raise error("visible= takes true or false", body_offset, len(body))
            steps.append(VisibleStep(span, visible=body.strip() == "true"))
        elif name == "text":
            steps.append(LegacyTextStep(span, selector=body))
        elif name in _ATTRIBUTE_ENGINES:
            css = f"[{name}={json.dumps(body, ensure_ascii=False)}]"
            selector = parse_css(css, _error_at(source, text, body_start, len(body)))
            steps.append(CssStep(span, source=css, selector=tuple(selector)))
        else:
            hint = _INSTEAD.get(name.split(":")[0])
            if hint is None:
                hint = (
                    f"the {name}= selector engine is not supported by verify_locator "
                    "(supported: CSS, text=, nth=, visible=, id=, data-testid=)"
                )
            raise error(hint, 0, len(part))
    return steps


def _error_in(source: Source, text: DecodedString, message: str, offset: int, length: int) -> LocatorError:
    """An error at ``offset``..``offset + length`` of the string's value, in source positions."""
    start = text.source_offset(offset)
    return source.error(message, start, text.source_offset(offset + max(1, length) - 1) + 1)


def _error_at(source: Source, text: DecodedString, base: int, fixed_length: int | None = None) -> ErrorAt:
    """The CSS parser's error builder for a selector starting at ``base`` in the string's value;
    with ``fixed_length``, every error covers ``base .. base + fixed_length`` (a generated selector)."""

    def error(message: str, offset: int, length: int) -> LocatorError:
        if fixed_length is not None:
            return _error_in(source, text, message, base, fixed_length)
        return _error_in(source, text, message, base + offset, length)

    return error


def _engine_of(part: str) -> tuple[str, str, int]:
    """``(engine, body, body offset in part)`` as Playwright names the engine of one part."""
    eq = part.find("=")
    if eq >= 0 and _ENGINE.match(part[:eq].strip()):
        return part[:eq].strip(), part[eq + 1 :], eq + 1
    if len(part) > 1 and part[0] == part[-1] and part[0] in "\"'":
        return "text", part, 0
    if re.match(r"^\(*//", part) or part.startswith(".."):
        return "xpath", part, 0
    return "css", part, 0


def _split_parts(selector: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each ``>>``-separated part, quotes respected (``parseSelectorString``)."""
    if ">>" not in selector:
        return [(0, len(selector))]
    parts: list[tuple[int, int]] = []
    index = start = 0
    quote: str | None = None
    while index < len(selector):
        ch = selector[index]
        if ch == "\\" and index + 1 < len(selector):
            index += 2
        elif ch == quote:
            quote = None
            index += 1
        elif quote is None and ch in "\"'`" and not re.match(r"^\s*text\s*=(.+)$", selector[start:index]):
            quote = ch
            index += 1
        elif quote is None and selector.startswith(">>", index):
            parts.append((start, index))
            index += 2
            start = index
        else:
            index += 1
    parts.append((start, len(selector)))
    return parts
