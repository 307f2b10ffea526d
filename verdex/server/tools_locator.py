"""``verify_locator``: check a Playwright locator against the live page before it goes into a test.

The locator is parsed in Python (:mod:`verdex.locator`: TypeScript/JavaScript or Python, errors
pointing at the place) and evaluated in the page by the bridge, following Playwright's matching
rules, in one bridge call per frame the locator visits. The answer is the count Playwright's
``locator.count()`` would give, whether it is unique, the matches with refs, and whether it is
exactly the element of a given ref; per role when asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from verdex.browser.page import Page
from verdex.browser.refs import parse_ref
from verdex.errors import UsageError
from verdex.server.models import RoleVerification, VerifyLocatorResult
from verdex.server.session import Session
from verdex.server.tooling import compact_json, guarded, respond
from verdex.server.verify_text import diagnosis_lines, diagnosis_model

if TYPE_CHECKING:
    from verdex.locator.ast import Locator
    from verdex.locator.source import Source
    from verdex.locator.verify import Verification

# verdex.locator (~15 ms of imports) comes with the first verify_locator call, not with the server's start.

__all__ = ["register_locator_tools"]

_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

LocatorText = Annotated[
    str, Field(min_length=1, max_length=4000, description="A Playwright locator, TypeScript or Python, as in the test.")
]
TargetRef = Annotated[
    str | None, Field(max_length=32, description="The element it should find: does it find exactly that one?")
]
RoleName = Annotated[
    str | None, Field(max_length=200, description="Check in this role's page instead (default: current), or all.")
]


def register_locator_tools(server: MCPServer, session: Session) -> None:
    """Add verify_locator to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "verify_locator")
    async def verify_locator(
        locator: LocatorText, ref: TargetRef = None, role: RoleName = None
    ) -> Annotated[CallToolResult, VerifyLocatorResult]:
        """Check a Playwright locator on the live page: how many elements it matches (as locator.count()) and which."""
        from verdex.locator import parse_locator
        from verdex.locator.ast import NthStep
        from verdex.locator.diagnose import diagnose
        from verdex.locator.source import Source
        from verdex.locator.verify import verify_on_page

        parsed = parse_locator(locator)
        source = Source(locator)
        if role == "all":
            return await _all_roles(session, parsed, source, ref)
        if role is not None and role not in session.roles:
            raise UsageError(f'there is no role {role!r}; roles: {", ".join(session.roles)} (or "all")')
        name = role or session.current_role
        page = await session.page_for(name)
        verification = await verify_on_page(page, parsed, source, target=ref)
        result = _single(verification, ref)
        if role is not None:
            result.role = name
            result.url = page.url
        if parsed.left_aside:
            result.leftAside = list(parsed.left_aside)
        found = None
        # A position (first(), nth()) is not identity: its diagnosis shows what it picks from.
        positional = verification.count == 1 and any(isinstance(step, NthStep) for step in parsed.steps)
        if verification.count != 1 or (ref is not None and not result.matchesTarget) or positional:
            found = await diagnose(
                page,
                parsed,
                source,
                count=verification.count,
                target=ref if ref is not None or not positional else verification.matches[0].ref,
                test_id_attribute=session.config.test_id_attribute,
            )
            result.diagnosis = diagnosis_model(found)
        shown = result.model_dump(mode="json", exclude_none=True, exclude={"diagnosis", "leftAside"})
        lines = [compact_json(shown)]
        if parsed.left_aside:
            lines.append(
                f"Checked the locator of the pasted line; left aside, not run: {', '.join(parsed.left_aside)}."
            )
        if found is not None:
            lines += diagnosis_lines(found, verification.count, ref, verification.matches, positional=positional)
        return respond("\n".join(lines), result)


def _single(verification: Verification, ref: str | None) -> VerifyLocatorResult:
    result = VerifyLocatorResult(
        count=verification.count,
        unique=verification.count == 1,
        matches=verification.matches,
        omitted=verification.omitted or None,
        frameUrl=verification.frame_url,
    )
    if ref is not None:
        result.matchesTarget = verification.count == 1 and verification.target_index == 0
        result.targetIndex = verification.target_index
    return result


async def _all_roles(session: Session, parsed: Locator, source: Source, ref: str | None) -> CallToolResult:
    """Every configured role's page (opened if the role has none yet), in configuration order."""
    from verdex.locator.verify import verify_on_page

    owner_role: str | None = None
    if ref is not None:
        current = await session.page()
        owner = current.ledger.owner_of(parse_ref(ref)[1])
        owner_role = owner.role if owner is not None else session.current_role
    entries: list[RoleVerification] = []
    for name in session.roles:
        page: Page = await session.page_for(name)
        target = ref if ref is not None and owner_role == name else None
        verification = await verify_on_page(page, parsed, source, target=target)
        entry = RoleVerification(
            role=name,
            url=page.url,
            count=verification.count,
            unique=verification.count == 1,
            matches=verification.matches,
            omitted=verification.omitted or None,
            frameUrl=verification.frame_url,
        )
        if target is not None:
            entry.matchesTarget = verification.count == 1 and verification.target_index == 0
            entry.targetIndex = verification.target_index
        entries.append(entry)
    result = VerifyLocatorResult(roles=entries)
    return respond(compact_json(result.model_dump(mode="json", exclude_none=True)), result)
