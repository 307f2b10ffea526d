"""``browser_find``: find the target by its text instead of reading the whole snapshot.

Playwright MCP's tool of the same name greps the lines of its snapshot. This one searches what the
snapshot shows and what locators match (accessible name, text, label, placeholder, alt, title,
test id; bridge/src/find) in every frame, and answers one line a match, about 50 tokens: the
match as a snapshot line, then its context: the nearest repeating container (its tag and locator
attributes, its ref, its place among its like siblings) with the text that sets it apart from
them. Matches in a named landmark (region, navigation, form, dialog ...) are indented under a line
for it, as in the snapshot; a match in the same container as the one before it names the container
by its ref::

    Found 24 matches for "add to cart" (role button); 10 listed, 14 more: raise limit, or narrow ...
    - region "Related products" [ref=e30]:
      - button "Add to cart" [ref=e41] in article.product-card [ref=e37] (3 of 12) "Walnut Desk Lamp"

The structured content is :class:`~verdex.browser.find.FindAnswer`, the same facts.
"""

from __future__ import annotations

import json
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from verdex.bridge.models import FindMatch, playwright_roles
from verdex.browser.find import MAX_LIMIT, FindAnswer, find_elements
from verdex.errors import UsageError
from verdex.server.session import Session
from verdex.server.tooling import guarded, respond

__all__ = ["find_text", "match_line", "match_lines", "register_find_tools"]

_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

#: Attributes a container line shows besides its tag, id and classes.
_SHOWN = ("data-testid", "data-test", "data-test-id", "data-qa", "data-cy", "role", "aria-label", "name")
_CLASSES = 2


def register_find_tools(server: MCPServer, session: Session) -> None:
    """Add browser_find to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "browser_find")
    async def browser_find(
        text: Annotated[
            str | None, Field(max_length=1000, description="Text to find (case-insensitive substring).")
        ] = None,
        regex: Annotated[
            str | None, Field(max_length=1000, description="Instead of text: a JavaScript regex, /pattern/flags.")
        ] = None,
        role: Annotated[str | None, Field(description="Only elements with this ARIA role (button, row ...).")] = None,
        ref: Annotated[str | None, Field(description="Only inside this element.")] = None,
        limit: Annotated[int, Field(ge=1, le=MAX_LIMIT, description="Matches listed (default 10).")] = 10,
        includeHidden: Annotated[bool, Field(description="Hidden elements match too.")] = False,
    ) -> Annotated[CallToolResult, FindAnswer]:
        """Find elements by name, text, label, placeholder, alt, title or test id instead of reading the snapshot:
        each match's ref, role, name, and its container (card, row, list item) with what sets it apart."""
        if role is not None and role not in playwright_roles():
            raise UsageError(f"role {role!r} is not an ARIA role getByRole takes (button, link, row, listitem ...)")
        page = await session.page()
        answer = await find_elements(
            page, text=text, regex=regex, role=role, ref=ref, limit=limit, include_hidden=includeHidden
        )
        return respond(find_text(answer), answer)


def find_text(answer: FindAnswer) -> str:
    """The answer's text: a header with the counts, then the matches (module docstring)."""
    where = (f" (role {answer.role})" if answer.role else "") + (f" inside {answer.scope}" if answer.scope else "")
    hidden = f" {answer.hidden} hidden element(s) match too (includeHidden=true lists them)." if answer.hidden else ""
    if not answer.total:
        head = f"No element matches {answer.query}{where}.{hidden}"
        if answer.withoutRole is not None:
            others = answer.withoutRole
            first = f" (the first {len(others.matches)})" if others.total > len(others.matches) else ""
            head += f" Without the role, {others.total} element(s) match{first}:"
            return "\n".join([head, *match_lines(others.matches)])
        return head
    count = f"{answer.total} match" if answer.total == 1 else f"{answer.total} matches"
    head = f"Found {count} for {answer.query}{where}"
    if answer.omitted:
        head += f"; {len(answer.matches)} listed, {answer.omitted} more: raise limit, or narrow with role or ref."
    else:
        head += ":"
    return "\n".join([head + hidden, *match_lines(answer.matches)])


def match_lines(matches: list[FindMatch]) -> list[str]:
    """One line a match, in order. Consecutive matches in the same named landmark are indented under one line
    for it (the landmark's own match line, when it matched and comes just before); a match in the same container
    as the match before it names the container by its ref only."""
    lines: list[str] = []
    landmark: str | None = None
    container: str | None = None
    previous: FindMatch | None = None
    for match in matches:
        here = match.landmark.ref if match.landmark is not None else None
        if here != landmark:
            landmark = here
            if match.landmark is not None:
                header = f"- {match.landmark.role} {_quoted(match.landmark.name)} [ref={match.landmark.ref}]"
                if previous is not None and previous.ref == here and lines and not lines[-1].startswith(" "):
                    lines[-1] += ":"  # the landmark matched too: its line heads the group
                else:
                    lines.append(header + ":")
                    container = None
        indent = "  " if landmark is not None else ""
        same = match.container is not None and match.container.ref == container
        lines.append(indent + match_line(match, same_container=same))
        container = match.container.ref if match.container is not None else None
        previous = match
    return lines


def match_line(match: FindMatch, *, same_container: bool = False) -> str:
    """``- button "Add to cart" [ref=e41] in article.card [ref=e37] (3 of 12) "Walnut Desk Lamp"``; with
    ``same_container``, ``in [ref=e37]``; a match that is its own repeating container (a list item, a row):
    ``- row "..." [ref=e5] is tr (2 of 9) "#1002"``."""
    line = f"- {match.role}"
    if match.name:
        line += f" {_quoted(match.name)}"
    if match.ariaHidden:
        line += " [aria-hidden]"
    if match.visible is False:
        line += " [hidden]"
    line += f" [ref={match.ref}]"
    if match.text:
        line += f": {_quoted(match.text)}"
    if match.attribute is not None and match.attribute.value != match.name:
        line += f" ({match.attribute.name}={_quoted(match.attribute.value)})"
    container = match.container
    if container is None:
        return line
    if same_container:
        return line + f" in [ref={container.ref}]"
    selector = _selector(container.tagName, container.attributes)
    line += f" is {selector}" if container.level == 0 else f" in {selector} [ref={container.ref}]"
    line += f" ({container.index} of {container.count})"
    return line + (f" {_quoted(container.text)}" if container.text is not None else " (no unique text)")


def _selector(tag: str, attributes: dict[str, str]) -> str:
    """``article#id.card.product[data-testid="product-card"]``: the tag and the attributes a locator uses."""
    text = tag
    if "id" in attributes:
        text += f"#{attributes['id']}"
    classes = attributes.get("class", "").rstrip("…").split()
    text += "".join(f".{name}" for name in classes[:_CLASSES])
    for name in _SHOWN:
        if name in attributes:
            text += f"[{name}={_quoted(attributes[name])}]"
    return text


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)
