"""Tool answers quoted in the skill are produced by the current tools, from fixtures.

A quoted answer in ``skills/**/*.md`` is a block::

    <!-- example page="shop.html" call="resolve_container(ref='e7')" -->
    ```json
    ...the tool's text answer...
    ```
    <!-- /example -->

Attributes:

- ``call``: the call whose answer is quoted (``name(keyword=literal, ...)``).
- ``page``: a page of ``fixtures/pages``: the block navigates there and takes a snapshot first
  (which numbers the refs), before anything else.
- ``before``: calls made first, after ``page``, separated by ``;``.
- ``lines``: ``a-b``: quote only those lines of the answer (1-based, inclusive).
- ``error="yes"``: the quoted answer is a tool error (otherwise an error fails the example).
- ``serve``: extra ``verdex serve`` arguments (e.g. ``--role``), split like a shell would.
- ``app="marketplace"``: the block's site is a fresh ``fixtures/marketplace`` app instead of
  ``fixtures/pages``; its storageState files are ``playwright/.auth/{admin,provider,customer}.json``
  relative to the server's working directory (a fresh temporary folder).
- ``session``: blocks of one file with the same session share one server and one browser, and
  run in the order of the file, each continuing where the previous one left off (a story: log in,
  then list a product, then approve it). The first block of a session gives ``serve`` and ``app``.
  A block without ``session`` starts from a fresh browser.

Every block is answered by a real ``verdex serve`` over stdio, driven by the MCP SDK's client on a
shared Chromium. The site's URL is shown as ``http://localhost:3000`` (in calls, ``serve`` and
answers alike), the server's working directory as ``/app``.

``make skills-examples`` (``python -m tests.skills.examples``) rewrites every block from live answers;
``tests/skills/test_skills.py::test_skill_examples_are_current`` fails with a diff when a block
differs from what the tools answer now.
"""

from __future__ import annotations

import ast
import difflib
import html
import re
import shlex
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio
from mcp import Client

from tests.mcp_client import Tools, serve_parameters
from tests.support import ROOT, fixture_server, marketplace_server, shared_chromium

SKILLS = ROOT / "skills"
SHOWN_ORIGIN = "http://localhost:3000"
#: How the server's working directory (a fresh temporary folder) is shown in answers.
SHOWN_CWD = "/app"
#: Where the marketplace's storageState files are, relative to the server's working directory.
AUTH_DIR = Path("playwright/.auth")

BLOCK = re.compile(
    r"<!-- example (?P<attrs>[^\n]*?) -->\n```(?P<lang>[a-z]*)\n(?P<body>.*?)```\n<!-- /example -->", re.DOTALL
)
FENCE = re.compile(r"^```(?P<lang>[a-z]*)\n(?P<body>.*?)^```$", re.DOTALL | re.MULTILINE)
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_ATTRIBUTES = {"call", "page", "before", "lines", "error", "serve", "app", "session"}


@dataclass(frozen=True)
class Example:
    """One quoted answer: where it is in its file, its attributes, and the text it quotes now."""

    file: Path
    start: int
    end: int
    attrs: dict[str, str]
    lang: str
    body: str

    @property
    def where(self) -> str:
        line = self.file.read_text(encoding="utf-8")[: self.start].count("\n") + 1
        return f"{shown_path(self.file)}:{line}"


@dataclass
class Run:
    """Examples answered by one browser, in order: a session, or one block on its own."""

    examples: list[Example] = field(default_factory=list)

    @property
    def serve(self) -> str:
        return self.examples[0].attrs.get("serve", "")

    @property
    def app(self) -> str | None:
        return self.examples[0].attrs.get("app")


def shown_path(path: Path) -> str:
    """``path`` relative to the repository when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def skill_files() -> list[Path]:
    """Every Markdown file of the skills, sorted."""
    return sorted(SKILLS.rglob("*.md"))


def find_examples(path: Path) -> list[Example]:
    """The example blocks of one file, in order.

    Raises:
        ValueError: a block has an unknown attribute or no ``call``.
    """
    text = path.read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        attrs = {key: html.unescape(value) for key, value in _ATTR.findall(match.group("attrs"))}
        example = Example(path, match.start(), match.end(), attrs, match.group("lang"), match.group("body"))
        unknown = set(attrs) - _ATTRIBUTES
        if unknown or "call" not in attrs:
            raise ValueError(f"{example.where}: attributes {sorted(attrs)}; known: {sorted(_ATTRIBUTES)}, call needed")
        found.append(example)
    return found


def unmarked_answers(path: Path) -> list[str]:
    """Fenced blocks of ``path`` that look like tool answers but are not example blocks.

    A tool answer is a ``text`` or ``json`` block, or any block with a snapshot ref (``[ref=e3]``)
    or a line that starts a JSON object; code (``ts``, ``python``, ``sh``) has neither.
    """
    text = path.read_text(encoding="utf-8")
    marked = [(m.start(), m.end()) for m in BLOCK.finditer(text)]
    found = []
    for fence in FENCE.finditer(text):
        looks_like_answer = fence.group("lang") in ("text", "json") or re.search(
            r"\[ref=[a-z0-9_]+\]|^\{\"", fence.group("body"), re.MULTILINE
        )
        if looks_like_answer and not any(start <= fence.start() < end for start, end in marked):
            line = text[: fence.start()].count("\n") + 1
            found.append(f"{shown_path(path)}:{line}: {fence.group('body').splitlines()[0][:80]}")
    return found


def runs(examples: list[Example]) -> list[Run]:
    """Group one file's examples into runs: one per session, one per block without a session."""
    sessions: dict[str, Run] = {}
    grouped: list[Run] = []
    for example in examples:
        name = example.attrs.get("session")
        if name is None:
            grouped.append(Run([example]))
        elif name in sessions:
            sessions[name].examples.append(example)
        else:
            sessions[name] = Run([example])
            grouped.append(sessions[name])
    return grouped


