"""The skill: the knowledge layer, installed for Claude Code and Cursor from one source.

The source is ``skills/verdex-playwright/`` in the repository (packaged as ``verdex/_skills`` in a
wheel): ``SKILL.md`` with a frontmatter ``name`` and ``description`` (the metadata layer, always
loaded by the assistant, about 100 tokens), its body (the instructions layer, loaded when the
skill triggers, at most 5,000 tokens) and ``guides/*.md`` (loaded as needed, at most 15,000 each).

- Claude Code: the folder is copied to ``DIR/.claude/skills/verdex-playwright/``.
- Cursor: rules are generated (``DIR/.cursor/rules/verdex-*.mdc``): the skill body as an
  agent-requested rule whose ``description`` is the skill's, and one rule per guide; links between
  the files become ``@`` references to the generated rule files. Nothing is kept twice in the
  repository: the ``.mdc`` files exist only where they are installed.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from verdex.errors import UsageError

__all__ = ["SKILL_NAME", "Skill", "cursor_rules", "install_claude", "install_cursor", "load_skill", "skill_root"]

SKILL_NAME = "verdex-playwright"

_FRONTMATTER = re.compile(r"\A---\n(?P<head>.*?)\n---\n(?P<body>.*)\Z", re.DOTALL)
_GUIDE_LINK = re.compile(r"\]\((?:guides/)?(?P<file>[a-z0-9-]+)\.md\)")
_SKILL_LINK = re.compile(r"\]\(\.\./SKILL\.md\)")


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
    in_repository = Path(__file__).resolve().parents[1] / "skills" / SKILL_NAME
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


def install_claude(destination: Path, skill: Skill | None = None) -> list[Path]:
    """Copy the skill to ``destination/.claude/skills/<name>/``; returns the files written."""
    skill = skill or load_skill()
    target = destination / ".claude" / "skills" / skill.name
    if target.exists():
        shutil.rmtree(target)
    (target / "guides").mkdir(parents=True)
    written = [target / "SKILL.md"]
    shutil.copyfile(skill.root / "SKILL.md", written[0])
    for name in skill.guides:
        shutil.copyfile(skill.root / "guides" / name, target / "guides" / name)
        written.append(target / "guides" / name)
    return written


def cursor_rules(skill: Skill | None = None) -> dict[str, str]:
    """The Cursor rules generated from the skill: file name -> ``.mdc`` text."""
    skill = skill or load_skill()
    rules = {f"{skill.name}.mdc": _mdc(skill.description, _cursor_links(skill.body, skill.name))}
    for name, text in skill.guides.items():
        stem = name.removesuffix(".md")
        title = next((line.removeprefix("# ").strip() for line in text.splitlines() if line.startswith("# ")), stem)
        description = f"verdex guide: {title}. Read when the {skill.name} rule points here."
        rules[f"{skill.name}-{stem}.mdc"] = _mdc(description, _cursor_links(text, skill.name))
    return rules


def install_cursor(destination: Path, skill: Skill | None = None) -> list[Path]:
    """Write the generated rules to ``destination/.cursor/rules/``; returns the files written."""
    target = destination / ".cursor" / "rules"
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in cursor_rules(skill).items():
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _mdc(description: str, body: str) -> str:
    return f"---\ndescription: {description}\nglobs:\nalwaysApply: false\n---\n{body.lstrip()}"


def _cursor_links(text: str, name: str) -> str:
    text = _GUIDE_LINK.sub(lambda m: f"](@{name}-{m.group('file')}.mdc)", text)
    return _SKILL_LINK.sub(f"](@{name}.mdc)", text)
