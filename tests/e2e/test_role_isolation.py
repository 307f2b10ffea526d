"""Roles share nothing: state one role stores is invisible to the others; signing out is per role.

``fixtures/pages/storage.html`` stores a value as a cookie, in localStorage, sessionStorage and
IndexedDB, and lists what the page sees of each. Each role in turn stores its own name; after
each store every role reloads the page and must see its own name if it stored one, else nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.e2e.conftest import Serve, Tools, role_args
from tests.e2e.snapshots import ref, without_refs
from tests.support import Marketplace

ROLES = ("admin", "provider", "customer")
KINDS = ("cookie", "localStorage", "sessionStorage", "indexedDB")
_ITEM = re.compile(r'^\s*- listitem: "?(\w+): (\w+)"?$')


async def seen(tools: Tools, url: str) -> dict[str, str]:
    """Reload the storage page in the current role and read what it lists."""
    await tools.ok("browser_navigate", url=url)
    await tools.ok("wait_for_browser", text="indexedDB:", timeoutMs=5000)
    snapshot = (await tools.ok("browser_snapshot")).text
    return dict(match.groups() for line in snapshot.splitlines() if (match := _ITEM.match(line)))


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
