"""Requests in flight on a page's session, from its Network events (``Network.enable`` is on).

:class:`NetworkWatch` counts the requests that start while it watches and have not finished or
failed (``Network.requestWillBeSent`` / ``loadingFinished`` / ``loadingFailed``, one
``requestId`` per request, redirects included). Requests of out-of-process iframes go to their
own sessions and are not counted; requests that started before the watch are not known to it.
"""

from __future__ import annotations

from collections.abc import Callable

import trio

from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession

__all__ = ["NetworkWatch"]


class NetworkWatch:
    """Counts a session's requests in flight while it is open (a context manager).

    Attributes:
        in_flight: URL of each request in flight, by request id.
        last_change: ``trio.current_time()`` of the last request that started or ended (seconds).
    """

    def __init__(self, session: CDPSession) -> None:
        self._session = session
        self.in_flight: dict[str, str] = {}
        self.last_change = trio.current_time()
        self._off: list[Callable[[], None]] = []

    def __enter__(self) -> NetworkWatch:
        on = self._session.on
        self._off = [
            on(cdp.Network.requestWillBeSent, self._sent),
            on(cdp.Network.loadingFinished, self._ended),
            on(cdp.Network.loadingFailed, self._ended),
        ]
        return self

    def __exit__(self, *exc_info: object) -> None:
        for off in self._off:
            off()
        self._off = []

    def quiet_for(self) -> float:
        """Seconds since the last request started or ended; 0 while one is in flight."""
        if self.in_flight:
            return 0.0
        return trio.current_time() - self.last_change

    def _sent(self, params: cdp.NetworkRequestWillBeSent) -> None:
        self.in_flight[str(params.get("requestId"))] = str(params.get("request", {}).get("url", ""))
        self.last_change = trio.current_time()

    def _ended(self, params: cdp.NetworkLoadingFinished | cdp.NetworkLoadingFailed) -> None:
        if self.in_flight.pop(str(params.get("requestId")), None) is not None:
            self.last_change = trio.current_time()
