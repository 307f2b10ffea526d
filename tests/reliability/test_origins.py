"""The origin policy through the MCP client: --allowed-origins, --blocked-origins and --allow-file-urls.

Three origins on loopback: A = the fixture server on 127.0.0.1, B = the same server as
``localhost`` (another site: an out-of-process frame), C = a second fixture server on 127.0.0.1
(another port: same site as A, so a same-process frame). The fixture server's ``/requests`` log
shows that a blocked origin was never asked for anything: the policy holds in the browser, not
only in browser_navigate's argument check.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from tests.mcp_client import Tools, serve_parameters
from tests.support import FIXTURES, fixture_server, shared_chromium
from verdex.cli import main

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]


@pytest.fixture(scope="module")
def third_base() -> Iterator[str]:
    """Origin C: a second fixture server (base URL, ends with ``/``)."""
    with fixture_server() as url:
        yield url


def _requests(base: str, *, clear: bool = False) -> list[str]:
    with urllib.request.urlopen(base + "requests" + ("?clear=1" if clear else ""), timeout=10) as answer:
        return list(json.loads(answer.read()))


async def test_allowed_origins_hold_for_pages_frames_redirects_and_tabs(
    serve: Serve, fixture_url: URL, third_base: str
) -> None:
    base = fixture_url("")
    a, c = base.rstrip("/"), third_base.rstrip("/")
    _requests(base, clear=True)
    _requests(third_base, clear=True)
    refused = f"origin {c} is not in --allowed-origins ({a}; localhost)"
    outer = fixture_url(f"origins/outer.html?third={c}")
    partner = f"{c}/origins/partner.html"
    async with serve("--allowed-origins", f"{a};localhost", "--timeout-action", "1000") as tools:
        navigated = await tools.ok("browser_navigate", url=outer)
        assert navigated.text == f'Navigated to {outer} (HTTP 200 OK). Title: "Origins". Next: browser_snapshot.'
        snapshot = await tools.ok("browser_snapshot")
        assert snapshot.text.splitlines()[1:] == [
            "- main [ref=e1]:",
            '  - heading "Origins" [level=1] [ref=e2]',
            '  - link "Partner page" [ref=e3]:',
            f"    - /url: {partner}",
            '  - link "Partner page through a redirect" [ref=e4]:',
            f"    - /url: /redirect?to={partner.replace(':', '%3A').replace('/', '%2F')}",
            '  - button "Open the partner in a popup" [ref=e5]',
            "  - iframe [ref=e6]:",
            '    - heading "Partner" [level=1] [ref=f1_e9]',
            '    - button "Partner action" [ref=f1_e10]',
            "  - iframe [ref=e7]:",
            '    - heading "Partner" [level=1] [ref=f2_e11]',
            '    - button "Partner action" [ref=f2_e12]',
            '    - link "Next partner page" [ref=f2_e13]:',
            f"      - /url: {partner}",
            "  - iframe [ref=e8]:",
            f"    - … frame blocked: {partner}?frame=third: {refused}",
        ]

        # The localhost frame (out of process) navigates itself to C: checked on its own session.
        assert await tools.error("browser_click", ref="f2_e13") == (
            f"Error executing tool browser_click: the action was done, but the navigation it started to {partner} "
            f"was blocked: {refused}. Frame f2 now shows the browser's error page; call browser_go_back to return, "
            "or browser_navigate with a URL the origin policy allows."
        )
        assert f"    - … frame blocked: {partner}: {refused}" in (await tools.ok("browser_snapshot")).text

        # A popup to C: the new tab is held until its requests are checked.
        clicked = await tools.ok("browser_click", ref="e5")
        assert clicked.text == (
            f"Note: A new tab [1] was opened by tab [0], but its page {partner} was blocked: {refused}. It shows the "
            "browser's error page; the selected tab is unchanged.\n"
            'Clicked button "Open the partner in a popup" [ref=e5]. Next: browser_snapshot to see the result.'
        )
        assert (await tools.ok("browser_tabs", action="list")).text.splitlines()[2] == (
            '- [1] "127.0.0.1": chrome-error://chromewebdata/ (opened by [0])'
        )

        # A link of the page to C.
        assert await tools.error("browser_click", ref="e3") == (
            f"Error executing tool browser_click: the action was done, but the navigation it started to {partner} "
            f"was blocked: {refused}. The main frame now shows the browser's error page; call browser_go_back to "
            "return, or browser_navigate with a URL the origin policy allows."
        )
        assert (await tools.ok("browser_go_back")).data["url"] == outer

        # browser_navigate to C: refused before the browser is asked.
        assert await tools.error("browser_navigate", url=partner) == (
            f"Error executing tool browser_navigate: {partner} was not opened: {refused}. The page stays at {outer}; "
            "call browser_navigate with a URL the origin policy allows."
        )
        # An allowed URL that redirects to C: the redirect hop is refused in the browser.
        redirect = fixture_url(f"redirect?to={partner}")
        assert await tools.error("browser_navigate", url=redirect) == (
            f"Error executing tool browser_navigate: could not open {redirect}: it redirected to {partner}, and "
            f"{refused}. The tab now shows the browser's error page (it was at {outer}); call browser_navigate with "
            "a URL the origin policy allows."
        )
        assert (await tools.ok("browser_snapshot")).data["url"] == "chrome-error://chromewebdata/"
        # The session goes on.
        assert (await tools.ok("browser_navigate", url=fixture_url("shop.html"))).data["status"] == 200

    port = a.rsplit(":", 1)[1]
    assert _requests(third_base) == []
    assert sorted(set(_requests(base))) == [
        f"127.0.0.1:{port} /origins/outer.html",
        f"127.0.0.1:{port} /origins/partner.html",
        f"localhost:{port} /origins/partner.html",
    ]


async def test_blocked_origins_block_a_cross_origin_frame_and_navigations(serve: Serve, fixture_url: URL) -> None:
    base = fixture_url("")
    port = base.rstrip("/").rsplit(":", 1)[1]
    _requests(base, clear=True)
    partner = f"http://localhost:{port}/origins/partner.html"
    refused = f"origin http://localhost:{port} is blocked by --blocked-origins (entry 'http://localhost:*')"
    async with serve("--blocked-origins", "http://localhost:*") as tools:
        await tools.ok("browser_navigate", url=fixture_url("origins/outer.html"))
        snapshot = await tools.ok("browser_snapshot")
        assert snapshot.text.splitlines()[-5:] == [
            "  - iframe [ref=e6]:",
            '    - heading "Partner" [level=1] [ref=f1_e8]',
            '    - button "Partner action" [ref=f1_e9]',
            "  - iframe [ref=e7]:",
            f"    - … frame blocked: {partner}?frame=partner: {refused}",
        ]
        assert await tools.error("browser_navigate", url=partner) == (
            f"Error executing tool browser_navigate: {partner} was not opened: {refused}. The page stays at "
            f"{fixture_url('origins/outer.html')}; call browser_navigate with a URL the origin policy allows."
        )
        assert await tools.error("browser_click", ref="e4") == (
            f"Error executing tool browser_click: the action was done, but the navigation it started to {partner} "
            f"(a redirect) was blocked: {refused}. The main frame now shows the browser's error page; call "
            "browser_go_back to return, or browser_navigate with a URL the origin policy allows."
        )
    assert [entry for entry in _requests(base) if entry.startswith("localhost")] == []


async def test_file_urls_only_with_allow_file_urls(serve: Serve, tools: Tools) -> None:
    shop = (FIXTURES / "pages" / "shop.html").as_uri()
    assert await tools.error("browser_navigate", url=shop) == (
        f"Error executing tool browser_navigate: url {shop!r} is a local file, and file: URLs are off: start verdex "
        "serve with --allow-file-urls to open local files, or serve the page over http"
    )
    assert await tools.error("browser_navigate", url="chrome://version") == (
        "Error executing tool browser_navigate: url 'chrome://version' has scheme 'chrome'; verdex opens http, "
        "https and about URLs (file URLs with --allow-file-urls)"
    )
    assert await tools.error("browser_navigate", url="javascript:alert(1)") == (
        "Error executing tool browser_navigate: javascript: URLs are not navigations; verdex does not run page "
        "JavaScript through browser_navigate"
    )
    async with serve("--allow-file-urls") as allowed:
        navigated = await allowed.ok("browser_navigate", url=shop)
        assert (
            navigated.text
            == f'Navigated to {shop} (HTTP 200 OK). Title: "TechShop: featured products". Next: browser_snapshot.'
        )
        assert '        - button "Add to Cart" [ref=e12]' in (await allowed.ok("browser_snapshot")).text.splitlines()
        assert await allowed.error("browser_navigate", url="chrome://settings") == (
            "Error executing tool browser_navigate: url 'chrome://settings' has scheme 'chrome'; verdex opens http, "
            "https, file and about URLs"
        )


#: The end of every "is not an origin" message.
HINT = ". Entries look like http://localhost:3000, https://*.example.com, http://127.0.0.1:* or example.com"

MALFORMED = [
    (
        ["--allowed-origins", "http://localhost:3000/app"],
        "--allowed-origins: 'http://localhost:3000/app' is not an origin: an origin has no path, query or fragment "
        "(the part from the first / after the host)" + HINT,
    ),
    (
        ["--allowed-origins", "localhost:3000"],
        "--allowed-origins: 'localhost:3000' is not an origin: give a scheme (http:// or https://) with a port, or a "
        "bare host name" + HINT,
    ),
    (
        ["--blocked-origins", "ftp://files.example.com"],
        "--blocked-origins: 'ftp://files.example.com' is not an origin: the scheme must be http or https, not 'ftp'"
        + HINT,
    ),
    (
        ["--blocked-origins", "http://example.com:99999"],
        "--blocked-origins: 'http://example.com:99999' is not an origin: the port must be a number from 1 to 65535, "
        "or *, not '99999'" + HINT,
    ),
    (
        ["--allowed-origins", "*"],
        "--allowed-origins: '*' is not an origin: * stands for a whole port (:*) or for the subdomains before a host "
        "name (*.example.com)" + HINT,
    ),
    (
        ["--allowed-origins", ";"],
        "--allowed-origins got no origin: give one or more origins separated by ';', e.g. --allowed-origins "
        "'http://localhost:3000;https://*.example.com'",
    ),
    (
        ["--allowed-origins", "http://127.0.0.1:3000", "--role", "admin", "none", "http://localhost:3000/"],
        "--role admin: DEFAULT_URL http://localhost:3000/ is refused: origin http://localhost:3000 is not in "
        "--allowed-origins (http://127.0.0.1:3000)",
    ),
]


@pytest.mark.parametrize(("args", "message"), MALFORMED, ids=[" ".join(args) for args, _ in MALFORMED])
def test_malformed_origins_stop_verdex_serve(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", *args])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"verdex: error: {message}"


async def test_an_auth_files_storage_is_applied_under_an_origin_policy(
    serve: Serve, fixture_url: URL, tmp_path: Path
) -> None:
    """The scratch page that writes localStorage intercepts its own requests (Fetch.enable with '*') on its
    own session; the policy's interception (Fetch.enable for documents) is on the pages' sessions. Neither
    replaces the other's patterns: the blocked origin's storage is still written (nothing reaches the
    network), and the policy still holds on the role's page."""
    a = fixture_url("").rstrip("/")
    b = a.replace("127.0.0.1", "localhost")
    auth = tmp_path / "member.json"
    auth.write_text(
        json.dumps(
            {
                "cookies": [],
                "origins": [
                    {"origin": a, "localStorage": [{"name": "lab", "value": "from-file"}]},
                    {"origin": b, "localStorage": [{"name": "lab", "value": "for-the-blocked-origin"}]},
                ],
            }
        )
    )
    storage = fixture_url("storage.html")
    async with serve("--allowed-origins", a, "--role", "member", str(auth), storage, cwd=tmp_path) as tools:
        waited = await tools.ok("wait_for_browser", text="localStorage: from-file", timeoutMs=5000)
        assert waited.data["condition"] == "text 'localStorage: from-file' to appear"
        assert await tools.error("browser_navigate", url=b + "/storage.html") == (
            f"Error executing tool browser_navigate: {b}/storage.html was not opened: origin {b} is not in "
            f"--allowed-origins ({a}). The page stays at {storage}; call browser_navigate with a URL the origin "
            "policy allows."
        )
        await tools.ok("save_role_state", path="saved.json")
    saved = json.loads((tmp_path / "saved.json").read_text())
    assert saved["origins"] == [
        {"origin": a, "localStorage": [{"name": "lab", "value": "from-file"}]},
        {"origin": b, "localStorage": [{"name": "lab", "value": "for-the-blocked-origin"}]},
    ]


