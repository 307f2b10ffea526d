"""Snapshot text as a tree, and the scripted assistant's fixed rule for picking a task's target in it.

Both servers answer in Playwright's snapshot format, one node a line, children indented under their
parent (``- role "name" [states] [ref=eN]: inline text``); ``/url:`` and other ``/property:`` lines
belong to the node above them. Playwright MCP's ``browser_find`` answers with several such snippets,
each from the root down to the match; each one is parsed as a tree of its own.

The rule (:func:`pick`) reads only what a task's description says: the target's role, its accessible
name (or any name), and the texts it is "in", innermost first ("the 'Add to cart' button of the
Walnut Desk Lamp in Related products": ``button``, ``Add to cart``, ``("Walnut Desk Lamp",
"Related products")``). It never sees the oracle. For every node with that role and name (name
compared whitespace-collapsed and case-insensitive), it climbs from the node through its ancestors:
the first text is looked for in the node's own subtree, then its parent's, and so on; each later
text strictly above the node where the one before it was found (it names an outer container). A
text is found in a subtree when one of its lines (a name or an inline text) contains it from the
start of a word, case-insensitive ("Men" is not in "Women" nor in "Departments"; its end is not
checked, as Playwright's snapshot joins the texts around a ``<br>``: "Jonas Beckerj.becker@..."); a
line that *is* the text is an exact find ("Arc Floor Lamp" vs "Arc Floor Lamp
XL"). Each find is scored (inexact, lines in that subtree): the smallest container that holds both
the target and the text is the most specific. Candidates whose every text is found are compared by
those scores from the outermost text in (the section decides before the card: "in Related
products" first, then "Walnut Desk Lamp"), then by document order; the first wins. No candidate: None.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

__all__ = ["Node", "Want", "parse_snapshot", "pick"]

_LINE = re.compile(r"^(?P<indent> *)- (?P<body>.*)$")
_REF = re.compile(r"\[ref=(?P<ref>[^\]]+)\]")
_ATTRIBUTE = re.compile(r"\[[^\]]*\]")


@dataclass
class Node:
    """One snapshot line.

    Attributes:
        role: the role (``button``, ``generic``, ``text`` for text lines).
        name: the accessible name, "" when the line has none.
        ref: the ref, None when the line has none.
        text: the inline text after the colon ("" when none).
        order: the line's position in the whole answer (document order).
        parent: the node it is indented under.
        children: the nodes indented under it.
    """

    role: str
    name: str
    ref: str | None
    text: str
    order: int
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    _lines: list[str] | None = field(default=None, repr=False)

    def ancestors(self) -> list[Node]:
        """Parent first, up to the root."""
        out: list[Node] = []
        node = self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return out

    def lines(self) -> list[str]:
        """The texts of this node and its subtree (name and inline text of each line), casefolded."""
        if self._lines is None:
            out = [_fold(part) for part in (self.name, self.text) if part]
            for child in self.children:
                out += child.lines()
            self._lines = out
        return self._lines


@dataclass(frozen=True)
class Want:
    """What a task's description says of its target.

    Attributes:
        role: the target's ARIA role.
        name: its accessible name; None for "any name" (an unnamed checkbox).
        within: texts the target is in, innermost first.
    """

    role: str
    name: str | None
    within: tuple[str, ...] = ()


def parse_snapshot(text: str) -> list[Node]:
    """Every node line of ``text`` in document order (roots have no parent). Lines that are not
    nodes (``Page: ...``, ``### Result``, ``...``, a cut notice) are skipped; property lines
    (``/url: ...``) are skipped too."""
    nodes: list[Node] = []
    stack: list[tuple[int, Node]] = []
    for line in text.splitlines():
        match = _LINE.match(line)
        if match is None:
            continue
        body = match["body"]
        if body.startswith("/") or body == "...":
            continue
        indent = len(match["indent"])
        node = _node(body, len(nodes))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if stack:
            node.parent = stack[-1][1]
            node.parent.children.append(node)
        stack.append((indent, node))
        nodes.append(node)
    return nodes


def _node(body: str, order: int) -> Node:
    head, text = _split_inline(body)
    ref_match = _REF.search(head)
    ref = ref_match["ref"] if ref_match else None
    head = _ATTRIBUTE.sub("", head).strip()
    role, _, rest = head.partition(" ")
    rest = rest.strip()
    name = ""
    if rest.startswith('"'):
        try:
            name = str(json.loads(rest))
        except json.JSONDecodeError:
            name = rest.strip('"')
    if role.startswith('"'):  # a bare quoted text line
        return Node("text", "", ref, unquote(head), order)
    return Node(role, name, ref, unquote(text), order)


def _split_inline(body: str) -> tuple[str, str]:
    """``button "a: b" [ref=e1]: text`` -> (``button "a: b" [ref=e1]``, ``text``): the first colon
    outside quotes and brackets ends the head."""
    quoted = False
    depth = 0
    escaped = False
    for index, char in enumerate(body):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif not quoted and char == "[":
            depth += 1
        elif not quoted and char == "]":
            depth -= 1
        elif not quoted and depth == 0 and char == ":":
            return body[:index], body[index + 1 :].strip()
    return body, ""


def unquote(text: str) -> str:
    """A quoted snapshot text or name without its quotes and escapes (JSON string syntax); others as they are."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        try:
            return str(json.loads(text))
        except json.JSONDecodeError:
            return text[1:-1]
    return text


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def pick(nodes: list[Node], want: Want) -> Node | None:
    """The node the rule in the module docstring picks among ``nodes`` (with refs only), or None."""
    best: tuple[tuple[tuple[int, int], ...], int] | None = None
    chosen: Node | None = None
    name = _fold(want.name) if want.name is not None else None
    for node in nodes:
        if node.ref is None or node.role != want.role:
            continue
        if name is not None and _fold(node.name) != name:
            continue
        scores = _scores(node, want.within)
        if scores is None:
            continue
        rank = (tuple(reversed(scores)), node.order)
        if best is None or rank < best:
            best, chosen = rank, node
    return chosen


def _scores(node: Node, within: tuple[str, ...]) -> list[tuple[int, int]] | None:
    """(inexact, subtree lines) of where each text of ``within`` is found, innermost first; None
    when one is not found."""
    chain = [node, *node.ancestors()]
    scores: list[tuple[int, int]] = []
    start = 0
    for text in within:
        wanted = _fold(text)
        words = re.compile(r"(?<!\w)" + re.escape(wanted))
        for depth in range(start, len(chain)):
            lines = chain[depth].lines()
            if wanted in lines:
                scores.append((0, len(lines)))
                break
            if any(words.search(line) for line in lines):
                scores.append((1, len(lines)))
                break
        else:
            return None
        start = depth + 1
    return scores
