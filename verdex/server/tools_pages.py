"""Page tools: answer a JavaScript dialog, and list, select, open or close the current role's tabs.

A dialog (``alert``, ``confirm``, ``prompt``, ``beforeunload``) blocks its page until answered: the
call that was running when it opened answers with it, and the tools that need the page refuse
to run until ``browser_handle_dialog`` answers it (see :mod:`verdex.server.tooling`).

Tabs: each role's browser context can hold several pages: the one verdex opened and the ones the
page opened (``window.open``, ``target=_blank``; see :mod:`verdex.browser.tabs`). Tab ``[i]`` is the
i-th open page in the order they opened; every other tool acts on the role's selected tab, and a
ref belongs to the tab whose snapshot gave it out. Shapes follow Playwright MCP's tools of the
same names (``browser_handle_dialog(accept, promptText?)``, ``browser_tabs(action, index?)``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from verdex.browser.context import BrowserContext
from verdex.browser.dialogs import answer_dialog
from verdex.browser.page import Page
from verdex.errors import UsageError
from verdex.safe_text import quote
from verdex.server.session import Role, Session
from verdex.server.tooling import guarded, respond

__all__ = ["DialogResult", "TabInfo", "TabsResult", "register_page_tools"]


class DialogFacts(BaseModel):
    """A dialog as the page showed it. ``frame``: ``the main frame`` or ``frame f1``."""

    type: Literal["alert", "confirm", "prompt", "beforeunload"] | str
    message: str
    defaultPrompt: str | None = None
    url: str
    frame: str


class DialogResult(BaseModel):
    """The dialog answered, how, and where the page is after it (``navigated``: a beforeunload
    accepted let its navigation go on; ``status``: its HTTP status)."""

    dialog: DialogFacts
    accepted: bool
    promptText: str | None = None
    url: str
    navigated: bool = False
    status: int | None = None


class TabInfo(BaseModel):
    """One tab: its index, URL, title, whether it is selected, and the tab that opened it."""

    index: int
    url: str
    title: str
    selected: bool
    openedBy: int | None = None
    dialog: DialogFacts | None = None


class TabsResult(BaseModel):
    """The current role's tabs after the action."""

    role: str
    action: str
    tabs: list[TabInfo]
    selected: int


def register_page_tools(server: MCPServer, session: Session) -> None:
    """Add ``browser_handle_dialog`` and ``browser_tabs`` to ``server``."""

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True))
    @guarded(session, "browser_handle_dialog")
    async def browser_handle_dialog(
        accept: Annotated[bool, Field(description="true: OK; false: Cancel.")],
        promptText: Annotated[str | None, Field(max_length=10_000, description="A prompt's answer.")] = None,
    ) -> Annotated[CallToolResult, DialogResult]:
        """Answer the alert, confirm, prompt or beforeunload dialog that blocks the page."""
        role = session.roles[session.current_role]
        page = _page_with_dialog(role)
        if page is None:
            raise UsageError(f"no dialog is open in role {role.name!r}; there is nothing to answer")
        dialog, navigation = await answer_dialog(page, accept, promptText)
        verb = "Accepted" if accept else "Dismissed"
        answered = f", answering {promptText!r}" if promptText is not None and accept else ""
        text = f"{verb} {dialog.describe()}{answered}."
        if navigation is not None and not navigation.same_document:
            status = f" (HTTP {navigation.status})" if navigation.status else ""
            text += f" The page navigated to {navigation.url}{status}."
        elif dialog.type == "beforeunload":
            text += f" The page stays at {page.url}." if not accept else ""
        if page.dialog is not None and page.dialog is not dialog:
            # A dialog loop: the page opened the next one as soon as this one was answered.
            text += (
                f" The page opened another at once: {page.dialog.describe()}. Answer it too, or leave the loop: "
                "browser_navigate elsewhere (verdex dismisses the dialogs while the page is left) or close the tab."
            )
        result = DialogResult(
            dialog=DialogFacts.model_validate(dialog.facts()),
            accepted=accept,
            promptText=promptText if accept else None,
            url=page.url,
            navigated=navigation is not None,
            status=navigation.status if navigation else None,
        )
        return respond(text + " Next: browser_snapshot.", result)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False))
    @guarded(session, "browser_tabs")
    async def browser_tabs(
        action: Annotated[
            Literal["list", "select", "close", "new"],
            Field(description="list the tabs; select one (index); close one (index, default the selected); new."),
        ],
        index: Annotated[
            int | None, Field(ge=0, le=1000, description="The tab's index, as browser_tabs list shows it.")
        ] = None,
    ) -> Annotated[CallToolResult, TabsResult]:
        """The current role's tabs: list, select, close or open one."""
        await session.page()  # the role's context and first tab exist from here on
        role = session.roles[session.current_role]
        context = role.context
        assert context is not None
        tabs = context.pages
        if action in ("select", "close") and index is not None and index >= len(tabs):
            raise UsageError(
                f"there is no tab [{index}]: role {role.name!r} has {_count(len(tabs))} (0..{len(tabs) - 1}); "
                "browser_tabs list shows them"
            )
        head = ""
        if action == "select":
            if index is None:
                raise UsageError("browser_tabs select needs index (browser_tabs list shows them)")
            await context.select(tabs[index])
            head = f"Selected tab [{index}]. Next: browser_snapshot for its refs."
        elif action == "close":
            target = tabs[index] if index is not None else context.selected
            assert target is not None
            closing = tabs.index(target)
            now_selected = await context.close_page(target)
            head = f"Closed tab [{closing}] ({target.url})."
            if now_selected is not None:
                head += f" Tab [{context.index(now_selected)}] is selected now."
            head += " Tabs after it moved down one index."
        elif action == "new":
            page = await context.new_page()
            head = f"Opened and selected tab [{context.index(page)}] (about:blank). Next: browser_navigate."
        tabs = context.pages
        selected = context.selected
        assert selected is not None
        result = TabsResult(
            role=role.name,
            action=action,
            tabs=[await _tab(context, page, selected) for page in tabs],
            selected=context.index(selected),
        )
        lines = [head] if head else []
        lines.append(f"Tabs of role {role.name!r}:")
        for tab in result.tabs:
            marks = [m for m in ("selected" if tab.selected else "", _opened(tab)) if m]
            title = f"{quote(tab.title)}: " if tab.title else ""
            line = f"- [{tab.index}] {title}{tab.url or 'about:blank'}" + (f" ({', '.join(marks)})" if marks else "")
            if tab.dialog is not None:
                line += f" [dialog open: {tab.dialog.type} {tab.dialog.message!r}]"
            lines.append(line)
        return respond("\n".join(lines), result)


def _page_with_dialog(role: Role) -> Page | None:
    if role.context is None or role.context.closed:
        return None
    return role.context.page_with_dialog()


async def _tab(context: BrowserContext, page: Page, selected: Page) -> TabInfo:
    opener_page = context.opener_of(page)
    opener = context.index(opener_page) if opener_page is not None else None
    # A page blocked by a dialog still has a title in the browser process (Target.getTargetInfo).
    return TabInfo(
        index=context.index(page),
        url=page.url,
        title=await page.title(),
        selected=page is selected,
        openedBy=opener,
        dialog=DialogFacts.model_validate(page.dialog.facts()) if page.dialog else None,
    )


def _opened(tab: TabInfo) -> str:
    return f"opened by [{tab.openedBy}]" if tab.openedBy is not None else ""


def _count(n: int) -> str:
    return f"{n} tab" if n == 1 else f"{n} tabs"
