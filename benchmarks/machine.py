"""The machine and the versions a benchmark run measured on (README: Performance)."""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from verdex import __version__
from verdex.bridge.client import bridge_source
from verdex.browser.launcher import find_browser

__all__ = ["describe_machine", "load_average"]

ROOT = Path(__file__).resolve().parents[1]


def describe_machine() -> dict[str, Any]:
    """CPU, cores, memory, OS, and the versions of verdex, its bridge, Chromium, Python and the libraries.

    Returns:
        ``{"date", "cpu", "cores", "memoryGiB", "os", "loadAverage", "python", "verdex", "commit",
        "bridge", "chromium", "playwright", "mcp", "tiktoken"}``; a fact that cannot be read is
        ``"unknown"``. ``loadAverage`` is the 1-minute load average when the run starts: other work
        on the machine slows every number (the ratios less, their two sides being measured together).
    """
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": _cpu_model(),
        "cores": os.cpu_count() or 0,
        "memoryGiB": _memory_gib(),
        "os": _os_name(),
        "loadAverage": load_average(),
        "python": platform.python_version(),
        "verdex": __version__,
        "commit": _commit(),
        "bridge": bridge_source().version,
        "chromium": _chromium_version(),
        "playwright": _package_version("playwright"),
        "mcp": _package_version("mcp"),
        "tiktoken": _package_version("tiktoken"),
    }


def load_average() -> float:
    """The 1-minute load average (runnable processes), 0.0 where the system does not say."""
    try:
        return round(os.getloadavg()[0], 1)
    except OSError:
        return 0.0


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_gib() -> float:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return 0.0


def _os_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return f"{line.split('=', 1)[1].strip(chr(34))} (Linux {platform.release()})"
    except OSError:
        pass
    return platform.platform()


def _commit() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=10
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def _chromium_version() -> str:
    try:
        out = subprocess.run(
            [find_browser(), "--version"], capture_output=True, text=True, check=False, timeout=30
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    first = out.splitlines()[0] if out else ""
    return first.split(" built on ")[0] or "unknown"


def _package_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "unknown"
