"""``verdex replay FILE``: replay a ``--trace`` file against a fresh ``verdex serve``, over MCP stdio.

Each traced call is made again, in order, by a real MCP client. Refs are mapped from the trace's
session to the new one: refs are deterministic for the same pages and calls, so a ref maps to
itself unless a replayed ``browser_snapshot`` shows its refs differently; then the trace's
``snapshotRefs`` and the new snapshot's are paired by position when their roles and names agree
line by line, else by role, name and occurrence. Masked values (see :mod:`verdex.server.trace`) are
filled from ``--secret FIELD=VALUE`` (FIELD: the field's accessible name the trace records, or
the masked argument's path, such as ``steps.2.text``); without one the call types ``<masked>``.

A call's outcome differs when it is ok in one session and an error in the other, when the
element it names (role and name) differs, or when the page's path and query after it differ (the
origin is not compared: a fixture server may come back on another port). Exit status: 0 when
every outcome is the same, 1 otherwise (and when the trace file cannot be read).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import TextContent

from verdex.errors import UsageError
from verdex.server.trace import MASK, snapshot_refs

__all__ = ["ReplayReport", "load_trace", "replay"]

_REF = re.compile(r"(?:f\d+_)?e\d+")


@dataclass
class ReplayReport:
    """What a replay found: one line per call, and how many outcomes differed."""

    lines: list[str] = field(default_factory=list)
    calls: int = 0
    differ: int = 0


def load_trace(path: Path) -> list[dict[str, Any]]:
    """The entries of a trace file.

    Raises:
        UsageError: the file cannot be read, or a line is not a trace entry.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read trace file {path}: {exc.strerror}") from exc
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}:{number} is not JSON ({exc.msg})") from exc
        if not isinstance(entry, dict) or "tool" not in entry or "arguments" not in entry:
            raise UsageError(f"{path}:{number} is not a verdex trace entry (no tool/arguments)")
        entries.append(entry)
    return entries


async def replay(
    entries: list[dict[str, Any]], serve_args: Sequence[str], secrets: dict[str, str], out: TextIO = sys.stdout
) -> ReplayReport:
    """Replay ``entries`` against ``verdex serve *serve_args``, printing each call's outcome to ``out``."""
    report = ReplayReport()
    refs: dict[str, str] = {}
    # Every tool group: a trace may hold calls of any (a trace written with --caps replays without it).
    # --output-schemas: a replay compares the facts of each answer (structured content).
    command = [sys.executable, "-m", "verdex", "serve", "--caps", "all", "--output-schemas", *serve_args]
    async with Client(StdioServerParameters(command=command[0], args=command[1:])) as client:
        for index, entry in enumerate(entries):
            tool = str(entry["tool"])
            mapped = _map_refs(entry["arguments"], refs)
            shown = _show_arguments(mapped)  # before the secrets go in: never printed
            arguments = _fill_secrets(json.loads(json.dumps(mapped)), entry.get("masked", []), secrets)
            result = await client.call_tool(tool, arguments)
            text = "\n".join(b.text for b in result.content if isinstance(b, TextContent))
            data = result.structured_content or {}
            outcome = "error" if result.is_error else "ok"
            if tool == "browser_snapshot" and outcome == "ok":
                refs.update(_pair_refs(entry.get("snapshotRefs") or [], snapshot_refs(str(data.get("snapshot", "")))))
            problems = _compare(entry, outcome, data)
            report.calls += 1
            if problems:
                report.differ += 1
            status = "same" if not problems else "DIFFERS: " + "; ".join(problems)
            line = f"[{index}] {tool}({shown}): {outcome} (trace: {entry.get('outcome')}) {status}"
            if outcome == "error" and problems:
                line += f"\n    error now: {text.splitlines()[0] if text else ''}"
            report.lines.append(line)
            print(line, file=out, flush=True)
    summary = f"replayed {report.calls} call(s): {report.calls - report.differ} same, {report.differ} differ"
    report.lines.append(summary)
    print(summary, file=out, flush=True)
    return report


def _map_refs(value: Any, refs: dict[str, str], key: str = "") -> Any:
    if isinstance(value, dict):
        return {k: _map_refs(v, refs, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_map_refs(v, refs, key) for v in value]
    if key == "ref" and isinstance(value, str) and _REF.fullmatch(value):
        return refs.get(value, value)
    return value


def _fill_secrets(arguments: Any, masked: list[dict[str, str]], secrets: dict[str, str]) -> Any:
    for item in masked:
        path = str(item.get("path", ""))
        value = secrets.get(str(item.get("field") or "\0"), secrets.get(path))
        if value is None:
            continue
        container = arguments
        *parents, last = path.split(".")
        for part in parents:
            container = container[int(part)] if isinstance(container, list) else container[part]
        if isinstance(container, dict) and container.get(last) == MASK:
            container[last] = value
    return arguments


def _pair_refs(old: list[list[str]], new: list[list[str]]) -> dict[str, str]:
    """Old ref -> new ref: by position when every line agrees, else by (role, name, occurrence)."""
    if len(old) == len(new) and all(a[1:] == b[1:] for a, b in zip(old, new, strict=True)):
        return {a[0]: b[0] for a, b in zip(old, new, strict=True)}

    def keyed(rows: list[list[str]]) -> dict[tuple[str, str, int], str]:
        seen: dict[tuple[str, str], int] = {}
        out = {}
        for ref, role, name in rows:
            count = seen.get((role, name), 0)
            seen[(role, name)] = count + 1
            out[(role, name, count)] = ref
        return out

    new_keys = keyed(new)
    return {ref: new_keys[key] for key, ref in keyed(old).items() if key in new_keys}


def _compare(entry: dict[str, Any], outcome: str, data: dict[str, Any]) -> list[str]:
    problems = []
    if outcome != entry.get("outcome"):
        problems.append(f"outcome {outcome}, trace {entry.get('outcome')}")
        return problems
    if outcome == "ok":
        for key in ("role", "name"):
            traced = _acted(entry).get(key)
            if traced is not None and data.get(key) is not None and data.get(key) != traced:
                problems.append(f"{key} {data.get(key)!r}, trace {traced!r}")
        after = entry.get("urlAfter")
        now = data.get("url")
        if isinstance(after, str) and isinstance(now, str) and _place(after) != _place(now):
            problems.append(f"URL {now}, trace {after}")
    return problems


def _acted(entry: dict[str, Any]) -> dict[str, Any]:
    """The traced element the call acted on: the first touched ref with a role."""
    for ref in entry.get("refs") or []:
        if isinstance(ref, dict) and ref.get("role"):
            return ref
    return {}


def _place(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.path, parts.query


def _show_arguments(arguments: dict[str, Any]) -> str:
    shown = []
    for key, value in arguments.items():
        text = json.dumps(value, ensure_ascii=False)
        shown.append(f"{key}={text if len(text) <= 60 else text[:59] + '…'}")
    return ", ".join(shown)
