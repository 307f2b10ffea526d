"""``verdex demo-roles``: a multi-role walk on the bundled marketplace, through a real MCP client over stdio.

It starts the marketplace app (``fixtures/marketplace/app.py``, or the wheel's copy: see
:mod:`verdex.commands.demo_site`; a Flask app, from the ``demo`` extra; server-side state, cookie
logins) on 127.0.0.1 with one Playwright storageState file per user, starts ``verdex serve``
with ``--role admin|provider|customer FILE URL``, and walks the story a multi-user test tells: the
provider lists a discounted product, the admin approves it, the customer puts it in the cart, the
provider raises the price, and the customer's cart and order show the new price. Each call is
printed with the part of the answer that matters (the ``main`` landmark of a snapshot), then
the customer's login is saved with ``save_role_state``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent

from verdex.commands.demo_site import marketplace_app
from verdex.errors import UsageError

__all__ = ["RolesDemoOptions", "run_roles_demo"]

_REF = re.compile(r"\[ref=((?:f\d+_)?e\d+)\]")
#: The main landmark's line (landmarks carry refs).
_MAIN = re.compile(r"- main(?: \[ref=[^\]]+\])?:$")
#: Lines of a snapshot's main landmark shown before "…": enough for the cart's first row and its cells (a row's
#: name, which only repeats its cells, is not shown).
_SHOWN_LINES = 17
_ROLES = ("admin", "provider", "customer")


@dataclass(frozen=True)
class RolesDemoOptions:
    """``serve_args``: extra ``verdex serve`` arguments (browser options)."""

    serve_args: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Market:
    url: str
    auth: dict[str, str]
    directory: Path


class _Walk:
    def __init__(self, client: Client, out: TextIO) -> None:
        self.client = client
        self.out = out
        self.calls = 0

    async def call(self, tool: str, **arguments: Any) -> tuple[str, dict[str, Any]]:
        result = await self.client.call_tool(tool, arguments)
        self.calls += 1
        text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
        shown = ", ".join(f"{key}={value!r}" for key, value in arguments.items())
        print(f"── {tool}({shown})", file=self.out)
        print(_main_of(text) if tool == "browser_snapshot" else text, file=self.out)
        print(file=self.out)
        if result.is_error:
            raise UsageError(f"{tool} failed: {text.removeprefix(f'Error executing tool {tool}: ')}")
        return text, result.structured_content or {}

    async def snapshot(self) -> str:
        return (await self.call("browser_snapshot"))[0]

    async def click(self, snapshot: str, line: str, *, after: str | None = None) -> None:
        await self.call("browser_click", ref=find_ref(snapshot, line, after=after))

    async def type(self, snapshot: str, line: str, text: str) -> None:
        await self.call("browser_type", ref=find_ref(snapshot, line), text=text)


async def run_roles_demo(options: RolesDemoOptions, out: TextIO = sys.stdout) -> str:
    """Run the walk and print it; returns the price the customer paid (``$60.00``).

    Raises:
        UsageError: the marketplace could not start, or a tool answered with an error.
    """
    async with _marketplace() as market:
        url = market.url
        print(f"verdex demo-roles: the marketplace at {url}", file=out)
        print(f"one Playwright storageState file per user in {market.directory}\n", file=out)
        role_args: list[str] = []
        for role in _ROLES:
            role_args += ["--role", role, market.auth[role], url + "products"]
        # --output-schemas: the demo reads the facts of each answer (structured content).
        command = [sys.executable, "-m", "verdex", "serve", "--output-schemas", *role_args, *options.serve_args]
        async with Client(StdioServerParameters(command=command[0], args=command[1:])) as client:
            walk = _Walk(client, out)
            await walk.call("list_current_roles")

            await walk.call("select_role", role="provider")
            page = await walk.snapshot()
            await walk.click(page, '- link "List a product"')
            page = await walk.snapshot()
            await walk.type(page, '- textbox "Name"', "Oak Cutting Board")
            await walk.type(page, '- textbox "Price (USD)"', "60")
            await walk.type(page, '- textbox "Discount (%)"', "25")
            await walk.click(page, '- button "List product"')
            await walk.snapshot()

            await walk.call("select_role", role="admin")
            page = await walk.snapshot()
            await walk.click(page, '- button "Approve"', after='- heading "Oak Cutting Board"')
            await walk.snapshot()

            await walk.call("select_role", role="customer")
            await walk.call("browser_navigate", url=url + "products")
            page = await walk.snapshot()
            await walk.click(page, '- button "Add to cart"', after='- heading "Oak Cutting Board"')

            await walk.call("select_role", role="provider")
            await walk.call("browser_navigate", url=url + "products")
            page = await walk.snapshot()
            await walk.click(page, '- link "Edit price"', after='- heading "Oak Cutting Board"')
            page = await walk.snapshot()
            await walk.type(page, '- textbox "Price (USD)"', "80")
            await walk.click(page, '- button "Save price"')

            await walk.call("select_role", role="customer")
            await walk.call("browser_navigate", url=url + "cart")
            page = await walk.snapshot()
            await walk.click(page, '- button "Check out"')
            page = await walk.snapshot()
            await walk.call("list_current_roles")
            saved = market.directory / "customer-saved.json"
            await walk.call("save_role_state", path=str(saved))

        paid = re.search(r"Total paid: (\$[\d.]+)", page)
        if paid is None:
            raise UsageError("the order page did not show what the customer paid")
        print("── summary", file=out)
        print(
            f"{walk.calls} tool calls across 3 roles (3 incognito browser contexts, one verdex server). The customer "
            f"paid {paid.group(1)}: the provider's new price, seen in the customer's own session.",
            file=out,
        )
        print(
            f"save_role_state wrote the customer's login to {saved.name} (the demo's temporary folder is removed now)",
            file=out,
        )
        return paid.group(1)


def find_ref(snapshot: str, line: str, *, after: str | None = None) -> str:
    """The ref on the first snapshot line starting with ``line`` (below the first line starting with ``after``)."""
    lines = [text.lstrip() for text in snapshot.splitlines()]
    start = next((i for i, text in enumerate(lines) if text.startswith(after)), None) if after else 0
    if start is None:
        raise UsageError(f"no line starting with {after!r} in the snapshot")
    for text in lines[start:]:
        match = _REF.search(text)
        if text.startswith(line) and match:
            return match.group(1)
    raise UsageError(f"no line starting with {line!r} in the snapshot")


def _main_of(snapshot: str) -> str:
    """The page line and the ``main`` landmark of a snapshot, cut after a few lines."""
    lines = snapshot.splitlines()
    start = next((i for i, text in enumerate(lines) if _MAIN.match(text)), 1)
    status = [text for text in lines if text.startswith("- status:")]
    body = lines[start : start + _SHOWN_LINES]
    more = len(lines) - start - len(body)
    return "\n".join([lines[0], *status, *body, *([f"  … {more} more lines"] if more > 0 else [])])


@asynccontextmanager
async def _marketplace() -> AsyncIterator[_Market]:
    app = marketplace_app()
    with tempfile.TemporaryDirectory(prefix="verdex-demo-roles-") as directory:
        auth_dir = Path(directory)
        process = await trio.lowlevel.open_process(
            [sys.executable, str(app), "--port", "0", "--auth-dir", str(auth_dir)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        try:
            assert process.stdout is not None
            assert process.stderr is not None
            line = b""
            with trio.move_on_after(30):
                while not line.endswith(b"\n"):
                    chunk = await process.stdout.receive_some(1)
                    if not chunk:
                        break
                    line += chunk
            if not line.endswith(b"\n"):
                error = b""
                with trio.move_on_after(2):
                    error = bytes(await process.stderr.receive_some(4096))
                detail = error.decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
                raise UsageError(f"the marketplace app did not start ({detail[0]})")
            started = json.loads(line)
            yield _Market(str(started["url"]), dict(started["auth"]), auth_dir)
        finally:
            process.terminate()
            with trio.CancelScope(shield=True):
                await process.wait()
