"""Browser tools: start, navigate, snapshot, act (click, type, select, hover, keys), wait, close."""

from __future__ import annotations

import json
from typing import Annotated

import trio
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import Field

from verdex.bridge.api import Action
from verdex.browser import actions
from verdex.browser.actions import ActionOutcome
from verdex.browser.describe import DescriptionMatch, resolve_description
from verdex.browser.page import Page
from verdex.browser.text import page_text
from verdex.errors import NavigationError, UsageError
from verdex.safe_text import quote
from verdex.server.arguments import Element, OptionalRef
from verdex.server.feedback import stage
from verdex.server.limits import MAX_KEY_CHARS, MAX_TEXT_CHARS, MAX_URL_CHARS, MAX_VALUES
from verdex.server.models import (
    ActionResult,
    BrowserInfoResult,
    CloseResult,
    DescriptionFacts,
    NavigateResult,
    RunnerUp,
    SnapshotResult,
    WaitResult,
)
from verdex.server.page_answers import navigate, navigation_answer, snapshot
from verdex.server.session import Session
from verdex.server.snapshot_answers import MAX_SNAPSHOT_CHARS
from verdex.server.tooling import guarded, respond
from verdex.server.tools_suggest import CodeArgument, code_lines, code_target

__all__ = ["register_browser_tools"]

TargetRef = OptionalRef

_READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=True)
_ACTS = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True)

#: What a code line types into a secret field (a password ...) instead of the text.
MASKED = "<secret>"
#: Longest explicit wait, milliseconds.
MAX_WAIT_MS = 60_000
#: Polling interval of text waits, seconds.
_POLL = 0.1


