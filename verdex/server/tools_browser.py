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
from verdex.browser.page import Navigation, Page
from verdex.browser.snapshot import take_snapshot
from verdex.browser.text import page_text
from verdex.errors import NavigationError, UsageError
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
from verdex.server.session import Session
from verdex.server.snapshot_answers import MAX_SNAPSHOT_CHARS, cut_notice, snapshot_file_answer
from verdex.server.tooling import guarded, respond

__all__ = ["register_browser_tools"]

Ref = Annotated[str, Field(description="A ref from browser_snapshot, e.g. e12 (f1_e12 inside a frame).")]
TargetRef = Annotated[
    str | None,
    Field(description="A ref from browser_snapshot, e.g. e12 (f1_e12 inside a frame). Give ref or element."),
]
Element = Annotated[
    str | None,
    Field(
        max_length=500,
        description="Instead of a ref: the element described by its text or label ('Sign in'), or a CSS selector "
        "('#submit'). Resolved without guessing: a selector must match one visible element; else an exact accessible "
        "name or text wins, else the best score (description inside it 3, it inside the description 2, else the "
        "share of words, at least half). The answer names the element chosen and the runners-up. Prefer refs.",
    ),
]

_READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=True)
_ACTS = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True)

#: Longest explicit wait, milliseconds.
MAX_WAIT_MS = 60_000
#: Polling interval of text waits, seconds.
_POLL = 0.1


