"""Structural tools: the three primitives that scope a locator.

Each is one bridge call that returns facts (tags, attributes, text, refs), compact JSON in the
text block and the same object as structured content. Their limits are in bridge/README.md.

For a ref inside a frame (``f<K>_eN``) the walk stays in the frame's document (ancestors end
at the frame's ``<body>``) and the result gains ``frames``: the iframes from the page down to
that document, outermost first, each ``{prefix, url, iframe: {ref, tagName, attributes}}`` (the
iframe's locator attributes plus ``src``/``srcdoc``), what ``frameLocator(...)`` is built from.
"""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from verdex.browser.page import Page
from verdex.server.limits import MAX_REF_CHARS
from verdex.server.models import ExtractAnchorsAnswer, InspectPatternAnswer, ResolveContainerAnswer
from verdex.server.session import Session
from verdex.server.tooling import compact_json, guarded, respond

__all__ = ["register_structure_tools"]

Ref = Annotated[
    str, Field(max_length=MAX_REF_CHARS, description="A ref from browser_snapshot, e.g. e12 (f1_e12 inside a frame).")
]
AncestorLevel = Annotated[
    int,
    Field(
        ge=1,
        le=10_000,
        description="How many levels up from the element: 1 = its parent. resolve_container lists the levels.",
    ),
]

_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


def register_structure_tools(server: MCPServer, session: Session) -> None:
    """Add resolve_container, inspect_pattern and extract_anchors to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "resolve_container")
    async def resolve_container(ref: Ref) -> Annotated[CallToolResult, ResolveContainerAnswer]:
        """Step 1 of scoping a locator. The element and its ancestors from the parent (level 1) up to <body>:
        tag, locator attributes (data-testid, id, role, aria-label ...), child count and the refs inside.
        Look for the nearest ancestor with a test id, role or landmark: that is the container to scope by.
        Next: inspect_pattern at that level + 1 to see whether it repeats."""
        page = await session.page()
        bridge, number = page.bridge_at(ref)
        value = await bridge.resolve_container(number)
        return await _answer(page, ref, value)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "inspect_pattern")
    async def inspect_pattern(
        ref: Ref, ancestorLevel: AncestorLevel
    ) -> Annotated[CallToolResult, InspectPatternAnswer]:
        """Step 2. The children of the ancestor at ancestorLevel: is the element's container one of a
        repeating set (cards, rows, list items)? Each sibling comes with its attributes, its first texts and an
        outline; targetSiblingIndex is the one holding the element. Pick a text that tells the target's
        container apart from its siblings. Next: extract_anchors."""
        page = await session.page()
        bridge, number = page.bridge_at(ref)
        value = await bridge.inspect_pattern(number, ancestorLevel)
        return await _answer(page, ref, value)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "extract_anchors")
    async def extract_anchors(
        ref: Ref, ancestorLevel: AncestorLevel
    ) -> Annotated[CallToolResult, ExtractAnchorsAnswer]:
        """Step 3. The content inside the ancestor at ancestorLevel (usually the container found in steps 1-2):
        its descendants in document order with depth, attributes, refs, roles, names and text. Use a unique
        heading or label as the filter, e.g. getByTestId('card').filter({ hasText: 'iPhone 15 Pro' })."""
        page = await session.page()
        bridge, number = page.bridge_at(ref)
        value = await bridge.extract_anchors(number, ancestorLevel)
        return await _answer(page, ref, value)


async def _answer(page: Page, ref: str, value: BaseModel) -> CallToolResult:
    """The bridge's answer as compact JSON (its keys, in its order) and as structured content, with
    ``frames`` (the iframes from the page down to the element's document, for ``frameLocator(...)``)
    for a ref inside a frame."""
    data = value.model_dump(mode="json", exclude_unset=True)
    frame, _ = page.locate(ref)
    if frame.parent_id is not None:
        data["frames"] = [owner.facts().model_dump(mode="json") for owner in await page.owners.frame_path(frame)]
    return respond(compact_json(data), data)
