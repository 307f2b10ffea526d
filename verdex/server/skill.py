"""The skill's source, and the skill served over MCP as resources and prompts.

The source is ``skills/verdex-playwright/`` in the repository (``verdex/_skills`` in a wheel, see
pyproject.toml): ``SKILL.md`` (a frontmatter with ``name`` and ``description``, then the body)
and ``guides/*.md``. ``verdex skills install`` copies it for Claude Code and Cursor
(:mod:`verdex.commands.skills`); a client that reads MCP resources and prompts gets it from the
server instead (MCP spec, "Server Features: Resources" and "Prompts"):

- resources ``verdex://skill/SKILL.md`` and ``verdex://skill/guides/<name>.md`` (``text/markdown``),
  listed by name and description only, read when the model or the user asks for one;
- prompt ``verdex-skill``: the skill's body as a user message (the workflow, for a client without
  the installed skill);
- prompt ``write-locator`` (``url``, ``target``): the task of finding a stable locator for one
  element, with the skill's body in front.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from pydantic import Field

from verdex.errors import UsageError

logger = logging.getLogger(__name__)

__all__ = ["SKILL_NAME", "SKILL_URI", "Skill", "load_skill", "register_skill", "skill_root"]

SKILL_NAME = "verdex-playwright"
#: The resource URI of SKILL.md; a guide is ``verdex://skill/guides/<file>``.
SKILL_URI = "verdex://skill/SKILL.md"

_FRONTMATTER = re.compile(r"\A---\n(?P<head>.*?)\n---\n(?P<body>.*)\Z", re.DOTALL)
_HEADING = re.compile(r"^#\s+(.+)$", re.MULTILINE)


@dataclass(frozen=True)
class Skill:
    """A loaded skill.

    Attributes:
        root: the skill's folder.
        name, description: the frontmatter (the metadata layer).
        body: SKILL.md after the frontmatter (the instructions layer).
        guides: guide file name (``selector-writing.md``) -> text (the guides layer).
    """

    root: Path
    name: str
    description: str
    body: str
    guides: dict[str, str]

    @property
    def metadata(self) -> str:
        """The text an assistant always loads: the frontmatter's two fields."""
        return f"name: {self.name}\ndescription: {self.description}"


def skill_root() -> Path:
    """The skill's folder: the repository's ``skills/`` (a clone or an editable install), else the wheel's copy.

    Raises:
        UsageError: neither exists.
    """
    in_repository = Path(__file__).resolve().parents[2] / "skills" / SKILL_NAME
    if (in_repository / "SKILL.md").is_file():
        return in_repository
    packaged = Path(str(resources.files("verdex"))) / "_skills" / SKILL_NAME
    if (packaged / "SKILL.md").is_file():
        return packaged
    raise UsageError(f"the {SKILL_NAME} skill files are not installed with this copy of verdex")


def load_skill(root: Path | None = None) -> Skill:
    """Read SKILL.md and its guides.

    Raises:
        UsageError: SKILL.md lacks the ``---`` frontmatter with exactly ``name`` and ``description``.
    """
    root = root or skill_root()
    text = (root / "SKILL.md").read_text(encoding="utf-8")
    match = _FRONTMATTER.match(text)
    if match is None:
        raise UsageError(f"{root / 'SKILL.md'} does not start with a --- frontmatter block")
    fields: dict[str, str] = {}
    for line in match.group("head").splitlines():
        key, sep, value = line.partition(":")
        if not sep or key.strip() not in ("name", "description"):
            raise UsageError(
                f"{root / 'SKILL.md'}: frontmatter lines are 'name: ...' and 'description: ...', got {line!r}"
            )
        fields[key.strip()] = value.strip()
    if set(fields) != {"name", "description"}:
        raise UsageError(f"{root / 'SKILL.md'}: frontmatter needs both name and description")
    guides = {path.name: path.read_text(encoding="utf-8") for path in sorted((root / "guides").glob("*.md"))}
    return Skill(root, fields["name"], fields["description"], match.group("body"), guides)


def register_skill(server: MCPServer, skill: Skill | None = None) -> None:
    """Serve the skill as resources and prompts (see the module docstring); without the skill's files (a broken
    install) the server serves none, and the log says why."""
    if skill is None:
        try:
            skill = load_skill()
        except UsageError as exc:
            logger.warning("serving no skill resources or prompts: %s", exc)
            return
    body = skill.body

    def skill_text() -> str:
        return body

    server.resource(SKILL_URI, name="SKILL.md", description=skill.description, mime_type="text/markdown")(skill_text)
    for file_name, text in skill.guides.items():
        heading = _HEADING.search(text)
        server.resource(
            f"verdex://skill/guides/{file_name}",
            name=f"guides/{file_name}",
            description=heading.group(1).strip() if heading else file_name,
            mime_type="text/markdown",
        )(_constant(text))

    @server.prompt(name="verdex-skill", description="The verdex workflow for writing stable Playwright locators.")
    def verdex_skill() -> str:
        return body

    @server.prompt(
        name="write-locator",
        description="Find a stable, verified Playwright locator for one element of a page.",
    )
    def write_locator(
        url: Annotated[str, Field(description="The page, such as http://localhost:3000/products.")],
        target: Annotated[
            str, Field(description="The element in words, such as 'the Add to Cart button of iPhone 15'.")
        ],
    ) -> str:
        return (
            f"{body}\n\n---\n\nOn {url}, find a stable Playwright locator for {target}. Follow the workflow above: "
            "browser_navigate, browser_find (or browser_snapshot) for the ref, then the structural tools or "
            "suggest_locator, and check the locator with verify_locator before you write it into a test."
        )


def _constant(text: str) -> Callable[[], str]:
    def read() -> str:
        return text

    return read
