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
text (a snippet has three lines of context), and the description names one text, the subtree of the
nearest container (listitem, article, row, region ...) of the best-matching lines, with
``browser_snapshot(target=ref)`` (every line of Playwright's snapshot has a ref), at most two; then
``browser_snapshot`` of the whole page. Then ``browser_generate_locator`` for the picked ref. A
dialog's dismiss button is clicked only if the target cannot be found while it is open (Playwright's
snapshot shows the page under an ``aria-modal`` dialog, so it never is here).
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
    """browser_find for the innermost text (or the name); then a snapshot of the match's container;
    then the whole snapshot."""
    query = want.within[0] if want.within else want.name
    if query and server.has("browser_find"):
        found = await server.call("browser_find", text=query)
        nodes = parse_snapshot(result_text(found.text))
        target = pick(nodes, want)
        if target is None and len(want.within) == 1:
            target = await _in_container(server, nodes, want, query)
        if target is not None:
            return target
        server.transcript.notes.append("browser_find's snippets did not show the target: browser_snapshot")
    snapshot = await server.call("browser_snapshot")
    return pick(parse_snapshot(result_text(snapshot.text)), want)


#: Roles of the containers whose subtree is asked for when browser_find's snippet is cut before the target.
CONTAINER_ROLES = frozenset(
    {"listitem", "article", "row", "region", "group", "form", "dialog", "complementary", "navigation", "list", "table"}
)
#: Matches of browser_find whose container is looked into before the whole snapshot.
_CONTAINERS_TRIED = 2


async def _in_container(server: MeteredServer, nodes: list[Node], want: Want, query: str) -> Node | None:
    """``browser_snapshot(target=...)`` of the nearest container (a listitem, article, row, region ...)
    of the lines that match ``query`` (lines that are the text first, then document order), for a
    target that browser_find's three lines of context cut off; the rule picks in that subtree."""
    wanted = " ".join(query.split()).casefold()
    starts = re.compile(r"(?<!\w)" + re.escape(wanted))
    matches = [
        node
        for node in nodes
        if any(starts.search(" ".join(part.split()).casefold()) for part in (node.name, node.text) if part)
    ]
    matches.sort(key=lambda node: (wanted not in (node.name.casefold(), node.text.casefold()), node.order))
    tried: set[str] = set()
    for match in matches:
        container = next((a for a in match.ancestors() if a.role in CONTAINER_ROLES and a.ref), None)
        if container is None or container.ref is None or container.ref in tried:
            continue
        tried.add(container.ref)
        subtree = await server.call("browser_snapshot", target=container.ref)
        target = pick(parse_snapshot(result_text(subtree.text)), want)
        if target is not None:
            server.transcript.notes.append(
                f"browser_find's snippet cut the target: snapshot of {container.role} {container.ref}"
            )
            return target
        if len(tried) >= _CONTAINERS_TRIED:
            break
    return None
