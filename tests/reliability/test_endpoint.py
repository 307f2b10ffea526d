"""The --cdp-endpoint websocket drops: the call in flight fails clearly, the next call reattaches and
says what was lost; an endpoint that is gone is reported with what to do, and found again later."""

from __future__ import annotations

from collections.abc import Callable

import trio
from mcp import Client

from tests.mcp_client import Answer, Tools, serve_parameters
from tests.reliability.cut_proxy import open_cut_proxy

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
            assert gone == (
                f"Error executing tool browser_snapshot: {dropped}, and reconnecting failed. Lost: the pages, refs and "
                f"logins of role(s) default. The endpoint does not answer: cannot connect to the CDP endpoint {endpoint}: "
                f"all attempts to connect to 127.0.0.1:{proxy.port} failed. Start the browser at that endpoint again (Chrome/Chromium with "
                "--remote-debugging-port) and call any tool to reconnect, or restart verdex without --cdp-endpoint to "
                "let it launch its own."
            )
            # ... until it is back.
            await proxy.start()
            back = await tools.ok("browser_navigate", url=fixture_url("login.html"))
            assert back.text.splitlines() == [
                f"Note: {dropped}; verdex reconnected. Lost: the pages, refs and logins of role(s) default.",
                f'Navigated to {fixture_url("login.html")} (HTTP 200 OK). Title: "Sign in". Next: browser_snapshot.',
            ]
            assert (await tools.ok("browser_snapshot")).text.startswith('Page: "Sign in"')
