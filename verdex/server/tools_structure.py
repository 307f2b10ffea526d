"""Structural tools: the three primitives that scope a locator (:mod:`verdex.browser.structure`).

Each is one bridge call that returns facts (tags, attributes, text, refs): compact JSON in the text
block and the same object as structured content. Their limits are in bridge/README.md; a ref
inside a frame adds ``frames`` (the iframes from the page down to its document).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import BaseModel

from verdex.browser import structure
from verdex.browser.structure import ExtractAnchorsAnswer, InspectPatternAnswer, ResolveContainerAnswer
from verdex.server.arguments import AncestorLevel, Ref
from verdex.server.session import Session
from verdex.server.tooling import compact_json, guarded, respond

__all__ = ["register_structure_tools"]

_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


def register_structure_tools(server: MCPServer, session: Session) -> None:
    """Add resolve_container, inspect_pattern and extract_anchors to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "resolve_container")
    async def resolve_container(ref: Ref) -> Annotated[CallToolResult, ResolveContainerAnswer]:
        """The element and its ancestors up to <body>: their locator attributes (test ids, roles, ids) and the
        refs inside."""
        return _answer(await structure.resolve_container(await session.page(), ref))

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "inspect_pattern")
    async def inspect_pattern(
        ref: Ref, ancestorLevel: AncestorLevel
    ) -> Annotated[CallToolResult, InspectPatternAnswer]:
        """The children of one ancestor: do they repeat (cards, rows), and which texts set each apart? "same": as
        the sibling listed before."""
        return _answer(await structure.inspect_pattern(await session.page(), ref, ancestorLevel))

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "extract_anchors")
    async def extract_anchors(
        ref: Ref, ancestorLevel: AncestorLevel
    ) -> Annotated[CallToolResult, ExtractAnchorsAnswer]:
        """The content of one ancestor: descendants with roles, names, texts and refs."""
        return _answer(await structure.extract_anchors(await session.page(), ref, ancestorLevel))


def _answer(answer: BaseModel) -> CallToolResult:
    """The answer as compact JSON (the bridge's keys, in its order) and as structured content. The text leaves out
    an element's empty ``attributes`` and empty ``containsRefs`` (:func:`shown_facts`: the ancestors above the first
    few refs of a resolve_container answer list none, ~5 tokens each, a dozen levels on a real page) and shows a
    sibling's ``attributes`` that equal the previous listed sibling's as ``"same"``, as its ``outline`` (the cards
    of a grid: ~4 tokens each); the structured content keeps them all, as its schema says."""
    data = answer.model_dump(mode="json", exclude_unset=True)
    return respond(compact_json(shown_facts(data)), data)


#: What an inspect_pattern sibling's ``attributes`` (and ``outline``) say in the text when they equal the
#: previous listed sibling's.
SAME = "same"

#: Where a structural answer's text may leave a field out when it is empty: the object under a top-level key (or each
#: item of the list there) and the fields (ContainerResult, PatternResult, AnchorsResult of bridge/src/contract.ts).
_LEAN_FIELDS: dict[str, tuple[str, ...]] = {
    "target": ("attributes",),
    "ancestors": ("attributes", "containsRefs"),
    "containerAt": ("attributes",),
    "siblings": ("attributes", "containsRefs"),
    "ancestorAt": ("attributes",),
    "descendants": ("attributes",),
}


def shown_facts(data: dict[str, Any]) -> dict[str, Any]:
    """A structural answer as its text shows it: without empty ``attributes`` and ``containsRefs``, and with an
    inspect_pattern sibling's ``attributes`` that equal the previous listed sibling's as ``"same"``."""
    shown = _each_lean_object(data, lambda item, fields: {k: v for k, v in item.items() if k not in fields or v})
    siblings = data.get("siblings")
    if isinstance(siblings, list):
        previous: object = None
        for item, sibling in zip(shown["siblings"], siblings, strict=True):
            attributes = sibling.get("attributes") if isinstance(sibling, dict) else None
            if attributes and attributes == previous:
                item["attributes"] = SAME
            previous = attributes
    return shown


def facts_from_shown(shown: dict[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`shown_facts`: the answer with the empty fields its text leaves out put back, and each
    ``"same"`` sibling's ``attributes`` (for a reader of the text that validates it against the answer's model)."""

    def full(item: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
        # The fields put back come after the others: the shown keys keep their order.
        return {**item, **{field: {} if field == "attributes" else [] for field in fields if field not in item}}

    data = _each_lean_object(shown, full)
    siblings = data.get("siblings")
    if isinstance(siblings, list):
        previous: object = {}
        for sibling in siblings:
            if isinstance(sibling, dict):
                if sibling.get("attributes") == SAME:
                    sibling["attributes"] = previous
                previous = sibling.get("attributes")
    return data


def _each_lean_object(
    data: dict[str, Any], change: Callable[[dict[str, Any], tuple[str, ...]], dict[str, Any]]
) -> dict[str, Any]:
    out = dict(data)
    for key, fields in _LEAN_FIELDS.items():
        value = out.get(key)
        if isinstance(value, dict):
            out[key] = change(value, fields)
        elif isinstance(value, list):
            out[key] = [change(item, fields) if isinstance(item, dict) else item for item in value]
    return out
