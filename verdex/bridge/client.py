"""Load the bundled bridge, install it in an isolated world, call it.

The bridge (``bridge.js``, built from ``bridge/src`` by ``make bridge``) is evaluated in an
isolated world named :data:`WORLD_NAME` of every document: page scripts cannot see or change it.
Every call is one ``Runtime.callFunctionOn`` with ``returnByValue`` (the bridge does the whole
traversal in the page and returns JSON facts). See ``bridge/README.md`` for the contract.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import BridgeCallError, BridgeError, ProtocolError

__all__ = ["BridgeSource", "ContextLostError", "bridge_source", "call_bridge", "install_bridge"]

_BANNER = re.compile(r"/\* verdex-bridge (?P<version>[0-9A-Za-z.+-]+) \*/")

#: Protocol messages meaning the execution context went away (its document was replaced).
_CONTEXT_GONE = (
    "Cannot find context with specified id",
    "Execution context was destroyed",
    "Cannot find context",
    "Could not find object with given id",
    "Inspected target navigated or closed",
    "No frame for given id found",
    "No frame with given id found",
    "Session with given id not found",
)


class ContextLostError(BridgeError):
    """The isolated world's execution context is gone: its document navigated away or closed."""


@dataclass(frozen=True)
class BridgeSource:
    """The bundle's text and version."""

    source: str
    version: str

    @property
    def world_name(self) -> str:
        """Name of the isolated world (versioned: two verdex versions never share a world)."""
        return f"__verdex_{self.version}__"

    @property
    def call_function(self) -> str:
        """The function ``Runtime.callFunctionOn`` runs: finds the bridge, checks its version, calls it."""
        version = json.dumps(self.version)
        return (
            "function (method, args, element) {"
            " const bridge = globalThis.__verdex;"
            " if (!bridge) return {missing: true};"
            f" if (bridge.version !== {version}) return {{wrongVersion: String(bridge.version)}};"
            " return bridge.call(method, args, element); }"
        )


@cache
def bridge_source() -> BridgeSource:
    """Read ``verdex/bridge/bridge.js`` and its version banner (cached).

    Raises:
        BridgeError: the file is missing or has no banner (rebuild with ``make bridge``).
    """
    try:
        source = resources.files("verdex.bridge").joinpath("bridge.js").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as exc:
        raise BridgeError("verdex/bridge/bridge.js is missing: run `make bridge` to build it") from exc
    match = _BANNER.match(source)
    if match is None:
        raise BridgeError("verdex/bridge/bridge.js has no version banner: rebuild it with `make bridge`")
    return BridgeSource(source, match.group("version"))


async def install_bridge(session: CDPSession, context_id: int, bridge: BridgeSource, *, timeout: float) -> None:
    """Evaluate the bundle in an execution context (harmless if it is already there).

    Raises:
        ContextLostError: the context is gone.
        BridgeError: the bundle threw while evaluating.
    """
    try:
        result = await session.send(
            cdp.Runtime.evaluate({"expression": bridge.source, "contextId": context_id, "returnByValue": True}),
            timeout=timeout,
        )
    except ProtocolError as exc:
        raise _translate(exc) from exc
    if "exceptionDetails" in result:
        raise BridgeError(f"the bridge failed to start in the page: {_exception_text(result['exceptionDetails'])}")


async def call_bridge(
    session: CDPSession,
    context_id: int,
    bridge: BridgeSource,
    method: str,
    args: dict[str, Any],
    *,
    timeout: float,
    element: str | None = None,
) -> dict[str, Any]:
    """Call ``method`` on the bridge in one execution context; install the bridge if missing.

    ``element``: a remote object id (in that context) passed as the method's element.

    Returns:
        The bridge's envelope: ``{"ok": true, "value": ..., "nextRef": n}`` or the error form.
        ``ok: false`` is returned, not raised: the caller maps codes to its own errors.

    Raises:
        ContextLostError: the context is gone (navigation).
        BridgeError: wrong bridge version in the page, or a JavaScript exception.
        CDPError: protocol failures, timeouts, browser gone.
    """
    arguments: list[cdp.CallArgument] = [{"value": method}, {"value": args}]
    if element is not None:
        arguments.append({"objectId": element})
    for attempt in range(2):
        try:
            result = await session.send(
                cdp.Runtime.callFunctionOn(
                    {
                        "functionDeclaration": bridge.call_function,
                        "executionContextId": context_id,
                        "arguments": arguments,
                        "returnByValue": True,
                        "awaitPromise": True,
                    }
                ),
                timeout=timeout,
            )
        except ProtocolError as exc:
            raise _translate(exc) from exc
        if "exceptionDetails" in result:
            raise BridgeError(f"bridge {method} threw: {_exception_text(result['exceptionDetails'])}")
        value = result.get("result", {}).get("value")
        if not isinstance(value, dict):
            raise BridgeError(f"bridge {method} returned {type(value).__name__}, not an envelope")
        if value.get("missing") and attempt == 0:
            await install_bridge(session, context_id, bridge, timeout=timeout)
            continue
        if "wrongVersion" in value:
            raise BridgeError(
                f"the page holds verdex bridge {value['wrongVersion']} but this server uses {bridge.version}: "
                "another verdex version is attached to this browser; use a separate browser per version"
            )
        if value.get("missing"):
            raise BridgeError("the bridge did not install in the page (its script did not define __verdex)")
        return value
    raise AssertionError("unreachable")


def raise_for_envelope(method: str, envelope: dict[str, Any]) -> Any:
    """Return the envelope's value, or raise BridgeCallError for ``ok: false``."""
    if envelope.get("ok"):
        return envelope.get("value")
    error = envelope.get("error")
    if not isinstance(error, dict):
        raise BridgeError(f"bridge {method} answered without ok or error")
    details = {k: v for k, v in error.items() if k not in ("code", "message")}
    code, message = str(error.get("code", "internal")), str(error.get("message", ""))
    if code == "internal":
        message = (
            f"verdex's in-page bridge failed in {method} on this page ({message}). This is a verdex bug, not a "
            "mistake in your call; the session is still usable: try another tool, or a smaller scope (a ref, depth)"
        )
    raise BridgeCallError(code, message, details)


def _translate(exc: ProtocolError) -> Exception:
    if any(marker in exc.detail for marker in _CONTEXT_GONE):
        return ContextLostError(f"the document changed during the call ({exc.detail})")
    return exc


def _exception_text(details: cdp.ExceptionDetails) -> str:
    exception = details.get("exception", {})
    description = exception.get("description") if isinstance(exception, dict) else None
    return str(description or details.get("text", "unknown error")).splitlines()[0][:300]
