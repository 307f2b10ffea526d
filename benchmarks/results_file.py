"""``benchmarks/results.json``: read it, and update one key of it in place.

``python -m benchmarks`` writes the file's main sections in one go. Four benchmarks run on their
own and keep their results under a key of their own: ``rolesMemory`` (``make bench-roles``,
:mod:`benchmarks.roles_memory`), ``verifyLocator`` (:mod:`benchmarks.verify_locator`),
``workflow`` (``make bench-workflow``, :mod:`benchmarks.workflow`) and ``realPages`` (``make bench-real``,
:mod:`benchmarks.real_pages`). Each updates only its key (read the file, set the key, write it
back), and ``python -m benchmarks`` carries those keys over when it rewrites the file, so no run
erases another's numbers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.harness import ROOT

__all__ = ["RESULTS", "STANDALONE_KEYS", "carry_over", "read_results", "update_results", "write_results"]

RESULTS = ROOT / "benchmarks" / "results.json"
#: Keys written by benchmarks that ``python -m benchmarks`` does not run.
STANDALONE_KEYS = ("realPages", "rolesMemory", "verifyLocator", "workflow")


def read_results(path: Path = RESULTS) -> dict[str, Any]:
    """The results file as a dict; ``{}`` when it does not exist yet."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    results = json.loads(text)
    if not isinstance(results, dict):
        raise ValueError(f"{path} does not hold a JSON object")
    return results


def write_results(results: dict[str, Any], path: Path = RESULTS) -> None:
    """Write ``results`` in the file's format (indent 1, UTF-8, trailing newline)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def update_results(key: str, value: Any, path: Path = RESULTS) -> None:
    """Set one top-level ``key`` of the results file to ``value``, keeping every other key as it was."""
    results = read_results(path)
    results[key] = value
    write_results(results, path)


def carry_over(results: dict[str, Any], path: Path = RESULTS) -> dict[str, Any]:
    """``results`` plus the :data:`STANDALONE_KEYS` the file at ``path`` holds and ``results`` does not."""
    previous = read_results(path)
    return {**results, **{key: previous[key] for key in STANDALONE_KEYS if key in previous and key not in results}}
