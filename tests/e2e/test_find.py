"""browser_find, and the structural tools started from refs of non-interactive elements, judged by real Playwright.

Identity of elements across the two browsers: after load, every element of every frame is stamped with
``data-vx-i`` by the same script on each side (:mod:`tests.locator.harness`). verdex's side runs through an
in-process MCP server on the shared Chromium; the stamp of an element verdex answers with is read back from
``resolve_container``'s target attributes (a short ``data-*`` value).

- **Reach.** Every match is an element the locator of the way it matched reaches in Playwright:
  ``getByRole(role, { name })`` for ``name``, ``getByText(text)`` (with a role:
  ``getByRole(role).filter({ hasText })``) for ``text``, ``getByLabel``, ``getByPlaceholder``,
  ``getByAltText``, ``getByTitle`` for those, ``getByTestId(value)`` for a test id.
- **Completeness.** Every visible element those locators reach is a match, or (without a role) inside a
  match: the button whose text is its name stands for the span that holds the text.
- **Structure.** For each heading, cell, row, list item, named image and landmark of the snapshot, the
  locator composed from resolve_container, inspect_pattern and extract_anchors matches that element in
  Playwright.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import trio
from mcp import Client
from playwright.sync_api import Browser
from playwright.sync_api import Page as PlaywrightPage

from tests.locator.harness import STAMP as _STAMP
from tests.locator.harness import STAMP_ATTRIBUTE as _STAMP_ATTRIBUTE
from tests.locator.harness import stamp_frames
from tests.mcp_client import Tools
from tests.oracle import locate, playwright_browser
from verdex.browser.launcher import BrowserOptions
from verdex.commands.demo import scope_target
from verdex.errors import UsageError
from verdex.locator.compose import Step, render_js
from verdex.server.app import build_server
from verdex.server.config import ServerConfig
from verdex.server.session import open_session

#: These tests read a match's stamp from resolve_container's answer, which lists a target's ``data-*``
#: attributes: the stamp is one here (both sides stamp with the same script).
STAMP_ATTRIBUTE = "data-vx-i"
STAMP = _STAMP.replace(_STAMP_ATTRIBUTE, STAMP_ATTRIBUTE)

URL = Callable[[str], str]

#: (page, browser_find arguments): text and regex, with and without a role, on the fixtures.
QUERIES: list[tuple[str, dict[str, Any]]] = [
    ("find.html", {"text": "add to cart"}),
    ("find.html", {"text": "lamp"}),
    ("find.html", {"text": "Walnut Desk Lamp", "role": "listitem"}),
    ("find.html", {"text": "Walnut Desk Lamp", "role": "article"}),
    ("find.html", {"text": "jonas"}),
    ("find.html", {"text": "search"}),
    ("find.html", {"text": "EMAIL"}),
    ("find.html", {"text": "your cart"}),
    ("find.html", {"text": "product-card"}),
    ("find.html", {"regex": r"/\$1\d\d/"}),
    ("find.html", {"text": "add to cart", "role": "button"}),
    ("shop.html", {"text": "Add to Cart", "role": "button"}),
    ("shop.html", {"text": "pro"}),
    ("storefront.html", {"text": "iPhone 15 Pro"}),
    ("storefront.html", {"text": "cart"}),
]

_TARGET_ROLES = ("heading", "cell", "columnheader", "row", "listitem", "img", "region", "navigation", "search")


@dataclass
class Found:
    """verdex's answer for one query: each match's stamp, role, name, and how it matched."""

    total: int
    matches: list[dict[str, Any]] = field(default_factory=list)


@pytest.fixture(scope="module")
def judge() -> Iterator[Browser]:
    with playwright_browser() as browser:
        yield browser


async def _stamp_of(tools: Tools, ref: str) -> str:
    answer = await tools.ok("resolve_container", ref=ref)
    return str(answer.data["target"]["attributes"][STAMP_ATTRIBUTE])


async def _verdex_find(url: str, endpoint: str, arguments: dict[str, Any]) -> Found:
    config = ServerConfig(browser=BrowserOptions(cdp_endpoint=endpoint), output_schemas=True)
    async with open_session(config) as session, Client(build_server(session)) as client:
        tools = Tools(client)
        await tools.ok("browser_navigate", url=url)
        await stamp_frames(await session.page(), STAMP)
        answer = await tools.ok("browser_find", limit=200, **arguments)
        found = Found(total=answer.data["total"])
        assert answer.data["omitted"] == 0
        for match in answer.data["matches"]:
            found.matches.append({**match, "stamp": await _stamp_of(tools, match["ref"])})
        return found


def _stamps(page: PlaywrightPage, locator: Any, *, visible_only: bool = True) -> set[str]:
    script = (
        f"els => els.filter(e => {str(visible_only).lower()} ? e.checkVisibility() && e.getClientRects().length : "
        f"true).map(e => e.getAttribute('{STAMP_ATTRIBUTE}'))"
    )
    return set(locator.evaluate_all(script))


def _ancestor_stamps(page: PlaywrightPage, locator: Any) -> dict[str, list[str]]:
    """For each element the locator reaches: the stamps of its ancestors (through shadow hosts)."""
    script = f"""els => Object.fromEntries(els.map(e => {{
      const up = [];
      for (let a = e.parentElement || e.getRootNode().host; a; a = a.parentElement || a.getRootNode().host)
        up.push(a.getAttribute('{STAMP_ATTRIBUTE}'));
      return [e.getAttribute('{STAMP_ATTRIBUTE}'), up];
    }}))"""
    result: dict[str, list[str]] = locator.evaluate_all(script)
    return result


def _query(arguments: dict[str, Any]) -> str | re.Pattern[str]:
    if "regex" in arguments:
        source = arguments["regex"]
        body, _, flags = source[1:].rpartition("/")
        return re.compile(body, re.IGNORECASE if "i" in flags else 0)
    return str(arguments["text"])


@pytest.mark.parametrize(("fixture", "arguments"), QUERIES, ids=[f"{p}:{a}" for p, a in QUERIES])
def test_every_match_is_what_playwright_reaches(
    judge: Browser, fixture_url: URL, cdp_endpoint: str, fixture: str, arguments: dict[str, Any]
) -> None:
    found = trio.run(_verdex_find, fixture_url(fixture), cdp_endpoint, arguments)
    assert found.total == len(found.matches) > 0
    query = _query(arguments)
    role = arguments.get("role")
    page = judge.new_page()
    try:
        page.goto(fixture_url(fixture))
        page.evaluate(STAMP)
        by_text = (
            page.get_by_role(role).filter(has_text=query) if role else page.get_by_text(query)  # type: ignore[arg-type]
        )
        reach: dict[str, Any] = {
            "text": by_text,
            "label": page.get_by_label(query),
            "placeholder": page.get_by_placeholder(query),
            "alt": page.get_by_alt_text(query),
            "title": page.get_by_title(query),
        }
        if role:  # only elements of the role
            reach = {kind: locator.and_(page.get_by_role(role)) for kind, locator in reach.items()}
        stamps = {match["stamp"] for match in found.matches}
        for match in found.matches:
            for kind in match["matchedBy"]:
                if kind == "name":
                    locator = page.get_by_role(match["role"], name=query)
                elif kind == "testId":
                    locator = page.get_by_test_id(match["attribute"]["value"])
                else:
                    locator = reach[kind]
                assert match["stamp"] in _stamps(page, locator, visible_only=False), (kind, match)
        # Completeness: what the locators reach (visible) is a match or inside one (without a role).
        expected = _stamps(page, by_text)
        for kind in ("label", "placeholder", "alt", "title"):
            expected |= _stamps(page, reach[kind])
        if role:
            expected |= _stamps(page, page.get_by_role(role, name=query))
        ancestors = _ancestor_stamps(page, by_text)
        missing = [s for s in expected if s not in stamps and not (set(ancestors.get(s, [])) & stamps)]
        assert not missing, missing
    finally:
        page.close()


async def _structural_locators(url: str, endpoint: str) -> list[tuple[str, str, list[Step], str]]:
    """(ref, snapshot line, composed steps, target stamp) for every non-interactive target of the page."""
    config = ServerConfig(browser=BrowserOptions(cdp_endpoint=endpoint), output_schemas=True)
    async with open_session(config) as session, Client(build_server(session)) as client:
        tools = Tools(client)
        await tools.ok("browser_navigate", url=url)
        await stamp_frames(await session.page(), STAMP)
        snapshot = (await tools.ok("browser_snapshot")).data["snapshot"]
        targets = []
        for line in snapshot.splitlines():
            found = re.match(r"^\s*- (\w+)\b.*\[ref=(e\d+)\]", line)
            if found and found.group(1) in _TARGET_ROLES:
                targets.append((found.group(2), line.strip()))

        async def call(tool: str, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
            answer = await tools.ok(tool, **arguments)
            return answer.text, answer.data

        result = []
        for ref, line in targets:
            try:
                steps = list((await scope_target(call, ref)).composition.steps)
            except UsageError:  # no repeating container below <body> to scope by: its role and name
                target = (await tools.ok("resolve_container", ref=ref)).data["target"]
                options = (("name", target["name"]),) if target.get("name") else ()
                steps = [Step("getByRole", target["role"], options)]
            result.append((ref, line, steps, await _stamp_of(tools, ref)))
        return result


@pytest.mark.parametrize("fixture", ["find.html", "shop.html", "storefront.html"])
def test_structural_answers_from_non_interactive_refs_locate_them(
    judge: Browser, fixture_url: URL, cdp_endpoint: str, fixture: str
) -> None:
    walks = trio.run(_structural_locators, fixture_url(fixture), cdp_endpoint)
    assert len(walks) >= 10
    page = judge.new_page()
    try:
        page.goto(fixture_url(fixture))
        page.evaluate(STAMP)
        wrong = []
        for ref, line, steps, stamp in walks:
            stamps = locate(page, steps).evaluate_all(f"els => els.map(e => e.getAttribute('{STAMP_ATTRIBUTE}'))")
            if stamp not in stamps:
                wrong.append(f"{ref} {line}: {render_js(steps)} matches {stamps}")
        assert not wrong, "\n".join(wrong)
    finally:
        page.close()
