"""The locator's text, and errors that point into it (line, column and a caret under the place)."""

from __future__ import annotations

from dataclasses import dataclass

from verdex.errors import LocatorError

__all__ = ["Source"]

#: Characters of the offending line shown around the caret (long one-line locators are cut).
_WINDOW = 90


@dataclass(frozen=True)
class Source:
    """The text of one locator, as the model passed it.

    Offsets are indices into ``text`` (Python characters). Lines and columns are 1-based.
    """

    text: str

    def position(self, offset: int) -> tuple[int, int]:
        """``(line, column)`` of ``offset``."""
        offset = max(0, min(offset, len(self.text)))
        line = self.text.count("\n", 0, offset) + 1
        start = self.text.rfind("\n", 0, offset) + 1
        return line, offset - start + 1

    def excerpt(self, start: int, end: int | None = None) -> str:
        """The line holding ``start``, indented two spaces, and a line of carets under ``start..end``.

        A line longer than the window is cut around the caret, the cuts marked with ``…``.
        """
        start = max(0, min(start, len(self.text)))
        line_start = self.text.rfind("\n", 0, start) + 1
        line_end = self.text.find("\n", start)
        if line_end < 0:
            line_end = len(self.text)
        stop = start + 1 if end is None or end <= start else min(end, line_end)
        left, right = line_start, line_end
        if right - left > _WINDOW:
            left = max(line_start, start - _WINDOW // 2)
            right = min(line_end, left + _WINDOW)
            left = max(line_start, right - _WINDOW)
        shown = self.text[left:right].expandtabs(1)
        prefix = "…" if left > line_start else ""
        suffix = "…" if right < line_end else ""
        carets = " " * (len(prefix) + start - left) + "^" * max(1, min(stop, right) - start)
        return f"  {prefix}{shown}{suffix}\n  {carets}"

    def error(self, message: str, start: int, end: int | None = None) -> LocatorError:
        """A :class:`LocatorError`: ``message``, the position, and the excerpt with carets."""
        line, column = self.position(start)
        text = f"{message} (line {line}, column {column}):\n{self.excerpt(start, end)}"
        return LocatorError(text, line, column)