def test_verdex_snapshot_of_a_refused_url_says_why_in_one_line(
    capsys: pytest.CaptureFixture[str], cdp_endpoint: str, fixture_url: URL
) -> None:
    a = fixture_url("").rstrip("/")
    b = a.replace("127.0.0.1", "localhost")
    with pytest.raises(SystemExit) as exited:
        main(["snapshot", "--cdp-endpoint", cdp_endpoint, "--allowed-origins", a, f"{b}/shop.html"])
    assert exited.value.code == 1
    assert capsys.readouterr().err == (
        f"verdex: browser_navigate: {b}/shop.html was not opened: origin {b} "
        f"is not in --allowed-origins ({a}). The page stays at about:blank; call browser_navigate with a URL the "
        "origin policy allows.\n"
    )


async def test_an_internationalised_host_is_checked_as_the_browser_names_it(fixture_url: URL) -> None:
    """faß.de is xn--fa-hia.de for Chromium (UTS #46), not fass.de (IDNA 2003): both lists compare hosts as
    Chromium does (issue 19, item 5). Chromium resolves the host to the fixture server (--host-resolver-rules)."""
    base = fixture_url("")
    port = base.rstrip("/").rsplit(":", 1)[1]
    _requests(base, clear=True)
    page = f"http://faß.de:{port}/origins/partner.html"
    with shared_chromium("--host-resolver-rules=MAP xn--fa-hia.de 127.0.0.1") as endpoint:
        blocked = serve_parameters("--cdp-endpoint", endpoint, "--blocked-origins", "faß.de")
        async with Client(blocked) as client:
            tools = Tools(client)
            assert await tools.error("browser_navigate", url=page) == (
                f"Error executing tool browser_navigate: {page} was not opened: origin http://xn--fa-hia.de:{port} is "
                "blocked by --blocked-origins (entry 'faß.de'). The page stays at about:blank; call browser_navigate "
                "with a URL the origin policy allows."
            )
            # A redirect from an allowed page: refused in the browser, where the URL is xn--fa-hia.de.
            redirect = fixture_url(f"redirect?to=http://xn--fa-hia.de:{port}/origins/partner.html")
            assert (await tools.error("browser_navigate", url=redirect)).startswith(
                f"Error executing tool browser_navigate: could not open {redirect}: it redirected to "
                f"http://xn--fa-hia.de:{port}/origins/partner.html, and origin http://xn--fa-hia.de:{port} is blocked"
            )
        assert [entry for entry in _requests(base) if "xn--" in entry] == []
        allowed = serve_parameters("--cdp-endpoint", endpoint, "--allowed-origins", "faß.de")
        async with Client(allowed) as client:
            tools = Tools(client)
            navigated = await tools.ok("browser_navigate", url=page)
            assert navigated.data["url"] == f"http://xn--fa-hia.de:{port}/origins/partner.html"
            assert navigated.data["title"] == "Partner"
    assert _requests(base) == [f"xn--fa-hia.de:{port} /origins/partner.html"]


