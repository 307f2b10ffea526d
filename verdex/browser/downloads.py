"""Downloads a page starts: allowed into a temporary folder of the session, and reported.

Each browser context gets ``Browser.setDownloadBehavior(allowAndName, downloadPath=<folder>/<context>,
eventsEnabled)``: files are saved under their download id and the browser session receives
``Browser.downloadWillBegin`` (frame, URL, suggested file name) and ``Browser.downloadProgress``
(bytes, state). A download never holds up the call that started it; the answer of that call
(or, for a long download, of a later one) says what started and how it ended. A finished file
is renamed to its suggested name (``report (1).csv`` when taken). The folder is deleted when the
browser closes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from verdex.cdp.connection import JSON
from verdex.errors import CDPError

if TYPE_CHECKING:
    from verdex.browser.browser import Browser, BrowserContext
    from verdex.browser.page import Page

__all__ = ["enable_downloads", "watch_downloads"]

logger = logging.getLogger(__name__)


@dataclass(eq=False)
class _Download:
    page: Page
    url: str
    name: str
    directory: Path
    done: Callable[[], None] | None
    finished: bool = False


async def enable_downloads(browser: Browser, context: BrowserContext) -> None:
    """Let ``context``'s pages download into their own folder, with events."""
    if browser.downloads_dir is None:
        return
    folder = browser.downloads_dir / context.id
    folder.mkdir(parents=True, exist_ok=True)
    try:
        await browser.session.send(
            "Browser.setDownloadBehavior",
            {
                "behavior": "allowAndName",
                "browserContextId": context.id,
                "downloadPath": str(folder),
                "eventsEnabled": True,
            },
            timeout=context.settings.call_timeout,
        )
    except CDPError as exc:
        logger.warning("downloads stay off in context %s: %s", context.id, exc)


def watch_downloads(browser: Browser, directory: Path) -> None:
    """Report the downloads of verdex's pages (see the module docstring)."""
    browser.downloads_dir = directory
    downloads: dict[str, _Download] = {}

    def began(params: JSON) -> None:
        page = _page_of_frame(browser, str(params.get("frameId", "")))
        if page is None:
            return
        events = page.settings.events
        guid = str(params.get("guid", ""))
        download = _Download(
            page,
            str(params.get("url", "")),
            str(params.get("suggestedFilename", "")) or "download",
            directory / _context_id(browser, page),
            events.begin_work() if events is not None else None,
        )
        downloads[guid] = download
        if events is not None:
            where = events.tab_of(page.target_id) or f"role {page.settings.role!r}"
            events.note(
                lambda: (
                    None
                    if download.finished
                    else f"A download started in {where}: {download.name} from {download.url} (still in progress; "
                    "a later answer says when it ends)."
                )
            )

    def progress(params: JSON) -> None:
        guid = str(params.get("guid", ""))
        download = downloads.get(guid)
        state = params.get("state")
        if download is None or state == "inProgress":
            return
        del downloads[guid]
        download.finished = True
        events = download.page.settings.events
        where = (events.tab_of(download.page.target_id) if events else None) or f"role {download.page.settings.role!r}"
        if state == "completed":
            size = int(params.get("receivedBytes", 0))
            path = _rename(download.directory / guid, download.name)
            text = f"Downloaded {download.name} ({size} bytes) from {download.url} in {where}; saved as {path}."
        else:
            text = f"The download of {download.name} from {download.url} in {where} was canceled (state: {state})."
        if events is not None:
            events.note(text)
        if download.done is not None:
            download.done()

    browser.session.on("Browser.downloadWillBegin", began)
    browser.session.on("Browser.downloadProgress", progress)


def _page_of_frame(browser: Browser, frame_id: str) -> Page | None:
    for context in browser.contexts:
        for page in context.pages:
            if frame_id in page.frames:
                return page
    return None


def _context_id(browser: Browser, page: Page) -> str:
    return next((c.id for c in browser.contexts if page in c.pages), "unknown")


def _rename(saved: Path, name: str) -> Path:
    """Give the saved file its suggested name (``name (1).ext`` when taken); the original path on failure."""
    safe = Path(name).name or "download"
    stem, suffix = Path(safe).stem, Path(safe).suffix
    candidate = saved.with_name(safe)
    number = 1
    while candidate.exists():
        candidate = saved.with_name(f"{stem} ({number}){suffix}")
        number += 1
    try:
        saved.rename(candidate)
    except OSError as exc:
        logger.info("keeping download %s under its id: %s", saved, exc)
        return saved
    return candidate
