"""``suggest_locator``: verified locators for a ref, and the Playwright line of an action.

The engine is :mod:`verdex.locator.suggest`; this module is its MCP face: the tool, its compact answer
(one locator a line, its Python form, the facts it rests on, flags) and :func:`codegen_line`, the line
action answers end with (``--codegen``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations

from verdex.browser.page import Page
from verdex.errors import VerdexError
from verdex.server.arguments import Ref
from verdex.server.models import SuggestedLocator, SuggestLocatorResult
from verdex.server.session import Session
from verdex.server.tooling import guarded, respond

if TYPE_CHECKING:
    from verdex.locator.suggest import Suggestion, Suggestions

# verdex.locator (the parser, the engine: ~15 ms of imports) is imported by the first call that needs it,
# not by the server's start: the first snapshot waits on no part of it.

__all__ = ["CodeArgument", "Codegen", "code_lines", "code_target", "register_suggest_tools", "render_suggestions"]

_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

#: The language of the code line action answers end with (``--codegen``, Playwright MCP's flag).
Codegen = Literal["typescript", "python", "none"]


def register_suggest_tools(server: MCPServer, session: Session) -> None:
    """Add suggest_locator to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "suggest_locator")
    async def suggest_locator(ref: Ref) -> Annotated[CallToolResult, SuggestLocatorResult]:
        """Up to 3 locators for an element, each verified unique on the live page, with the facts each rests on."""
        from verdex.locator.suggest import suggest_locators

        page = await session.page()
        found = await suggest_locators(page, ref, test_id_attribute=session.config.test_id_attribute)
        text, result = render_suggestions(found)
        return respond(text, result)


def render_suggestions(found: Suggestions) -> tuple[str, SuggestLocatorResult]:
    """The answer of ``suggest_locator``: compact text (what the model reads: each locator in TypeScript, the
    first also in Python, the facts each rests on and its flags) and the structured content (every
    locator in both languages)."""
    result = SuggestLocatorResult(
        ref=found.ref,
        tagName=found.tag_name,
        role=found.role,
        name=found.name,
        alike=found.lookalikes,
        candidates=[_model(suggestion) for suggestion in found.suggestions],
        note=found.note,
    )
    what = f"{found.role or found.tag_name}{f' {json.dumps(found.name, ensure_ascii=False)}' if found.name else ''}"
    head = f"{found.ref} {what}"
    if found.lookalikes > 1:
        like = "role and name" if found.name else "role and text" if found.role else "tag and text"
        head += f", {found.lookalikes} on the page with this {like}"
    lines = [head + (f". Verified, each matches only {found.ref}:" if found.suggestions else ".")]
    for number, suggestion in enumerate(found.suggestions, 1):
        lines.append(f"{number}. {suggestion.locator}")
        if number == 1:
            lines.append(f"   py: {suggestion.python}")
        flags = f" [{', '.join(suggestion.flags)}]" if suggestion.flags else ""
        lines.append(f"   rests on: {'; '.join(suggestion.rests_on)}{flags}")
    if found.note:
        lines.append(f"Note: {found.note}")
    return "\n".join(lines), result


def _model(suggestion: Suggestion) -> SuggestedLocator:
    return SuggestedLocator(
        locator=suggestion.locator,
        python=suggestion.python,
        restsOn=list(suggestion.rests_on),
        flags=list(suggestion.flags) or None,
        positional=suggestion.positional,
    )


async def code_target(page: Page, ref: str | None, session: Session) -> Suggestion | None:
    """The best verified locator of ``ref``'s element, for the code line of an action on it (found before
    the action: a click may remove the element); None with ``--codegen none``, no ref, or no locator that
    matches only that element."""
    config = session.config
    if config.codegen == "none" or ref is None:
        return None
    from verdex.locator.suggest import suggest_locators

    try:
        found = await suggest_locators(page, ref, test_id_attribute=config.test_id_attribute, limit=1)
    except VerdexError:
        return None
    return found.suggestions[0] if found.suggestions else None


def code_lines(
    best: Suggestion | None, calls: list[tuple[str, list[CodeArgument]]], language: str, *, key_only: str | None = None
) -> str | None:
    """The Playwright code of an action: one line per call on the element's locator, e.g.
    ``await page.getByRole('button', { name: 'Save' }).click();`` (``language`` typescript) or
    ``page.get_by_role("button", name="Save").click()`` (python); None with ``none``.

    Args:
        best: the element's locator, or None: then only a key press has a line
            (``await page.keyboard.press('Enter');``, ``key_only`` being the key).
        calls: each call's method in TypeScript (``fill``, ``selectOption``) and its arguments.
    """
    from verdex.locator.render import js_string

    if language == "none":
        return None
    if best is None:
        if key_only is None:
            return None
        if language == "python":
            return f"page.keyboard.press({json.dumps(key_only)})"
        return f"await page.keyboard.press({js_string(key_only)});"
    lines = []
    for method, arguments in calls:
        if language == "python":
            name = "".join(f"_{c.lower()}" if c.isupper() else c for c in method)
            lines.append(f"{best.python}.{name}({', '.join(_py(argument) for argument in arguments)})")
        else:
            lines.append(f"await {best.locator}.{method}({', '.join(_js(argument) for argument in arguments)});")
    return "\n".join(lines)


#: An argument of a code line: a string, or a list of strings (selectOption's values).
CodeArgument = str | list[str]


def _js(argument: CodeArgument) -> str:
    from verdex.locator.render import js_string

    if isinstance(argument, list):
        return "[" + ", ".join(js_string(item) for item in argument) + "]"
    return js_string(argument)


def _py(argument: CodeArgument) -> str:
    return json.dumps(argument, ensure_ascii=False)
