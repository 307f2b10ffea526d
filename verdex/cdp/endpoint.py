"""``--cdp-endpoint``: from the forms tools print to the browser's DevTools websocket URL.

Accepted forms (:func:`check_endpoint` says which are well-formed, :func:`websocket_url` resolves them):

- ``ws://HOST:PORT/devtools/browser/<id>`` (or ``wss://``, any path): the websocket itself, used as is.
- ``http://HOST:PORT`` (or ``https://``; a trailing ``/`` or ``/json/version`` allowed): the HTTP
  endpoint of a browser started with ``--remote-debugging-port``; ``GET /json/version`` answers
  ``webSocketDebuggerUrl`` (https://chromedevtools.github.io/devtools-protocol/#endpoints).
- ``ws://HOST:PORT`` without a path: the same discovery, over ``http://HOST:PORT``.

The discovery is asked again at every connection (a browser restarted on the same port has a new
websocket path). It is a tiny HTTP/1.1 GET on trio (``Connection: close``, the answer read to its end),
bounded in time and size.
"""

from __future__ import annotations

import json
import ssl
from collections.abc import Sequence
from urllib.parse import urlsplit, urlunsplit

import trio

from verdex.cdp.transport import open_websocket_transport
from verdex.errors import BrowserClosedError, BrowserLaunchError, UsageError

__all__ = ["DISCOVERY_TIMEOUT", "check_endpoint", "check_reachable", "unreachable", "websocket_url"]

#: Seconds for the whole ``/json/version`` request.
DISCOVERY_TIMEOUT = 5.0

#: Largest ``/json/version`` answer read, bytes (Chromium's is about 500).
_MAX_ANSWER = 64 * 1024

_WS = ("ws", "wss")
_HTTP = ("http", "https")


def check_endpoint(endpoint: str) -> None:
    """Check that ``endpoint`` has one of the accepted forms (see the module docstring).

    Raises:
        UsageError: it does not; the message says what to give.
    """
    try:
        parts = urlsplit(endpoint)
        parts.port  # noqa: B018  (a bad port raises here)
    except ValueError:
        parts = None
    if parts is None or parts.scheme.lower() not in _WS + _HTTP or not parts.hostname:
        raise UsageError(
            f"--cdp-endpoint {endpoint!r} is not a DevTools endpoint: give http://HOST:PORT (the browser's "
            "--remote-debugging-port) or its ws://HOST:PORT/devtools/browser/<id> URL"
        )


async def websocket_url(
    endpoint: str, *, timeout: float = DISCOVERY_TIMEOUT, headers: Sequence[tuple[str, str]] = ()
) -> str:
    """The DevTools websocket URL of ``endpoint`` (discovered through ``/json/version`` when needed).

    ``headers``: ``(name, value)`` HTTP headers sent with the discovery request too (``--cdp-header``).

    Raises:
        UsageError: ``endpoint`` is not of an accepted form.
        BrowserLaunchError: the discovery failed (nothing listens, no answer within ``timeout``
            seconds, not a DevTools answer); the message says why and what to do.
    """
    check_endpoint(endpoint)
    parts = urlsplit(endpoint)
    scheme = parts.scheme.lower()
    if scheme in _WS and parts.path not in ("", "/"):
        return endpoint
    http_scheme = "https" if scheme in ("https", "wss") else "http"
    version = urlunsplit((http_scheme, parts.netloc, "/json/version", "", ""))
    try:
        with trio.fail_after(timeout):
            status, body = await _get(http_scheme, parts.hostname or "", parts.port, parts.netloc, headers)
    except trio.TooSlowError:
        raise unreachable(endpoint, f"{version}: no answer within {timeout:g} s") from None
    except OSError as exc:
        raise unreachable(endpoint, f"{version}: {exc or type(exc).__name__}") from exc
    url = None
    if status == 200:
        try:
            answer = json.loads(body)
        except ValueError:
            answer = None
        url = answer.get("webSocketDebuggerUrl") if isinstance(answer, dict) else None
    if not isinstance(url, str) or not url.startswith(_WS):
        raise unreachable(endpoint, f"{version} answered HTTP {status} without a webSocketDebuggerUrl")
    return url