def register_browser_tools(server: MCPServer, session: Session) -> None:
    """Add the browser tools to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "browser_initialize")
    async def browser_initialize() -> Annotated[CallToolResult, BrowserInfoResult]:
        """Start the browser (it also starts on first use)."""
        browser = await session.browser()
        config = session.config
        info = BrowserInfoResult(
            browser=browser.info.product,
            protocolVersion=browser.info.protocol_version,
            headless=config.browser.headless,
            cdpEndpoint=config.browser.cdp_endpoint,
            roles=list(session.roles),
            currentRole=session.current_role,
            testIdAttribute=config.test_id_attribute,
        )
        text = (
            f"Browser ready: {info.browser}{' (headless)' if info.headless else ''}. "
            f"Current role: {info.currentRole} (roles: {', '.join(info.roles)}). Next: browser_navigate."
        )
        return respond(text, info)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_navigate")
    async def browser_navigate(
        url: Annotated[
            str, Field(max_length=MAX_URL_CHARS, description="Absolute URL, e.g. http://localhost:3000/login.")
        ],
    ) -> Annotated[CallToolResult, NavigateResult]:
        """Open a URL and wait for it to load; reports the HTTP status. The page's current URL loads it again."""
        return respond(*await navigate(session, url))

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_reload")
    async def browser_reload() -> Annotated[CallToolResult, NavigateResult]:
        """Load the current page again (after another role changed its data); refs of the old document go stale."""
        page = await session.page()
        stage("reloading")
        return respond(*await navigation_answer(page, await page.reload(), reloaded=True))

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_go_back")
    async def browser_go_back() -> Annotated[CallToolResult, NavigateResult]:
        """Go back one history entry."""
        return await go_back(session)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "browser_snapshot")
    async def browser_snapshot(
        ref: Annotated[str | None, Field(max_length=32, description="Only this element's subtree.")] = None,
        depth: Annotated[
            int | None, Field(ge=1, le=1000, description="Cut lines deeper than this (1 = top level).")
        ] = None,
        maxChars: Annotated[
            int | None,
            Field(ge=200, le=MAX_SNAPSHOT_CHARS, description="Cut after this many characters (default 40000)."),
        ] = None,
        behindModal: Annotated[bool, Field(description="Show the page behind an open modal dialog too.")] = False,
        filename: Annotated[
            str | None,
            Field(max_length=255, description="Write the whole snapshot to this file (under --output-dir) instead."),
        ] = None,
    ) -> Annotated[CallToolResult, SnapshotResult]:
        """Accessibility snapshot: a line per node, role "name" [states] [ref=eN]. On big pages find the element
        with browser_find instead, or narrow with ref/depth."""
        taken = await snapshot(
            session, ref=ref, depth=depth, max_chars=maxChars, behind_modal=behindModal, filename=filename
        )
        return respond(*taken)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_click")
    async def browser_click(ref: TargetRef = None, element: Element = None) -> Annotated[CallToolResult, ActionResult]:
        """Click an element (a real mouse click, after visible/enabled/not-covered checks)."""
        page = await session.page()
        target, match = await _target(page, ref, element, "click")
        best = await code_target(page, target, session)
        outcome = await actions.click(page, target, timeout=session.config.action_timeout)
        code = code_lines(best, [("click", [])], session.config.codegen)
        return _action_answer(page, "click", outcome, match=match, code=code)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_type")
    async def browser_type(
        text: Annotated[str, Field(max_length=MAX_TEXT_CHARS, description="The new text.")],
        ref: TargetRef = None,
        element: Element = None,
        submit: Annotated[bool, Field(description="Press Enter after.")] = False,
    ) -> Annotated[CallToolResult, ActionResult]:
        """Replace a field's text (clicks it first)."""
        page = await session.page()
        target, match = await _target(page, ref, element, "type")
        best = await code_target(page, target, session)
        secret = await _is_secret(page, target)
        if secret:
            session.secrets.remember(text)  # masked in every answer, log line and trace record from now on
        outcome = await actions.type_into(page, target, text, submit=submit, timeout=session.config.action_timeout)
        calls: list[tuple[str, list[CodeArgument]]] = [("fill", [MASKED if secret else text])]
        if submit:
            calls.append(("press", ["Enter"]))
        code = code_lines(best, calls, session.config.codegen)
        return _action_answer(
            page, "type", outcome, match=match, secret=secret if match is not None else None, code=code
        )

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_press_key")
    async def browser_press_key(
        key: Annotated[
            str,
            Field(
                max_length=MAX_KEY_CHARS,
                description="Enter, Tab, ArrowDown, a character, or a chord like Shift+Tab or Control+a.",
            ),
        ],
    ) -> Annotated[CallToolResult, ActionResult]:
        """Press a key at the focus."""
        page = await session.page()
        best = None
        if session.config.codegen != "none":
            best = await code_target(page, await actions.focused_ref(page), session)
        outcome = await actions.press_key(page, key)
        code = code_lines(best, [("press", [key])], session.config.codegen, key_only=key)
        return _action_answer(page, f"press {key}", outcome, code=code)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_select_option")
    async def browser_select_option(
        values: Annotated[
            list[Annotated[str, Field(max_length=MAX_TEXT_CHARS)]],
            Field(min_length=1, max_length=MAX_VALUES, description="Option values or labels."),
        ],
        ref: TargetRef = None,
        element: Element = None,
    ) -> Annotated[CallToolResult, ActionResult]:
        """Choose options of a <select>."""
        page = await session.page()
        target, match = await _target(page, ref, element, "select")
        best = await code_target(page, target, session)
        outcome, selected = await actions.select_option(page, target, values, timeout=session.config.action_timeout)
        code = code_lines(best, [("selectOption", [values[0] if len(values) == 1 else values])], session.config.codegen)
        return _action_answer(page, "select", outcome, selected, match=match, code=code)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_hover")
    async def browser_hover(ref: TargetRef = None, element: Element = None) -> Annotated[CallToolResult, ActionResult]:
        """Move the mouse over an element."""
        page = await session.page()
        target, match = await _target(page, ref, element, "hover")
        best = await code_target(page, target, session)
        outcome = await actions.hover(page, target, timeout=session.config.action_timeout)
        code = code_lines(best, [("hover", [])], session.config.codegen)
        return _action_answer(page, "hover", outcome, match=match, code=code)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "wait_for_browser")
    async def wait_for_browser(
        milliseconds: Annotated[int | None, Field(ge=0, le=MAX_WAIT_MS, description="Wait this long.")] = None,
        text: Annotated[
            str | None,
            Field(min_length=1, max_length=MAX_TEXT_CHARS, description="Wait until this text is on the page."),
        ] = None,
        textGone: Annotated[
            str | None,
            Field(
                min_length=1, max_length=MAX_TEXT_CHARS, description="Wait until this text is no longer on the page."
            ),
        ] = None,
        timeoutMs: Annotated[
            int, Field(ge=0, le=MAX_WAIT_MS, description="Give up after this long (text waits).")
        ] = 10_000,
    ) -> Annotated[CallToolResult, WaitResult]:
        """Wait for a time, or for a text to appear or go (give one of milliseconds, text, textGone)."""
        return await wait_for(session, milliseconds, text, textGone, timeoutMs)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True))
    @guarded(session, "browser_close")
    async def browser_close() -> Annotated[CallToolResult, CloseResult]:
        """Close the browser and every role's pages; the next call starts a new one."""
        closed = await session.close_browser()
        text = "Browser closed." if closed else "No browser was open."
        return respond(text, CloseResult(closed=closed))


async def go_back(session: Session) -> CallToolResult:
    """``browser_go_back`` (and Playwright MCP's ``browser_navigate_back``)."""
    page = await session.page()
    stage("going back")
    return respond(*await navigation_answer(page, await page.go_back()))


