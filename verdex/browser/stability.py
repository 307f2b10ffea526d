"""Wait until the page's DOM is quiet (``wait_for_stable``): the bridge's ``waitForStable``.

The bridge (``bridge/src/wait/stable.ts``) observes the main frame's document and the documents of
its same-origin frames with a ``MutationObserver`` in verdex's isolated world and resolves once
nothing changed for ``quiet_ms``, or at ``timeout_ms``. Python awaits that one promise
(``Runtime.callFunctionOn`` with ``awaitPromise``), with a CDP timeout longer than ``timeout_ms``.
Frames in other processes (cross-origin iframes) are not watched.

The call is made once, in one document: if the page navigates during the wait, the document it
watched is gone, and the wait fails at once with :class:`~verdex.errors.NavigationError` (it is
never carried over to the new document, where its counts would mean nothing).
"""

from __future__ import annotations

import trio

from verdex.bridge.client import ContextLostError
from verdex.bridge.models import WaitForStableResult
from verdex.browser.page import Page
from verdex.errors import NavigationError

__all__ = ["wait_for_stable"]

#: Seconds the CDP call may take beyond ``timeout_ms`` (the promise resolves at ``timeout_ms``).
_SLACK = 10.0
#: Seconds to wait for the new document's URL after the watched one went away.
_COMMIT_GRACE = 2.0


async def wait_for_stable(page: Page, quiet_ms: int, timeout_ms: int) -> WaitForStableResult:
    """Wait until no mutation happened for ``quiet_ms`` milliseconds, at most ``timeout_ms``.

    Args:
        quiet_ms: milliseconds without a change that count as stable (>= 0).
        timeout_ms: milliseconds before giving up (> ``quiet_ms``).

    Returns:
        The outcome; ``stable`` is False when ``timeout_ms`` passed first (not an exception: the
        caller words it).

    Raises:
        NavigationError: the page navigated during the wait (or kept changing documents before it).
        CDPError: the browser failed.
    """
    frame = page.main_frame
    started = trio.current_time()
    url = frame.url
    try:
        return await page.bridge(frame).wait_for_stable(quiet_ms, timeout_ms, timeout=timeout_ms / 1000 + _SLACK)
    except ContextLostError as exc:
        waited = round((trio.current_time() - started) * 1000)
        # Name where it went: the new document commits soon after the old one is torn down.
        await page.wait_until(lambda: frame.url != url, _COMMIT_GRACE)
        raise NavigationError(
            f"the page left {url} during wait_for_stable (after {waited} ms; it is now at {page.url}), so the "
            "document being watched is gone. Call wait_for_stable again to wait on the new page, or "
            "browser_snapshot to see it."
        ) from exc
