"""Refs: parsing, and the ledger that knows who gave out each number.

A ref is ``eN`` (main frame) or ``f<K>_eN`` (frame with ordinal K). The numbers come from one
counter for the whole server session, shared by every role, page, frame and document: the
bridge in a document numbers new elements from ``RefLedger.next_number`` upwards and reports the
next free number, and the ledger records which (role, page, frame, URL) that range belongs to.
So a number names at most one element ever, and for any ref the ledger can say whose it was:
another role's, a closed page's, a document the frame has left. The ledger belongs to the server
session, not to a browser: it outlives ``browser_close`` and a browser that went away (it is
passed to each new browser), and :meth:`RefLedger.retire` marks what the closed browser gave out.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import trio

from verdex.errors import MalformedRefError
from verdex.safe_text import excerpt

__all__ = ["RefLedger", "RefOwner", "format_ref", "parse_ref"]

_REF = re.compile(r"(?:f(?P<frame>[1-9][0-9]{0,5})_)?e(?P<number>[1-9][0-9]{0,9})")
_LOOSE = re.compile(r"(?:f[0-9]+_)?e[0-9]+")


def parse_ref(ref: str) -> tuple[int, int]:
    """Split a ref into ``(frame_ordinal, number)``; the main frame's ordinal is 0.

    Raises:
        MalformedRefError: ``ref`` is not ``eN`` or ``f<K>_eN``; the message suggests the ref
            when one is embedded in the text (``[ref=e3]``).
    """
    match = _REF.fullmatch(ref)
    if match is None:
        hint = ""
        embedded = _LOOSE.search(ref)
        if embedded and embedded.group(0) != ref:
            hint = f" Did you mean {embedded.group(0)!r}?"
        raise MalformedRefError(
            f"{excerpt(ref)} is not a ref: refs look like e12 (main frame) or f1_e12 (inside a frame), "
            f"as printed by browser_snapshot in [ref=...].{hint}"
        )
    frame = int(match.group("frame") or 0)
    return frame, int(match.group("number"))


def format_ref(frame_ordinal: int, number: int) -> str:
    """The inverse of :func:`parse_ref`."""
    return f"e{number}" if frame_ordinal == 0 else f"f{frame_ordinal}_e{number}"


def ref_prefix(frame_ordinal: int) -> str:
    """The text before the number in refs of that frame (``e`` or ``f3_e``)."""
    return "e" if frame_ordinal == 0 else f"f{frame_ordinal}_e"


@dataclass(frozen=True)
class RefOwner:
    """Where a range of ref numbers was given out.

    Attributes:
        role: the role whose page it was.
        page_id: the page's CDP target id.
        frame_id: the CDP frame id.
        frame_ordinal: K in ``f<K>_eN`` (0: main frame).
        url: the document's URL when the numbers were given out.
    """

    role: str
    page_id: str
    frame_id: str
    frame_ordinal: int
    url: str


class RefLedger:
    """The session's ref counter and the owner of every number given out.

    Calls that may give out numbers hold :attr:`lock` from reading :attr:`next_number` to
    :meth:`record`, so two documents never number from the same start.
    """

    def __init__(self) -> None:
        self.next_number = 1
        self.lock = trio.Lock()
        #: Numbers below this were given out in browsers that are closed now.
        self._retired_below = 1
        self._starts: list[int] = []
        self._ranges: list[tuple[int, int, RefOwner]] = []

    def record(self, start: int, end: int, owner: RefOwner) -> None:
        """Note that ``[start, end)`` was given out by ``owner`` and advance the counter."""
        if end <= start:
            return
        if end > self.next_number:
            self.next_number = end
        if self._ranges and self._ranges[-1][2] == owner and self._ranges[-1][1] == start:
            first, _, _ = self._ranges[-1]
            self._ranges[-1] = (first, end, owner)
            return
        index = bisect.bisect_right(self._starts, start)
        self._starts.insert(index, start)
        self._ranges.insert(index, (start, end, owner))

    def retire(self) -> None:
        """Note that the browser closed: every number given out so far belongs to a closed browser."""
        self._retired_below = self.next_number

    def retired(self, number: int) -> bool:
        """True if ``number`` was given out in a browser that is closed now."""
        return number < self._retired_below

    def owner_of(self, number: int) -> RefOwner | None:
        """Who gave out ``number``, or None if no one did."""
        index = bisect.bisect_right(self._starts, number) - 1
        if index < 0:
            return None
        start, end, owner = self._ranges[index]
        return owner if start <= number < end else None
