"""Playwright's CSS selectors: standard CSS plus Playwright's pseudo-classes, parsed for the bridge.

Playwright does not hand a ``locator('...')`` CSS selector to ``querySelectorAll``. It tokenizes it
(CSS Syntax Level 3: :mod:`verdex.locator.css_tokens`), splits it into compound
selectors joined by combinators, and evaluates each compound itself: the standard part with
``element.matches``, its own pseudo-classes with its own engines, combinators through open shadow
roots. This module does the same parse, so the bridge can do the same evaluation:

    selector list   = complex ("," complex)*
    complex         = [combinator] compound (combinator compound)*     combinators: " " > + ~
    compound        = (type | #id | .class | [attr] | :pseudo | :pseudo(args))+
    Playwright's    = :has-text(s) :text(s) :text-is(s) :text-matches(s [, flags]) :visible
      pseudo-classes  :is(list) :where(list) :not(list) :has(list) :scope :light(list)
                      :nth-match(list, n)

Every other pseudo-class (``:nth-child(2)``, ``:checked`` ...) stays in the compound's standard
CSS text, which the browser judges. A leading combinator (``:has(> img)``) means ``:scope``.
Source: Playwright's ``packages/isomorphic/cssParser.ts`` and ``selectorParser.ts`` (the facts:
which tokens are refused, which names are Playwright's, how arguments are read).

Output, as the bridge reads it (bridge/README.md, ``verifyLocator``)::

    [{"simples": [{"css": "div.card" | null,
                   "functions": [{"name": "has-text", "args": ["iPhone"]}],
                   "combinator": "" | ">" | "+" | "~"}]}]

where an argument is a string, a number, or a complex selector object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from verdex.errors import LocatorError
from verdex.locator.css_tokens import CssToken, tokenize_css

__all__ = ["CUSTOM_PSEUDO_CLASSES", "ErrorAt", "parse_css"]

#: Playwright's own pseudo-classes (``customCSSNames`` in Playwright's selectorParser.ts).
CUSTOM_PSEUDO_CLASSES = frozenset(
    {
        "not",
        "is",
        "where",
        "has",
        "scope",
        "light",
        "visible",
        "text",
        "text-matches",
        "text-is",
        "has-text",
        "above",
        "below",
        "right-of",
        "left-of",
        "near",
        "nth-match",
    }
)
_LAYOUT = frozenset({"above", "below", "right-of", "left-of", "near"})

#: Raised with a message and the offending offset (in the selector) and length.
ErrorAt = Callable[[str, int, int], LocatorError]


_REFUSED = {
    "at": "an @-keyword",
    "bad-string": "an unterminated string",
    "bad-url": "a bad url(",
    "column": "||",
    "cdo": "<!--",
    "cdc": "-->",
    "semicolon": ";",
    "{": "{",
    "}": "}",
    "url": "url(...)",
    "percentage": "a percentage",
}


def parse_css(selector: str, error_at: ErrorAt) -> list[dict[str, Any]]:
    """Parse a Playwright CSS selector into the bridge's selector-list JSON (module docstring).

    Args:
        selector: the selector text, as Playwright receives it.
        error_at: builds the error for a message and a ``(offset, length)`` in ``selector``.

    Raises:
        LocatorError: a token Playwright refuses (``{``, ``;``, ``@media`` ...), an unexpected token,
            a pseudo-element (``::before``), Playwright's layout pseudo-classes (not supported here),
            or wrong arguments to one of Playwright's pseudo-classes.
    """
    tokens = tokenize_css(selector)
    for token in tokens:
        if token.kind in _REFUSED:
            raise error_at(
                f"CSS selector: Playwright refuses {_REFUSED[token.kind]} here "
                '(escape it with a backslash, or quote it inside [attr="..."])',
                token.start,
                token.end - token.start,
            )
    parser = _CssParser(selector, tokens, error_at)
    result = parser.arguments()
    if tokens[parser.pos].kind != "eof":
        raise parser.unexpected()
    for argument in result:
        if not isinstance(argument, dict):
            raise error_at("CSS selector: expected a selector, not a string or number", 0, len(selector))
    return result


class _CssParser:
    """Recursive descent over CSS tokens, after Playwright's cssParser.ts (same grammar, same refusals)."""

    def __init__(self, text: str, tokens: list[CssToken], error_at: ErrorAt) -> None:
        self.text = text
        self.tokens = tokens
        self.pos = 0
        self.error_at = error_at

    def unexpected(self) -> LocatorError:
        token = self.tokens[self.pos]
        if token.kind == "eof":
            return self.error_at("CSS selector ends too early", max(0, len(self.text) - 1), 1)
        shown = self.text[token.start : token.end]
        return self.error_at(f"unexpected {shown!r} in the CSS selector", token.start, token.end - token.start)

    def kind(self, offset: int = 0) -> str:
        return self.tokens[self.pos + offset].kind

    def skip_whitespace(self) -> None:
        while self.kind() == "whitespace":
            self.pos += 1

    def is_combinator(self) -> bool:
        token = self.tokens[self.pos]
        return token.kind == "delim" and token.value in (">", "+", "~")

    def is_clause_end(self) -> bool:
        return self.kind() in ("comma", ")", "eof", "whitespace") or self.is_combinator()

    def arguments(self) -> list[Any]:
        result = [self.argument()]
        while True:
            self.skip_whitespace()
            if self.kind() != "comma":
                return result
            self.pos += 1
            result.append(self.argument())

    def argument(self) -> Any:
        self.skip_whitespace()
        token = self.tokens[self.pos]
        if token.kind == "number":
            self.pos += 1
            return token.value
        if token.kind == "string":
            self.pos += 1
            return token.value
        return self.complex()

    def complex(self) -> dict[str, Any]:
        simples: list[dict[str, Any]] = []
        self.skip_whitespace()
        if self.is_combinator():
            simples.append({"css": None, "functions": [{"name": "scope", "args": []}], "combinator": ""})
        else:
            simples.append({**self.compound(), "combinator": ""})
        while True:
            self.skip_whitespace()
            if self.is_combinator():
                simples[-1]["combinator"] = self.tokens[self.pos].value
                self.pos += 1
                self.skip_whitespace()
            elif self.is_clause_end():
                break
            simples.append({**self.compound(), "combinator": ""})
        return {"simples": simples}

    def compound(self) -> dict[str, Any]:
        css = ""
        functions: list[dict[str, Any]] = []
        while not self.is_clause_end():
            token = self.tokens[self.pos]
            if token.kind in ("ident", "hash") or (token.kind == "delim" and token.value == "*"):
                css += self.source(token)
                self.pos += 1
            elif token.kind == "delim" and token.value == ".":
                self.pos += 1
                if self.kind() != "ident":
                    raise self.unexpected()
                css += "." + self.source(self.tokens[self.pos])
                self.pos += 1
            elif token.kind == "colon":
                self.pos += 1
                css_part, function = self.pseudo()
                css += css_part
                if function is not None:
                    functions.append(function)
            elif token.kind == "[":
                opening = self.pos
                self.pos += 1
                while self.kind() not in ("]", "eof"):
                    self.pos += 1
                if self.kind() != "]":
                    raise self.unexpected()
                self.pos += 1
                css += self.text[self.tokens[opening].start : self.tokens[self.pos - 1].end]
            else:
                raise self.unexpected()
        if not css and not functions:
            raise self.unexpected()
        return {"css": css or None, "functions": functions}

    def pseudo(self) -> tuple[str, dict[str, Any] | None]:
        token = self.tokens[self.pos]
        if token.kind == "ident":
            name = str(token.value).lower()
            self.pos += 1
            if name not in CUSTOM_PSEUDO_CLASSES:
                return ":" + self.source(token), None
            self.check_layout(name, token)
            function = {"name": name, "args": []}
            self.check_arguments(function, token)
            return "", function
        if token.kind == "function":
            name = str(token.value).lower()
            self.pos += 1
            if name not in CUSTOM_PSEUDO_CLASSES:
                arguments = self.builtin_arguments()
                self.skip_whitespace()
                if self.kind() != ")":
                    raise self.unexpected()
                self.pos += 1
                return f":{name}({arguments})", None
            self.check_layout(name, token)
            function = {"name": name, "args": self.arguments()}
            self.skip_whitespace()
            if self.kind() != ")":
                raise self.unexpected()
            self.pos += 1
            self.check_arguments(function, token)
            return "", function
        if token.kind == "colon":
            raise self.error_at(
                "pseudo-elements (::before, ::after ...) select no element: Playwright rejects them",
                token.start - 1,
                2,
            )
        raise self.unexpected()

    def builtin_arguments(self) -> str:
        out = ""
        balance = 1
        while self.kind() != "eof":
            if self.kind() in ("(", "function"):
                balance += 1
            if self.kind() == ")":
                balance -= 1
            if not balance:
                break
            out += self.source(self.tokens[self.pos])
            self.pos += 1
        return out

    def source(self, token: CssToken) -> str:
        return self.text[token.start : token.end]

    def check_layout(self, name: str, token: CssToken) -> None:
        if name in _LAYOUT:
            raise self.error_at(
                f":{name}() (a layout pseudo-class) is not supported by verify_locator; "
                "Playwright discourages it too: scope by a container instead",
                token.start - 1,
                token.end - token.start + 1,
            )

    def check_arguments(self, function: dict[str, Any], token: CssToken) -> None:
        """Playwright's engines check their arguments when they run; we check them at parse time."""
        name, args = function["name"], function["args"]
        at, length = token.start - 1, self.tokens[self.pos - 1].end - token.start + 1

        def fail(what: str) -> LocatorError:
            return self.error_at(f":{name} {what}", at, length)

        strings = [a for a in args if isinstance(a, str)]
        if name in ("text", "text-is", "has-text"):
            if len(args) != 1 or len(strings) != 1:
                raise fail('takes one quoted string, e.g. :has-text("Add to Cart")')
        elif name == "text-matches":
            if not 1 <= len(args) <= 2 or len(strings) != len(args):
                raise fail('takes a quoted regular expression and optional quoted flags: :text-matches("^add", "i")')
        elif name in ("visible", "scope"):
            if args:
                raise fail("takes no arguments")
        elif name == "nth-match":
            index = args[-1] if args else None
            if len(args) < 2 or not isinstance(index, int) or isinstance(index, bool) or index < 1:
                raise fail("takes selectors and then a 1-based index, e.g. :nth-match(li, 2)")
            if any(not isinstance(a, dict) for a in args[:-1]):
                raise fail("takes selectors before its index")
        elif any(not isinstance(a, dict) for a in args) or not args:
            raise fail("takes a list of selectors")
