"""Test infrastructure: the fixture web server and a shared Chromium, as plain processes.

Both are started once per test session. Tests reach the shared Chromium over its DevTools
websocket (``--cdp-endpoint``), each in fresh incognito browser contexts, so a test pays
milliseconds for its browser instead of a launch; the pipe launch has its own tests.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from verdex.browser.launcher import BASE_FLAGS, find_browser, prepare_profile, sandbox_on

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"

_DEVTOOLS = re.compile(r"DevTools listening on (ws://\S+)")


@contextmanager
def fixture_server(host: str = "127.0.0.1") -> Iterator[str]:
    """Run ``fixtures/server.py`` on a free port; yields its base URL (ends with ``/``)."""
    process = subprocess.Popen(
        [sys.executable, str(FIXTURES / "server.py"), "--host", host, "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("fixture server did not start")
        yield str(json.loads(line)["url"])
    finally:
        process.terminate()
        process.wait(timeout=10)


@dataclass(frozen=True)
class Marketplace:
    """A running ``fixtures/marketplace/app.py``.

    Attributes:
        url: base URL, ending with ``/``.
        auth: the storageState file of each user by role (``admin``, ``provider``, ``customer``);
            the customer's also sets the tips-dismissed localStorage flag.
    """

    url: str
    auth: dict[str, Path]

    @property
    def origin(self) -> str:
        return self.url.rstrip("/")


@contextmanager
def marketplace_server(auth_dir: Path, host: str = "127.0.0.1") -> Iterator[Marketplace]:
    """Run the marketplace app on a free port of ``host`` with fresh state; auth files go into ``auth_dir``."""
    app = FIXTURES / "marketplace" / "app.py"
    process = subprocess.Popen(
        [sys.executable, str(app), "--host", host, "--port", "0", "--auth-dir", str(auth_dir)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("the marketplace app did not start")
        started = json.loads(line)
        yield Marketplace(started["url"], {role: Path(path) for role, path in started["auth"].items()})
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def shared_chromium(*extra_args: str) -> Iterator[str]:
    """Launch Chromium with ``--remote-debugging-port=0`` (and ``extra_args``); yields its browser websocket URL."""
    profile = Path(tempfile.mkdtemp(prefix="verdex-test-profile-"))
    prepare_profile(profile)  # as verdex's own launches: preloading off
    env = dict(os.environ, XDG_CONFIG_HOME=str(profile / "xdg-config"), XDG_CACHE_HOME=str(profile / "xdg-cache"))
    log_path = profile / "stderr.log"
    log = log_path.open("wb")
    process = subprocess.Popen(
        [
            find_browser(),
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            *([] if sandbox_on(None) else ["--no-sandbox"]),
            *BASE_FLAGS,
            "--headless",
            "--hide-scrollbars",
            *extra_args,
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=log,
        env=env,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        endpoint = None
        while endpoint is None:
            match = _DEVTOOLS.search(log_path.read_text(errors="replace"))
            if match:
                endpoint = match.group(1)
            elif process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"shared Chromium did not start:\n{log_path.read_text(errors='replace')[-2000:]}")
            else:
                time.sleep(0.05)
        yield endpoint
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        shutil.rmtree(profile, ignore_errors=True)


def unused_port() -> int:
    """A loopback TCP port nothing listens on (bound, then released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def bridge_json(call: Awaitable[BaseModel]) -> Any:
    """A typed bridge answer as the JSON the bridge sent (``exclude_unset``: absent keys stay absent), so
    tests compare it exactly: ``await bridge_json(page.bridge().resolve_container(3))``."""
    return (await call).model_dump(mode="json", exclude_unset=True)
