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

from dataclasses import dataclass

import trio

from verdex.bridge.client import ContextLostError, call_bridge, raise_for_envelope
from verdex.browser.page import Page
from verdex.errors import NavigationError

__all__ = ["Stability", "wait_for_stable"]

#: Seconds the CDP call may take beyond ``timeout_ms`` (the promise resolves at ``timeout_ms``).
_SLACK = 10.0
#: Seconds to wait for the new document's URL after the watched one went away.
_COMMIT_GRACE = 2.0


@dataclass(frozen=True)
class Stability:
    """How a wait for a quiet DOM ended.

    Attributes:
        stable: nothing changed for ``quiet_ms`` (False: ``timeout_ms`` passed first).
        waited_ms: milliseconds from the start of the wait to its end, measured in the page.
        mutations: ``MutationRecord``\\ s seen (child list, subtree, character data, attributes).
        longest_quiet_ms: the longest spell without a change.
        documents: documents watched (the page's and its same-origin frames').
    """

    stable: bool
    waited_ms: int
    mutations: int
    longest_quiet_ms: int
    documents: int


async def wait_for_stable(page: Page, quiet_ms: int, timeout_ms: int) -> Stability:
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
    context = await page.world_of(frame)
    session = frame.session
    url = frame.url
    if session is None:
        raise NavigationError("the page is moving to another process; call wait_for_stable again")
    args = {"quietMs": quiet_ms, "timeoutMs": timeout_ms, "refPrefix": frame.ref_prefix, "refStart": 1}
    envelope = None
    try:
        with frame.guard():
            if frame.world == context:
                envelope = await call_bridge(
                    session,
                    context,
                    page.bridge,
                    "waitForStable",
                    args,
                    timeout=timeout_ms / 1000 + _SLACK,
                )
    except ContextLostError:
        envelope = None
    if envelope is None:
        waited = round((trio.current_time() - started) * 1000)
        # Name where it went: the new document commits soon after the old one is torn down.
        await page.wait_until(lambda: frame.url != url, _COMMIT_GRACE)
        raise NavigationError(
            f"the page left {url} during wait_for_stable (after {waited} ms; it is now at {page.url}), so the "
            "document being watched is gone. Call wait_for_stable again to wait on the new page, or "
            "browser_snapshot to see it."
        )
    value = raise_for_envelope("waitForStable", envelope)
    return Stability(
        stable=bool(value["stable"]),
        waited_ms=int(value["waitedMs"]),
        mutations=int(value["mutations"]),
        longest_quiet_ms=int(value["longestQuietMs"]),
        documents=int(value["documents"]),
    )
