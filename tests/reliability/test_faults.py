"""Faults: a crashed renderer, a killed browser. The call in flight fails clearly, the next one works."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable

import trio
from mcp import Client

from tests.mcp_client import Answer, Tools, serve_parameters
from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.cdp import protocol as cdp
from verdex.errors import CDPError

URL = Callable[[str], str]


async def _crash_page(endpoint: str, url: str) -> None:
    """Crash the renderer of the page showing ``url``, from a second CDP client (``Page.crash``)."""
    async with open_browser(BrowserOptions(cdp_endpoint=endpoint)) as browser:
        targets = (await browser.session.send(cdp.untyped("Target.getTargets")({})))["targetInfos"]
        target = next(t for t in targets if t["type"] == "page" and t["url"] == url)
        attached = await browser.session.send(
            cdp.Target.attachToTarget({"targetId": target["targetId"], "flatten": True})
        )
        session = browser.connection.session(attached["sessionId"])
        await session.send(cdp.Page.enable())
        async with session.expect(cdp.Inspector.targetCrashed) as crashed:
            with contextlib.suppress(CDPError):  # the crash may take the answer with it
                await session.send(cdp.untyped("Page.crash")({}), timeout=5)
            await crashed.wait(timeout=10)


async def test_a_crashed_renderer_is_reported_and_replaced(tools: Tools, cdp_endpoint: str, fixture_url: URL) -> None:
    url = fixture_url("shop.html?crash-me")
    await tools.ok("browser_navigate", url=url)
    await tools.ok("browser_snapshot")
    await _crash_page(cdp_endpoint, url)
    snapshot = await tools.ok("browser_snapshot")
    assert snapshot.text.splitlines()[0] == (
        f"Note: The page of role 'default' had crashed (it was at {url}); verdex opened a new page."
    )
    assert snapshot.text.splitlines()[1] == "Page: about:blank"
    error = await tools.error("resolve_container", ref="e7")
    assert error == (
        f"Error executing tool resolve_container: ref e7 belongs to another page ({url}) that is closed or not "
        "current; call browser_snapshot for this page's refs"
    )
    await tools.ok("browser_navigate", url=fixture_url("shop.html"))
    assert '- button "Add to Cart"' in (await tools.ok("browser_snapshot")).text


def _browser_pid(server_pid: int) -> int:
    from tests.reliability.test_process import _children

    (pid,) = _children(server_pid)
    return pid


async def test_a_killed_browser_is_relaunched_on_the_next_call(fixture_url: URL) -> None:
    async with Client(serve_parameters()) as client:
        tools = Tools(client)
        await tools.ok("browser_navigate", url=fixture_url("shop.html"))
        await tools.ok("browser_snapshot")
        server_pid = next(pid for pid in _server_pids())
        os.kill(_browser_pid(server_pid), signal.SIGKILL)
        failed = await tools.call("browser_snapshot")
        if failed.is_error:  # the call that meets the dead browser says so ...
            assert "the browser closed its pipe (the browser process exited)" in failed.text
        answer = await tools.ok("browser_navigate", url=fixture_url("login.html"))
        notes = [line for line in (failed.text + "\n" + answer.text).splitlines() if line.startswith("Note: ")]
        assert notes == [
            "Note: The browser had gone away (the browser closed its pipe (the browser process exited)); verdex started "
            "a new one. Lost: the pages, refs and logins of role(s) default."
        ]
        assert (await tools.ok("browser_snapshot")).text.startswith('Page: "Sign in"')


def _server_pids() -> list[int]:
    """verdex serve processes that are children of this test process."""
    from tests.reliability.test_process import _children

    own = os.getpid()
    found = []
    for pid in _children(own):
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            argv = cmdline.read().split(b"\0")
        if b"verdex" in argv and b"serve" in argv and b"--cdp-endpoint" not in argv:
            found.append(pid)
    return found


async def test_a_crash_during_a_text_wait_fails_that_call_and_the_next_works(
    tools: Tools, cdp_endpoint: str, fixture_url: URL
) -> None:
    url = fixture_url("shop.html?crash-while-waiting")
    await tools.ok("browser_navigate", url=url)
    answers: list[Answer] = []

    async def wait() -> None:
        answers.append(await tools.call("wait_for_browser", text="Never on this page", timeoutMs=20_000))

    with trio.fail_after(15):  # well before the wait's own 20 s
        async with trio.open_nursery() as nursery:
            nursery.start_soon(wait)
            await trio.sleep(0.5)  # the wait is polling the page
            await _crash_page(cdp_endpoint, url)
    (failed,) = answers
    assert failed.is_error
    assert failed.text == (
        "Error executing tool wait_for_browser: the page crashed while waiting for text 'Never on this page' to "
        f"appear (it was at {url}); the wait did not finish. The next call opens a new page for role 'default' (the "
        "crashed page's state is lost): call browser_navigate to load the page again."
    )
    navigated = await tools.ok("browser_navigate", url=fixture_url("login.html"))
    assert navigated.text == (
        f"Note: The page of role 'default' had crashed (it was at {url}); verdex opened a new page.\n"
        f'Navigated to {fixture_url("login.html")} (HTTP 200 OK). Title: "Sign in". Next: browser_snapshot.'
    )
    waited = await tools.ok("wait_for_browser", text="Sign in", timeoutMs=5_000)
    assert waited.data["condition"] == "text 'Sign in' to appear"


async def test_role_tools_answer_while_the_browser_is_stopped(fixture_url: URL) -> None:
    """get_current_role, list_current_roles and select_role of a started role need no page: they answer while a
    call that needs the page waits on a browser stopped by SIGSTOP (issue 19, item 10); that call finishes after
    SIGCONT, on the page of the role that was current when it was made."""
    async with Client(serve_parameters("--role", "admin", "none", "--role", "customer", "none")) as client:
        tools = Tools(client)
        url, login = fixture_url("shop.html"), fixture_url("login.html")
        await tools.ok("select_role", role="customer")
        await tools.ok("browser_navigate", url=login)
        await tools.ok("select_role", role="admin")
        await tools.ok("browser_navigate", url=url)
        browser = _browser_pid(next(pid for pid in _server_pids()))
        order: list[str] = []

        async def snapshot() -> None:
            answer = await tools.ok("browser_snapshot")
            order.append("browser_snapshot")
            assert answer.text.startswith(f'Page: "TechShop: featured products" ({url})')  # admin's page

        os.kill(browser, signal.SIGSTOP)
        try:
            with trio.fail_after(20):
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(snapshot)
                    await trio.sleep(1)  # the snapshot holds the session and waits on the stopped browser
                    current = await tools.ok("get_current_role")
                    order.append("get_current_role")
                    roles = await tools.ok("list_current_roles")
                    order.append("list_current_roles")
                    selected = await tools.ok("select_role", role="customer")
                    order.append("select_role")
                    now = await tools.ok("get_current_role")
                    os.kill(browser, signal.SIGCONT)
        finally:
            os.kill(browser, signal.SIGCONT)
        assert order == ["get_current_role", "list_current_roles", "select_role", "browser_snapshot"]
        assert (
            current.text
            == f"Current role: admin, started, page at {url}. Other roles: customer (select_role to switch)."
        )
        assert roles.text.splitlines() == [
            "Roles (2; current: admin):",
            f"- admin (current): started, page at {url}; no auth file",
            f"- customer: started, page at {login}; no auth file",
        ]
        assert selected.text == (
            f'Current role: customer (was admin). Its page: "Sign in" at {login}. '
            "Next: browser_snapshot for this role's refs."
        )
        assert (
            now.text == f"Current role: customer, started, page at {login}. Other roles: admin (select_role to switch)."
        )
        assert (await tools.ok("browser_snapshot")).text.startswith(f'Page: "Sign in" ({login})')
