"""Real Playwright's verdict on locators: ``judge.cjs`` in the Node.js that ships with Python Playwright."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.locator.harness import STAMP
from verdex.browser.launcher import BASE_FLAGS, find_browser

__all__ = ["CHANGES", "Group", "Verdict", "judge"]

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


def judge(groups: list[Group], *, timeout: float = 3600) -> list[list[Verdict]]:
    """Playwright's verdict on every locator of every group (one browser, one page per group).

    Raises:
        RuntimeError: the judge process failed.
    """
    from playwright._impl._driver import compute_driver_executable

    node, cli = compute_driver_executable()
    request = {
        "executable": find_browser(),
        "args": [flag for flag in BASE_FLAGS if flag not in _SKIP_FLAGS],
        "stamp": STAMP,
        "mutate": _mutate_source(),
        "groups": [
            {"url": g.url, "locators": list(g.locators), "change": g.change, "testIdAttribute": g.test_id_attribute}
            for g in groups
        ],
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
    return [[_verdict(item) for item in items] for items in answers]


def _mutate_source() -> str:
    """mutate.js without its comment lines: the function expression itself."""
    lines = (HERE / "mutate.js").read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("//")).strip()


def _verdict(item: dict[str, Any]) -> Verdict:
    if "error" in item:
        return Verdict(None, (), str(item["error"]))
    return Verdict(int(item["count"]), tuple(str(stamp) for stamp in item["ids"]))
