"""The --cdp-endpoint websocket drops: the call in flight fails clearly, the next call reattaches and
says what was lost; an endpoint that is gone is reported with what to do, and found again later."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest
import trio
from mcp import Client

from tests.mcp_client import Answer, Tools, serve_parameters
from tests.reliability.cut_proxy import open_cut_proxy
from tests.support import unused_port
from verdex.cli import main

URL = Callable[[str], str]


async def test_a_dropped_endpoint_fails_the_call_in_flight_and_the_next_call_reattaches(
    cdp_endpoint: str, fixture_url: URL
) -> None:
    async with open_cut_proxy(cdp_endpoint) as proxy:
        endpoint = proxy.url
        async with Client(serve_parameters("--cdp-endpoint", endpoint, "--timeout-action", "1000")) as client:
            tools = Tools(client)
            await tools.ok("browser_navigate", url=fixture_url("shop.html"))
            await tools.ok("browser_snapshot")

            in_flight: list[Answer] = []

            async def wait_for_text() -> None:
                in_flight.append(await tools.call("wait_for_browser", text="never on the page", timeoutMs=30_000))

            with trio.fail_after(60):
                async with trio.open_nursery() as nursery:
                    proxy.arm()
                    nursery.start_soon(wait_for_text)
                    await proxy.traffic.wait()  # the wait polls the page through the proxy now
                    proxy.cut()
            (failed,) = in_flight
            assert failed.is_error
            assert failed.text == (
                "Error executing tool wait_for_browser: the connection to the browser was lost during wait_for_browser "
                f"(the websocket to {endpoint} closed (code 1006, abnormal closure)); the call did not finish. The next "
                "call reconnects (or starts a new browser) and says what was lost."
            )
            dropped = (
                f"The connection to the browser at {endpoint} dropped (the websocket closed (code 1006, abnormal "
                "closure))"
            )
            answer = await tools.ok("browser_snapshot")
            assert answer.text == (
                f"Note: {dropped}; verdex reconnected. Lost: the pages, refs and logins of role(s) default.\n"
                "Page: about:blank"
            )
            assert await tools.error("resolve_container", ref="e7") == (
                f"Error executing tool resolve_container: ref e7 is stale: it belonged to {fixture_url('shop.html')} "
                "in a browser that was closed since (browser_close, or the browser went away); call browser_snapshot "
                "for fresh refs"
            )

            # The endpoint goes away for good: every call says so and what to do, nothing hangs.
            proxy.stop()
            gone = await tools.error("browser_snapshot")
            if "the connection to the browser was lost during browser_snapshot" in gone:
                # The call met the cut before the server's reader saw it; the next one finds nothing to reattach to.
                gone = await tools.error("browser_snapshot")
            # How the dropped websocket ended (an abnormal closure, a reset ...) is whatever the websocket library
            # saw when the proxy dropped the TCP connection, which depends on timing: the rest is exact.
            cause, _, rest = gone.partition(", and reconnecting failed.")
            assert cause.startswith(
                f"Error executing tool browser_snapshot: The connection to the browser at {endpoint} dropped (the "
            ), gone
            assert rest == (
                " Lost: the pages, refs and logins of role(s) default. The endpoint does not answer: cannot connect to "
                f"the CDP endpoint {endpoint}: all attempts to connect to 127.0.0.1:{proxy.port} failed. Start the "
                "browser at that endpoint again (Chrome/Chromium with --remote-debugging-port) and call any tool to "
                "reconnect, or restart verdex without --cdp-endpoint to let it launch its own."
            )
            # ... until it is back.
            await proxy.start()
            back = await tools.ok("browser_navigate", url=fixture_url("login.html"))
            # The note names the same drop as the error did (the websocket "closed" when the reader saw it first, "is
            # closed" when a send did).
            second_drop = cause.removeprefix("Error executing tool browser_snapshot: ")
            assert back.text.splitlines() == [
                f"Note: {second_drop}; verdex reconnected. Lost: the pages, refs and logins of role(s) default.",
                f'Navigated to {fixture_url("login.html")} (HTTP 200 OK). Title: "Sign in". Next: browser_snapshot.',
            ]
            assert (await tools.ok("browser_snapshot")).text.startswith('Page: "Sign in"')


def _http_form(endpoint: str) -> str:
    """``http://host:port`` of a ``ws://host:port/devtools/browser/<id>`` endpoint (the form most tools print)."""
    return "http://" + endpoint.removeprefix("ws://").split("/", 1)[0]


async def test_the_endpoint_may_be_given_as_http_or_as_ws_without_a_path(cdp_endpoint: str, fixture_url: URL) -> None:
    """--cdp-endpoint http://host:port finds the browser's websocket through /json/version, and so does
    ws://host:port without a path (issue 19, item 11)."""
    host_port = _http_form(cdp_endpoint).removeprefix("http://")
    for endpoint in (f"http://{host_port}", f"http://{host_port}/", f"ws://{host_port}", cdp_endpoint):
        async with Client(serve_parameters("--cdp-endpoint", endpoint)) as client:
            tools = Tools(client)
            navigated = await tools.ok("browser_navigate", url=fixture_url("login.html"))
            assert navigated.text.startswith(f"Navigated to {fixture_url('login.html')} (HTTP 200 OK).")
            started = await tools.ok("browser_initialize")
            assert started.data["cdpEndpoint"] == endpoint


UNREACHABLE = [
    (
        "http://127.0.0.1:{port}",
        "http://127.0.0.1:{port}/json/version: all attempts to connect to 127.0.0.1:{port} failed",
    ),
    (
        "ws://127.0.0.1:{port}",
        "http://127.0.0.1:{port}/json/version: all attempts to connect to 127.0.0.1:{port} failed",
    ),
    ("ws://127.0.0.1:{port}/devtools/browser/x", "all attempts to connect to 127.0.0.1:{port} failed"),
]


@pytest.mark.parametrize(("form", "why"), UNREACHABLE, ids=[form for form, _ in UNREACHABLE])
def test_verdex_serve_stops_at_start_when_the_endpoint_cannot_be_reached(form: str, why: str) -> None:
    port = unused_port()
    endpoint, why = form.format(port=port), why.format(port=port)
    started = subprocess.run(
        [sys.executable, "-m", "verdex", "serve", "--cdp-endpoint", endpoint],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (started.returncode, started.stderr.splitlines()[-1:]) == (
        1,
        [
            f"verdex: cannot reach the CDP endpoint {endpoint} ({why}). Start Chrome/Chromium with "
            "--remote-debugging-port=PORT and pass http://HOST:PORT (or its ws://.../devtools/browser/... URL), or "
            "leave --cdp-endpoint out to let verdex launch its own browser."
        ],
    )


@pytest.mark.parametrize("endpoint", ["ftp://127.0.0.1:9222", "127.0.0.1:9222", "http://"])
def test_a_malformed_endpoint_stops_verdex_serve(capsys: pytest.CaptureFixture[str], endpoint: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--cdp-endpoint", endpoint])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"verdex: error: --cdp-endpoint {endpoint!r} is not a DevTools endpoint: give http://HOST:PORT (the browser's "
        "--remote-debugging-port) or its ws://HOST:PORT/devtools/browser/<id> URL"
    )
