"""The skill: the knowledge layer, installed for Claude Code and Cursor from one source.

The source is ``skills/verdex-playwright/`` in the repository (packaged as ``verdex/_skills`` in a
wheel, see pyproject.toml): ``SKILL.md`` with a frontmatter ``name`` and ``description`` (the
metadata layer, always loaded by the assistant, at most 120 tokens), its body (the instructions
layer, loaded when the skill triggers, at most 5,000 tokens) and ``guides/*.md`` (loaded as
needed, at most 15,000 tokens each): cl100k tokens, measured by tests/skills and ``make bench``.

- Claude Code: the files are copied to ``DIR/.claude/skills/verdex-playwright/``.
- Cursor: rules are generated into ``DIR/.cursor/rules/`` (``.mdc``: a frontmatter with
  ``description``, ``globs`` and ``alwaysApply``, then Markdown): the skill body as an
  agent-requested rule whose description is the skill's, and one agent-requested rule per guide.
  Links between the files become plain links to the generated rule files, relative to DIR (the
  project root), not ``@`` references: Cursor adds a file named with ``@`` in a rule to the context
  whenever that rule applies, which would load every guide with the skill's rule and undo the
  layering. A guide's rule comes in when the agent asks for it by its description, or when the
  model follows the link. Nothing is kept twice in the repository: the
  ``.mdc`` files exist only where they are installed.

Installing writes only the skill's own files and never deletes anything. A file already there
with other content (edited by the user, or from another verdex version) is not overwritten unless
``force`` is given: the install then writes nothing and says which files differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from verdex.errors import UsageError
from verdex.server.skill import SKILL_NAME, Skill, load_skill, skill_root

__all__ = [
    "BODY_BUDGET",
    "GUIDE_BUDGET",
    "METADATA_BUDGET",
    "SKILL_NAME",
    "Installed",
    "Layer",
    "Skill",
    "claude_files",
    "cursor_rules",
    "install_claude",
    "install_cursor",
    "layers",
    "load_skill",
    "skill_root",
]

#: Token budgets (cl100k) of the three layers of progressive disclosure.
METADATA_BUDGET = 120
BODY_BUDGET = 5_000
GUIDE_BUDGET = 15_000

#: Where the Cursor rules go, relative to the project root.
CURSOR_RULES = Path(".cursor/rules")

_GUIDE_LINK = re.compile(r"\]\((?:guides/)?(?P<file>[a-z0-9-]+)\.md\)")
_SKILL_LINK = re.compile(r"\]\(\.\./SKILL\.md\)")


@dataclass(frozen=True)
class Layer:
    """One layer of the skill and its token budget (cl100k tokens)."""

    label: str
    text: str
    budget: int


@dataclass(frozen=True)
class Installed:
    """One file an install wrote or found up to date.

    Attributes:
        path: the file.
        status: ``created`` (it was not there), ``updated`` (other content, overwritten with
            ``force``) or ``unchanged`` (it already had this content).
    """

    path: Path
    status: Literal["created", "updated", "unchanged"]


def layers(skill: Skill | None = None) -> list[Layer]:
    """The skill's layers with their budgets: metadata, SKILL.md's body, then each guide."""
    skill = skill or load_skill()
    found = [
        Layer("metadata (name + description)", skill.metadata, METADATA_BUDGET),
        Layer("SKILL.md body", skill.body, BODY_BUDGET),
    ]
    found += [Layer(f"guides/{name}", text, GUIDE_BUDGET) for name, text in skill.guides.items()]
    return found


def claude_files(skill: Skill | None = None) -> dict[str, str]:
    """The files of the Claude Code skill: path relative to its folder -> text (copies of the source)."""
    skill = skill or load_skill()
    files = {"SKILL.md": (skill.root / "SKILL.md").read_text(encoding="utf-8")}
    files.update({f"guides/{name}": text for name, text in skill.guides.items()})
    return files


def cursor_rules(skill: Skill | None = None) -> dict[str, str]:
    """The Cursor rules generated from the skill: file name -> ``.mdc`` text."""
    skill = skill or load_skill()
    rules = {f"{skill.name}.mdc": _mdc(skill.description, _cursor_links(skill.body, skill.name))}
    for name, text in skill.guides.items():
        stem = name.removesuffix(".md")
        title = next((line.removeprefix("# ").strip() for line in text.splitlines() if line.startswith("# ")), stem)
        description = (
            f"{title} with the verdex browser tools, a guide of the {skill.name} rule. "
            "Read it when that rule points here."
        )
        rules[f"{skill.name}-{stem}.mdc"] = _mdc(description, _cursor_links(text, skill.name))
    return rules


def install_claude(destination: Path, skill: Skill | None = None, *, force: bool = False) -> list[Installed]:
    """Write the skill to ``destination/.claude/skills/<name>/``.

    Returns:
        every file of the skill with what the install did to it, SKILL.md first.

    Raises:
        UsageError: a file there has other content and ``force`` is false (nothing is written).
    """
    skill = skill or load_skill()
    target = destination / ".claude" / "skills" / skill.name
    return _install(target, claude_files(skill), force)


def install_cursor(destination: Path, skill: Skill | None = None, *, force: bool = False) -> list[Installed]:
    """Write the generated rules to ``destination/.cursor/rules/``.

    Returns:
        every rule file with what the install did to it, the skill's rule first.

    Raises:
        UsageError: a file there has other content and ``force`` is false (nothing is written).
    """
    return _install(destination / CURSOR_RULES, cursor_rules(skill), force)


def _install(target: Path, files: dict[str, str], force: bool) -> list[Installed]:
    existing = {name: path.read_text(encoding="utf-8") for name in files if (path := target / name).is_file()}
    differ = [name for name, text in existing.items() if text != files[name]]
    if differ and not force:
        raise UsageError(
            f"{len(differ)} file(s) in {target} differ from what this verdex installs (edited since, or from "
            f"another verdex version): {', '.join(differ)}. Nothing was written; run again with --force to "
            "overwrite them."
        )
    installed = []
    for name, text in files.items():
        path = target / name
        if name not in existing:
            status: Literal["created", "updated", "unchanged"] = "created"
        else:
            status = "unchanged" if existing[name] == text else "updated"
        if status != "unchanged":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        installed.append(Installed(path, status))
    return installed


def _mdc(description: str, body: str) -> str:
    if ": " in description or "\n" in description:
        raise ValueError(f"a rule description must be one line without ': ' (YAML): {description!r}")
    return f"---\ndescription: {description}\nglobs:\nalwaysApply: false\n---\n{body.lstrip()}"


def _cursor_links(text: str, name: str) -> str:
    rules = CURSOR_RULES.as_posix()
    text = _GUIDE_LINK.sub(lambda m: f"]({rules}/{name}-{m.group('file')}.mdc)", text)
    return _SKILL_LINK.sub(f"]({rules}/{name}.mdc)", text)
