"""A nursery for background tasks that does not wrap the body's exception in a group.

trio wraps every exception leaving a nursery in an ``ExceptionGroup``. In the ``open_*`` context
managers of this package the nursery only runs service tasks (a CDP reader, a process watcher)
that never raise, so a lone exception from the ``async with`` body is re-raised as itself: the
caller sees ``BrowserClosedError``, not a group around it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import trio

__all__ = ["open_service_nursery"]


@asynccontextmanager
async def open_service_nursery() -> AsyncIterator[trio.Nursery]:
    """``trio.open_nursery()``, unwrapping a group that holds exactly one exception."""
    try:
        async with trio.open_nursery() as nursery:
            yield nursery
    except BaseExceptionGroup as group:
        if len(group.exceptions) == 1 and not isinstance(group.exceptions[0], BaseExceptionGroup):
            only = group.exceptions[0]
            raise only from only.__cause__
        raise
