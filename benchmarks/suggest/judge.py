"""Real Playwright's verdict on locators: ``judge.cjs`` in the Node.js that ships with Python Playwright."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.locator.harness import STAMP
from verdex.browser.launcher import BASE_FLAGS, find_browser

__all__ = ["CHANGES", "Group", "Twin", "Verdict", "judge", "twins"]

HERE = Path(__file__).resolve().parent
#: The changes of mutate.js, in the order the tables show them.
CHANGES = ("reorder", "insert", "wrap", "rehash", "renew", "all")
_SKIP_FLAGS = {"--no-startup-window", "--window-size=1280,720"}


@dataclass(frozen=True)
class Group:
    """One page load (after ``change``, when given) and the locators judged on it."""

    url: str
    locators: tuple[str, ...]
    change: str | None = None
    test_id_attribute: str = "data-testid"


@dataclass(frozen=True)
class Verdict:
    """What Playwright says of one locator: its count and the stamps of its first matches, or an error."""

    count: int | None
    ids: tuple[str, ...] = ()
    error: str | None = None

    def finds(self, stamp: str) -> bool:
        """Exactly one element, the one with ``stamp``."""
        return self.count == 1 and self.ids == (stamp,)


@dataclass(frozen=True)
class Twin:
    """What sets an element apart from the others of its role and exact name (getByRole): ``twins`` others, of
    which ``identical`` sit in a branch just like its own (the child of their lowest common ancestor, outerHTML),
    so that only a position tells them apart; or an error (the name does not find it: cut, or in a frame)."""

    twins: int = 0
    identical: int = 0
    error: str | None = None


def judge(groups: list[Group], *, timeout: float = 3600) -> list[list[Verdict]]:
    """Playwright's verdict on every locator of every group (one browser, one page per group).

    Raises:
        RuntimeError: the judge process failed.
    """
    groups_json = [
        {"url": g.url, "locators": list(g.locators), "change": g.change, "testIdAttribute": g.test_id_attribute}
        for g in groups
    ]
    return [[_verdict(item) for item in items] for items in _run(groups_json, timeout)]


def twins(pages: dict[str, list[tuple[str, str, str]]], *, timeout: float = 3600) -> dict[str, list[Twin]]:
    """For each page URL and its ``(stamp, role, name)`` elements: what sets each apart from its lookalikes
    (:class:`Twin`), in Playwright's page as loaded.

    Raises:
        RuntimeError: the judge process failed.
    """
    groups_json = [
        {"url": url, "twins": [{"stamp": stamp, "role": role, "name": name} for stamp, role, name in items]}
        for url, items in pages.items()
    ]
    answers = _run(groups_json, timeout)
    return {
        url: [
            Twin(error=str(item["error"])) if "error" in item else Twin(item["twins"], item["identical"])
            for item in items
        ]
        for url, items in zip(pages, answers, strict=True)
    }


def _run(groups: list[dict[str, Any]], timeout: float) -> list[list[dict[str, Any]]]:
    from playwright._impl._driver import compute_driver_executable

    node, cli = compute_driver_executable()
    request = {
        "executable": find_browser(),
        "args": [flag for flag in BASE_FLAGS if flag not in _SKIP_FLAGS],
        "stamp": STAMP,
        "mutate": _mutate_source(),
        "groups": groups,
    }
    done = subprocess.run(
        [str(node), str(HERE / "judge.cjs"), str(Path(cli).parent)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the Playwright judge failed:\n{done.stderr[-3000:]}")
    answers: list[list[dict[str, Any]]] = json.loads(done.stdout)
    return answers


def _mutate_source() -> str:
    """mutate.js without its comment lines: the function expression itself."""
    lines = (HERE / "mutate.js").read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("//")).strip()


def _verdict(item: dict[str, Any]) -> Verdict:
    if "error" in item:
        return Verdict(None, (), str(item["error"]))
    return Verdict(int(item["count"]), tuple(str(stamp) for stamp in item["ids"]))
