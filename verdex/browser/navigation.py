"""Navigations: what one did, waiting for a frame's document to load, noticing the ones actions start.

A navigation of a frame is over when a document with a new loader has fired ``load``
(``Page.lifecycleEvent``), or, for a document restored from the back/forward cache, when it is
shown again (``Page.frameNavigated(type="BackForwardCacheRestore")``: it loaded long ago). Fragment
and History API moves (``pushState``, ``replaceState``, hash changes) keep the document:
``Page.navigatedWithinDocument``.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import trio

from verdex.browser.frames import Frame, FrameTree
from verdex.browser.guard import BlockedNavigation
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import CDPError, NavigationError, UsageError
from verdex.safe_text import cut, excerpt

if TYPE_CHECKING:
    from verdex.browser.page import Page

__all__ = [
    "AFTER_ACTION_LOAD_SECONDS",
    "Navigation",
    "NavigationWatch",
    "blocked_navigation_error",
    "check_url",
    "explain_net_error",
    "wait_for_load",
]

logger = logging.getLogger(__name__)

#: Longest wait, seconds, for the ``load`` event of a document an action navigated to, once it has committed (the
#: navigation's commit itself may take the whole navigation timeout). A page whose load never comes (a frame that
#: keeps navigating, a resource that never ends) answers then with ``load_pending``; ``browser_navigate`` waits for
#: ``load`` up to the navigation timeout.
AFTER_ACTION_LOAD_SECONDS = 5.0

#: The URL of the browser's error page (a frame whose document failed to load shows it).
_ERROR_PAGE = "chrome-error://"

#: Schemes browser_navigate opens (``file`` only with ``--allow-file-urls``). Not ``data:``: a data URL
#: carries its own page, scripts included, so opening one would run JavaScript the caller wrote.
_ALLOWED_SCHEMES = ("http", "https", "about")

#: C0 controls and DEL: no URL holds one (https://url.spec.whatwg.org/#c0-control-percent-encode-set).
_CONTROL = re.compile("[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class Navigation:
    """What a navigation did.

    Attributes:
        url: the URL the frame shows now.
        status: HTTP status of the new document (None for non-HTTP documents and same-document moves).
        status_text: its reason phrase.
        load_pending: True when the document committed but its ``load`` event had not fired by the timeout.
        same_document: True for a fragment or History API change without a new document.
        frame: ordinal of the frame that navigated (0: the page itself).
        download: the navigation turned into a download (the frame kept its document).
    """

    url: str
    status: int | None = None
    status_text: str = ""
    load_pending: bool = False
    same_document: bool = False
    frame: int = 0
    download: bool = False


async def wait_for_load(
    tree: FrameTree,
    frame: Frame,
    loader: str,
    previous: str | None,
    timeout: float,
    wanted: str,
    downloads: int | None = None,
    load_within: float | None = None,
) -> Navigation:
    """Wait until ``frame`` shows a document other than ``previous`` and it has loaded.

    Args:
        loader: the new document's loader when known (``Page.navigate`` answers it), else "".
        previous: the loader of the document being left.
        timeout: seconds for the whole wait (commit and ``load``).
        wanted: the URL asked for, for the error message.
        downloads: the frame's download count before the navigation: a navigation that becomes a
            download ends the wait (``Navigation.download``).
        load_within: seconds to wait for ``load`` once a new document has committed (within ``timeout``);
            None: until ``timeout``.

    Returns:
        The navigation; ``load_pending`` when the document committed but did not fire ``load`` in time.

    Raises:
        NavigationError: the page crashed, the frame went away, or nothing committed in time.
    """

    def loaded() -> bool:
        return (
            frame.lifecycle_loader not in (None, previous)
            and "load" in frame.lifecycle
            and (frame.lifecycle_loader == loader or frame.loader_id == frame.lifecycle_loader)
        )

    def gone() -> bool:
        return tree.crashed or tree.frames.get(frame.id) is not frame

    def downloaded() -> bool:
        return downloads is not None and frame.downloads > downloads and frame.loader_id == previous

    def committed() -> bool:
        return frame.loader_id not in (None, previous)

    def finished() -> bool:
        return gone() or loaded() or downloaded()

    deadline = trio.current_time() + timeout
    done = await tree.wait_until(lambda: finished() or (load_within is not None and committed()), timeout)
    if done and load_within is not None and not finished():  # committed: its load gets load_within at most
        done = await tree.wait_until(finished, min(load_within, max(0.0, deadline - trio.current_time())))
    if downloaded():
        return Navigation(url=frame.url, frame=frame.ordinal, download=True)
    if tree.crashed:
        raise NavigationError(f"the page crashed while loading {wanted}; call browser_navigate to reload it")
    if tree.frames.get(frame.id) is not frame:
        raise NavigationError(
            f"{frame.label} was removed from the page while it loaded {wanted}; call browser_snapshot to see the page"
        )
    if not done and not committed():
        raise NavigationError(
            f"{wanted} did not answer within {timeout:g} s; {frame.label} stays at {frame.url}. "
            "Check the URL, or raise --timeout-navigation for slow pages."
        )
    status, status_text = tree.statuses.get(frame.loader_id or "", (None, ""))
    return Navigation(url=frame.url, status=status, status_text=status_text, load_pending=not done, frame=frame.ordinal)


class _Watched:
    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        self.loader_before = frame.loader_id
        self.url_before = frame.url
        self.requested_url: str | None = None
        self.same_document = False
        self.downloads = frame.downloads

    def started(self) -> bool:
        return self.requested_url is not None or self.frame.loader_id != self.loader_before


class NavigationWatch:
    """Notices whether the main frame, or the frame an action happens in, starts a navigation
    (``Page.frameRequestedNavigation``, ``Page.frameStartedNavigating``, a new loader) while the
    action runs; :meth:`finish` then waits for it. Use :meth:`Page.watch_navigation`.
    """

    def __init__(self, page: Page, frame: Frame | None = None) -> None:
        self.page = page
        main = page.main_frame
        self._watched = [_Watched(main)]
        if frame is not None and frame is not main:
            self._watched.append(_Watched(frame))
        self._remove: list[Callable[[], None]] = []

    def start(self) -> None:
        for watched in self._watched:
            session = watched.frame.session
            if session is not None:
                self._remove += self._listen(session, watched)

    def _listen(self, session: CDPSession, watched: _Watched) -> list[Callable[[], None]]:
        frame_id = watched.frame.id

        def requested(params: cdp.PageFrameRequestedNavigation) -> None:
            if params.get("frameId") == frame_id and watched.requested_url is None:
                watched.requested_url = str(params.get("url", ""))
                self.page.tree.notify()

        def within(params: cdp.PageNavigatedWithinDocument) -> None:
            if params.get("frameId") == frame_id:
                watched.same_document = True

        return [
            session.on(cdp.Page.frameRequestedNavigation, requested),
            session.on(cdp.Page.frameStartedNavigating, requested),
            session.on(cdp.Page.navigatedWithinDocument, within),
        ]

    def stop(self) -> None:
        """Stop watching without waiting for anything (a dialog blocks the page: no round trip can come)."""
        for remove in self._remove:
            remove()
        self._remove.clear()

    def started(self) -> bool:
        """Whether a watched frame has started a navigation (requested, or a new loader) so far."""
        return any(watched.started() for watched in self._watched)

    async def finish(self) -> Navigation | None:
        """Stop watching; if a navigation started, wait for it to load and return it: its commit within the
        navigation timeout, then its ``load`` for at most :data:`AFTER_ACTION_LOAD_SECONDS` (``load_pending``
        after that: the page's own navigation during an action may never fire ``load`` while a frame in it keeps
        navigating).

        The main frame's navigation wins over the action frame's (it replaces the frame anyway).
        """
        page = self.page
        try:
            for watched in self._watched:
                session = watched.frame.session
                if session is None:
                    continue
                # One renderer round trip: events the action caused arrive before its answer.
                try:
                    await session.send(cdp.Runtime.evaluate({"expression": "0"}), timeout=page.settings.call_timeout)
                except CDPError as exc:  # the old document may already be gone: that is a navigation
                    logger.debug("round trip after action: %s", exc)
        finally:
            for remove in self._remove:
                remove()
        for watched in self._watched:
            frame = watched.frame
            if watched.started():
                navigation = await wait_for_load(
                    page.tree,
                    frame,
                    "",
                    watched.loader_before,
                    page.settings.navigation_timeout,
                    watched.requested_url or frame.url,
                    watched.downloads,
                    load_within=AFTER_ACTION_LOAD_SECONDS,
                )
                blocked = page.guard.blocked_in(frame.id)
                if blocked is not None and navigation.url.startswith(_ERROR_PAGE):
                    raise blocked_navigation_error(frame, blocked)
                # A navigation that became a download left the page where it was (the download is reported).
                return None if navigation.download else navigation
            if watched.same_document and frame.url != watched.url_before:
                return Navigation(url=frame.url, same_document=True, frame=frame.ordinal)
        return None


#: A URL that starts with a host: an IPv4 address, ``localhost`` or a bracketed IPv6 address (with or
#: without a port), a dotted name followed by a port or a path, or a lone www. name (``shop.html`` alone stays
#: a relative URL).
_HOST_FIRST = re.compile(
    r"(?:(?:\d{1,3}\.){3}\d{1,3}|localhost|\[[0-9a-fA-F:.]+\])(?::\d+)?(?:[/?#]|$)"
    r"|[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*\.[a-zA-Z]{2,}(?::\d+(?:[/?#]|$)|/)"
    r"|www\.[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)+$",
    re.IGNORECASE,
)


def check_url(url: str, *, allow_file_urls: bool = False) -> None:
    """Reject URLs verdex will not open, with what to pass instead.

    Args:
        allow_file_urls: ``--allow-file-urls`` was given: ``file:`` URLs open too.

    Raises:
        UsageError: empty, relative, ``javascript:``, ``data:``, ``file:`` without ``allow_file_urls``,
            a scheme other than http, https and about, or not a URL (a control character, an unclosed
            IPv6 address, a bad port, an http(s) URL without a host); the message quotes at most 200
            characters of it.
    """
    stripped = url.strip()
    if not stripped:
        raise UsageError("url is empty: pass an absolute URL such as https://example.com/")
    shown = excerpt(url)
    control = _CONTROL.search(stripped)
    if control is not None:
        char = f"U+{ord(control.group(0)):04X}"
        raise UsageError(
            f"url {shown} is not a valid URL: it holds the control character {char} at position "
            f"{control.start()}; percent-encode it (%{ord(control.group(0)):02X}) if the server expects it"
        )
    try:
        parts = urlsplit(stripped)
    except ValueError:  # "Invalid IPv6 URL": a [ without its ] (or the reverse)
        raise UsageError(
            f"url {shown} is not a valid URL: its IPv6 address has no closing ]; pass an absolute URL such as "
            "http://[::1]:8000/"
        ) from None
    scheme = parts.scheme.lower()
    if scheme and not parts.netloc and re.match(r"\d+(/|$)", parts.path):
        # host:port/path: urlsplit reads the host as a scheme.
        raise UsageError(f"url {shown} has no scheme: pass an absolute URL such as http://{cut(stripped)}")
    if not scheme and _HOST_FIRST.match(stripped):
        # 127.0.0.1:8000/shop.html, [::1]:8000/, example.com/shop: a host without its scheme.
        raise UsageError(f"url {shown} has no scheme: pass an absolute URL such as http://{cut(stripped)}")
    if not scheme:
        example = "http://localhost:3000" + ("" if stripped.startswith("/") else "/") + stripped
        raise UsageError(f"url {shown} is relative: pass an absolute URL with its scheme, such as {cut(example)}")
    if scheme == "javascript":
        raise UsageError(
            "javascript: URLs are not navigations; verdex does not run page JavaScript through browser_navigate"
        )
    if scheme == "data":
        raise UsageError(
            "data: URLs are not opened: a data URL carries its own page and scripts, and verdex runs no JavaScript "
            "you write; serve the page over http (or use --allow-file-urls and a file: URL)"
        )
    if scheme == "file" and not allow_file_urls:
        raise UsageError(
            f"url {shown} is a local file, and file: URLs are off: start verdex serve with --allow-file-urls to "
            "open local files, or serve the page over http"
        )
    if scheme not in _ALLOWED_SCHEMES and scheme != "file":
        opens = (
            "http, https, file and about URLs"
            if allow_file_urls
            else "http, https and about URLs (file URLs with --allow-file-urls)"
        )
        raise UsageError(f"url {shown} has scheme {excerpt(scheme)}; verdex opens {opens}")
    if scheme in ("http", "https"):
        _check_authority(parts.netloc, parts.path, shown)


def _check_authority(netloc: str, path: str, shown: str) -> None:
    """An http(s) URL's host and port as the URL standard parses them (https://url.spec.whatwg.org/#host-parsing)."""
    host_port = netloc.rpartition("@")[2]
    if not host_port:
        example = "http://localhost:3000" + (path if path.startswith("/") else "/" + path)
        raise UsageError(f"url {shown} is not a valid URL: it has no host; pass an absolute URL such as {example}")
    if host_port.startswith("["):
        address, _, after = host_port[1:].partition("]")
        try:
            ipaddress.IPv6Address(address)
        except ValueError:
            raise UsageError(f"url {shown} is not a valid URL: [{cut(address)}] is not an IPv6 address") from None
        if after and not after.startswith(":"):
            raise UsageError(
                f"url {shown} is not a valid URL: after the ] of its IPv6 address comes {excerpt(after)}, not a port "
                "(:8000) or a path"
            )
        port = after[1:]
    else:
        port = host_port.rpartition(":")[2] if ":" in host_port else ""
    if port and (not port.isdigit() or int(port) > 65535):
        raise UsageError(f"url {shown} is not a valid URL: its port {cut(port)} is not a number from 0 to 65535")