def register_browser_tools(server: MCPServer, session: Session) -> None:
    """Add the browser tools to ``server``."""

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "browser_initialize")
    async def browser_initialize() -> Annotated[CallToolResult, BrowserInfoResult]:
        """Start the browser (verdex also starts it on first use). Returns the browser version and the roles."""
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
        url: Annotated[str, Field(description="Absolute URL to open, e.g. http://localhost:3000/login.")],
    ) -> Annotated[CallToolResult, NavigateResult]:
        """Open a URL in the current role's page and wait for it to load. Reports the HTTP status
        (a 404 or 500 page still loads). http and https URLs (file: only if the server allows it); a URL
        the server's origin policy refuses is an error naming the origin. Next: browser_snapshot."""
        page = await session.page()
        navigation = await page.navigate(url)
        return await _navigation_answer(page, navigation)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_go_back")
    async def browser_go_back() -> Annotated[CallToolResult, NavigateResult]:
        """Go back one entry in the page's history and wait for it to load."""
        page = await session.page()
        return await _navigation_answer(page, await page.go_back())

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "browser_snapshot")
    async def browser_snapshot(
        ref: Annotated[str | None, Field(description="Only the subtree of this element (a ref).")] = None,
        depth: Annotated[
            int | None, Field(ge=1, le=1000, description="Cut lines deeper than this (1 = top level).")
        ] = None,
        maxChars: Annotated[
            int | None,
            Field(
                ge=200, le=MAX_SNAPSHOT_CHARS, description="Cut the text after this many characters (default 40000)."
            ),
        ] = None,
        behindModal: Annotated[bool, Field(description="Show the page behind an open modal dialog too.")] = False,
        filename: Annotated[
            str | None, Field(description="Write the whole snapshot to this file (under --output-dir) instead.")
        ] = None,
    ) -> Annotated[CallToolResult, SnapshotResult]:
        """Accessibility snapshot of the page: one node a line (role "name" [states]), with [ref=eN] on every
        interactive element. Refs are stable: an element keeps its ref across snapshots. Use refs with the
        action tools and with resolve_container / inspect_pattern / extract_anchors to scope locators."""
        page = await session.page()
        whole = filename is not None
        limit = None if whole else maxChars or DEFAULT_MAX_CHARS
        snapshot = await take_snapshot(page, ref=ref, depth=depth, max_chars=limit, behind_modal=behindModal)
        title = await page.title()
        header = f"Page: {title} ({page.url})" if title else f"Page: {page.url}"
        if filename is not None:
            return snapshot_file_answer(session.config, filename, header, snapshot, page.url, title)
        truncated = snapshot.truncated
        lines = [header, snapshot.text]
        if truncated:
            lines.append(cut_notice(snapshot))
        result = SnapshotResult(
            url=page.url,
            title=title,
            snapshot=snapshot.text,
            refCount=snapshot.ref_count,
            truncated=truncated,
            cutInside=list(snapshot.cut_inside) or None,
        )
        return respond("\n".join(line for line in lines if line), result)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_click")
    async def browser_click(ref: TargetRef = None, element: Element = None) -> Annotated[CallToolResult, ActionResult]:
        """Click an element with a real mouse click at its centre, after checking it is visible, enabled and not
        covered (retried until --timeout-action). Waits for a navigation the click starts. Give the element's ref, or
        element: a description or CSS selector when you have no ref (the answer says which element it chose)."""
        page = await session.page()
        target, match = await _target(page, ref, element, "click")
        outcome = await actions.click(page, target, timeout=session.config.action_timeout)
        return _action_answer(page, "click", outcome, match=match)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_type")
    async def browser_type(
        text: Annotated[str, Field(description="Text that replaces the field's content.")],
        ref: TargetRef = None,
        element: Element = None,
        submit: Annotated[bool, Field(description="Press Enter after typing (submits most forms).")] = False,
    ) -> Annotated[CallToolResult, ActionResult]:
        """Type into a textbox, search box, textarea or contenteditable element: clicks it, replaces its
        content with the text, and presses Enter if submit is true. Give the field's ref, or element: its label,
        placeholder or a CSS selector (only fields that take text are candidates)."""
        page = await session.page()
        target, match = await _target(page, ref, element, "type")
        secret = await _is_secret(page, target) if match is not None else None
        outcome = await actions.type_into(page, target, text, submit=submit, timeout=session.config.action_timeout)
        return _action_answer(page, "type", outcome, match=match, secret=secret)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_press_key")
    async def browser_press_key(
        key: Annotated[
            str,
            Field(
                description="Key name (Enter, Tab, Escape, ArrowDown ...), a character, or a "
                "combination such as Shift+Tab or Control+a."
            ),
        ],
    ) -> Annotated[CallToolResult, ActionResult]:
        """Press a key at the element that has focus."""
        page = await session.page()
        outcome = await actions.press_key(page, key)
        return _action_answer(page, f"press {key}", outcome)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_select_option")
    async def browser_select_option(
        values: Annotated[
            list[str],
            Field(
                min_length=1,
                description="Option values or visible labels to select; one for a single-choice select.",
            ),
        ],
        ref: TargetRef = None,
        element: Element = None,
    ) -> Annotated[CallToolResult, ActionResult]:
        """Choose options of a <select> (combobox or listbox in the snapshot) by value or label, as a user
        would: input and change events fire. Waits for missing options until --timeout-action. Give the select's
        ref, or element: its label or a CSS selector (only <select> elements are candidates)."""
        page = await session.page()
        target, match = await _target(page, ref, element, "select")
        outcome, selected = await actions.select_option(page, target, values, timeout=session.config.action_timeout)
        return _action_answer(page, "select", outcome, selected, match=match)

    @server.tool(annotations=_ACTS)
    @guarded(session, "browser_hover")
    async def browser_hover(ref: TargetRef = None, element: Element = None) -> Annotated[CallToolResult, ActionResult]:
        """Move the mouse over an element (opens hover menus and tooltips), after the same checks as a click.
        Give the element's ref, or element: a description or CSS selector."""
        page = await session.page()
        target, match = await _target(page, ref, element, "hover")
        outcome = await actions.hover(page, target, timeout=session.config.action_timeout)
        return _action_answer(page, "hover", outcome, match=match)

    @server.tool(annotations=_READ_ONLY)
    @guarded(session, "wait_for_browser")
    async def wait_for_browser(
        milliseconds: Annotated[int | None, Field(ge=0, le=MAX_WAIT_MS, description="Wait this long.")] = None,
        text: Annotated[str | None, Field(min_length=1, description="Wait until this text is on the page.")] = None,
        textGone: Annotated[
            str | None, Field(min_length=1, description="Wait until this text is no longer on the page.")
        ] = None,
        timeoutMs: Annotated[
            int, Field(ge=0, le=MAX_WAIT_MS, description="Give up after this long (text waits).")
        ] = 10_000,
    ) -> Annotated[CallToolResult, WaitResult]:
        """Wait for time to pass, or for a text to appear or disappear on the current page. Give exactly one of
        milliseconds, text, textGone."""
        given = [
            name
            for name, value in (("milliseconds", milliseconds), ("text", text), ("textGone", textGone))
            if value is not None
        ]
        if len(given) != 1:
            raise UsageError(f"give exactly one of milliseconds, text, textGone (got {', '.join(given) or 'none'})")
        start = trio.current_time()
        if milliseconds is not None:
            await trio.sleep(milliseconds / 1000)
            condition = f"{milliseconds} ms"
        else:
            page = await session.page()
            wanted = text if text is not None else textGone
            assert wanted is not None
            present = text is not None
            condition = f"text {wanted!r} {'to appear' if present else 'to disappear'}"
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

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True))
    @guarded(session, "browser_close")
    async def browser_close() -> Annotated[CallToolResult, CloseResult]:
        """Close the browser and every role's pages (logins made through the tools are lost; a role with an auth
        file gets it applied again when next used). The next tool call starts a new browser."""
        closed = await session.close_browser()
        text = "Browser closed." if closed else "No browser was open."
        return respond(text, CloseResult(closed=closed))


