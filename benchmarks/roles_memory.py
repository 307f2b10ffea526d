"""Memory of multi-role sessions: RSS and PSS of the server and its browser, for 0, 1 and 5 active roles.

Run: ``python -m benchmarks.roles_memory [--runs 3] [--out PATH]`` (``make bench-roles``). The
samples and their medians go under the key ``rolesMemory`` of ``benchmarks/results.json`` (the
file's other keys are kept; ``--out`` names another results file).

Each run starts the bundled marketplace app, then ``verdex serve`` (its own Chromium over the
pipe, headless) with five roles (admin, provider, customer and two more customers, each with its
own storageState file and the products page as default URL), driven by the MCP SDK's client over
stdio. It measures after ``browser_initialize`` (no role active), after the first role has
opened the products page and taken a snapshot (1 active role), and after all five have (5 active
roles). Numbers come from ``/proc``: the server is the ``verdex serve`` process; the browser is
every process below it (Chromium's browser, zygote, renderer, GPU and utility processes). RSS
adds up pages shared between those processes (counted once per process); PSS splits each shared
page between the processes that share it, so the browser's PSS sum is its real footprint.
Linux only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

import trio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from benchmarks.machine import describe_machine
from benchmarks.results_file import RESULTS, update_results

ROOT = Path(__file__).resolve().parents[1]
ROLES = ("admin", "provider", "customer", "customer2", "customer3")
#: Seconds to let the browser settle (GC, lazy process teardown) before reading memory.
SETTLE = 1.0


@dataclass(frozen=True)
class Sample:
    """Memory at one point, in MiB: the server process, and the browser processes below it."""

    active_roles: int
    server_rss: float
    browser_rss: float
    browser_pss: float
    browser_processes: int


def children(pid: int) -> list[int]:
    """Every descendant of ``pid`` (from ``/proc/*/stat`` parent ids)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    stack = [pid]
    while stack:
        for child in parents.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def _kib(path: Path, field: str) -> int:
    try:
        for line in path.read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        return 0
    return 0


def measure(server_pid: int, active: int) -> Sample:
    browser = children(server_pid)
    rss = sum(_kib(Path(f"/proc/{pid}/status"), "VmRSS") for pid in browser)
    pss = sum(_kib(Path(f"/proc/{pid}/smaps_rollup"), "Pss") for pid in browser)
    server = _kib(Path(f"/proc/{server_pid}/status"), "VmRSS")
    return Sample(active, round(server / 1024, 1), round(rss / 1024, 1), round(pss / 1024, 1), len(browser))


def server_pid() -> int:
    """The ``verdex serve`` process this benchmark's MCP client started."""
    for pid in children(os.getpid()):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"verdex" in command and b"serve" in command:
            return pid
    raise RuntimeError("verdex serve is not running")


async def one_run(market_url: str, auth: dict[str, str]) -> list[Sample]:
    args = ["-m", "verdex", "serve"]
    for role in ROLES:
        args += ["--role", role, auth[role], market_url + "products"]
    samples: list[Sample] = []
    async with Client(StdioServerParameters(command=sys.executable, args=args)) as client:
        pid = server_pid()

        async def call(tool: str, **arguments: object) -> None:
            result = await client.call_tool(tool, arguments)
            if result.is_error:
                raise RuntimeError(f"{tool}: {result.content}")

        await call("browser_initialize")
        await trio.sleep(SETTLE)
        samples.append(measure(pid, 0))
        for count, role in enumerate(ROLES, start=1):
            await call("select_role", role=role)
            await call("browser_snapshot")
            if count in (1, len(ROLES)):
                await trio.sleep(SETTLE)
                samples.append(measure(pid, count))
    return samples


def start_marketplace(auth_dir: Path) -> tuple[subprocess.Popen[str], str, dict[str, str]]:
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "fixtures" / "marketplace" / "app.py"), "--auth-dir", str(auth_dir)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    started = json.loads(process.stdout.readline())
    auth = dict(started["auth"])
    for extra in ROLES[3:]:  # more customers, each with a copy of the customer's login
        copy = auth_dir / f"{extra}.json"
        shutil.copy(auth["customer"], copy)
        auth[extra] = str(copy)
    return process, str(started["url"]), auth


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs to take the median of (default 3)")
    parser.add_argument(
        "--out", type=Path, default=RESULTS, help="results file to update (key rolesMemory; default %(default)s)"
    )
    args = parser.parse_args(argv)
    machine = describe_machine()
    runs: list[list[Sample]] = []
    with tempfile.TemporaryDirectory(prefix="verdex-bench-roles-") as directory:
        process, url, auth = start_marketplace(Path(directory))
        try:
            for _ in range(args.runs):
                runs.append(trio.run(one_run, url, auth))
        finally:
            process.terminate()
            process.wait(timeout=10)

    def median(index: int, name: str) -> float:
        return float(statistics.median(getattr(run[index], name) for run in runs))

    medians = [
        Sample(
            runs[0][index].active_roles,
            median(index, "server_rss"),
            median(index, "browser_rss"),
            median(index, "browser_pss"),
            round(median(index, "browser_processes")),
        )
        for index in range(len(runs[0]))
    ]
    print(f"verdex serve with {len(ROLES)} roles on the marketplace; median of {len(runs)} run(s), MiB")
    print(f"{'active roles':>12} {'server RSS':>11} {'browser RSS':>12} {'browser PSS':>12} {'processes':>10}")
    for sample in medians:
        print(
            f"{sample.active_roles:>12} {sample.server_rss:>11.1f} {sample.browser_rss:>12.1f} "
            f"{sample.browser_pss:>12.1f} {sample.browser_processes:>10}"
        )
    one, five = medians[1], medians[2]
    per_role = (five.browser_pss - one.browser_pss) / (len(ROLES) - 1)
    print(f"each role beyond the first adds {per_role:.1f} MiB of browser PSS")
    update_results(
        "rolesMemory",
        {
            "machine": machine,
            "roles": len(ROLES),
            "runs": len(runs),
            "unit": "MiB",
            "median": [asdict(s) for s in medians],
            "browserPssPerExtraRole": round(per_role, 1),
            "samples": [[asdict(s) for s in run] for run in runs],
        },
        args.out,
    )
    print(f"results: key rolesMemory of {args.out}")


if __name__ == "__main__":
    main()
