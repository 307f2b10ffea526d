"""Role tools over MCP stdio: selecting, listing, auth file errors (at start and on use), saving state."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.conftest import Serve, role_args
from tests.e2e.snapshots import without_refs
from tests.support import Marketplace

URL = Callable[[str], str]

#: What the model reads after a role's auth file failed: nothing applied, what to do.
HINT = (
    "Nothing of it was applied and the role has no browser context. Fix the file (Playwright's storageState "
    "JSON: context.storage_state(path=...) or verdex's save_role_state writes one), then call the tool again; "
    "the other roles are not affected"
)
CLI_HINT = (
    "verdex serve did not start. Fix the file (Playwright's storageState JSON), or give none as AUTH_FILE to start "
    "the role logged out"
)
EXPIRED = {
    "cookies": [
        {
            "name": "market_session",
            "value": "old-token-value",
            "domain": "127.0.0.1",
            "path": "/",
            "expires": 1700000000,
            "httpOnly": True,
            "secure": False,
            "sameSite": "Lax",
        }
    ],
    "origins": [],
}

#: (case, file content or None for no file, the problem after "auth file PATH ")
BAD_AUTH_FILES = [
    ("missing", None, "does not exist"),
    ("not-json", "market_session=abc", "is not JSON: Expecting value (line 1, column 1)"),
    (
        "wrong-shape",
        json.dumps({"cookies": [{"name": "market_session", "value": "abc"}]}),
        'is not a Playwright storageState: cookies[0] (market_session) needs "domain" and "path", or "url"',
    ),
    (
        "expired",
        json.dumps(EXPIRED),
        "holds an expired cookie: market_session (127.0.0.1, expired 2023-11-14 22:13:20 UTC); the login it stores "
        "is over: log in again and save a fresh file",
    ),
]


def put(path: Path, content: str | None) -> None:
    if content is None:
        path.unlink(missing_ok=True)
    else:
        path.write_text(content, encoding="utf-8")


async def test_one_default_role_without_role_options(serve: Serve, fixture_url: URL) -> None:
    async with serve() as tools:
        current = await tools.ok("get_current_role")
        assert current.text == (
            "Current role: default, not started (its browser context opens when a tool first needs its page)."
        )
        assert current.data == {"name": "default", "current": True, "active": False}
        await tools.ok("browser_navigate", url=fixture_url("welcome.html"))
        listed = await tools.ok("list_current_roles")
        assert listed.text == (
            f"Roles (1; current: default):\n- default (current): started, page at {fixture_url('welcome.html')}; "
            "no auth file"
        )
        selected = await tools.ok("select_role", role="default")
        assert selected.text == (
            f'Current role: default (unchanged). Its page: "Welcome" at {fixture_url("welcome.html")}. '
            "Next: browser_snapshot for this role's refs."
        )
        error = await tools.error("select_role", role="admin")
        assert error == (
            "Error executing tool select_role: there is no role 'admin'; the roles are default "
            "(set with verdex serve --role NAME AUTH_FILE [DEFAULT_URL])"
        )


async def test_roles_start_on_first_use_with_their_default_url(serve: Serve, marketplace: Marketplace) -> None:
    url = marketplace.url
    async with serve(*role_args(marketplace, "customer"), "--role", "guest", "none", url + "login") as tools:
        listed = await tools.ok("list_current_roles")
        assert listed.text == (
            "Roles (2; current: customer):\n"
            "- customer (current): not started (its browser context opens when a tool first needs its page); "
            f"auth file {marketplace.auth['customer']}; default URL {url}products\n"
            "- guest: not started (its browser context opens when a tool first needs its page); no auth file; "
            f"default URL {url}login"
        )
        # Any tool starts the current role: its page opens the default URL, logged in by the auth file.
        snapshot = without_refs((await tools.ok("browser_snapshot")).text)
        assert snapshot.startswith(f'Page: "Products · Market" ({url}products)\n')
        assert "  - paragraph: Signed in as Cleo Customer (customer)" in snapshot.splitlines()
        selected = await tools.ok("select_role", role="guest")
        assert selected.data == {
            "role": "guest",
            "previousRole": "customer",
            "url": f"{url}login",
            "title": "Sign in · Market",
        }
        current = await tools.ok("get_current_role")
        assert (
            current.text
            == f"Current role: guest, started, page at {url}login. Other roles: customer (select_role to switch)."
        )
        assert current.data == {
            "name": "guest",
            "current": True,
            "active": True,
            "defaultUrl": f"{url}login",
            "url": f"{url}login",
        }


async def test_a_default_url_that_does_not_load_is_a_note(
    serve: Serve, marketplace: Marketplace, tmp_path: Path
) -> None:
    from tests.support import unused_port

    dead = f"http://127.0.0.1:{unused_port()}/"
    async with serve("--role", "admin", marketplace.auth["admin"], dead) as tools:
        selected = await tools.ok("select_role", role="admin")
        assert selected.text.splitlines()[0] == (
            f"Note: Role 'admin' started, but its default URL did not open: could not open {dead}: "
            "net::ERR_CONNECTION_REFUSED (nothing is listening there; start the server or fix the port). The tab now "
            "shows the browser's error page; call browser_navigate with a working URL."
        )
        await tools.ok("browser_navigate", url=marketplace.url + "products")
        assert "Signed in as Ada Admin (admin)" in (await tools.ok("browser_snapshot")).text


@pytest.mark.parametrize(
    ("content", "problem"), [case[1:] for case in BAD_AUTH_FILES], ids=[case[0] for case in BAD_AUTH_FILES]
)
def test_bad_auth_file_stops_verdex_serve_at_start(tmp_path: Path, content: str | None, problem: str) -> None:
    path = tmp_path / "admin.json"
    put(path, content)
    done = subprocess.run(
        [sys.executable, "-m", "verdex", "serve", "--role", "admin", str(path), "http://127.0.0.1:1/"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"verdex: role 'admin' could not start: auth file {path} {problem}. {CLI_HINT}\n"


def test_bad_default_url_stops_verdex_serve_at_start() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "verdex", "serve", "--role", "admin", "none", "localhost:3000/login"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "verdex: error: --role admin: DEFAULT_URL: url 'localhost:3000/login' has no scheme: pass an absolute URL "
        "such as http://localhost:3000/login"
    )


async def test_bad_auth_file_on_use_is_a_tool_error_and_nothing_is_applied(
    serve: Serve, marketplace: Marketplace
) -> None:
    admin = marketplace.auth["admin"]
    good = admin.read_text()
    refused = json.loads(good)
    refused["cookies"].append({**refused["cookies"][0], "name": "__Secure-sid", "value": "never-shown"})
    refused["origins"] = [
        {"origin": marketplace.origin, "localStorage": [{"name": "market-tips-dismissed", "value": "1"}]}
    ]
    cases = [
        *((problem, content) for _, content, problem in BAD_AUTH_FILES),
        (
            "holds a cookie the browser refuses: cookies[1] (__Secure-sid) for domain 127.0.0.1 path /: "
            "Invalid cookie fields",
            json.dumps(refused),
        ),
    ]
    async with serve(*role_args(marketplace, "admin", "customer")) as tools:
        for problem, content in cases:
            put(admin, content)
            expected = f"role 'admin' could not start: auth file {admin} {problem}. {HINT}"
            # The first role is current from the start: any tool that needs its page reports it.
            assert await tools.error("browser_snapshot") == f"Error executing tool browser_snapshot: {expected}"
            assert await tools.error("select_role", role="admin") == f"Error executing tool select_role: {expected}"
            roles = await tools.ok("list_current_roles")
            assert roles.data["roles"][0] == {
                "name": "admin",
                "current": True,
                "active": False,
                "authFile": str(admin),
                "defaultUrl": marketplace.url + "products",
            }
        # The other role is not affected, and the role starts once its file is fixed.
        selected = await tools.ok("select_role", role="customer")
        assert selected.data["previousRole"] == "admin"
        put(admin, good)
        await tools.ok("select_role", role="admin")
        page = without_refs((await tools.ok("browser_snapshot")).text)
        assert "  - paragraph: Signed in as Ada Admin (admin)" in page.splitlines()
        assert '- complementary "Tips":' in page.splitlines()  # the refused file's localStorage never landed


async def test_parts_verdex_does_not_restore_are_a_note(serve: Serve, marketplace: Marketplace) -> None:
    admin = marketplace.auth["admin"]
    data = json.loads(admin.read_text())
    data["origins"] = [
        {"origin": marketplace.origin, "localStorage": [], "indexedDB": [{"name": "cache", "version": 1, "stores": []}]}
    ]
    admin.write_text(json.dumps(data))
    async with serve(*role_args(marketplace, "admin")) as tools:
        selected = await tools.ok("select_role", role="admin")
        assert selected.text.splitlines()[0] == (
            f"Note: Role 'admin': its auth file also holds IndexedDB of {marketplace.origin}, which verdex does not "
            "restore (it applies cookies and localStorage)."
        )


async def test_save_role_state_default_paths(serve: Serve, marketplace: Marketplace, tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    async with serve(*role_args(marketplace, "admin"), "--role", "guest", "none", cwd=work) as tools:
        saved = await tools.ok("save_role_state")
        admin = marketplace.auth["admin"]
        assert saved.data == {"role": "admin", "path": str(admin), "cookies": 1, "origins": []}
        assert saved.text == (
            f"Saved role admin's storageState to {admin}: 1 cookie(s) (127.0.0.1), localStorage of 0 origin(s). "
            f"Playwright: browser.new_context(storage_state='{admin}'); verdex: serve --role admin {admin}."
        )
        await tools.ok("select_role", role="guest")
        saved = await tools.ok("save_role_state")
        assert saved.data == {
            "role": "guest",
            "path": str(work / "playwright/.auth/guest.json"),
            "cookies": 0,
            "origins": [],
        }
        assert json.loads((work / "playwright/.auth/guest.json").read_text()) == {"cookies": [], "origins": []}
        assert await tools.error("save_role_state", path=" ") == (
            "Error executing tool save_role_state: path is empty: pass a file name such as "
            "playwright/.auth/admin.json, or leave it out"
        )
        assert await tools.error("save_role_state", path=str(work)) == (
            f"Error executing tool save_role_state: cannot write {work}: Is a directory; pass another path"
        )


async def test_after_browser_close_a_role_starts_with_its_auth_file_again(
    serve: Serve, marketplace: Marketplace
) -> None:
    async with serve(*role_args(marketplace, "customer")) as tools:
        assert "Signed in as Cleo Customer" in (await tools.ok("browser_snapshot")).text
        assert (await tools.ok("browser_close")).text == "Browser closed."
        assert (await tools.ok("get_current_role")).data["active"] is False
        page = (await tools.ok("browser_snapshot")).text
        assert page.startswith(f'Page: "Products · Market" ({marketplace.url}products)\n')
        assert "Signed in as Cleo Customer" in page
