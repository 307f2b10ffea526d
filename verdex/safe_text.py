"""Strings on their way to the client: valid UTF-8, and no invisible characters that reorder or hide text.

One rule for every answer, error and notice (README, Security: "Text from pages"):

- A lone surrogate (``\\ud800``: a JavaScript string can hold one, UTF-8 cannot) becomes U+FFFD
  (``�``), in the text and in the structured content alike: the SDK's stdout writer fails on it,
  and the session with it.
- The characters in :data:`INVISIBLE` (bidi controls and zero-width characters) never reach a text
  answer raw: inside a JSON-quoted string (names, titles, values: :func:`quote`) they are written as
  their JSON escape, ``"\\u202eDelete\\u202c all"`` (the string still means the page's characters,
  so a locator copied from it matches); anywhere else in a text they are shown as ``⟨U+202E⟩``
  (:func:`clean_text`). Structured content keeps them (it is data: the same characters as the page).
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["EXCERPT_CHARS", "INVISIBLE", "clean_data", "clean_text", "cut", "escape_invisible", "excerpt", "quote"]

#: Bidi controls (Unicode UAX #9: ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI) and
#: zero-width or invisible characters (ZWSP, ZWNJ, ZWJ, WJ, the invisible operators, MVS, BOM), as the
#: body of a regular-expression character class.
INVISIBLE = "\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"

_SURROGATE = re.compile("[\ud800-\udfff]")
_INVISIBLE = re.compile(f"[{INVISIBLE}]")
_EITHER = re.compile(f"[\ud800-\udfff{INVISIBLE}]")


def _shown(match: re.Match[str]) -> str:
    char = match.group(0)
    return "\ufffd" if "\ud800" <= char <= "\udfff" else f"⟨U+{ord(char):04X}⟩"


def clean_text(text: str) -> str:
    """``text`` for a text answer: lone surrogates as U+FFFD, invisible characters as ``⟨U+202E⟩``."""
    if _EITHER.search(text) is None:
        return text
    return _EITHER.sub(_shown, text)


def clean_data(value: Any) -> Any:
    """A JSON value (structured content) with every lone surrogate of its strings (keys too) as U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, dict):
        return {clean_data(key): clean_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [clean_data(item) for item in value]
    return value


#: Characters of a refused input an error quotes (the rest is counted, not echoed).
EXCERPT_CHARS = 200


def excerpt(value: object) -> str:
    """``repr(value)`` for an error message, cut at :data:`EXCERPT_CHARS` characters: ``'aaaa…' (10000000
    characters)`` for a long string (its length counted), ``[...]… (5000 characters)`` for another long value."""
    if isinstance(value, str) and len(value) > EXCERPT_CHARS:
        return repr(value[:EXCERPT_CHARS])[:-1] + f"…{repr(value)[-1]} ({len(value)} characters)"
    shown = repr(value)
    if len(shown) > EXCERPT_CHARS:
        return shown[:EXCERPT_CHARS] + f"… ({len(shown)} characters)"
    return shown


def cut(text: str) -> str:
    """``text`` cut at :data:`EXCERPT_CHARS` characters for an error message: ``aaaa… (10000000 characters)``."""
    return text if len(text) <= EXCERPT_CHARS else f"{text[:EXCERPT_CHARS]}… ({len(text)} characters)"


def quote(text: str) -> str:
    """``text`` as a JSON string literal (``"..."``, non-ASCII kept) with invisible characters as ``\\uXXXX``."""
    return escape_invisible(json.dumps(text, ensure_ascii=False))


def escape_invisible(json_text: str) -> str:
    """JSON text with the invisible characters of its strings written as ``\\uXXXX`` (the same JSON value)."""
    if _INVISIBLE.search(json_text) is None:
        return json_text
    return _INVISIBLE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json_text)