async def wait_for(
    session: Session, milliseconds: int | None, text: str | None, textGone: str | None, timeoutMs: int
) -> CallToolResult:
    """``wait_for_browser`` (and Playwright MCP's ``browser_wait_for``): a time, or a text to appear or go.

    Raises:
        UsageError: not exactly one of the three, or the text wait timed out (``timeoutMs``, milliseconds).
        NavigationError: the page crashed during the wait.
    """
    given = [
        name
        for name, value in (("milliseconds", milliseconds), ("text", text), ("textGone", textGone))
        if value is not None
    ]
    if len(given) != 1:
        raise UsageError(f"give exactly one of milliseconds, text, textGone (got {', '.join(given) or 'none'})")
    start = trio.current_time()
    if milliseconds is not None:
        stage(f"waiting {milliseconds} ms")
        await trio.sleep(milliseconds / 1000)
        condition = f"{milliseconds} ms"
    else:
        page = await session.page()
        wanted = text if text is not None else textGone
        assert wanted is not None
        present = text is not None
        condition = f"text {wanted!r} {'to appear' if present else 'to disappear'}"
        stage(f"waiting for {condition}")
        with trio.move_on_after(timeoutMs / 1000) as scope:
            # Text on a page is not an event: poll it.
            while (wanted in await page_text(page)) != present:
                if page.crashed:
                    raise NavigationError(
                        f"the page crashed while waiting for {condition} (it was at {page.url}); the wait did "
                        f"not finish. The next call opens a new page for role {page.settings.role!r} (the "
                        "crashed page's state is lost): call browser_navigate to load the page again."
                    )
                await trio.sleep(_POLL)
        if scope.cancelled_caught:
            raise UsageError(
                f"timed out after {timeoutMs} ms waiting for {condition}; call browser_snapshot to see the page"
            )
    waited = round((trio.current_time() - start) * 1000)
    return respond(f"Waited {waited} ms for {condition}.", WaitResult(waitedMs=waited, condition=condition))


async def _target(
    page: Page, ref: str | None, element: str | None, action: Action
) -> tuple[str, DescriptionMatch | None]:
    """The ref to act on: ``ref`` as given (with ``element`` beside it, as Playwright MCP sends them, the element
    is only the ref's human label), or the element ``element`` describes (verdex.browser.describe)."""
    if ref is not None:
        return ref, None
    if element is None:
        raise UsageError(
            "give the element to act on: ref (from browser_snapshot, e.g. e12) or element (its text or label, "
            "e.g. 'Sign in', or a CSS selector)"
        )
    match = await resolve_description(page, element, action)
    return match.chosen.ref, match


async def _is_secret(page: Page, ref: str) -> bool:
    """Whether ``ref``'s field holds a credential (a password field ...): the trace masks what is typed there."""
    bridge, number = page.bridge_at(ref)
    return (await bridge.element_state(number)).secret


def _described(match: DescriptionMatch) -> DescriptionFacts:
    chosen = match.chosen
    return DescriptionFacts(
        description=match.description,
        match=match.how,
        score=chosen.score if match.how == "score" else None,
        runnersUp=[
            RunnerUp(
                ref=c.ref,
                role=c.role,
                name=c.name,
                match="exact" if c.reason == "exact" else "score",
                score=None if c.reason == "exact" else c.score,
            )
            for c in match.runners_up
        ],
    )


def _action_answer(
    page: Page,
    action: str,
    outcome: ActionOutcome,
    selected: list[str] | None = None,
    *,
    match: DescriptionMatch | None = None,
    secret: bool | None = None,
    code: str | None = None,
) -> CallToolResult:
    navigation = outcome.navigation
    result = ActionResult(
        action=action,
        ref=outcome.ref,
        role=outcome.role,
        name=outcome.name,
        url=page.url,
        navigated=navigation is not None,
        status=navigation.status if navigation else None,
        selected=selected,
        frameUrl=navigation.url if navigation and navigation.frame else None,
        described=_described(match) if match is not None else None,
        secret=True if secret else None,
        code=code,
    )
    if outcome.ref:
        described = (
            f"{outcome.role or outcome.tag_name} {quote(outcome.name)}"
            if outcome.name
            else f"{outcome.role or outcome.tag_name}"
        )
        verb = {"click": "Clicked", "type": "Typed into", "hover": "Hovered", "select": "Selected in"}.get(
            action, action.capitalize()
        )
        text = f"{verb} {described} [ref={outcome.ref}]."
        if match is not None:
            text += " " + match.sentence()
        if selected is not None:
            text += f" Selected now: {', '.join(json.dumps(v, ensure_ascii=False) for v in selected) or 'nothing'}."
    else:
        text = f"Pressed {action.removeprefix('press ')}."
    if navigation is not None:
        frame = f"Frame f{navigation.frame}" if navigation.frame else ""
        if navigation.same_document:
            text += f" {frame or 'The page'} moved to {navigation.url}."
        else:
            status = f" (HTTP {navigation.status})" if navigation.status else ""
            text += f" {frame or 'It'} navigated to {navigation.url}{status}."
            if navigation.load_pending:
                text += " The new document had not finished loading."
    text += " Next: browser_snapshot to see the result."
    if code:
        text += f"\n{code}"
    return respond(text, result)
