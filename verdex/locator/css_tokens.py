"""CSS tokens (CSS Syntax Level 3, https://www.w3.org/TR/css-syntax-3/#tokenization) of a selector,
for Playwright's CSS selector parser (:mod:`verdex.locator.css`). Each token keeps its source span, so
the standard part of a compound selector is passed to the browser exactly as written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["CssToken", "tokenize_css"]


@dataclass(frozen=True)
class CssToken:
    """A CSS token: ``kind`` (``ident``, ``function``, ``at``, ``hash``, ``string``, ``bad-string``,
    ``url``, ``bad-url``, ``number``, ``percentage``, ``dimension``, ``whitespace``, ``cdo``, ``cdc``,
    ``colon``, ``semicolon``, ``comma``, ``[``, ``]``, ``(``, ``)``, ``{``, ``}``, ``column``,
    ``delim``, ``eof``), its source span, and its value (unescaped name, string value, number)."""

    kind: str
    start: int
    end: int
    value: Any = None


def _is_name_start(ch: str) -> bool:
    return (ch.isalpha() and ch.isascii()) or ch == "_" or ord(ch) >= 0x80


def _is_name(ch: str) -> bool:
    return _is_name_start(ch) or (ch.isdigit() and ch.isascii()) or ch == "-"


def _valid_escape(text: str, i: int) -> bool:
    return i < len(text) and text[i] == "\\" and (i + 1 >= len(text) or text[i + 1] != "\n")


def _starts_ident(text: str, i: int) -> bool:
    if i >= len(text):
        return False
    ch = text[i]
    if ch == "-":
        nxt = text[i + 1] if i + 1 < len(text) else ""
        return bool(nxt) and (_is_name_start(nxt) or nxt == "-" or _valid_escape(text, i + 1))
    return _is_name_start(ch) or _valid_escape(text, i)


def _starts_number(text: str, i: int) -> bool:
    if i >= len(text):
        return False
    ch = text[i]
    if ch in "+-":
        i += 1
        ch = text[i] if i < len(text) else ""
    if ch.isdigit() and ch.isascii():
        return True
    return ch == "." and i + 1 < len(text) and text[i + 1].isdigit()


def tokenize_css(text: str) -> list[CssToken]:
    """CSS Syntax Level 3 tokens of ``text`` (ending with ``eof``). Never fails: bad input yields
    ``bad-string``/``bad-url``/``delim`` tokens, as the spec says."""
    tokens: list[CssToken] = []
    i = 0
    n = len(text)
    while i < n:
        start = i
        ch = text[i]
        if ch in " \t\n\r\f":
            while i < n and text[i] in " \t\n\r\f":
                i += 1
            tokens.append(CssToken("whitespace", start, i))
        elif ch in "\"'":
            tokens.append(_css_string(text, i))
        elif ch == "#":
            if i + 1 < n and (_is_name(text[i + 1]) or _valid_escape(text, i + 1)):
                name, i = _css_name(text, i + 1)
                tokens.append(CssToken("hash", start, i, name))
            else:
                tokens.append(CssToken("delim", start, i + 1, "#"))
                i += 1
        elif ch in "()[]{}":
            tokens.append(CssToken(ch, start, i + 1))
            i += 1
        elif ch == ",":
            tokens.append(CssToken("comma", start, i + 1))
            i += 1
        elif ch == ":":
            tokens.append(CssToken("colon", start, i + 1))
            i += 1
        elif ch == ";":
            tokens.append(CssToken("semicolon", start, i + 1))
            i += 1
        elif ch in "+." and _starts_number(text, i):
            tokens.append(_css_numeric(text, i))
        elif ch == "-":
            if _starts_number(text, i):
                tokens.append(_css_numeric(text, i))
            elif text.startswith("-->", i):
                tokens.append(CssToken("cdc", start, i + 3))
            elif _starts_ident(text, i):
                tokens.append(_css_ident_like(text, i))
            else:
                tokens.append(CssToken("delim", start, i + 1, "-"))
        elif ch == "<" and text.startswith("<!--", i):
            tokens.append(CssToken("cdo", start, i + 4))
        elif ch == "@" and _starts_ident(text, i + 1):
            name, end = _css_name(text, i + 1)
            tokens.append(CssToken("at", start, end, name))
        elif ch == "|" and text.startswith("||", i):
            tokens.append(CssToken("column", start, i + 2))
        elif ch == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        elif ch.isdigit() and ch.isascii():
            tokens.append(_css_numeric(text, i))
        elif _starts_ident(text, i):
            tokens.append(_css_ident_like(text, i))
        else:
            tokens.append(CssToken("delim", start, i + 1, ch))
        i = tokens[-1].end
    tokens.append(CssToken("eof", n, n))
    return tokens


def _css_escape(text: str, i: int) -> tuple[str, int]:
    """The code point of the escape at ``text[i]`` (a backslash) and the index after it."""
    i += 1
    if i >= len(text):
        return "\ufffd", i
    hex_digits = ""
    while i < len(text) and len(hex_digits) < 6 and text[i] in "0123456789abcdefABCDEF":
        hex_digits += text[i]
        i += 1
    if hex_digits:
        if i < len(text) and text[i] in " \t\n\r\f":
            i += 1
        code = int(hex_digits, 16)
        return ("\ufffd" if code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF else chr(code)), i
    return text[i], i + 1


def _css_name(text: str, i: int) -> tuple[str, int]:
    out = []
    while i < len(text):
        if _is_name(text[i]):
            out.append(text[i])
            i += 1
        elif _valid_escape(text, i):
            ch, i = _css_escape(text, i)
            out.append(ch)
        else:
            break
    return "".join(out), i


def _css_ident_like(text: str, start: int) -> CssToken:
    name, i = _css_name(text, start)
    if i < len(text) and text[i] == "(":
        if name.lower() == "url":
            j = i + 1
            while j < len(text) and text[j] in " \t\n\r\f":
                j += 1
            if j < len(text) and text[j] in "\"'":
                return CssToken("function", start, i + 1, name)
            end = text.find(")", j)
            return CssToken("url" if end >= 0 else "bad-url", start, len(text) if end < 0 else end + 1)
        return CssToken("function", start, i + 1, name)
    return CssToken("ident", start, i, name)


def _css_string(text: str, start: int) -> CssToken:
    quote = text[start]
    i = start + 1
    out: list[str] = []
    while i < len(text):
        ch = text[i]
        if ch == quote:
            return CssToken("string", start, i + 1, "".join(out))
        if ch == "\n":
            return CssToken("bad-string", start, i)
        if ch == "\\":
            if i + 1 >= len(text):
                i += 1
                continue
            if text[i + 1] == "\n":
                i += 2
                continue
            value, i = _css_escape(text, i)
            out.append(value)
            continue
        out.append(ch)
        i += 1
    return CssToken("string", start, i, "".join(out))


def _css_numeric(text: str, start: int) -> CssToken:
    i = start
    if text[i] in "+-":
        i += 1
    while i < len(text) and text[i].isdigit() and text[i].isascii():
        i += 1
    if i + 1 < len(text) and text[i] == "." and text[i + 1].isdigit():
        i += 1
        while i < len(text) and text[i].isdigit() and text[i].isascii():
            i += 1
    if i < len(text) and text[i] in "eE":
        j = i + 1
        if j < len(text) and text[j] in "+-":
            j += 1
        if j < len(text) and text[j].isdigit():
            i = j
            while i < len(text) and text[i].isdigit() and text[i].isascii():
                i += 1
    number = float(text[start:i])
    value: int | float = int(number) if number.is_integer() and "." not in text[start:i] else number
    if _starts_ident(text, i):
        _, end = _css_name(text, i)
        return CssToken("dimension", start, end, value)
    if i < len(text) and text[i] == "%":
        return CssToken("percentage", start, i + 1, value)
    return CssToken("number", start, i, value)
