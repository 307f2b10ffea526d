"""Verdex (Node/TypeScript, ``verdexhq/verdex-mcp``), the structural tools' reference, as a peer.

Nothing of it lives in this project: a checkout is built elsewhere (``npm ci`` with
``PUPPETEER_SKIP_DOWNLOAD=1``, ``npm run build``) and named by ``VERDEX_NODE``, either its entry
(``dist/index.js``) or the checkout's folder. It runs under ``node`` with
``PUPPETEER_EXECUTABLE_PATH`` set to the browser the benchmark gives it, and is driven through the
same MCP client as verdex (its tools have verdex's names: ``browser_initialize``,
``browser_navigate``, ``browser_snapshot``, ``resolve_container``, ``inspect_pattern``,
``extract_anchors``; its answers are text only).
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from benchmarks.harness import REQUEST_TIMEOUT, MCPServerUnderTest

__all__ = ["ENVIRONMENT_VARIABLE", "describe_checkout", "node_entry", "open_verdex_node"]

ENVIRONMENT_VARIABLE = "VERDEX_NODE"


def node_entry(value: str | None = None) -> Path | None:
    """The peer's entry script from ``value`` (default: the ``VERDEX_NODE`` environment variable).

    A folder is taken as the checkout, whose entry is ``dist/index.js``.

    Returns:
        None when no checkout is given.

    Raises:
        FileNotFoundError: the path given does not hold the entry.
    """
    value = value if value is not None else os.environ.get(ENVIRONMENT_VARIABLE)
    if not value:
        return None
    path = Path(value)
    if path.is_dir():
        path = path / "dist" / "index.js"
    if not path.is_file():
        raise FileNotFoundError(f"{ENVIRONMENT_VARIABLE}={value}: no {path} (build it: npm ci && npm run build)")
    return path


def describe_checkout(entry: Path) -> dict[str, str]:
    """``{"entry", "version", "commit"}`` of the peer (``unknown`` for what cannot be read)."""
    root = entry.parent.parent
    version = commit = "unknown"
    with suppress(OSError, ValueError, KeyError):
        version = str(json.loads((root / "package.json").read_text())["version"])
    with suppress(OSError, subprocess.CalledProcessError):
        commit = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    return {"entry": str(entry), "version": version, "commit": commit}


@asynccontextmanager
async def open_verdex_node(entry: Path, browser: str) -> AsyncIterator[MCPServerUnderTest]:
    """``node ENTRY`` connected to the MCP SDK's client over stdio, its browser initialized.

    Args:
        entry: the peer's ``dist/index.js``.
        browser: the Chrome/Chromium executable it launches (``PUPPETEER_EXECUTABLE_PATH``).
    """
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "PUPPETEER_EXECUTABLE_PATH": browser,
        "PUPPETEER_SKIP_DOWNLOAD": "1",
    }
    parameters = StdioServerParameters(command="node", args=[str(entry)], env=environment)
    # The peer writes a few non-protocol lines on stdout ("Frame e1 detached during expansion"); the
    # client logs each with a traceback and goes on. They are not ours to report.
    logging.getLogger("mcp.client.stdio").setLevel(logging.CRITICAL)
    started = time.perf_counter()
    async with Client(parameters, read_timeout_seconds=REQUEST_TIMEOUT) as client:
        server = MCPServerUnderTest(client, started, time.perf_counter(), set())
        await server.ok("browser_initialize")
        yield server
