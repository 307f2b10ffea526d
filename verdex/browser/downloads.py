"""Downloads a page starts: allowed into a temporary folder of the session, and reported.

Each browser context gets ``Browser.setDownloadBehavior(allowAndName, downloadPath=<folder>/<context>,
eventsEnabled)``: files are saved under their download id. The start (frame, URL, suggested file
name) and the progress (bytes, state) are reported twice, on the browser session
(``Browser.downloadWillBegin/downloadProgress``) and on the tab's session (``Page.*``, deprecated
but sent in the same batch as the frame's own events, so a navigation that turned into a download
is known as one at once); each download is taken from whichever arrives first.

A download never holds up the call that started it; that call's answer (or, for a long download,
a later one) says what started and how it ended. A finished file is renamed to its suggested name
(``report (1).csv`` when taken). The folder is deleted when the browser closes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from verdex.cdp import protocol as cdp
from verdex.errors import CDPError

if TYPE_CHECKING:
    from verdex.browser.browser import Browser, BrowserContext
    from verdex.browser.page import Page

__all__ = ["Downloads"]

logger = logging.getLogger(__name__)


@dataclass(eq=False)
class _Download:
    page: Page
    url: str
    name: str
    directory: Path
    done: Callable[[], None] | None
    finished: bool = False


class Downloads:
    """The downloads of one browser's pages, saved below ``directory``."""

    def __init__(self, browser: Browser, directory: Path) -> None:
        self.browser = browser
        self.directory = directory
        self._active: dict[str, _Download] = {}
        self._seen: set[str] = set()
        browser.session.on(cdp.Browser.downloadWillBegin, lambda params: self._began(None, params))
        browser.session.on(cdp.Browser.downloadProgress, self._progress)

    async def enable(self, context: BrowserContext) -> None:
        """Let ``context``'s pages download into their own folder, with events."""
        folder = self.directory / context.id
        folder.mkdir(parents=True, exist_ok=True)
        params: cdp.BrowserSetDownloadBehaviorParams = {
            "behavior": "allowAndName",
            "browserContextId": context.id,
            "downloadPath": str(folder),
            "eventsEnabled": True,
        }
        try:
            await self.browser.session.send(
                cdp.Browser.setDownloadBehavior(params),
                timeout=context.settings.call_timeout,
            )
        except CDPError as exc:
            logger.warning("downloads stay off in context %s: %s", context.id, exc)

    def watch(self, page: Page) -> None:
        """Take the tab's own download events too (see the module docstring)."""
        page.session.on(cdp.Page.downloadWillBegin, lambda params: self._began(page, params))
        page.session.on(cdp.Page.downloadProgress, self._progress)

    def _began(self, page: Page | None, params: cdp.BrowserDownloadWillBegin) -> None:
        guid = str(params.get("guid", ""))
        if guid in self._seen:
            return
        page = page or self._page_of_frame(str(params.get("frameId", "")))
        if page is None:
            return
        self._seen.add(guid)
        events = page.settings.events
        context_id = next((c.id for c in self.browser.contexts if page in c.pages), "unknown")
        download = _Download(
            page,
            str(params.get("url", "")),
            str(params.get("suggestedFilename", "")) or "download",
            self.directory / context_id,
            events.begin_work() if events is not None else None,
        )
        self._active[guid] = download
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

    def _progress(self, params: cdp.BrowserDownloadProgress) -> None:
        guid = str(params.get("guid", ""))
        download = self._active.get(guid)
        state = params.get("state")
        if download is None or state == "inProgress":
            return
        del self._active[guid]
        download.finished = True
        events = download.page.settings.events
        where = (events.tab_of(download.page.target_id) if events else None) or f"role {download.page.settings.role!r}"
        if state == "completed":
            size = int(params.get("receivedBytes", 0))
            path = _rename(download.directory / guid, download.name)
            text = f"Downloaded {download.name} ({size} bytes) from {download.url} in {where}; saved as {path}."
        else:
            text = f"The download of {download.name} from {download.url} in {where} was canceled."
        if events is not None:
            events.note(text)
        if download.done is not None:
            download.done()

    def _page_of_frame(self, frame_id: str) -> Page | None:
        for context in self.browser.contexts:
            for page in context.pages:
                if frame_id in page.frames:
                    return page
        return None


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