async def check_reachable(endpoint: str, headers: Sequence[tuple[str, str]] = ()) -> None:
    """Connect to ``endpoint``'s websocket once and close it (``verdex serve`` checks it at start).

    Raises:
        UsageError: ``endpoint`` is not of an accepted form.
        BrowserLaunchError: it cannot be reached; the message says why and what to do.
    """
    url = await websocket_url(endpoint, headers=headers)
    prefix = f"cannot connect to the CDP endpoint {url}: "
    try:
        async with open_websocket_transport(url, connect_timeout=DISCOVERY_TIMEOUT, headers=headers):
            pass
    except BrowserClosedError as exc:
        why = str(exc).removeprefix(prefix)
        # An endpoint that answered and refused (a token is missing) needs no advice to start a browser.
        raise unreachable(endpoint, why, advice="refused the handshake" not in why) from exc


def unreachable(endpoint: str, why: str, *, advice: bool = True) -> BrowserLaunchError:
    """The error for an endpoint verdex cannot reach, with what to do (``advice``: how to start one)."""
    text = f"cannot reach the CDP endpoint {endpoint} ({why})."
    if advice:
        text += (
            " Start Chrome/Chromium with --remote-debugging-port=PORT and pass http://HOST:PORT (or its "
            "ws://.../devtools/browser/... URL), or leave --cdp-endpoint out to let verdex launch its own browser."
        )
    return BrowserLaunchError(text)


async def _get(
    scheme: str, host: str, port: int | None, netloc: str, headers: Sequence[tuple[str, str]]
) -> tuple[int, bytes]:
    """``GET /json/version`` over HTTP/1.1: the status code and the body (at most :data:`_MAX_ANSWER` bytes)."""
    stream: trio.abc.Stream = await trio.open_tcp_stream(host, port or (443 if scheme == "https" else 80))
    if scheme == "https":
        stream = trio.SSLStream(stream, ssl.create_default_context(), server_hostname=host)
    async with stream:
        extra = "".join(f"{name}: {value}\r\n" for name, value in headers)
        request = (
            f"GET /json/version HTTP/1.1\r\nHost: {netloc}\r\nAccept: application/json\r\n{extra}"
            "Connection: close\r\n\r\n"
        )
        await stream.send_all(request.encode("utf-8"))
        received = bytearray()
        while len(received) <= _MAX_ANSWER and not _complete(bytes(received)):
            chunk = await stream.receive_some(16384)
            if not chunk:
                break
            received += chunk
    head, _, body = bytes(received).partition(b"\r\n\r\n")
    status_line = head.split(b"\r\n", 1)[0].split()
    status = int(status_line[1]) if len(status_line) > 1 and status_line[1].isdigit() else 0
    if b"transfer-encoding: chunked" in head.lower():
        body = _unchunked(body)
    return status, body


def _complete(received: bytes) -> bool:
    """True once an answer's head and its ``Content-Length`` bytes of body are in (the server may keep the
    connection open despite ``Connection: close``, as Chromium's does)."""
    head, separator, body = received.partition(b"\r\n\r\n")
    if not separator:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and value.strip().isdigit():
            return len(body) >= int(value.strip())
    return head.lower().find(b"transfer-encoding: chunked") >= 0 and body.endswith(b"0\r\n\r\n")


def _unchunked(body: bytes) -> bytes:
    """The data of a ``Transfer-Encoding: chunked`` body (RFC 9112, section 7.1)."""
    data = bytearray()
    while body:
        size_line, _, rest = body.partition(b"\r\n")
        try:
            size = int(size_line.split(b";", 1)[0], 16)
        except ValueError:
            break
        if size == 0:
            break
        data += rest[:size]
        body = rest[size + 2 :]
    return bytes(data)