#: Default snapshot size limit, characters.
DEFAULT_MAX_CHARS = 40_000


async def _navigation_answer(page: Page, navigation: Navigation) -> CallToolResult:
    title = await page.title()
    result = NavigateResult(
        url=page.url,
        frame=f"f{navigation.frame}" if navigation.frame else None,
        frameUrl=navigation.url if navigation.frame else None,
        title=title,
        status=navigation.status,
        statusText=navigation.status_text or None,
        loadPending=navigation.load_pending or None,
        sameDocument=navigation.same_document or None,
    )
    status = (
        f" (HTTP {' '.join(filter(None, [str(navigation.status), navigation.status_text]))})"
        if navigation.status
        else ""
    )
    if navigation.frame:
        # A frame moved (going back through an entry a frame added), not the page.
        verb = "moved within its document" if navigation.same_document else "navigated"
        text = f"Frame f{navigation.frame} {verb} to {navigation.url}{status}; the page stays at {page.url}."
    elif navigation.same_document:
        text = f"Moved to {navigation.url} in the same document (a History API or fragment change: refs stay valid)."
    else:
        text = f"Navigated to {navigation.url}{status}."
    if title:
        text += f' Title: "{title}".'
    if navigation.load_pending:
        text += " The page had not finished loading (its load event had not fired); content may still be arriving."
    return respond(text + " Next: browser_snapshot.", result)


async def _target(
    page: Page, ref: str | None, element: str | None, action: Action
) -> tuple[str, DescriptionMatch | None]:
    """The ref to act on: ``ref`` as given, or the element ``element`` describes (verdex.browser.describe)."""
    if ref is not None and element is not None:
        raise UsageError(
            "give ref or element, not both: ref is the element's ref from browser_snapshot (e12); element describes "
            "it ('Sign in') or is a CSS selector, for when you have no ref"
        )
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
    )
    if outcome.ref:
        described = (
            f'{outcome.role or outcome.tag_name} "{outcome.name}"'
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
    return respond(text + " Next: browser_snapshot to see the result.", result)
