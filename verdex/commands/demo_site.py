"""The demos' sites, from the package: the storefront page of ``verdex demo`` and the marketplace app
of ``verdex demo-roles``.

The files are the repository's fixtures, ``fixtures/pages/storefront.html`` and
``fixtures/marketplace/`` (the tests, the benchmarks and the README use the same ones). A clone or
an editable install reads them there; a wheel carries copies in ``verdex/_demo/`` (pyproject's
``force-include``, as it carries the skill in ``verdex/_skills``), so ``verdex demo`` works from
``pip install verdex`` / ``uvx verdex`` with no clone.

:func:`open_storefront` serves the page from the caller's trio loop: a minimal HTTP/1.1 server on
127.0.0.1 (a free port) that answers ``GET /storefront.html`` and 404 for anything else (the page's
images are not bundled, as in the repository), one request per connection. No thread and no
subprocess: the stdlib's ``http.server`` would need one or the other.
"""

from __future__ import annotations

import importlib.util
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from importlib import resources
from pathlib import Path

import trio

from verdex.errors import UsageError

__all__ = ["STOREFRONT", "marketplace_app", "open_storefront", "storefront_html"]

#: The page's name in the URL and on disk.
STOREFRONT = "storefront.html"

_REPOSITORY = Path(__file__).resolve().parents[2] / "fixtures"
#: Largest request head read, bytes; seconds a client has to send it.
_MAX_HEAD = 16 * 1024
_HEAD_TIMEOUT = 10.0


def _packaged(*parts: str) -> Path:
    return Path(str(resources.files("verdex"))).joinpath("_demo", *parts)


def storefront_html() -> bytes:
    """The storefront page: the repository's fixture, else the wheel's copy.

    Raises:
        UsageError: neither is there (a copy of verdex installed without its demo files).
    """
    for path in (_REPOSITORY / "pages" / STOREFRONT, _packaged(STOREFRONT)):
        if path.is_file():
            return path.read_bytes()
    raise UsageError(f"the demo page {STOREFRONT} is not installed with this copy of verdex; pass a URL to verdex demo")


def marketplace_app() -> Path:
    """The marketplace app's ``app.py`` (a Flask app), from the repository or the wheel.

    Raises:
        UsageError: Flask is not installed (the ``demo`` extra), or the app is not there.
    """
    if importlib.util.find_spec("flask") is None:
        raise UsageError(
            "verdex demo-roles runs the bundled marketplace, a Flask app, and Flask is not installed: "
            "pip install 'verdex[demo]' (or uvx --from 'verdex[demo]' verdex demo-roles)"
        )
    for path in (_REPOSITORY / "marketplace" / "app.py", _packaged("marketplace", "app.py")):
        if path.is_file():
            return path
    raise UsageError("the marketplace app of verdex demo-roles is not installed with this copy of verdex")


def _response(status: str, body: bytes) -> bytes:
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


async def _serve_one(page: bytes, stream: trio.SocketStream) -> None:
    """Read one request head, answer it, close. A client that sends nothing in time is dropped."""
    head = b""
    with trio.move_on_after(_HEAD_TIMEOUT):
        while b"\r\n\r\n" not in head and len(head) < _MAX_HEAD:
            try:
                chunk = await stream.receive_some(4096)
            except trio.BrokenResourceError:
                break
            if not chunk:
                break
            head += chunk
    request_line = head.split(b"\r\n", 1)[0].decode("latin-1").split()
    path = request_line[1].split("?", 1)[0] if len(request_line) >= 2 else ""
    if request_line[:1] == ["GET"] and path == f"/{STOREFRONT}":
        answer = _response("200 OK", page)
    else:
        answer = _response("404 Not Found", b"<!doctype html><title>Not found</title><h1>Not found</h1>")
    try:
        await stream.send_all(answer)
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        pass  # the browser went away mid-answer (it navigated): nothing to report
    finally:
        await stream.aclose()


@asynccontextmanager
async def open_storefront() -> AsyncIterator[str]:
    """Serve the storefront on 127.0.0.1 (a free port) while the block runs; yields the page's URL.

    Raises:
        UsageError: the page is not installed (see :func:`storefront_html`).
    """
    page = storefront_html()
    async with trio.open_nursery() as nursery:
        listeners = await nursery.start(partial(trio.serve_tcp, partial(_serve_one, page), 0, host="127.0.0.1"))
        port = listeners[0].socket.getsockname()[1]
        try:
            yield f"http://127.0.0.1:{port}/{STOREFRONT}"
        finally:
            nursery.cancel_scope.cancel()