@pytest.mark.parametrize("browser", ["launched", "attached"])
async def test_speculative_loads_do_not_reach_a_blocked_origin(serve: Serve, fixture_url: URL, browser: str) -> None:
    """Speculation rules (prefetch and prerender) and <link rel=prefetch> to a blocked origin: nothing arrives there
    (issue 19, item 4). A launched browser has preloading off in its profile; the tests' shared browser (attached)
    is launched with the same profile setup."""
    base = fixture_url("")
    port = base.rstrip("/").rsplit(":", 1)[1]
    _requests(base, clear=True)
    page = fixture_url(f"origins/speculation.html?to=http://localhost:{port}")
    if browser == "launched":
        context: AbstractAsyncContextManager[Any] = Client(serve_parameters("--blocked-origins", "localhost"))
    else:
        context = serve("--blocked-origins", "localhost")
    async with context as connected:
        tools = Tools(connected) if isinstance(connected, Client) else connected
        await tools.ok("browser_navigate", url=page)
        await tools.ok("wait_for_browser", milliseconds=2000)  # speculative loads start at once ("immediate")
        assert (await tools.ok("browser_snapshot")).text.splitlines()[1:3] == [
            "- main [ref=e1]:",
            '  - heading "Speculation" [level=1] [ref=e2]',
        ]
    assert _requests(base) == [f"127.0.0.1:{port} /origins/speculation.html"]
