"""Argument values of locator calls: strings, regular expressions, numbers, booleans, options
objects and nested locators, in TypeScript/JavaScript and Python spelling.

:class:`ValueParser` holds the token stream and reads values; the locator parser
(:mod:`verdex.locator.parser`) extends it with chains and methods, and a nested locator value
(``has: page.getByRole(...)``) calls back into its :meth:`ValueParser.chain`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from verdex.errors import LocatorError
from verdex.locator.ast import Span, Step
from verdex.locator.language import Language
from verdex.locator.source import Source
from verdex.locator.tokens import DecodedString, Token, decode_string

__all__ = ["KIND_NAMES", "Chain", "Value", "ValueParser"]

#: Python ``re`` flags Playwright carries to the page as JavaScript flags (``escape_regex_flags`` in
#: playwright-python: IGNORECASE, DOTALL, MULTILINE; UNICODE is the default; any other is refused).
_PY_FLAGS = {
    "I": "i",
    "IGNORECASE": "i",
    "M": "m",
    "MULTILINE": "m",
    "S": "s",
    "DOTALL": "s",
    "U": "",
    "UNICODE": "",
}


@dataclass
class Value:
    """A parsed argument value.

    ``kind``: ``string``, ``regex``, ``bool``, ``number``, ``none``, ``object``, ``locator``.
    ``data``: the Python value (str, bool, float, dict of name -> (Value, key span), Chain).
    """

    kind: str
    data: Any
    span: Span
    decoded: DecodedString | None = None
    flags: str = ""


@dataclass
class Chain:
    """A locator expression while it is being built: its steps and what it is now."""

    steps: list[Step] = field(default_factory=list)
    receiver: Literal["page", "locator", "frame"] = "page"
    start: int = 0
    end: int = 0
    #: Each call of the chain: its span (name to closing parenthesis) and how many steps it added.
    calls: list[tuple[tuple[int, int], int]] = field(default_factory=list)


KIND_NAMES = {
    "string": "a string",
    "regex": "a regular expression",
    "bool": "a boolean",
    "number": "a number",
    "none": "None/undefined",
    "object": "an options object",
    "locator": "a locator",
}


class ValueParser:
    """A cursor over a locator's tokens that reads values."""

    def __init__(self, source: Source, tokens: list[Token], language: Language) -> None:
        self.source = source
        self.tokens = tokens
        self.pos = 0
        self.language: Language = language

    # -- tokens ------------------------------------------------------------------------------

    def peek(self, offset: int = 0) -> Token:
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def advance(self) -> Token:
        token = self.tokens[self.pos]
        if token.kind != "eof":
            self.pos += 1
        return token

    def error(self, message: str, start: int, end: int | None = None) -> LocatorError:
        return self.source.error(message, start, end)

    def expected(self, what: str) -> LocatorError:
        token = self.peek()
        if token.kind == "eof":
            return self.error(f"expected {what}, but the locator ends here", token.start)
        return self.error(f"expected {what}, found {token.text!r}", token.start, token.end)

    def expect_punct(self, char: str, what: str) -> Token:
        if not self.peek().is_punct(char):
            raise self.expected(what)
        return self.advance()

    def chain(self) -> Chain:
        """A nested locator expression (the locator parser's)."""
        raise NotImplementedError

    def value(self) -> Value:
        token = self.peek()
        if token.kind == "string":
            return self.string_value()
        if token.kind == "regex":
            self.advance()
            return self.regex_value(token.body, token.flags, token, token.body_start)
        if token.kind == "number" or token.is_punct("-"):
            start = token.start
            sign = -1.0 if token.is_punct("-") else 1.0
            if token.is_punct("-"):
                self.advance()
                token = self.peek()
                if token.kind != "number":
                    raise self.expected("a number after '-'")
            self.advance()
            return Value("number", sign * float(token.text), (start, token.end))
        if token.is_punct("{"):
            return self.object_value()
        if token.kind == "name":
            constants: dict[str, tuple[str, Any]] = {
                "true": ("bool", True),
                "false": ("bool", False),
                "True": ("bool", True),
                "False": ("bool", False),
                "undefined": ("none", None),
                "null": ("none", None),
                "None": ("none", None),
            }
            if token.text in constants and not self.peek(1).is_punct("."):
                self.advance()
                kind, data = constants[token.text]
                return Value(kind, data, (token.start, token.end))
            if token.text == "new":
                return self.new_regexp()
            if token.text == "re" and self.peek(1).is_punct("."):
                return self.re_compile()
            if not self.peek(1).is_punct("."):
                raise self.expected("a value (a string, a regular expression, true/false, a number or a locator)")
            chain = self.chain()
            if chain.receiver == "page":
                raise self.error("expected a locator here, not the page", chain.start, chain.end)
            return Value("locator", chain, (chain.start, chain.end))
        raise self.expected("a value (a string, a regular expression, true/false, a number or a locator)")

    def string_value(self) -> Value:
        token = self.advance()
        decoded = decode_string(self.source, token, self.language)
        start, end = token.start, token.end
        if self.language == "python":
            # Adjacent string literals concatenate in Python.
            while self.peek().kind == "string":
                more = self.advance()
                extra = decode_string(self.source, more, self.language)
                decoded = DecodedString(
                    decoded.value + extra.value, decoded.offsets[: len(decoded.value)] + extra.offsets
                )
                end = more.end
        return Value("string", decoded.value, (start, end), decoded)

    def regex_value(self, body: str, flags: str, token: Token, body_start: int) -> Value:
        for flag in flags:
            if flag not in "dgimsuvy" or flags.count(flag) > 1:
                raise self.error(f"invalid regular expression flag {flag!r}", token.start, token.end)
        return Value("regex", body, (token.start, token.end), flags=flags)

    def object_value(self) -> Value:
        open_brace = self.advance()
        entries: dict[str, tuple[Value, Span]] = {}
        while not self.peek().is_punct("}"):
            key_token = self.peek()
            if key_token.kind == "name":
                key = key_token.text
            elif key_token.kind == "string":
                key = decode_string(self.source, key_token, "js").value
            else:
                raise self.expected("an option name")
            self.advance()
            if not self.peek().is_punct(":"):
                raise self.expected(f"':' after {key}")
            self.advance()
            value = self.value()
            if key in entries:
                raise self.error(f"option {key} is given twice", key_token.start, key_token.end)
            entries[key] = (value, (key_token.start, key_token.end))
            if self.peek().is_punct(","):
                self.advance()
            elif not self.peek().is_punct("}"):
                raise self.expected("',' or '}' in the options object")
        close = self.advance()
        return Value("object", entries, (open_brace.start, close.end))

    def new_regexp(self) -> Value:
        start = self.advance()
        name = self.peek()
        if not name.is_name("RegExp"):
            raise self.expected("RegExp after new")
        self.advance()
        self.expect_punct("(", "( after new RegExp")
        pattern = self.value()
        if pattern.kind != "string":
            raise self.error("new RegExp(...) takes the pattern as a string", pattern.span[0], pattern.span[1])
        flags = ""
        if self.peek().is_punct(","):
            self.advance()
            if not self.peek().is_punct(")"):
                flags_value = self.value()
                if flags_value.kind != "string":
                    raise self.error("the flags of new RegExp(...) are a string", *flags_value.span)
                flags = str(flags_value.data)
                if self.peek().is_punct(","):
                    self.advance()
        close = self.expect_punct(")", "')' to close new RegExp(")
        token = Token("regex", self.source.text[start.start : close.end], start.start, close.end)
        return self.regex_value(str(pattern.data), flags, token, start.start)

    def re_compile(self) -> Value:
        start = self.advance()
        self.expect_punct(".", "'.'")
        name = self.peek()
        if not name.is_name("compile"):
            raise self.error("only re.compile(...) makes a pattern here", name.start, name.end)
        self.advance()
        self.expect_punct("(", "( after re.compile")
        pattern = self.value()
        if pattern.kind != "string":
            raise self.error("re.compile(...) takes the pattern as a string", *pattern.span)
        flags = ""
        if self.peek().is_punct(","):
            self.advance()
            if not self.peek().is_punct(")"):
                if self.peek().is_name("flags") and self.peek(1).is_punct("="):
                    self.advance()
                    self.advance()
                flags = self.python_flags()
                if self.peek().is_punct(","):
                    self.advance()
        close = self.expect_punct(")", "')' to close re.compile(")
        return Value("regex", pattern.data, (start.start, close.end), flags="".join(sorted(set(flags))))

    def python_flags(self) -> str:
        """``re.I | re.MULTILINE ...`` -> JavaScript flags (Playwright: only I, M, S; U is the default)."""
        flags = ""
        while True:
            token = self.peek()
            if token.is_name("re") and self.peek(1).is_punct("."):
                self.advance()
                self.advance()
                flag = self.peek()
                if flag.kind != "name":
                    raise self.expected("a flag name after re.")
                self.advance()
                if flag.text not in _PY_FLAGS:
                    raise self.error(
                        f"Playwright rejects re.{flag.text}: only re.IGNORECASE, re.MULTILINE and re.DOTALL "
                        "(re.I, re.M, re.S) carry over to the page",
                        token.start,
                        flag.end,
                    )
                flags += _PY_FLAGS[flag.text]
            elif token.kind == "number" and token.text == "0":
                self.advance()
            else:
                raise self.expected("regular expression flags such as re.IGNORECASE")
            if not self.peek().is_punct("|"):
                return flags
            self.advance()
