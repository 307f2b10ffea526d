"""Tokens of a locator expression, TypeScript/JavaScript or Python.

One tokenizer serves both languages: their locator expressions share names, dots, calls, commas,
numbers and quoted strings. What differs is kept on the token for the parser to judge:

- strings keep their raw body, quote and prefix (``r``, ``u``, ``f``): the escape rules differ
  (``'\\d'`` is ``d`` in JavaScript and ``\\d`` in Python), so :func:`decode_string` decodes
  once the language is known;
- a ``/`` where a value may start begins a JavaScript regular expression literal (``/add/i``);
- comments of both languages are skipped: ``// ...``, ``/* ... */`` and ``# ...``.

Template literals are accepted only without substitutions (`` `Add` ``, not `` `${x}` ``).
String escapes follow ECMAScript 2024 (sec. 12.9.4, strict mode: no legacy octal escapes) and the
Python reference (2.4.1, string and bytes literals).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from verdex.locator.source import Source

__all__ = ["DecodedString", "Token", "TokenKind", "decode_string", "tokenize"]

TokenKind = Literal["name", "number", "string", "regex", "punct", "eof"]

#: Punctuation the grammar uses; anything else outside a string is an error at its position.
_PUNCT = ".(){}[],:=;|-+!?"
#: Tokens after which a ``/`` starts a regular expression literal (a value is expected).
_VALUE_STARTS = {"(", ",", ":", "=", "[", "{", "|", "!", "?"}
_PY_PREFIXES = {"r", "u", "f", "b", "rb", "br", "fr", "rf"}


@dataclass(frozen=True)
class Token:
    """One token.

    Attributes:
        kind: ``name``, ``number``, ``string``, ``regex``, ``punct`` or ``eof``.
        text: the token's source text (for a string: prefix, quotes and body).
        start: offset of its first character; ``end`` is one past its last.
        quote: for strings, the opening quote (``'``, ``"``, `````, ``'''``, ``\"\"\"``).
        prefix: for strings, the Python prefix in lower case (``r``, ``f`` ...), else empty.
        body_start: for strings and regexes, the offset of the first character of the body.
        body: for strings, the raw text between the quotes; for regexes, the pattern source.
        flags: for regexes, the flags after the closing slash.
    """

    kind: TokenKind
    text: str
    start: int
    end: int
    quote: str = ""
    prefix: str = ""
    body_start: int = 0
    body: str = ""
    flags: str = ""

    def is_punct(self, char: str) -> bool:
        return self.kind == "punct" and self.text == char

    def is_name(self, name: str | None = None) -> bool:
        return self.kind == "name" and (name is None or self.text == name)


@dataclass(frozen=True)
class DecodedString:
    """A string literal's value, with the source offset of each character (for errors inside it).

    ``offsets[i]`` is where the ``i``-th character of ``value`` starts in the source;
    ``offsets[len(value)]`` is the offset of the closing quote.
    """

    value: str
    offsets: tuple[int, ...] = field(repr=False)

    def source_offset(self, index: int) -> int:
        return self.offsets[max(0, min(index, len(self.offsets) - 1))]


def tokenize(source: Source) -> list[Token]:
    """Split ``source`` into tokens, ending with an ``eof`` token.

    Raises:
        LocatorError: an unterminated string, regex or comment, a template substitution, or a
            character no locator expression contains, with its position.
    """
    text = source.text
    tokens: list[Token] = []
    i = 0
    n = len(text)
    while True:
        i = _skip_space_and_comments(source, i)
        if i >= n:
            tokens.append(Token("eof", "", n, n))
            return tokens
        ch = text[i]
        if ch in "'\"`":
            token = _string(source, i, i, "")
        elif ch == "/" and (not tokens or (tokens[-1].kind == "punct" and tokens[-1].text in _VALUE_STARTS)):
            token = _regex(source, i)
        elif ch.isdigit() or (ch == "." and i + 1 < n and text[i + 1].isdigit()):
            token = _number(source, i)
        elif _is_name_start(ch):
            j = i + 1
            while j < n and _is_name_part(text[j]):
                j += 1
            word = text[i:j]
            if j < n and text[j] in "'\"" and word.lower() in _PY_PREFIXES:
                token = _string(source, i, j, word.lower())
            else:
                token = Token("name", word, i, j)
        elif ch in _PUNCT:
            token = Token("punct", ch, i, i + 1)
        else:
            raise source.error(f"unexpected character {ch!r}", i)
        tokens.append(token)
        i = token.end


def _is_name_start(ch: str) -> bool:
    return ch == "_" or ch == "$" or ch.isalpha()


def _is_name_part(ch: str) -> bool:
    return _is_name_start(ch) or ch.isdigit() or unicodedata.category(ch) in ("Mn", "Mc", "Pc")


def _skip_space_and_comments(source: Source, i: int) -> int:
    text = source.text
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == "\ufeff":
            i += 1
        elif ch == "#" or text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise source.error("unterminated /* comment", i, i + 2)
            i = end + 2
        else:
            break
    return i


def _number(source: Source, start: int) -> Token:
    text = source.text
    i = start
    n = len(text)
    while i < n and text[i].isdigit():
        i += 1
    if i < n and text[i] == "." and i + 1 < n and text[i + 1].isdigit():
        i += 1
        while i < n and text[i].isdigit():
            i += 1
    if i < n and text[i] in "eE":
        j = i + 1
        if j < n and text[j] in "+-":
            j += 1
        if j < n and text[j].isdigit():
            i = j
            while i < n and text[i].isdigit():
                i += 1
    if i < n and _is_name_part(text[i]):
        raise source.error("a number cannot run into letters", start, i + 1)
    return Token("number", text[start:i], start, i)


def _string(source: Source, start: int, quote_at: int, prefix: str) -> Token:
    """A string literal starting at ``start`` (its prefix) with the quote at ``quote_at``."""
    text = source.text
    n = len(text)
    quote = text[quote_at]
    if quote in "'\"" and text.startswith(quote * 3, quote_at):
        quote *= 3
    i = quote_at + len(quote)
    body_start = i
    multiline = len(quote) == 3 or quote == "`"
    while True:
        if i >= n:
            raise source.error("unterminated string: the closing quote is missing", start, n)
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if text.startswith(quote, i):
            break
        if quote == "`" and text.startswith("${", i):
            raise source.error(
                "template literal substitutions (${...}) are not supported: write the text itself", i, i + 2
            )
        if ch == "\n" and not multiline:
            raise source.error("unterminated string: the line ends before the closing quote", start, i)
        i += 1
    end = i + len(quote)
    return Token(
        "string",
        text[start:end],
        start,
        end,
        quote=quote,
        prefix=prefix,
        body_start=body_start,
        body=text[body_start:i],
    )


def _regex(source: Source, start: int) -> Token:
    """A JavaScript regular expression literal ``/body/flags`` (ECMAScript 12.9.5)."""
    text = source.text
    n = len(text)
    i = start + 1
    in_class = False
    while True:
        if i >= n or text[i] == "\n":
            raise source.error("unterminated regular expression: the closing / is missing", start, i)
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            in_class = True
        elif ch == "]":
            in_class = False
        elif ch == "/" and not in_class:
            break
        i += 1
    body = text[start + 1 : i]
    j = i + 1
    while j < n and _is_name_part(text[j]):
        j += 1
    return Token("regex", text[start:j], start, j, body_start=start + 1, body=body, flags=text[i + 1 : j])


# -- decoding ---------------------------------------------------------------------------------

_JS_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "v": "\v"}
_PY_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "v": "\v", "a": "\a"}


def decode_string(source: Source, token: Token, language: Literal["js", "python"]) -> DecodedString:
    """The value of a string token under ``language``'s escape rules.

    Raises:
        LocatorError: an invalid escape (a legacy octal escape in JavaScript, a bad ``\\x``/``\\u``),
            a bytes literal, or an f-string with replacement fields.
    """
    body, base = token.body, token.body_start
    if "b" in token.prefix:
        raise source.error("bytes literals are not text: drop the b prefix", token.start, token.end)
    if "f" in token.prefix and ("{" in body or "}" in body):
        raise source.error(
            "f-strings with {...} fields are not supported: write the text itself", token.start, token.end
        )
    if "r" in token.prefix:
        return DecodedString(body, tuple(range(base, base + len(body) + 1)))
    chars: list[str] = []
    offsets: list[int] = []
    i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch != "\\":
            chars.append(ch)
            offsets.append(base + i)
            i += 1
            continue
        at = base + i
        value, length = (_js_escape if language == "js" else _py_escape)(source, body, i, at)
        for piece in value:
            chars.append(piece)
            offsets.append(at)
        i += length
    offsets.append(base + n)
    return DecodedString("".join(chars), tuple(offsets))


def _hex(source: Source, body: str, i: int, count: int, at: int, what: str) -> int:
    digits = body[i : i + count]
    if len(digits) != count or any(c not in "0123456789abcdefABCDEF" for c in digits):
        raise source.error(f"invalid {what} escape: it needs {count} hexadecimal digits", at, at + 2 + count)
    return int(digits, 16)


def _js_escape(source: Source, body: str, i: int, at: int) -> tuple[str, int]:
    """One JavaScript escape at ``body[i]`` (a backslash): ``(value, characters consumed)``."""
    if i + 1 >= len(body):
        return "\\", 1
    ch = body[i + 1]
    if ch in _JS_SIMPLE:
        return _JS_SIMPLE[ch], 2
    if ch == "0" and not (i + 2 < len(body) and body[i + 2].isdigit()):
        return "\0", 2
    if ch.isdigit():
        raise source.error("octal escapes are not allowed in strict-mode JavaScript (use \\x or \\u)", at, at + 2)
    if ch == "x":
        return chr(_hex(source, body, i + 2, 2, at, "\\x")), 4
    if ch == "u":
        if i + 2 < len(body) and body[i + 2] == "{":
            close = body.find("}", i + 3)
            digits = body[i + 3 : close] if close > 0 else ""
            if not digits or any(c not in "0123456789abcdefABCDEF" for c in digits) or int(digits, 16) > 0x10FFFF:
                raise source.error("invalid \\u{...} escape", at, at + 3)
            return chr(int(digits, 16)), close - i + 1
        return chr(_hex(source, body, i + 2, 4, at, "\\u")), 6
    if ch == "\r":
        return "", 3 if body.startswith("\r\n", i + 1) else 2
    if ch in "\n\u2028\u2029":
        return "", 2
    return ch, 2


def _py_escape(source: Source, body: str, i: int, at: int) -> tuple[str, int]:
    """One Python escape at ``body[i]`` (a backslash): ``(value, characters consumed)``."""
    if i + 1 >= len(body):
        return "\\", 1
    ch = body[i + 1]
    if ch in _PY_SIMPLE:
        return _PY_SIMPLE[ch], 2
    if ch in "\\'\"":
        return ch, 2
    if ch == "\n":
        return "", 2
    if ch in "01234567":
        j = i + 1
        while j < len(body) and j < i + 4 and body[j] in "01234567":
            j += 1
        return chr(int(body[i + 1 : j], 8)), j - i
    if ch == "x":
        return chr(_hex(source, body, i + 2, 2, at, "\\x")), 4
    if ch == "u":
        return chr(_hex(source, body, i + 2, 4, at, "\\u")), 6
    if ch == "U":
        code = _hex(source, body, i + 2, 8, at, "\\U")
        if code > 0x10FFFF:
            raise source.error("invalid \\U escape: past U+10FFFF", at, at + 10)
        return chr(code), 10
    if ch == "N" and i + 2 < len(body) and body[i + 2] == "{":
        close = body.find("}", i + 3)
        name = body[i + 3 : close] if close > 0 else ""
        try:
            return unicodedata.lookup(name), close - i + 1
        except KeyError:
            raise source.error(f"unknown Unicode character name {name!r} in \\N{{...}}", at, at + 3) from None
    # Python keeps an unknown escape as written (backslash included).
    return "\\" + ch, 2
