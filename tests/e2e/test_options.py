"""Each browser option's effect, read back from the browser through ``verdex serve`` over MCP stdio.

verdex runs no JavaScript of the caller's, so the fixture page ``emulation.html`` writes what the
browser tells it (viewport, devicePixelRatio, screen, touch, user agent, reduced motion, cookie) as
paragraphs, and ``browser_snapshot`` reads them. Options a launched browser needs (proxy, profile,
sandbox, browser flags) get a browser of their own; the rest use the session's shared Chromium.
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import os
import re
import ssl
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import partial
from pathlib import Path

import pytest
import trio
import trio_websocket
from mcp import Client

from tests.mcp_client import Tools, serve_parameters

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]

_FACT = re.compile(r'^  - paragraph: (?:"(\w+): (.*)"|(\w+): (.*))$', re.MULTILINE)

#: Playwright's iPhone 15 descriptor (verdex/browser/devices.py, Playwright 1.65.2).
IPHONE_15_UA = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/27.2 Mobile/15E148 Safari/604.1"
)


@asynccontextmanager
async def launched(*args: str | Path, env: dict[str, str] | None = None) -> AsyncIterator[Tools]:
    """A ``verdex serve`` with ``args`` and environment variables ``env``: it launches its own browser
    (the options that shape a launch need one) unless ``args`` has ``--cdp-endpoint``."""
    parameters = serve_parameters(*map(str, args))
    parameters.env = env
    async with Client(parameters) as client:
        yield Tools(client)


async def facts(tools: Tools, url: str) -> dict[str, str]:
    """Navigate to ``emulation.html`` (or ``url``) and read the facts the page wrote about itself."""
    await tools.ok("browser_navigate", url=url)
    snapshot = (await tools.ok("browser_snapshot")).text
    facts: dict[str, str] = {}
    for quoted_name, quoted, name, value in _FACT.findall(snapshot):
        # A long value comes in lines of whole words (emulation.html): joined with a space.
        key, text = (quoted_name, quoted) if quoted_name else (name, value)
        facts[key] = f"{facts[key]} {text}" if key in facts else text
    return facts


async def test_default_viewport_and_viewport_size(serve: Serve, fixture_url: URL) -> None:
    page = fixture_url("emulation.html")
    with trio.fail_after(60):
        async with serve() as tools:
            default = await facts(tools, page)
        async with serve("--viewport-size", "800x600") as tools:
            sized = await facts(tools, page)
    assert (default["viewport"], default["devicePixelRatio"], default["maxTouchPoints"]) == ("1280x720", "1", "0")
    assert default["userAgent"].startswith("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)")
    assert (sized["viewport"], sized["devicePixelRatio"], sized["touchEvents"]) == ("800x600", "1", "false")


async def test_device_user_agent_and_touch(serve: Serve, fixture_url: URL) -> None:
    """--device gives the page Playwright's descriptor: viewport, screen, scale factor, user agent, touch;
    --viewport-size and --user-agent win over the device's own."""
    page = fixture_url("emulation.html")
    with trio.fail_after(60):
        async with serve("--device", "iPhone 15") as tools:
            iphone = await facts(tools, page)
        async with serve(
            "--device", "iPhone 15", "--viewport-size", "400x700", "--user-agent", "verdex-test/1.0"
        ) as tools:
            overridden = await facts(tools, page)
        async with serve("--user-agent", "verdex-test/1.0") as tools:
            agent_only = await facts(tools, page)
    assert iphone == {
        "viewport": "393x659",
        "devicePixelRatio": "3",
        "screen": "393x852",
        "maxTouchPoints": "1",
        "touchEvents": "true",
        "userAgent": IPHONE_15_UA,
        "reducedMotion": "false",
        "cookie": "(none)",
    }
    assert (overridden["viewport"], overridden["userAgent"], overridden["maxTouchPoints"]) == (
        "400x700",
        "verdex-test/1.0",
        "1",
    )
    assert (agent_only["viewport"], agent_only["userAgent"], agent_only["maxTouchPoints"]) == (
        "1280x720",
        "verdex-test/1.0",
        "0",
    )


async def test_browser_arg_reaches_the_browser(fixture_url: URL) -> None:
    """--browser-arg adds a Chromium flag (here --force-prefers-reduced-motion, which the page reads in CSS)."""
    with trio.fail_after(60):
        async with launched("--browser-arg", "--force-prefers-reduced-motion") as tools:
            reduced = await facts(tools, fixture_url("emulation.html"))
        async with launched(env={"VERDEX_BROWSER_ARG": "--force-prefers-reduced-motion --lang=de"}) as tools:
            from_env = await facts(tools, fixture_url("emulation.html"))
    assert reduced["reducedMotion"] == "true"
    assert from_env["reducedMotion"] == "true"


