"""Playwright MCP (npm ``@playwright/mcp``, pinned in ``benchmarks/peers/package.json``), scripted the
cheapest way it allows.

It runs as a user would run it, over stdio: ``--executable-path /usr/bin/chromium --headless
--isolated --caps=testing`` (``testing`` adds ``browser_generate_locator``), plus ``--no-sandbox``
when this process is root (Chromium refuses to start sandboxed as root), and ``--output-dir`` in a
temporary folder (it writes the snapshots that its navigation answers link to there, and would
otherwise write them into the current directory). It downloads nothing at start; ``npm ci`` of the
manifest installs no browser either (``PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1`` in the Makefile, to be
sure).

Per task: ``browser_navigate``; ``browser_find`` for the description's innermost text (its target's
name when it has none), and the target picked in the matches' snippets by the shared rule
(:func:`benchmarks.workflow.snapshot.pick`); when the snippets do not show a candidate with every
text, ``browser_snapshot`` and the rule on the whole page; then ``browser_generate_locator`` for the
picked ref. A dialog's dismiss button is clicked only if the target cannot be found while it is open
(Playwright's snapshot shows the page under an ``aria-modal`` dialog, so it never is here).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from tempfile import TemporaryDirectory

from mcp.client.stdio import StdioServerParameters

from benchmarks.harness import ROOT
from benchmarks.workflow.metered import MeteredServer, open_metered
from benchmarks.workflow.snapshot import Node, Want, parse_snapshot, pick
from benchmarks.workflow.tasks import Task

__all__ = ["PEERS", "VERSION", "find_cli", "open_playwright_mcp", "run_task"]

PEERS = ROOT / "benchmarks" / "peers"
#: The version pinned in the manifest (checked against the installed package at start).
VERSION = "0.0.83"
NAME = "playwright-mcp"
_RESULT = re.compile(r"### Result\n(?P<body>.*?)(?:\n### |\Z)", re.S)


def find_cli() -> Path | None:
    """The installed ``playwright-mcp`` command of the manifest, or None when ``npm ci`` has not run."""
    cli = PEERS / "node_modules" / ".bin" / "playwright-mcp"
    return cli if cli.exists() and shutil.which("node") else None


def installed_version() -> str | None:
    """The installed ``@playwright/mcp`` version, from its package.json."""
    import json

    manifest = PEERS / "node_modules" / "@playwright" / "mcp" / "package.json"
    try:
        return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return None


@asynccontextmanager
async def open_playwright_mcp(browser: str = "/usr/bin/chromium") -> AsyncIterator[MeteredServer]:
    """Start Playwright MCP over stdio (see the module docstring for its options).

    Raises:
        RuntimeError: it is not installed (run ``make bench-workflow``, which runs ``npm ci``), or
            another version than :data:`VERSION` is.
    """
    cli = find_cli()
    if cli is None:
        raise RuntimeError(f"Playwright MCP is not installed: cd {PEERS} && npm ci")
    version = installed_version()
    if version != VERSION:
        raise RuntimeError(f"@playwright/mcp {version} is installed, the benchmark pins {VERSION}: npm ci in {PEERS}")
    with TemporaryDirectory(prefix="verdex-bench-pwmcp-") as scratch:
        args = ["--executable-path", browser, "--headless", "--isolated", "--caps=testing"]
        if os.geteuid() == 0:
            args.append("--no-sandbox")
        args += ["--output-dir", str(Path(scratch) / "output")]
        environment = {**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"}
        parameters = StdioServerParameters(command=str(cli), args=args, cwd=scratch, env=environment)
        async with open_metered(NAME, parameters) as server:
            yield server


def result_text(text: str) -> str:
    """The ``### Result`` section of a Playwright MCP answer (the whole text when it has none)."""
    match = _RESULT.search(text)
    return match["body"].strip() if match else text.strip()


async def run_task(server: MeteredServer, base_url: str, task: Task) -> str | None:
    """Script one task (module docstring); the calls go to ``server.transcript``. Returns the
    locator ``browser_generate_locator`` gave, or None when the target was not found."""
    notes = server.transcript.notes
    await server.call("browser_navigate", url=base_url + task.page)
    target = await _find(server, task.want)
    if target is None and task.dismiss is not None:
        dismiss = await _find(server, Want(*task.dismiss))
        if dismiss is not None and dismiss.ref is not None:
            notes.append(f"clicked {task.dismiss[1]!r} to close the dialog")
            await server.call("browser_click", element=task.dismiss[1], target=dismiss.ref)
            target = await _find(server, task.want)
    if target is None or target.ref is None:
        notes.append("target not found")
        return None
    answer = await server.call("browser_generate_locator", element=task.description, target=target.ref)
    if answer.is_error:
        notes.append(f"browser_generate_locator failed: {answer.text[:120]}")
        return None
    return result_text(answer.text)


async def _find(server: MeteredServer, want: Want) -> Node | None:
    """browser_find for the innermost text (or the name), then the whole snapshot if need be."""
    query = want.within[0] if want.within else want.name
    if query and server.has("browser_find"):
        found = await server.call("browser_find", text=query)
        target = pick(parse_snapshot(result_text(found.text)), want)
        if target is not None:
            return target
        server.transcript.notes.append("browser_find's snippets did not show the target: browser_snapshot")
    snapshot = await server.call("browser_snapshot")
    return pick(parse_snapshot(result_text(snapshot.text)), want)