def explain_net_error(
    url: str, error: str, current: str, now: str = "", blocked: BlockedNavigation | None = None
) -> str:
    """The model's message for a ``Page.navigate`` ``errorText`` (``net::ERR_...``).

    Args:
        current: where the page was before.
        now: where it is after (a cancelled navigation leaves the page wherever the one that
            replaced it went, not on an error page).
        blocked: the request the origin policy refused in that frame, if it did
            (``net::ERR_BLOCKED_BY_CLIENT``; see :mod:`verdex.browser.guard`).
    """
    if error == "net::ERR_ABORTED":
        return (
            f"could not open {url}: {error} (the navigation was cancelled: the page started another one, "
            f"or the URL is a download). The page is at {now or current}; call browser_navigate again "
            "to open the URL."
        )
    before = f" (it was at {current})" if current and current != "about:blank" else ""
    if error == "net::ERR_BLOCKED_BY_CLIENT" and blocked is not None:
        what = f"it redirected to {blocked.url}, and {blocked.reason}" if blocked.url != url else blocked.reason
        return (
            f"could not open {url}: {what}. The tab now shows the browser's error page{before}; "
            "call browser_navigate with a URL the origin policy allows."
        )
    hints = {
        "net::ERR_CONNECTION_REFUSED": "nothing is listening there; start the server or fix the port",
        "net::ERR_NAME_NOT_RESOLVED": "the host name does not resolve; check the spelling",
        "net::ERR_ADDRESS_UNREACHABLE": "the host cannot be reached from this machine",
        "net::ERR_CONNECTION_TIMED_OUT": "the host did not answer",
        "net::ERR_INTERNET_DISCONNECTED": "this machine has no network",
        "net::ERR_BLOCKED_BY_CLIENT": "the browser blocked the request",
        "net::ERR_UNSAFE_PORT": "browsers refuse this port; serve the app on another port",
    }
    hint = hints.get(error, "the browser could not load it")
    return (
        f"could not open {url}: {error} ({hint}). The tab now shows the browser's error page{before}; "
        "call browser_navigate with a working URL."
    )


def blocked_navigation_error(frame: Frame, blocked: BlockedNavigation) -> NavigationError:
    """The error for an action whose navigation the origin policy refused (the action itself was done)."""
    hop = " (a redirect)" if blocked.redirect else ""
    return NavigationError(
        f"the action was done, but the navigation it started to {blocked.url}{hop} was blocked: {blocked.reason}. "
        f"{frame.label.capitalize()} now shows the browser's error page; call browser_go_back to return, or "
        "browser_navigate with a URL the origin policy allows."
    )
