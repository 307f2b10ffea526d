"""The page's snapshot: each document's bridge snapshot, with every iframe's content under its line.

The bridge snapshots one document and lists its ``iframe`` lines (``iframes: [{ref, line}]``,
bridge README). For each, :meth:`Page.content_frame` finds the frame the iframe shows (same
process or not), that frame's bridge snapshots it with its own refs (``f<K>_eN``), and its lines
go under the iframe line, two spaces deeper, the iframe line ending in ``:``::

    - iframe [ref=e9]:
      - textbox "Card number" [ref=f1_e12]

Depth counts across frames (a frame's top-level lines are one deeper than its iframe line); a
frame cut by ``depth`` shows ``- … N more`` as any cut node does. ``maxChars`` cuts the whole
text at its last whole line, and the answer says where: the lines above the first line left out
(``cut_inside``), whose refs narrow a next snapshot. A frame whose content cannot be read (it is
navigating, its process is gone) is not left out silently: its iframe line gets one child ``- …
frame content unavailable: <why>``; a frame whose document the origin policy refused gets ``- …
frame blocked: <url>: <why>``.

A document whose HTML is still being parsed (``document.readyState`` ``loading``: its navigation
committed, the rest of its body has not arrived) would show elements missing, or none: a snapshot
of a whole document waits for its ``DOMContentLoaded`` (``Page.lifecycleEvent``) and looks again,
for at most :data:`PARSE_WAIT_SECONDS` for all the page's documents together; past that it shows
what has arrived and says so (``Snapshot.loading``). The element's own document of a subtree snapshot
(``ref``) does not wait: the ref was given out in it.

A page without frames is one bridge call.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass

import trio

from verdex._nursery import open_service_nursery
from verdex.bridge.client import ContextLostError
from verdex.bridge.models import SnapshotResult, SnapshotTruncation
from verdex.browser.page import Frame, Page
from verdex.browser.refs import parse_ref
from verdex.browser.shadow import classify_shadow_hosts
from verdex.errors import NavigationError, StaleRefError, UsageError

__all__ = ["PARSE_WAIT_SECONDS", "REF_LINE", "Snapshot", "take_snapshot", "take_titled_snapshot"]

#: How long one snapshot waits, in all, for documents still being parsed to fire ``DOMContentLoaded``, seconds.
PARSE_WAIT_SECONDS = 3.0

#: Longest line of ``Snapshot.cut_inside``, characters.
_PATH_LINE = 80
_REF_SUFFIX = re.compile(r"^(.*?)( \[ref=[a-z0-9_]+\])?$")
#: A node line that carries a ref: ``- role "name" [state]... [ref=X]`` (texts and /url lines cannot match).
REF_LINE = re.compile(r'^ *- [a-z]+(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]"]*\])*? \[ref=[a-z0-9_]+\](?::|$)')


@dataclass(frozen=True)
class Snapshot:
    """A snapshot's text and its counts.

    Attributes:
        text: the snapshot, one node a line.
        ref_count: refs in ``text``.
        truncated: how ``max_chars`` cut it (characters and lines of the whole), or None.
        cut_inside: when cut, the lines above the first line left out (outermost first), each without
            its indent, its leading ``- `` and its closing ``:``, at most 80 characters.
        loading: a document's HTML (the page's or a frame's) was still being parsed after the wait
            (:data:`PARSE_WAIT_SECONDS`; ``document.readyState`` ``loading``): elements may be missing.
    """

    text: str
    ref_count: int
    truncated: SnapshotTruncation | None
    cut_inside: tuple[str, ...] = ()
    loading: bool = False


async def take_snapshot(
    page: Page,
    *,
    ref: str | None = None,
    depth: int | None = None,
    max_chars: int | None,
    behind_modal: bool = False,
) -> Snapshot:
    """The snapshot of the page, or of the subtree of ``ref``, with the content of its frames.

    Args:
        ref: only this element's subtree (the element is the first line); a ref inside a frame
            snapshots there.
        depth: lines deeper than this are cut (top-level lines are depth 1; with ``ref``, its children).
        max_chars: the text is cut at the last whole line that fits (characters); None: the whole.
        behind_modal: show the page behind an open modal dialog too (bridge README: Snapshot format).

    Raises:
        RefError: ``ref`` is malformed, unknown, stale or another role's.
    """
    frame, root = (page.main_frame, None) if ref is None else page.locate(ref)
    walk = _Walk(behind_modal, trio.current_time() + PARSE_WAIT_SECONDS)
    value = await _bridge_snapshot(page, frame, root, depth, ref, walk)
    if not value.iframes and (max_chars is None or len(value.text) <= max_chars):
        # One document, shown whole: its text and ref count as the bridge gave them.
        return Snapshot(value.text, value.refCount, None, (), walk.loading)
    return _cut(await _spliced(page, frame, value, root, depth, walk), max_chars, walk.loading)


async def take_titled_snapshot(
    page: Page,
    *,
    ref: str | None = None,
    depth: int | None = None,
    max_chars: int | None,
    behind_modal: bool = False,
) -> tuple[Snapshot, str]:
    """:func:`take_snapshot` and the page's title (:meth:`Page.title`), asked at the same time: the title
    comes from the browser process (``Target.getTargetInfo``), the snapshot from the page, so the
    title costs no round trip of its own. Raises as :func:`take_snapshot` and :meth:`Page.title`."""
    titles: list[str] = []

    async def title() -> None:
        with contextlib.suppress(Exception):  # asked again below, where its error is raised
            titles.append(await page.title())

    async with open_service_nursery() as nursery:
        nursery.start_soon(title)
        snapshot = await take_snapshot(page, ref=ref, depth=depth, max_chars=max_chars, behind_modal=behind_modal)
    return snapshot, titles[0] if titles else await page.title()


@dataclass
class _Walk:
    """What one snapshot keeps across its documents: ``behind_modal``; how long it may wait, in all, for
    documents still being parsed (until ``deadline``, ``trio.current_time()``); ``loading``, set when a
    document was still being parsed at the end."""

    behind_modal: bool
    deadline: float
    loading: bool = False


async def _bridge_snapshot(
    page: Page, frame: Frame, root: int | None, depth: int | None, ref: str | None, walk: _Walk
) -> SnapshotResult:
    """The bridge snapshot of one document. Of a whole document (no ``root``): while it is still being parsed,
    wait for its ``DOMContentLoaded`` and look again, until ``walk.deadline``."""
    value = await _document_snapshot(page, frame, root, depth, ref, walk.behind_modal)
    if root is not None or not value.loading:
        return value
    while value.loading and (left := walk.deadline - trio.current_time()) > 0:
        if _parsed(frame):
            # The frame tree has seen DOMContentLoaded, the bridge's document has not: a newer document
            # is on its way in. Give it a moment rather than asking in a tight loop.
            await trio.sleep(min(left, 0.05))
        else:
            # Bounded polls too: a document whose lifecycle events are not reported still gets looked at again.
            await page.wait_until(lambda: _parsed(frame), min(left, 0.25))
        value = await _document_snapshot(page, frame, root, depth, ref, walk.behind_modal)
    walk.loading = walk.loading or value.loading
    return value


def _parsed(frame: Frame) -> bool:
    """The frame's current document has fired ``DOMContentLoaded`` (its HTML is parsed to the end)."""
    return frame.lifecycle_loader == frame.loader_id and "DOMContentLoaded" in frame.lifecycle


