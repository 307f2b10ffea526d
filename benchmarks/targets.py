"""Which elements a benchmark walks on a page it did not write, and at which ancestor levels.

Everything here is a fixed rule on what the tools answered (no timing, no randomness), so the
same page gives the same targets and levels in every run, and tests can assert them.

- **Refs of a snapshot** (:func:`snapshot_refs`): the lines with a main-frame ref ``[ref=eN]``
  (not ``f<K>_eN``: frames are left out, the peer numbers them its own way), each with its role
  and accessible name. Both verdex's format (``- button "Add to Cart" [ref=e7]``: the name
  JSON-quoted) and Verdex (Node)'s (``- button Add to Cart [ref=e7]``: quoted only when needed,
  ``[url="..."]`` and states as bracketed attributes before the ref) are read.
- **Targets** (:func:`pick_targets`): up to :data:`TARGETS_PER_PAGE` elements whose role and
  accessible name (non-empty) occur on more than one ref of the page: the first element of each
  such (role, name) group, groups taken in document order of their first element. These are the
  elements a locator cannot name by role and name alone, the case the structural tools exist for.
  A page with fewer such groups is completed with the first named refs of other roles and names,
  in document order.
- **Levels** (:func:`walk_levels`): from ``resolve_container``'s ancestors, the container is the
  lowest ancestor level ``C`` whose parent (level ``C + 1``) has two or more child elements (the
  first ancestor that has siblings: a list item in its list, a card in its grid);
  ``inspect_pattern`` runs at ``C + 1`` (the siblings of the container) and ``extract_anchors``
  at ``C`` (the container's content). A chain of only children up to ``<body>`` gives its highest
  level for both.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

__all__ = ["TARGETS_PER_PAGE", "RefLine", "node_walk_levels", "pick_targets", "snapshot_refs", "walk_levels"]

#: Most targets walked on one page.
TARGETS_PER_PAGE = 3

_REF = re.compile(r" \[ref=(e\d+)\]")
_LINE = re.compile(r"^\s*- ([a-zA-Z][\w-]*)(.*)$")
#: A bracketed attribute or state at the end of what precedes the ref: ``[level=2]``, ``[checked]``,
#: ``[url="https://..."]``.
_TRAILING_ATTRIBUTE = re.compile(r'\s*\[[a-z-]+(?:=(?:"(?:[^"\\]|\\.)*"|[^\]]*))?\]$')


@dataclass(frozen=True)
class RefLine:
    """One element with a ref in a snapshot.

    Attributes:
        ref: the ref, ``eN``.
        role: its role as the snapshot shows it.
        name: its accessible name, whitespace collapsed ("" when the line has none).
        occurrence: 0 for the first ref with this role and name in the snapshot, 1 for the second ...
    """

    ref: str
    role: str
    name: str
    occurrence: int

    @property
    def key(self) -> tuple[str, str]:
        return (self.role, self.name)


def _name(text: str) -> str:
    text = text.strip()
    while True:
        stripped = _TRAILING_ATTRIBUTE.sub("", text)
        if stripped == text:
            break
        text = stripped.strip()
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        try:
            text = str(json.loads(text))
        except json.JSONDecodeError:
            text = text[1:-1]
    return " ".join(text.split())


def snapshot_refs(snapshot: str) -> list[RefLine]:
    """The main-frame refs of a snapshot text, in document order (the order of the lines).

    Args:
        snapshot: a snapshot text in verdex's or Verdex (Node)'s format.
    """
    seen: Counter[tuple[str, str]] = Counter()
    result: list[RefLine] = []
    for line in snapshot.splitlines():
        found = _REF.search(line)
        match = _LINE.match(line)
        if found is None or match is None:
            continue
        role = match.group(1)
        name = _name(line[match.start(2) : found.start()])
        result.append(RefLine(found.group(1), role, name, seen[(role, name)]))
        seen[(role, name)] += 1
    return result


def pick_targets(refs: list[RefLine], limit: int = TARGETS_PER_PAGE) -> list[RefLine]:
    """The targets of a page by the module's rule: first of each repeated (role, name), then fill.

    Args:
        refs: :func:`snapshot_refs` of the page's snapshot.
        limit: most targets.
    """
    counts = Counter(line.key for line in refs if line.name)
    picked = [line for line in refs if line.name and line.occurrence == 0 and counts[line.key] > 1][:limit]
    keys = {line.key for line in picked}
    for line in refs:
        if len(picked) >= limit:
            break
        if line.name and line.key not in keys:
            picked.append(line)
            keys.add(line.key)
    return picked


def walk_levels(ancestors: list[dict[str, Any]]) -> tuple[int, int] | None:
    """``(inspect_pattern level, extract_anchors level)`` from ``resolve_container``'s ``ancestors``.

    Returns:
        None when the element has no ancestor below ``<body>`` (no level to ask for).
    """
    children = [int(a["childElements"]) for a in ancestors]
    return _levels(children)


def _levels(children: list[int]) -> tuple[int, int] | None:
    """The rule on the child counts of the ancestors, level 1 first."""
    if not children:
        return None
    for level in range(1, len(children)):
        if children[level] >= 2:  # level + 1 is the parent of the ancestor at `level`
            return level + 1, level
    return len(children), len(children)


_NODE_LEVEL = re.compile(r"^Level (\d+) \([^)]*\):\s*\n\s*Children: (\d+)", re.MULTILINE)


def node_walk_levels(answer: str) -> tuple[int, int] | None:
    """:func:`walk_levels` on Verdex (Node)'s ``resolve_container`` text (``Level N (tag):`` then
    ``Children: K`` per ancestor)."""
    children = [int(count) for _, count in sorted((int(level), count) for level, count in _NODE_LEVEL.findall(answer))]
    return _levels(children)