# -- https with a self-signed certificate ----------------------------------------------------------------


def _self_signed(folder: Path) -> ssl.SSLContext:
    """A server context with a fresh self-signed certificate for 127.0.0.1 (no CA trusts it)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "verdex test")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .sign(key, hashes.SHA256())
    )
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "key.pem").write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    return context


async def _one_page(body: bytes, log: list[str], stream: trio.abc.Stream) -> None:
    """Answer one HTTP request with ``body`` and record its request line."""
    head = b""
    try:
        with trio.move_on_after(10):
            while b"\r\n\r\n" not in head:
                chunk = await stream.receive_some(4096)
                if not chunk:
                    break
                head += chunk
        log.append(head.split(b"\r\n", 1)[0].decode("latin-1"))
        await stream.send_all(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        pass  # a browser that gave up on the certificate closes the connection mid-handshake
    finally:
        await stream.aclose()


@asynccontextmanager
async def https_site(folder: Path) -> AsyncIterator[str]:
    """An https page on 127.0.0.1 with a self-signed certificate; yields its URL."""
    page = b"<!doctype html><title>Secure</title><h1>Self-signed page</h1>"
    async with trio.open_nursery() as nursery:
        listeners = await nursery.start(
            partial(trio.serve_ssl_over_tcp, partial(_one_page, page, []), 0, _self_signed(folder), host="127.0.0.1")
        )
        yield f"https://127.0.0.1:{listeners[0].transport_listener.socket.getsockname()[1]}/"
        nursery.cancel_scope.cancel()


async def test_ignore_https_errors(serve: Serve, tmp_path: Path) -> None:
    """Without the option the self-signed page does not open; with it, it does: per page on an attached
    browser, and with Chromium's flag on a launched one."""
    async with https_site(tmp_path) as url:
        with trio.fail_after(60):
            async with serve() as tools:
                refused = await tools.error("browser_navigate", url=url)
            async with serve("--ignore-https-errors") as tools:
                attached = await tools.ok("browser_navigate", url=url)
                attached_snapshot = (await tools.ok("browser_snapshot")).text
            async with launched(env={"VERDEX_IGNORE_HTTPS_ERRORS": "true"}) as tools:
                await tools.ok("browser_navigate", url=url)
                launched_snapshot = (await tools.ok("browser_snapshot")).text
    assert refused == (
        f"Error executing tool browser_navigate: could not open {url}: net::ERR_CERT_AUTHORITY_INVALID (the browser "
        "could not load it). The tab now shows the browser's error page; call browser_navigate with a working URL."
    )
    assert attached.text == f'Navigated to {url} (HTTP 200 OK). Title: "Secure". Next: browser_snapshot.'
    expected = f'Page: "Secure" ({url})\n- heading "Self-signed page" [level=1] [ref=e1]'
    assert attached_snapshot == expected
    assert launched_snapshot == expected


# -- proxy -------------------------------------------------------------------------------------------------


@asynccontextmanager
async def logging_proxy() -> AsyncIterator[tuple[str, list[str]]]:
    """An HTTP proxy on 127.0.0.1 that answers every request itself and logs its request line."""
    log: list[str] = []
    page = b'<!doctype html><title>Via proxy</title><link rel="icon" href="data:,"><h1>Answered by the proxy</h1>'
    async with trio.open_nursery() as nursery:
        listeners = await nursery.start(partial(trio.serve_tcp, partial(_one_page, page, log), 0, host="127.0.0.1"))
        yield f"http://127.0.0.1:{listeners[0].socket.getsockname()[1]}", log
        nursery.cancel_scope.cancel()


def _ours(log: list[str], *hosts: str) -> list[str]:
    """The proxy's log lines for ``hosts`` (Chromium's own background requests, such as its network time
    and component update checks, also go through a proxy, at times of their own)."""
    return [line for line in log if any(f"//{host}" in line or f" {host}:" in line for host in hosts)]