def parse_call(text: str) -> tuple[str, dict[str, Any]]:
    """``resolve_container(ref='e7')`` -> ``("resolve_container", {"ref": "e7"})`` (literals only)."""
    node = ast.parse(text.strip(), mode="eval").body
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
        raise ValueError(f"an example call is name(keyword=literal, ...): {text!r}")
    return node.func.id, {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg}


@dataclass(frozen=True)
class Sites:
    """Where the examples' sites are: the fixture pages' origin, and the shared Chromium."""

    pages_origin: str
    endpoint: str


@dataclass(frozen=True)
class Server:
    """A connected ``verdex serve`` and what its answers show instead of the site's origin and its folder."""

    tools: Tools
    origin: str
    cwd: Path

    def shown(self, text: str) -> str:
        """``text`` with the site's origin as ``SHOWN_ORIGIN`` and the working directory as ``SHOWN_CWD``."""
        return text.replace(self.origin, SHOWN_ORIGIN).replace(f"{self.cwd}/", f"{SHOWN_CWD}/")


def _work_dir(stack: ExitStack) -> Path:
    """A fresh temporary folder, deleted when ``stack`` closes (resolved: the server reports resolved paths)."""
    return Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="verdex-skill-example-"))).resolve()


@asynccontextmanager
async def _server(run: Run, sites: Sites) -> AsyncIterator[Server]:
    """A ``verdex serve`` over stdio for one run, in a fresh working directory (and a fresh app)."""
    with ExitStack() as stack:
        cwd = _work_dir(stack)
        origin = sites.pages_origin
        if run.app == "marketplace":
            origin = stack.enter_context(marketplace_server(cwd / AUTH_DIR, host="localhost")).origin
        elif run.app is not None:
            raise ValueError(f"{run.examples[0].where}: app={run.app!r}; the one app is 'marketplace'")
        serve = shlex.split(run.serve.replace(SHOWN_ORIGIN, origin))
        parameters = serve_parameters("--cdp-endpoint", sites.endpoint, "--timeout-action", "2000", *serve)
        parameters.cwd = cwd
        async with Client(parameters) as client:
            yield Server(Tools(client), origin, cwd)


async def _answer(server: Server, example: Example) -> str:
    """Make the example's calls on a connected server; returns the text its block should hold."""

    async def call(text: str, quoted: bool = False) -> str:
        name, arguments = parse_call(text.replace(SHOWN_ORIGIN, server.origin))
        answer = await server.tools.call(name, **arguments)
        if answer.is_error != (quoted and example.attrs.get("error") == "yes"):
            expected = "an error" if answer.is_error is False else "a success"
            raise AssertionError(f"{example.where}: {text} gave {answer.text!r}, the block quotes {expected}")
        return server.shown(answer.text)

    if "page" in example.attrs:
        await call(f"browser_navigate(url='{SHOWN_ORIGIN}/{example.attrs['page']}')")
        await call("browser_snapshot()")
    for before in filter(None, (part.strip() for part in example.attrs.get("before", "").split(";"))):
        await call(before)
    text = await call(example.attrs["call"], quoted=True)
    if "lines" in example.attrs:
        first, _, last = example.attrs["lines"].partition("-")
        text = "\n".join(text.splitlines()[int(first) - 1 : int(last)])
    return text + "\n"


async def answers(path: Path, sites: Sites) -> dict[int, str]:
    """What every block of ``path`` should hold now, by the block's start offset.

    Each run gets a server of its own (a fresh browser, refs from ``e1``: a server never gives a ref
    number out twice, browser_close included).
    """
    found: dict[int, str] = {}
    for run in runs(find_examples(path)):
        async with _server(run, sites) as server:
            for example in run.examples:
                found[example.start] = await _answer(server, example)
    return found


def rewritten(path: Path, current: dict[int, str]) -> str:
    """The text of ``path`` with every block's body replaced by its current answer."""
    text = path.read_text(encoding="utf-8")
    for example in reversed(find_examples(path)):
        head = text[example.start : example.end].split("\n", 2)
        block = f"{head[0]}\n{head[1]}\n{current[example.start]}```\n<!-- /example -->"
        text = text[: example.start] + block + text[example.end :]
    return text


def diff(path: Path, new_text: str) -> str:
    """A unified diff from the file as it is to ``new_text`` (empty when equal)."""
    name = shown_path(path)
    old = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(difflib.unified_diff(old, new_text.splitlines(keepends=True), name, f"{name} (tools now)"))


@asynccontextmanager
async def _sites_for_cli() -> AsyncIterator[Sites]:
    with ExitStack() as stack:
        base = stack.enter_context(fixture_server())
        endpoint = stack.enter_context(shared_chromium())
        yield Sites(base.rstrip("/"), endpoint)


def _files_with_examples() -> Iterator[Path]:
    return (path for path in skill_files() if find_examples(path))


async def regenerate() -> int:
    """Rewrite every block of every skill file from live answers; returns how many files changed."""
    changed = 0
    async with _sites_for_cli() as sites:
        for path in _files_with_examples():
            with trio.fail_after(300):
                new_text = rewritten(path, await answers(path, sites))
            patch = diff(path, new_text)
            if patch:
                print(patch, end="")
                path.write_text(new_text, encoding="utf-8")
                changed += 1
    for path in skill_files():
        for problem in unmarked_answers(path):
            print(f"not an example block (its text is not checked against the tools): {problem}", file=sys.stderr)
    return changed


def main() -> None:
    changed = trio.run(regenerate)
    print(f"{changed} file(s) rewritten", file=sys.stderr)


if __name__ == "__main__":
    main()
