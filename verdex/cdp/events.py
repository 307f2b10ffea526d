"""Typed CDP events from ``mycdp``, parsed tolerantly.

``mycdp`` holds a dataclass per CDP event, generated from one revision of the protocol
(``mycdp.page.FrameNavigated`` for ``Page.frameNavigated`` ...). The browser verdex drives may be
newer than that revision: an event mycdp does not know, or a known event carrying an enum value
it does not know (a new ``Page.NavigationType``, a new gated API feature of a frame), cannot be
parsed. Such an event is never an error here: :func:`parse_event` returns the raw ``params``
dict instead, and the handler decides what it can use of it. Nothing in this module raises into
the connection's reader task.

Source: ``mycdp.util.parse_json_event`` and the ``@event_class(method)`` registry it reads.
"""

from __future__ import annotations

import logging
from typing import Any, TypeVar

__all__ = ["event_method", "parse_event", "parse_typed"]

logger = logging.getLogger(__name__)

E = TypeVar("E")
JSON = dict[str, Any]

#: What a generated ``from_json`` raises on data of another protocol revision: an unknown enum
#: value (ValueError), a missing required field (TypeError on ``None``), a field of another shape
#: (AttributeError, KeyError).
_PARSE_ERRORS = (ValueError, TypeError, AttributeError, KeyError)


def _registry() -> dict[str, type[Any]]:
    # mycdp is imported on first use (about 90 ms of start-up; the session imports it while the
    # browser starts). Importing the package imports every domain, which registers its event classes.
    from mycdp import util

    registry: dict[str, type[Any]] = util._event_parsers
    return registry


def event_method(event: type[Any]) -> str:
    """The CDP method of a ``mycdp`` event class (``mycdp.page.FrameNavigated`` -> ``"Page.frameNavigated"``).

    Raises:
        TypeError: ``event`` is not one of mycdp's event classes.
    """
    for method, cls in _registry().items():
        if cls is event:
            return method
    raise TypeError(f"{event.__qualname__} is not a mycdp event class")


def parse_event(method: str, params: JSON) -> object:
    """The event as mycdp's typed object, or ``params`` itself when mycdp cannot parse it.

    Args:
        method: the event's CDP method, e.g. ``"Page.frameNavigated"``.
        params: the event's ``params`` object as the browser sent it.

    Returns:
        An instance of the mycdp class registered for ``method``; the raw ``params`` dict when no
        class is registered (an event newer than mycdp) or the class rejects the data (an enum
        value or field shape newer than mycdp). Never raises.
    """
    if method not in _registry():
        return params
    try:
        from mycdp import util

        return util.parse_json_event({"method": method, "params": params})
    except _PARSE_ERRORS as exc:
        logger.debug("%s does not parse as mycdp's type (%r); handing on the raw params", method, exc)
        return params


def parse_typed(event: type[E], params: JSON) -> E | JSON:
    """:func:`parse_event` for a known class: an ``event`` instance, or the raw ``params``."""
    parsed = parse_event(event_method(event), params)
    return parsed if isinstance(parsed, event) else params