async def _document_snapshot(
    page: Page, frame: Frame, root: int | None, depth: int | None, ref: str | None, behind_modal: bool
) -> SnapshotResult:
    bridge = page.worlds.bridge(frame, ref=ref)
    value = await bridge.snapshot(root=root, depth=depth, behind_modal=behind_modal)
    # Elements that may host a closed shadow root: classify them, then look again.
    if value.unknownHosts and await classify_shadow_hosts(page, frame):
        value = await bridge.snapshot(root=root, depth=depth, behind_modal=behind_modal)
    return value


async def _lines(
    page: Page, frame: Frame, root: int | None, depth: int | None, ref: str | None, walk: _Walk
) -> list[str]:
    """The lines of one document's snapshot with its frames' lines spliced in, uncut."""
    return await _spliced(page, frame, await _bridge_snapshot(page, frame, root, depth, ref, walk), root, depth, walk)


async def _spliced(
    page: Page, frame: Frame, value: SnapshotResult, root: int | None, depth: int | None, walk: _Walk
) -> list[str]:
    """The lines of ``value``, the snapshot of ``frame``'s document, with its frames' lines spliced in, uncut."""
    text = value.text
    lines = text.split("\n") if text else []
    spliced: dict[int, list[str]] = {}
    for iframe in value.iframes:
        index = iframe.line
        line = lines[index]
        indent = len(line) - len(line.lstrip(" "))
        # Top-level lines of a page are depth 1; the root line of a subtree is depth 0.
        line_depth = indent // 2 + (0 if root is not None else 1)
        content = await _frame_content(page, frame, parse_ref(iframe.ref)[1], depth, line_depth, walk)
        if content:
            spliced[index] = [" " * (indent + 2) + child for child in content]
    if not spliced:
        return lines
    result: list[str] = []
    for index, line in enumerate(lines):
        if index in spliced:
            result.append(line + ":")
            result.extend(spliced[index])
        else:
            result.append(line)
    return result


