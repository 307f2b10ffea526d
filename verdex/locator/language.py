"""Which language a locator is written in: TypeScript/JavaScript or Python, read from the text itself."""

from __future__ import annotations

from typing import Literal

from verdex.locator.api import METHODS
from verdex.locator.source import Source
from verdex.locator.tokens import Token

__all__ = ["LANGUAGE_NAMES", "Language", "language_of"]

Language = Literal["js", "python"]
LANGUAGE_NAMES = {"js": "TypeScript/JavaScript", "python": "Python"}

_JS_ONLY = {m.name for m in METHODS.values() if m.python != m.name}
_PY_ONLY = {m.python for m in METHODS.values() if m.python != m.name}


def language_of(source: Source, tokens: list[Token]) -> Language | None:
    """The language the text is written in, from its first telling token; None if nothing tells.

    ``.first``/``.last``/``.visible`` with or without parentheses only decide when nothing else
    does (a TypeScript locator missing the parentheses should hear that, not "mixes languages").
    """
    found: tuple[Language, Token, str] | None = None
    weak: Language | None = None
    for index, token in enumerate(tokens):
        after_dot = index > 0 and tokens[index - 1].is_punct(".")
        following = tokens[index + 1] if index + 1 < len(tokens) else token
        evidence: tuple[Language, str] | None = None
        if token.kind == "name" and after_dot and token.text in _JS_ONLY:
            evidence = ("js", f"{token.text}()")
        elif token.kind == "name" and after_dot and token.text in _PY_ONLY:
            evidence = ("python", f"{token.text}()")
        elif token.kind == "name" and after_dot and token.text in ("first", "last", "visible"):
            weak = weak or ("js" if following.is_punct("(") else "python")
        elif token.kind == "name" and not after_dot and token.text in ("true", "false", "null", "undefined", "new"):
            evidence = ("js", token.text)
        elif token.kind == "name" and not after_dot and token.text in ("True", "False", "None"):
            evidence = ("python", token.text)
        elif token.kind == "name" and not after_dot and token.text == "re" and following.is_punct("."):
            evidence = ("python", "re.compile")
        elif token.is_punct("{"):
            evidence = ("js", "an options object { ... }")
        elif token.is_punct("="):
            evidence = ("python", "a keyword argument (name=...)")
        elif token.kind == "regex":
            evidence = ("js", "a /regex/ literal")
        elif token.kind == "string" and token.quote == "`":
            evidence = ("js", "a `template` string")
        elif token.kind == "string" and (token.prefix or len(token.quote) == 3):
            evidence = ("python", "a prefixed or triple-quoted string")
        if evidence is None:
            continue
        if found is None:
            found = (evidence[0], token, evidence[1])
        elif found[0] != evidence[0]:
            first_line, first_column = source.position(found[1].start)
            raise source.error(
                f"this locator mixes languages: {evidence[1]} is {LANGUAGE_NAMES[evidence[0]]}, but "
                f"{found[2]} (line {first_line}, column {first_column}) is {LANGUAGE_NAMES[found[0]]}; "
                "write it in one",
                token.start,
                token.end,
            )
    return found[0] if found else weak
