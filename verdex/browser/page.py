"""A page: one CDP target (a tab) with its frames, navigation, and the ways into its documents.

The frames come from :class:`~verdex.browser.frames.FrameTree`: same-process frames and
out-of-process iframes (their own targets, auto-attached) in one tree. What runs in a frame's
document goes through ``page.worlds`` (:mod:`verdex.browser.worlds`: the typed bridge, element
handles); iframe elements and the frames they show through ``page.owners``
(:mod:`verdex.browser.owners`); a ref the model passed becomes a frame and a number with
:meth:`Page.locate` (:mod:`verdex.browser.locate`). This module keeps the page's own state and its
navigation: open, navigate, reload, go back, title, close.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

import trio

from verdex.bridge.api import Bridge
from verdex.bridge.client import BridgeSource
from verdex.bridge.models import WarmUpResult
from verdex.browser.dialogs import Dismissal, watch_dialogs
from verdex.browser.events import Dialog, PageEvents
from verdex.browser.frames import Frame, FrameTree
from verdex.browser.guard import NavigationGuard
from verdex.browser.locate import locate
from verdex.browser.navigation import Navigation, NavigationWatch, check_url, explain_net_error, wait_for_load
from verdex.browser.origins import NavigationPolicy
from verdex.browser.owners import FrameOwners
from verdex.browser.refs import RefLedger
from verdex.browser.worlds import IsolatedWorlds
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import CDPError, CDPTimeoutError, NavigationError, UsageError

__all__ = ["Frame", "Navigation", "Page", "PageSettings", "check_url", "shown_title"]

logger = logging.getLogger(__name__)

#: Seconds the page's renderer has to answer a round trip before a navigation stops its running script.
RUNAWAY_PROBE = 3.0

#: Frames one warm-up goes through (:meth:`Page.cold_frames`): the main frame and the first seven others by ordinal.
MAX_WARM_FRAMES = 8


@dataclass(frozen=True)
class PageSettings:
    """Limits and options every page of a session shares.

    Attributes:
        role: the role this page belongs to (refs are checked against it).
        test_id_attribute: the attribute ``getByTestId`` uses (``--test-id-attribute``).
        call_timeout: seconds for one bridge call or CDP command.
        navigation_timeout: seconds to wait for a navigation's load event.
        events: where pages report dialogs, new tabs and downloads (None: nowhere).
    """

    role: str = "default"
    test_id_attribute: str = "data-testid"
    call_timeout: float = 30.0
    navigation_timeout: float = 30.0
    events: PageEvents | None = None


def shown_title(target: cdp.TargetInfo) -> str:
    """A target's title as verdex shows it: empty when the page has none (the browser then reports the URL, the
    URL without its scheme (``127.0.0.1:8000/page.html``), or its host, as the title)."""
    title = str(target.get("title", ""))
    url = str(target.get("url", ""))
    return "" if title in (url, url.partition("://")[2], urlsplit(url).netloc, url.removeprefix("about:")) else title


class Page:
    """A page target (tab) attached with a flat session. Create with :meth:`open`."""

    def __init__(
        self,
        session: CDPSession,
        target_id: str,
        source: BridgeSource,
        ledger: RefLedger,
        settings: PageSettings,
        nursery: trio.Nursery,
        guard: NavigationGuard | None = None,
    ) -> None:
        self.session = session
        self.target_id = target_id
        #: The bridge bundle registered in every document of the page.
        self.source = source
        self.ledger = ledger
        self.settings = settings
        #: The origin policy and its record of blocked document requests (see verdex.browser.guard).
        self.guard = guard or NavigationGuard(NavigationPolicy(), nursery, settings.call_timeout)
        self.tree = FrameTree(source, nursery, settings.call_timeout, self.guard)
        self.closed = False
        #: The JavaScript dialog the page shows (it blocks the page until answered); see verdex.browser.dialogs.
        self.dialog: Dialog | None = None
        #: Dialogs the page has opened in its life (a new one after an answer is told apart by it).
        self.dialogs_opened = 0
        #: While the page is being left from a dialog: every dialog is answered at once (verdex.browser.dialogs).
        self.dismissal: Dismissal | None = None
        #: The title the browser last reported for the tab (Target.targetInfoChanged, :meth:`title`), as
        #: :meth:`title` gives it; None before any report. Read by calls that must not wait on the page.
        self.known_title: str | None = None
        #: The page that opened this one (``window.open``, ``target=_blank``), by target id.
        self.opener_id: str | None = None
        #: verdex's isolated world in each frame: bridge calls, element handles (see verdex.browser.worlds).
        self.worlds = IsolatedWorlds(self)
        #: The iframe elements of the frames, both ways (see verdex.browser.owners).
        self.owners = FrameOwners(self)

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        session: CDPSession,
        target_id: str,
        source: BridgeSource,
        ledger: RefLedger,
        settings: PageSettings,
        nursery: trio.Nursery,
        guard: NavigationGuard | None = None,
    ) -> Page:
        """Subscribe to the page's events, enable its domains, register the bridge, auto-attach iframes.

        Args:
            nursery: runs the setup of the page's out-of-process iframes; it must outlive the page.
            guard: the browser's origin policy (None: no origin lists, no file URLs).

        Raises:
            CDPError: the target went away during setup.
        """
        page = cls(session, target_id, source, ledger, settings, nursery, guard)
        watch_dialogs(page)
        await page.tree.attach_page(session, target_id)
        return page

    # -- state -------------------------------------------------------------------------------

    @property
    def frames(self) -> dict[str, Frame]:
        """Every frame of the page by CDP frame id, across processes."""
        return self.tree.frames

    @property
    def main_frame(self) -> Frame:
        assert self.tree.main_id is not None, "page has no main frame yet"
        return self.tree.frames[self.tree.main_id]

    @property
    def url(self) -> str:
        return self.main_frame.url

    @property
    def crashed(self) -> bool:
        return self.tree.crashed

    def frame_by_ordinal(self, ordinal: int) -> Frame | None:
        return self.tree.by_ordinal.get(ordinal)

    def child_frames(self, frame: Frame) -> list[Frame]:
        """The frames shown by iframes of ``frame``'s document."""
        return self.tree.children(frame)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``predicate()`` holds after some page event; False on timeout."""
        return await self.tree.wait_until(predicate, timeout)

    async def title(self) -> str:
        """The document title (``Target.getTargetInfo``); empty when the page has none."""
        browser = self.session.connection.session(None)
        info = await browser.send(
            cdp.Target.getTargetInfo({"targetId": self.target_id}), timeout=self.settings.call_timeout
        )
        self.known_title = shown_title(info.get("targetInfo", {}))
        return self.known_title

    # -- navigation --------------------------------------------------------------------------

    async def navigate(self, url: str) -> Navigation:
        """Open ``url`` in the main frame and wait for its ``load`` event.

        Returns:
            The :class:`Navigation`; HTTP errors (404, 500) are not exceptions, they are in ``status``.

        Raises:
            UsageError: the URL is relative, empty or of a scheme verdex does not open (``file:``
                without ``--allow-file-urls``).
            NavigationError: the origin policy refuses the URL or a redirect of it, a network error,
                or nothing committed within the navigation timeout.
        """
        policy = self.guard.policy
        check_url(url, allow_file_urls=policy.allow_file_urls)
        frame = self.main_frame
        refusal = policy.refusal(url)
        if refusal is not None:
            raise NavigationError(
                f"{url} was not opened: {refusal}. The page stays at {frame.url}; call browser_navigate with a URL "
                "the origin policy allows."
            )
        await self.stop_runaway_script()
        previous_loader = frame.loader_id
        previous_url = frame.url
        moves_before = frame.same_document_moves
        timeout = self.settings.navigation_timeout
        try:
            result = await self.session.send(cdp.Page.navigate({"url": url}), timeout=timeout)
        except CDPTimeoutError as exc:
            # The browser would go on waiting and move the page later: stop it, so it stays where it was.
            await self._stop_loading()
            raise NavigationError(
                f"navigating to {url} did not start within {timeout:g} s; the page stays at {frame.url}. "
                "Check that the server answers, then call browser_navigate again "
                "(or raise --timeout-navigation for slow pages)."
            ) from exc
        error_text = result.get("errorText")
        if error_text:
            # The browser commits its error page; let it settle so the next call sees one document.
            await self.wait_until(lambda: frame.loader_id != previous_loader and "load" in frame.lifecycle, 2.0)
            blocked = self.guard.blocked_in(frame.id)
            raise NavigationError(explain_net_error(url, str(error_text), previous_url, frame.url, blocked))
        loader = result.get("loaderId")
        if not loader:
            # A fragment or History API move: Page.navigatedWithinDocument follows the answer.
            await self.wait_until(lambda: frame.same_document_moves > moves_before, timeout)
            return Navigation(url=frame.url, same_document=True)
        return await wait_for_load(self.tree, frame, str(loader), previous_loader, timeout, url)

    async def stop_runaway_script(self) -> bool:
        """Stop a script of the page that does not yield (an endless loop), so the page can be left.

        A renderer whose main thread runs a script that never returns answers nothing, and the browser
        cannot navigate it away (it waits for the old document). A round trip to the page's main world
        (``Runtime.evaluate``) tells; when none comes within :data:`RUNAWAY_PROBE` seconds, the script is
        stopped with ``Runtime.terminateExecution`` (answered at once: it interrupts V8 from outside
        the busy thread) and the model is told what was lost.

        Returns:
            Whether a script was stopped.
        """
        try:
            await self.session.send(cdp.Runtime.evaluate({"expression": "0"}), timeout=RUNAWAY_PROBE)
            return False
        except CDPTimeoutError:
            pass
        except CDPError:
            return False  # the target is gone or elsewhere: nothing to stop here
        try:
            await self.session.send(cdp.Runtime.terminateExecution(), timeout=self.settings.call_timeout)
        except CDPError as exc:
            logger.info("stopping the runaway script of %s: %s", self.url, exc)
            return False
        if self.settings.events is not None:
            self.settings.events.note(
                f"The page {self.url} ran a script that did not yield for {RUNAWAY_PROBE:g} s (an endless loop or a "
                "very long task); verdex stopped it (Runtime.terminateExecution). The page's own scripts were "
                "interrupted, so its state may be broken: reload it before relying on it."
            )
        return True

    async def _stop_loading(self) -> None:
        """Cancel the main frame's navigation in progress (``Page.stopLoading``); a failure is only logged."""
        with trio.CancelScope(shield=True), trio.move_on_after(self.settings.call_timeout):
            try:
                await self.session.send(cdp.Page.stopLoading(), timeout=self.settings.call_timeout)
            except CDPError as exc:
                logger.debug("stopping a navigation that did not start: %s", exc)

    async def reload(self) -> Navigation:
        """Reload the main frame and wait for ``load``."""
        await self.stop_runaway_script()
        frame = self.main_frame
        previous = frame.loader_id
        await self.session.send(cdp.Page.reload(), timeout=self.settings.call_timeout)
        return await wait_for_load(self.tree, frame, "", previous, self.settings.navigation_timeout, frame.url)

    async def go_back(self) -> Navigation:
        """Go back one history entry (``Page.navigateToHistoryEntry``) and wait for it to be shown.

        The entry may move the page or one of its frames (a frame that navigated on its own adds
        an entry to the page's history): every frame is watched, and the one that moved is
        reported (``Navigation.frame``). A document restored from the back/forward cache is shown
        at once (it keeps its refs); a History API or fragment entry moves within the document.

        Raises:
            UsageError: there is no earlier entry.
            NavigationError: nothing moved, or the document did not load, within the navigation timeout.
        """
        timeout = self.settings.call_timeout
        await self.stop_runaway_script()
        history = await self.session.send(cdp.Page.getNavigationHistory(), timeout=timeout)
        index = int(history.get("currentIndex", 0))
        entries = history.get("entries", [])
        if index <= 0 or index >= len(entries):
            raise UsageError("there is no earlier page in this page's history; call browser_navigate instead")
        before = {frame.id: (frame, frame.loader_id, frame.same_document_moves) for frame in self.frames.values()}

        def moved() -> list[tuple[Frame, str | None, bool]]:
            """The frames that changed: (frame, its previous loader, same document?), the main frame first."""
            result = []
            for frame, loader, moves in before.values():
                if self.frames.get(frame.id) is not frame:
                    continue
                if frame.loader_id != loader:
                    result.append((frame, loader, False))
                elif frame.same_document_moves > moves:
                    result.append((frame, loader, True))
            return sorted(result, key=lambda item: item[0].ordinal)

        await self.session.send(cdp.Page.navigateToHistoryEntry({"entryId": entries[index - 1]["id"]}), timeout=timeout)
        navigation_timeout = self.settings.navigation_timeout
        if not await self.wait_until(lambda: bool(moved()), navigation_timeout):
            raise NavigationError(
                f"going back to {entries[index - 1].get('url', 'the previous entry')} changed nothing within "
                f"{navigation_timeout:g} s; call browser_snapshot to see where the page is"
            )
        frame, loader, same_document = moved()[0]
        if same_document:
            return Navigation(url=frame.url, same_document=True, frame=frame.ordinal)
        wanted = entries[index - 1].get("url", "") if frame.ordinal == 0 else frame.url
        navigation = await wait_for_load(self.tree, frame, "", loader, navigation_timeout, wanted)
        # A page restored from the back/forward cache: its frame tree is being read again.
        await self.wait_until(lambda: not self.tree.refreshing, timeout)
        return navigation

    async def watch_navigation(self, frame: Frame | None = None) -> NavigationWatch:
        """Start noticing navigations of the main frame and of ``frame``; see :class:`NavigationWatch`."""
        watch = NavigationWatch(self, frame)
        watch.start()
        return watch

    # -- frames, refs and the bridge ----------------------------------------------------------

    def bridge(self, frame: Frame | None = None) -> Bridge:
        """The typed bridge of ``frame``'s document (default: the main frame)."""
        return self.worlds.bridge(frame or self.main_frame)

    def bridge_at(self, ref: str) -> tuple[Bridge, int]:
        """The typed bridge of the document that holds ``ref``'s element, and the ref's number there.

        The bridge's ref errors about that number become the model's errors for ``ref``.

        Raises:
            RefError: ``ref`` is malformed, unknown, stale or another role's (see :meth:`locate`).
        """
        frame, number = self.locate(ref)
        return self.worlds.bridge(frame, ref=ref), number

    def cold_frames(self) -> list[Frame]:
        """The frames whose current document has not been warmed up yet (``Frame.warm_loader``), the main frame
        first, then by ordinal; at most :data:`MAX_WARM_FRAMES`."""
        frames = sorted(self.frames.values(), key=lambda frame: frame.ordinal)
        cold = [f for f in frames if f.loader_id is not None and f.loader_id != f.warm_loader and not f.crashed]
        return cold[:MAX_WARM_FRAMES]

    async def warm_up(self, frame: Frame, budget_ms: int, passes: int) -> list[WarmUpResult]:
        """Run the snapshot and structural code ``passes`` times in ``frame``'s document if no warm-up has run there
        yet (the bridge's ``warmUp``: a snapshot, then ``resolveContainer``, ``inspectPattern`` and
        ``extractAnchors`` on up to ten of its elements; no ref is given out, nothing is answered), so that the
        model's first calls on the document run on code V8 has compiled for it: in a new document's isolated world
        the first snapshot takes ~2x the fourth (the sum of the in-page times of calls 1 to 5 on twelve median real
        pages: 404, 258, 239, 200, 167 ms) and the first structural calls ~1.5x the thirtieth, each run letting V8
        compile more of the code. Each pass is one call; a pass that passed ``budget_ms`` in the page is the last.
        The CDP calls have no time limit of their own (a page that never yields keeps them waiting): the caller
        bounds them, and cancelling one stops nothing in the page (a timed-out bridge call stops the script running
        there, which may be the page's).

        Returns:
            The passes' answers; empty when there was nothing to do (the document was warmed up already, a dialog
            blocks the page, the page is closed).

        Raises:
            As :meth:`verdex.browser.worlds.IsolatedWorlds.call` (ContextLostError when the document goes).
        """
        loader = frame.loader_id
        if self.closed or self.dialog is not None or loader is None or loader == frame.warm_loader:
            return []
        frame.warm_loader = loader
        bridge = self.bridge(frame)
        done: list[WarmUpResult] = []
        while len(done) < passes and (not done or done[-1].complete) and self.dialog is None:
            done.append(await bridge.warm_up(budget_ms, timeout=math.inf))
        return done

    def locate(self, ref: str) -> tuple[Frame, int]:
        """The frame and bridge number of a ref the model passed; see :func:`verdex.browser.locate.locate`."""
        return locate(self, ref)

    # -- closing -----------------------------------------------------------------------------

    def mark_closed(self) -> None:
        """Note that the target is gone: stop listening, and wake what waits on the page (it fails)."""
        if self.closed:
            return
        self.closed = True
        self.tree.close()
        self.tree.notify()

    async def close(self) -> None:
        """Close the target (``Target.closeTarget``); later calls fail. Idempotent, never raises."""
        if self.closed:
            return
        self.mark_closed()
        browser = self.session.connection.session(None)
        with trio.CancelScope(shield=True), trio.move_on_after(5):
            try:
                await browser.send(cdp.Target.closeTarget({"targetId": self.target_id}), timeout=5)
            except CDPError as exc:  # the target may already be gone; closing must not fail
                logger.debug("closing target %s: %s", self.target_id, exc)
