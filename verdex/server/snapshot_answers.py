"""What ``browser_snapshot`` says besides the snapshot: where a cut snapshot was cut and how to go on,
that the page was still loading, and the answer when the whole snapshot went to a file (``filename``).
"""

from __future__ import annotations

from verdex.browser.snapshot import PARSE_WAIT_SECONDS, Snapshot
from verdex.server.config import ServerConfig
from verdex.server.models import SnapshotResult
from verdex.server.output import write_text

__all__ = ["LOADING_NOTICE", "MAX_SNAPSHOT_CHARS", "cut_notice", "snapshot_file_answer"]

#: The largest maxChars browser_snapshot takes, characters.
MAX_SNAPSHOT_CHARS = 1_000_000


#: The last line of a snapshot whose page was still parsing its HTML after the wait (Snapshot.loading).
LOADING_NOTICE = (
    f"[the page is still loading: its HTML was not parsed to the end within {PARSE_WAIT_SECONDS:g} s, so elements "
    "may be missing. Call browser_snapshot again, or wait_for_browser(text=...) for what you expect to see]"
)


def cut_notice(snapshot: Snapshot) -> str:
    """``[snapshot cut at line 812 of 2345 (39990 of 131220 characters), inside main [ref=e9] > list ...]``
    followed by the ways on: browser_find, a narrower snapshot, a file."""
    truncated = snapshot.truncated
    assert truncated is not None
    inside = f", inside {' > '.join(snapshot.cut_inside)}" if snapshot.cut_inside else ""
    whole = truncated.totalChars + 100
    here = f"; maxChars={whole} shows it all here" if whole <= MAX_SNAPSHOT_CHARS else ""
    return (
        f"[snapshot cut after line {truncated.shownLines} of {truncated.totalLines} "
        f"({truncated.totalChars} characters in all){inside}. To go on: browser_find(text=...) finds an element and "
        "its ref without the whole page; browser_snapshot(ref=<a container's ref>, depth=N) shows one part; "
        f"filename=... writes the whole snapshot to a file{here}]"
    )


def snapshot_file_answer(
    config: ServerConfig, filename: str, header: str, snapshot: Snapshot, url: str, title: str
) -> tuple[str, SnapshotResult]:
    """Write the header and the whole snapshot to ``filename`` in the output folder; answer its path and size (the
    answer's text and facts).

    Raises:
        UsageError: the file name leads outside the output folder, or the file cannot be written.
    """
    text = f"{header}\n{snapshot.text}\n"
    path = write_text(config, filename, text)
    lines = snapshot.text.count("\n") + 1 if snapshot.text else 0
    result = SnapshotResult(
        url=url,
        title=title,
        snapshot="",
        refCount=snapshot.ref_count,
        file=str(path),
        chars=len(text),
        lines=lines,
        loading=snapshot.loading or None,
    )
    answer = (
        f"Wrote the snapshot of {url} to {path}: {lines} lines, {len(text)} characters, {snapshot.ref_count} refs. "
        "Read the parts you need from it (search it for a name); its refs work with every tool."
    )
    return answer + ("\n" + LOADING_NOTICE if snapshot.loading else ""), result
