"""Tool answers quoted in the skill are produced by the current tools, from fixtures.

A quoted answer in ``skills/**/*.md`` is a block::

    <!-- example page="shop.html" call="resolve_container(ref='e7')" -->
    ```json
    ...the tool's text answer...
    ```
    <!-- /example -->

Attributes: ``page`` (a page of ``fixtures/pages``: the block's session navigates there and takes a
snapshot first, which numbers the refs), ``before`` (calls made first, separated by ``;``),
``call`` (the call whose answer is quoted), ``lines`` (``a-b``: quote only those lines, 1-based),
``serve`` (extra ``verdex serve`` arguments for the session, e.g. roles), ``error="yes"`` (the
quoted answer is a tool error; otherwise an error fails the example). Fixture URLs are shown
as ``http://localhost:3000/``.

``python -m tests.skills.examples`` rewrites every block from live answers; the test
``test_skill_examples_are_current`` fails when a block differs from what the tools answer now.
"""

from __future__ import annotations

import ast
import html
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trio
from mcp import Client
from mcp_types import TextContent

from tests.support import ROOT, fixture_server, shared_chromium
from verdex.browser.launcher import BrowserOptions
from verdex.cli import _config, _parser
from verdex.server.app import build_server
from verdex.server.config import ServerConfig
from verdex.server.session import open_session

SKILLS = ROOT / "skills"
SHOWN_BASE = "http://localhost:3000/"

BLOCK = re.compile(
    r"<!-- example (?P<attrs>[^\n]*?) -->\n```(?P<lang>[a-z]*)\n(?P<body>.*?)```\n<!-- /example -->", re.DOTALL
)
_ATTR = re.compile(r'(\w+)="([^"]*)"')


@dataclass(frozen=True)
class Example:
    file: Path
    start: int
    end: int
    attrs: dict[str, str]
    lang: str
    body: str


def find_examples() -> list[Example]:
    found = []
    for path in sorted(SKILLS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            attrs = {key: html.unescape(value) for key, value in _ATTR.findall(match.group("attrs"))}
            found.append(Example(path, match.start(), match.end(), attrs, match.group("lang"), match.group("body")))
    return found


def parse_call(text: str) -> tuple[str, dict[str, Any]]:
    """``resolve_container(ref='e7')`` -> ``("resolve_container", {"ref": "e7"})`` (literals only)."""
    node = ast.parse(text.strip(), mode="eval").body
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
        raise ValueError(f"an example call is name(keyword=literal, ...): {text!r}")
    return node.func.id, {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg}


async def answer(example: Example, base: str, endpoint: str) -> str:
    """The text the block should hold now."""
    config = _session_config(example.attrs.get("serve", ""), endpoint)
    async with open_session(config) as session, Client(build_server(session)) as client:

        async def call(text: str) -> str:
            name, arguments = parse_call(text.replace(SHOWN_BASE, base))
            result = await client.call_tool(name, arguments)
            shown = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
            if result.is_error and example.attrs.get("error") != "yes":
                raise AssertionError(f"{example.file.name}: {text} failed: {shown}")
            return shown.replace(base, SHOWN_BASE)

        if "page" in example.attrs:
            await call(f"browser_navigate(url='{SHOWN_BASE}{example.attrs['page']}')")
            await call("browser_snapshot()")
        for before in filter(None, (part.strip() for part in example.attrs.get("before", "").split(";"))):
            await call(before)
        text = await call(example.attrs["call"])
    if "lines" in example.attrs:
        first, _, last = example.attrs["lines"].partition("-")
        text = "\n".join(text.splitlines()[int(first) - 1 : int(last)])
    return text + "\n"


def _session_config(serve: str, endpoint: str) -> ServerConfig:
    args = _parser().parse_args(["serve", *shlex.split(serve.replace("{fixtures}", str(ROOT / "fixtures")))])
    config = _config(args, _parser())
    return ServerConfig(
        browser=BrowserOptions(cdp_endpoint=endpoint),
        roles=config.roles,
        test_id_attribute=config.test_id_attribute,
        action_timeout=config.action_timeout,
        navigation_timeout=config.navigation_timeout,
    )


async def regenerate(base: str, endpoint: str) -> int:
    """Rewrite every block from live answers; returns how many changed."""
    changed = 0
    by_file: dict[Path, list[Example]] = {}
    for example in find_examples():
        by_file.setdefault(example.file, []).append(example)
    for path, examples in by_file.items():
        text = path.read_text(encoding="utf-8")
        for example in reversed(examples):
            body = await answer(example, base, endpoint)
            if body != example.body:
                changed += 1
                head = text[example.start : example.end].split("\n", 2)
                block = f"{head[0]}\n{head[1]}\n{body}```\n<!-- /example -->"
                text = text[: example.start] + block + text[example.end :]
        path.write_text(text, encoding="utf-8")
    return changed


def main() -> None:
    with fixture_server() as base, shared_chromium() as endpoint:
        changed = trio.run(regenerate, base, endpoint)
    print(f"{changed} example(s) rewritten", file=sys.stderr)


if __name__ == "__main__":
    main()
