"""Role tools: choose the current role, list the roles, save a role's login as a storageState file.

Every other tool acts on the current role's page. A role starts (its incognito browser context,
its auth file applied, its default URL opened) the first time a tool needs its page;
``select_role`` starts the role it selects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from verdex.browser.context_storage import read_storage_state
from verdex.browser.storage_state import origin_of, write_storage_state
from verdex.errors import UsageError
from verdex.safe_text import quote
from verdex.server.limits import MAX_NAME_CHARS, MAX_PATH_CHARS
from verdex.server.models import RoleInfo, RolesResult, SaveRoleStateResult, SelectRoleResult
from verdex.server.session import Role, Session
from verdex.server.tooling import guarded, respond

__all__ = ["DEFAULT_STATE_DIR", "register_role_tools"]

#: Where ``save_role_state`` writes when given no path and the role has no auth file
#: (relative to the server's working directory; the folder Playwright's docs use).
DEFAULT_STATE_DIR = Path("playwright/.auth")

_READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def register_role_tools(server: MCPServer, session: Session) -> None:
    """Add ``select_role``, ``get_current_role``, ``list_current_roles`` and ``save_role_state`` to ``server``."""

    def select_started(role: str) -> CallToolResult | None:
        """select_role of a role that has started and whose page is up: session state only, answered at once
        (never behind a call that waits on the page or the browser); None for any other role."""
        started = session.roles.get(role)
        page = started.page if started is not None else None
        if (
            started is None
            or page is None
            or page.closed
            or page.crashed
            or page.known_title is None
            or started.context is None
            or not session.browser_running
            or started.context.browser is not session.running_browser
        ):
            return None
        return _selected(session, role, page.known_title, page.url)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True))
    @guarded(session, "select_role", unlocked=select_started)
    async def select_role(
        role: Annotated[
            str,
            Field(max_length=MAX_NAME_CHARS, description="A configured role's name (list_current_roles shows them)."),
        ],
    ) -> Annotated[CallToolResult, SelectRoleResult]:
        """Make a role current: the other tools act on its page (its own browser context and login)."""
        page = await session.page_for(role)  # UsageError for a role that is not configured
        return _selected(session, role, await page.title(), page.url)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "get_current_role")
    async def get_current_role() -> Annotated[CallToolResult, RoleInfo]:
        """The role the browser tools act on now, and where its page is (starts nothing)."""
        info = _info(session, session.roles[session.current_role])
        others = [name for name in session.roles if name != info.name]
        text = f"Current role: {info.name}, {_state(info)}."
        if others:
            text += f" Other roles: {', '.join(others)} (select_role to switch)."
        return respond(text, info)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "list_current_roles")
    async def list_current_roles() -> Annotated[CallToolResult, RolesResult]:
        """Every configured role: current, started (with its page URL), auth file, default URL."""
        roles = [_info(session, role) for role in session.roles.values()]
        lines = [f"Roles ({len(roles)}; current: {session.current_role}):"]
        for info in roles:
            parts = [_state(info), f"auth file {info.authFile}" if info.authFile else "no auth file"]
            if info.defaultUrl:
                parts.append(f"default URL {info.defaultUrl}")
            lines.append(f"- {info.name}{' (current)' if info.current else ''}: {'; '.join(parts)}")
        return respond("\n".join(lines), RolesResult(currentRole=session.current_role, roles=roles))

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True))
    @guarded(session, "save_role_state")
    async def save_role_state(
        path: Annotated[
            str | None,
            Field(
                max_length=MAX_PATH_CHARS,
                description="File to write (relative paths are under the server's working directory). Default: the "
                "role's auth file, or playwright/.auth/<role>.json for a role without one.",
            ),
        ] = None,
    ) -> Annotated[CallToolResult, SaveRoleStateResult]:
        """Save the current role's cookies and localStorage as a Playwright storageState file."""
        if path is not None and not path.strip():
            raise UsageError("path is empty: pass a file name such as playwright/.auth/admin.json, or leave it out")
        name = session.current_role
        page = await session.page()
        role = session.roles[name]
        assert role.context is not None
        origins = [*role.context.origins, *filter(None, [origin_of(page.url)])]
        state = await read_storage_state(role.context, page, origins)
        target = Path(path) if path is not None else role.config.auth_file or DEFAULT_STATE_DIR / f"{name}.json"
        written = write_storage_state(target, state)
        stored = [item.origin for item in state.origins]
        domains = sorted({cookie.domain for cookie in state.cookies})
        text = (
            f"Saved role {name}'s storageState to {written}: {len(state.cookies)} cookie(s)"
            + (f" ({', '.join(domains)})" if domains else "")
            + f", localStorage of {len(stored)} origin(s)"
            + (f" ({', '.join(stored)})" if stored else "")
            + f". Playwright: browser.new_context(storage_state={str(written)!r}); "
            f"verdex: serve --role {name} {written}."
        )
        result = SaveRoleStateResult(role=name, path=str(written), cookies=len(state.cookies), origins=stored)
        return respond(text, result)


def _selected(session: Session, role: str, title: str, url: str) -> CallToolResult:
    """Make ``role`` current and say so."""
    previous, session.current_role = session.current_role, role
    where = f"{quote(title)} at {url}" if title else url
    changed = f" (was {previous})" if previous != role else " (unchanged)"
    text = f"Current role: {role}{changed}. Its page: {where}. Next: browser_snapshot for this role's refs."
    return respond(text, SelectRoleResult(role=role, previousRole=previous, url=url, title=title))


def _info(session: Session, role: Role) -> RoleInfo:
    auth = role.config.auth_file
    return RoleInfo(
        name=role.name,
        current=role.name == session.current_role,
        active=role.active and session.browser_running,
        authFile=str(auth) if auth is not None else None,
        defaultUrl=role.config.default_url,
        url=role.page.url if role.page is not None and role.active and session.browser_running else None,
    )


def _state(info: RoleInfo) -> str:
    if info.active:
        return f"started, page at {info.url}"
    return "not started (its browser context opens when a tool first needs its page)"
