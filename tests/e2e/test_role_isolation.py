"""Roles share nothing: state one role stores is invisible to the others; signing out is per role.

``fixtures/pages/storage.html`` stores a value as a cookie, in localStorage, sessionStorage and
IndexedDB, and lists what the page sees of each. Each role in turn stores its own name; after
each store every role reloads the page and must see its own name if it stored one, else nothing.
The HTTP cache (``/counted/`` pages of the fixture server count what they serve) and permissions
(set for one role's browser context over CDP, read back by ``permissions.html``) are per role too.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.e2e.conftest import Serve, Tools, role_args
from tests.e2e.snapshots import ref, without_refs
from tests.support import Marketplace
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import open_cdp_connection
from verdex.cdp.transport import open_websocket_transport

ROLES = ("admin", "provider", "customer")
KINDS = ("cookie", "localStorage", "sessionStorage", "indexedDB")
_ITEM = re.compile(r'^\s*- listitem: "?(\w+): (\w+)"?$')


async def seen(tools: Tools, url: str) -> dict[str, str]:
    """Reload the storage page in the current role and read what it lists."""
    await tools.ok("browser_navigate", url=url)
    await tools.ok("wait_for_browser", text="indexedDB:", timeoutMs=5000)
    snapshot = (await tools.ok("browser_snapshot")).text
    return dict(match.groups() for line in without_refs(snapshot).splitlines() if (match := _ITEM.match(line)))


async def test_storage_set_in_one_role_is_invisible_in_the_others(
    serve: Serve, marketplace: Marketplace, fixture_url: Callable[[str], str]
) -> None:
    lab = fixture_url("storage.html")
    async with serve(*role_args(marketplace, *ROLES)) as tools:
        for index, role in enumerate(ROLES):
            await tools.ok("select_role", role=role)
            assert await seen(tools, lab) == dict.fromkeys(KINDS, "none")  # the others' values are not here
            page = (await tools.ok("browser_snapshot")).text
            await tools.ok("browser_type", ref=ref(page, '- textbox "Value"'), text=role)
            await tools.ok("browser_click", ref=ref(page, '- button "Store everywhere"'))
            await tools.ok("wait_for_browser", text=f"Stored {role}", timeoutMs=5000)
            for other_index, other in enumerate(ROLES):
                await tools.ok("select_role", role=other)
                expected = other if other_index <= index else "none"
                assert await seen(tools, lab) == dict.fromkeys(KINDS, expected), (role, other)


async def test_signing_out_in_one_role_leaves_the_others_signed_in(serve: Serve, marketplace: Marketplace) -> None:
    products = marketplace.url + "products"
    names = {"admin": "Ada Admin", "provider": "Pat Provider", "customer": "Cleo Customer"}
    async with serve(*role_args(marketplace, *ROLES)) as tools:
        for role in ROLES:
            await tools.ok("select_role", role=role)
            page = without_refs((await tools.ok("browser_snapshot")).text)
            assert f"  - paragraph: Signed in as {names[role]} ({role})" in page.splitlines()

        await tools.ok("select_role", role="provider")
        page = (await tools.ok("browser_snapshot")).text
        signed_out = await tools.ok("browser_click", ref=ref(page, '- button "Sign out"'))
        assert signed_out.data["url"] == marketplace.url + "login"

        for role in ("admin", "customer"):
            await tools.ok("select_role", role=role)
            await tools.ok("browser_navigate", url=products)
            page = without_refs((await tools.ok("browser_snapshot")).text)
            assert f"  - paragraph: Signed in as {names[role]} ({role})" in page.splitlines(), role
        await tools.ok("select_role", role="provider")
        moved = await tools.ok("browser_navigate", url=products)
        assert moved.data["url"] == marketplace.url + "login?next=/products"
        page = without_refs((await tools.ok("browser_snapshot")).text)
        assert "Signed in as" not in page
        assert '  - heading "Sign in" [level=1]' in page.splitlines()


async def _counted(tools: Tools, url: str) -> str:
    """Open a /counted/ page and return the one line it shows."""
    await tools.ok("browser_navigate", url=url)
    lines = without_refs((await tools.ok("browser_snapshot")).text).splitlines()
    return lines[-1]


async def test_http_cache_is_per_role(serve: Serve, fixture_url: Callable[[str], str]) -> None:
    """A response role a cached (max-age=3600) is served again by the server for role b, counted server side."""
    counted, elsewhere = fixture_url("counted/roles-cache"), fixture_url("welcome.html")
    args = ["--role", "a", "none", elsewhere, "--role", "b", "none", elsewhere]
    async with serve(*args) as tools:
        assert await _counted(tools, counted) == "- paragraph: served roles-cache 1"
        await tools.ok("browser_navigate", url=elsewhere)
        # Within role a the page comes from its HTTP cache: the server is not asked again.
        assert await _counted(tools, counted) == "- paragraph: served roles-cache 1"
        await tools.ok("select_role", role="b")
        assert await _counted(tools, counted) == "- paragraph: served roles-cache 2"
        await tools.ok("browser_navigate", url=elsewhere)
        assert await _counted(tools, counted) == "- paragraph: served roles-cache 2"
        await tools.ok("select_role", role="a")
        await tools.ok("browser_navigate", url=elsewhere)
        assert await _counted(tools, counted) == "- paragraph: served roles-cache 1"
        assert await _counted(tools, fixture_url("counted-hits/roles-cache")) == "- paragraph: hits roles-cache 2"


async def _permission_states(tools: Tools) -> list[str]:
    await tools.ok("wait_for_browser", text="checked", timeoutMs=5000)
    snapshot = without_refs((await tools.ok("browser_snapshot")).text)
    return [line.strip() for line in snapshot.splitlines() if "- listitem:" in line]


async def test_permissions_are_per_role(serve: Serve, cdp_endpoint: str, fixture_url: Callable[[str], str]) -> None:
    """Permissions set for role a's browser context (Browser.setPermission) leave role b's as they were."""
    page_a, page_b = fixture_url("permissions.html?role=a"), fixture_url("permissions.html?role=b")
    default = [
        '- listitem: "geolocation: prompt"',
        '- listitem: "notifications: prompt"',
        '- listitem: "camera: prompt"',
    ]
    async with serve("--role", "a", "none", page_a, "--role", "b", "none", page_b) as tools:
        assert await _permission_states(tools) == default
        await tools.ok("select_role", role="b")
        assert await _permission_states(tools) == default
        # Overrides live as long as the CDP connection that set them: read them while it is open.
        async with open_websocket_transport(cdp_endpoint) as transport, open_cdp_connection(transport) as connection:
            browser = connection.session(None)
            targets = (await browser.send(cdp.untyped("Target.getTargets")({}), timeout=10))["targetInfos"]
            [context_a] = [t["browserContextId"] for t in targets if t["url"] == page_a]
            origin = fixture_url("").rstrip("/")
            for name, setting in (("geolocation", "granted"), ("notifications", "denied")):
                permission = {"permission": {"name": name}, "setting": setting, "origin": origin}
                await browser.send(
                    cdp.untyped("Browser.setPermission")({**permission, "browserContextId": context_a}), timeout=10
                )
            await tools.ok("browser_navigate", url=page_b)
            assert await _permission_states(tools) == default
            await tools.ok("select_role", role="a")
            await tools.ok("browser_navigate", url=page_a)
            assert await _permission_states(tools) == [
                '- listitem: "geolocation: granted"',
                '- listitem: "notifications: denied"',
                '- listitem: "camera: prompt"',
            ]
            await tools.ok("select_role", role="b")
            await tools.ok("browser_navigate", url=page_b)
            assert await _permission_states(tools) == default
