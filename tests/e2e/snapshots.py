"""Reading snapshot text in tests: the block under a line, the ref of a line, text without refs."""

from __future__ import annotations

import re

_REF = re.compile(r" \[ref=((?:f\d+_)?e\d+)\]")


def without_refs(text: str) -> str:
    """The snapshot with every `` [ref=...]`` removed (refs depend on what ran before)."""
    return _REF.sub("", text)


def block(snapshot: str, line: str) -> str:
    """The first line whose text (after the indentation, refs removed) starts with ``line``, and every line
    indented below it, de-indented and without refs."""
    lines = without_refs(snapshot).splitlines()
    for index, candidate in enumerate(lines):
        stripped = candidate.lstrip()
        if stripped.startswith(line):
            indent = len(candidate) - len(stripped)
            end = index + 1
            while end < len(lines) and len(lines[end]) - len(lines[end].lstrip()) > indent:
                end += 1
            return "\n".join(text[indent:] for text in lines[index:end])
    raise AssertionError(f"no line starting with {line!r} in:\n{snapshot}")


def card(snapshot: str, name: str) -> str:
    """The ``article`` block of the product card whose heading is ``name``."""
    lines = without_refs(snapshot).splitlines()
    heading = f'- heading "{name}" [level=2]'
    for index, candidate in enumerate(lines):
        if candidate.strip() == heading:
            article = index - 1
            assert lines[article].strip() == "- article:", lines[article]
            return block("\n".join(lines[article:]), "- article:")
    raise AssertionError(f"no card {name!r} in:\n{snapshot}")


def ref(snapshot: str, line: str, *, after: str | None = None) -> str:
    """The ref on the first line whose text starts with ``line`` (after the line starting with ``after``)."""
    lines = snapshot.splitlines()
    start = 0
    if after is not None:
        start = next(i for i, text in enumerate(lines) if text.lstrip().startswith(after))
    for text in lines[start:]:
        if text.lstrip().startswith(line):
            match = _REF.search(text)
            assert match, text
            return match.group(1)
    raise AssertionError(f"no line starting with {line!r} in:\n{snapshot}")