async def test_proxy_server_and_bypass(fixture_url: URL) -> None:
    """--proxy-server sends the browser's requests to the proxy (a host no DNS knows is answered by it);
    --proxy-bypass sends the hosts it lists direct; loopback stays direct, as in Chromium."""
    shop = fixture_url("shop.html")
    hosts = ("shop.verdex-proxy.test", "127.0.0.1")
    async with logging_proxy() as (proxy, log):
        with trio.fail_after(60):
            async with launched("--proxy-server", proxy) as tools:
                await tools.ok("browser_navigate", url="http://shop.verdex-proxy.test/page")
                proxied = (await tools.ok("browser_snapshot")).text
                await tools.ok("browser_navigate", url=shop)  # 127.0.0.1: not through the proxy
            through_proxy = _ours(log, *hosts)
            async with launched("--proxy-server", proxy, "--proxy-bypass", ".verdex-proxy.test,example.org") as tools:
                bypassed = await tools.error("browser_navigate", url="http://shop.verdex-proxy.test/page")
            after_bypass = _ours(log, *hosts)
    assert (
        proxied
        == 'Page: "Via proxy" (http://shop.verdex-proxy.test/page)\n- heading "Answered by the proxy" [level=1] [ref=e1]'
    )
    assert through_proxy == ["GET http://shop.verdex-proxy.test/page HTTP/1.1"]
    assert bypassed.startswith(
        "Error executing tool browser_navigate: could not open http://shop.verdex-proxy.test/page: "
        "net::ERR_NAME_NOT_RESOLVED"
    )
    assert after_bypass == through_proxy  # the bypassed request never reached the proxy


# -- persistent profile ------------------------------------------------------------------------------------


async def test_user_data_dir_keeps_the_default_roles_cookies(fixture_url: URL, tmp_path: Path) -> None:
    """A cookie set in one `verdex serve --user-data-dir DIR` is there after browser_close and in the next
    server, for the role 'default'; a named role is an incognito context in the same browser and does not see it."""
    profile = tmp_path / "profile"
    page = fixture_url("emulation.html")
    with trio.fail_after(90):
        async with launched("--user-data-dir", profile) as tools:
            first = await facts(tools, page + "?set-cookie=kept-across-runs")
            await tools.ok("browser_close")  # the next call launches a browser on the same profile
            relaunched = await facts(tools, page)
        async with launched(
            env={"VERDEX_USER_DATA_DIR": str(profile), "VERDEX_ROLE": "default none; other none"}
        ) as tools:
            second = await facts(tools, page)
            await tools.ok("select_role", role="other")
            other = await facts(tools, page)
    assert first["cookie"] == "verdex_profile=kept-across-runs"
    assert relaunched["cookie"] == "verdex_profile=kept-across-runs"
    assert second["cookie"] == "verdex_profile=kept-across-runs"
    assert other["cookie"] == "(none)"
    assert (profile / "Default" / "Cookies").is_file()


# -- sandbox -----------------------------------------------------------------------------------------------


async def test_sandbox_as_root_fails_with_what_to_do(fixture_url: URL) -> None:
    """As root the sandbox is off by default (every launched test here runs so); --sandbox turns it on, and
    Chromium refuses to start: the answer quotes it and says what to pass."""
    if os.geteuid() != 0:
        pytest.skip("Chromium starts with its sandbox when not root; this test shows the root case")
    with trio.fail_after(60):
        async with launched("--sandbox") as tools:
            failed = await tools.error("browser_navigate", url=fixture_url("shop.html"))
    assert failed.startswith(
        "Error executing tool browser_navigate: the browser did not answer on CDP: the browser closed its pipe "
        "(the browser process exited)\nbrowser stderr:\n"
    )
    assert "Running as root without --no-sandbox is not supported." in failed
    assert failed.endswith(
        "\nverdex: Chromium's sandbox could not start here (running as root, or in a container or system without "
        "unprivileged user namespaces); start verdex with --no-sandbox (or VERDEX_SANDBOX=false) if you trust the "
        "pages you open"
    )


# -- CDP endpoint headers ----------------------------------------------------------------------------------


@asynccontextmanager
async def token_relay(endpoint: str, token: str) -> AsyncIterator[tuple[str, list[dict[str, str]]]]:
    """A websocket relay to ``endpoint`` that, like a cloud browser, wants ``Authorization: Bearer <token>``.

    Yields the relay's URL and the handshake headers of every connection it was offered.
    """
    seen: list[dict[str, str]] = []

    async def relay(request: trio_websocket.WebSocketRequest) -> None:
        headers = {name.decode().lower(): value.decode() for name, value in request.headers}
        seen.append(headers)
        if headers.get("authorization") != f"Bearer {token}":
            await request.reject(401, body=b"a token is required")
            return
        client = await request.accept()
        async with trio_websocket.open_websocket_url(endpoint, max_message_size=1 << 28) as browser:

            async def pump(
                source: trio_websocket.WebSocketConnection, sink: trio_websocket.WebSocketConnection
            ) -> None:
                try:
                    while True:
                        await sink.send_message(await source.get_message())
                except trio_websocket.ConnectionClosed:
                    nursery.cancel_scope.cancel()

            async with trio.open_nursery() as nursery:
                nursery.start_soon(pump, client, browser)
                nursery.start_soon(pump, browser, client)

    async with trio.open_nursery() as nursery:
        server = await nursery.start(
            partial(trio_websocket.serve_websocket, relay, "127.0.0.1", 0, None, max_message_size=1 << 28)
        )
        yield f"ws://127.0.0.1:{server.port}/devtools/browser/relay", seen
        nursery.cancel_scope.cancel()