async def _frame_content(
    page: Page, parent: Frame, number: int, depth: int | None, line_depth: int, walk: _Walk
) -> list[str]:
    """The lines under an iframe line (unindented), or one line saying why there are none."""
    try:
        child = await page.owners.content_frame(parent, ref=number)
        blocked = page.guard.blocked_in(child.id)
        if blocked is not None and child.url.startswith("chrome-error://"):
            return [f"- … frame blocked: {blocked.url}: {blocked.reason}"]
        if depth is not None and depth - line_depth < 1:
            hidden = await _lines(page, child, None, None, None, walk)
            return [f"- … {len(hidden)} more"] if hidden else []
        return await _lines(page, child, None, None if depth is None else depth - line_depth, None, walk)
    except ContextLostError as exc:
        return [f"- … frame content unavailable: it navigated during the snapshot ({_first_line(exc)})"]
    except NavigationError as exc:
        return [f"- … frame content unavailable: {_first_line(exc)}"]
    except (StaleRefError, UsageError) as exc:
        return [f"- … frame content unavailable: {_first_line(exc)}"]


def _first_line(exc: Exception) -> str:
    return str(exc).split("\n", 1)[0].split("; call ", 1)[0]


def _cut(lines: list[str], max_chars: int | None, loading: bool) -> Snapshot:
    total_chars = sum(len(line) for line in lines) + max(len(lines) - 1, 0)
    shown = len(lines)
    if max_chars is not None and total_chars > max_chars:
        used = 0
        shown = 0
        for index, line in enumerate(lines):
            after = used + len(line) + (1 if index else 0)
            if after > max_chars:
                break
            used = after
            shown = index + 1
    kept = lines[:shown]
    truncated = (
        SnapshotTruncation(totalChars=total_chars, totalLines=len(lines), shownLines=shown)
        if shown < len(lines)
        else None
    )
    inside = _ancestor_lines(lines, shown) if truncated is not None else ()
    refs = sum(1 for line in kept if "[ref=" in line and REF_LINE.match(line))
    return Snapshot("\n".join(kept), refs, truncated, inside, loading)


def _ancestor_lines(lines: list[str], index: int) -> tuple[str, ...]:
    """The node lines above ``lines[index]`` (the lines it is indented under), outermost first, trimmed."""
    found: list[str] = []
    indent = len(lines[index]) - len(lines[index].lstrip(" "))
    for line in reversed(lines[:index]):
        if indent == 0:
            break
        own = len(line) - len(line.lstrip(" "))
        if own < indent:
            text = line.strip().removeprefix("- ").removesuffix(":")
            if len(text) > _PATH_LINE:
                head, ref = _REF_SUFFIX.match(text).groups()  # type: ignore[union-attr]
                ref = ref or ""
                text = head[: _PATH_LINE - len(ref) - 1] + "…" + ref
            found.append(text)
            indent = own
    return tuple(reversed(found))