async def test_cdp_header_reaches_the_endpoint(cdp_endpoint: str, fixture_url: URL) -> None:
    async with token_relay(cdp_endpoint, "s3cret") as (relay, seen):
        with trio.fail_after(60):
            # Without the token, serve stops at start: the endpoint is checked then (issue 19, item 11).
            refused = await trio.run_process(
                [sys.executable, "-m", "verdex", "serve", "--cdp-endpoint", relay],
                stdin=b"",
                capture_stdout=True,
                capture_stderr=True,
                check=False,
            )
            async with launched(
                "--cdp-endpoint", relay, "--cdp-header", "Authorization: Bearer s3cret", "--cdp-header", "X-Team: qa"
            ) as tools:
                await tools.ok("browser_navigate", url=fixture_url("shop.html"))
                snapshot = (await tools.ok("browser_snapshot", depth=1)).text
    assert (refused.returncode, refused.stderr.decode().splitlines()[-1:]) == (
        1,
        [
            f"verdex: cannot reach the CDP endpoint {relay} (it refused the handshake with HTTP 401 (a token is "
            "required); give its credentials with --cdp-header 'NAME: VALUE')."
        ],
    )
    # The check at start, then the session's own connection, both with the headers.
    assert [(headers.get("authorization"), headers.get("x-team")) for headers in seen] == [
        (None, None),
        ("Bearer s3cret", "qa"),
        ("Bearer s3cret", "qa"),
    ]
    assert snapshot.splitlines()[0] == f'Page: "TechShop: featured products" ({fixture_url("shop.html")})'


# -- precedence: command line > environment > config file --------------------------------------------------


async def test_config_file_environment_and_command_line(cdp_endpoint: str, fixture_url: URL, tmp_path: Path) -> None:
    """The same option from all three sources: the command line wins, then the environment, then the file."""
    config = tmp_path / "verdex.json"
    config.write_text(
        json.dumps(
            {
                "browser": {
                    "browserName": "chromium",
                    "contextOptions": {"viewport": {"width": 700, "height": 500}, "userAgent": "from-the-file"},
                }
            }
        )
    )
    page = fixture_url("emulation.html")
    attach = ("--cdp-endpoint", cdp_endpoint)
    environment = {"VERDEX_CONFIG": str(config), "VERDEX_VIEWPORT_SIZE": "900x600"}
    with trio.fail_after(90):
        async with launched(*attach, "--config", config) as tools:
            from_file = await facts(tools, page)
        async with launched(*attach, env=environment) as tools:
            from_env = await facts(tools, page)
        async with launched(*attach, "--viewport-size", "1000x700", env=environment) as tools:
            from_command_line = await facts(tools, page)
    assert (from_file["viewport"], from_file["userAgent"]) == ("700x500", "from-the-file")
    assert (from_env["viewport"], from_env["userAgent"]) == ("900x600", "from-the-file")
    assert (from_command_line["viewport"], from_command_line["userAgent"]) == ("1000x700", "from-the-file")


async def test_a_bad_config_file_stops_verdex_serve(tmp_path: Path) -> None:
    config = tmp_path / "verdex.json"
    config.write_text(
        json.dumps({"browser": {"contextOptions": {"viewport": {"width": 700, "height": 500}}}, "port": 8931})
    )
    result = await trio.run_process(
        [sys.executable, "-m", "verdex", "serve", "--config", str(config)],
        capture_stdout=True,
        capture_stderr=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.decode().splitlines()[-1] == (
        f"verdex: error: config file {config}: unknown key 'port'; it goes in server.port; the top level takes "
        "allowFileUrls, browser, capabilities, logLevel, network, outputDir, outputSchemas, roles, server, testIdAttribute, "
        "timeouts, trace (docs/options.md lists every key)"
    )
