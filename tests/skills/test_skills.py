"""The skill: token budgets, links, quoted answers that match the tools, Cursor rules, installs, the wheel.

The examples test drives a real ``verdex serve`` over stdio per skill file (``tests/skills/examples.py``);
installs run the real ``verdex skills install`` command into temporary folders.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import trio
import yaml

from benchmarks.skills import measure_skills, skills_table
from tests.skills.examples import (
    ROOT,
    Sites,
    answers,
    diff,
    find_examples,
    rewritten,
    skill_files,
    unmarked_answers,
)
from verdex.commands.skills import SKILL_NAME, claude_files, cursor_rules, load_skill

SKILL_ROOT = ROOT / "skills" / SKILL_NAME
GUIDES = [
    "debugging-selectors.md",
    "multi-role.md",
    "playwright-patterns.md",
    "selector-writing.md",
    "workflow-discovery.md",
]
#: Markdown links: [text](target).
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
#: Links to generated rules, relative to the project root (plain links: an ``@`` reference would make Cursor load
#: the guide whenever the rule applies).
RULE_LINK = re.compile(r"\]\((\.cursor/rules/[A-Za-z0-9_.-]+)\)")


def run_cli(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "verdex", *args], capture_output=True, text=True, timeout=60, cwd=cwd, env=env
    )


def tree(root: Path) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


# -- budgets, frontmatter, links ------------------------------------------------------------------


def test_token_budgets() -> None:
    measured = measure_skills()
    print("\n" + skills_table(measured))
    assert [row["layer"] for row in measured["layers"]] == [
        "metadata (name + description)",
        "SKILL.md body",
        *(f"guides/{name}" for name in GUIDES),
    ]
    budgets = {row["layer"]: row["budget"] for row in measured["layers"]}
    assert budgets["metadata (name + description)"] == 120
    assert budgets["SKILL.md body"] == 5_000
    assert {budgets[f"guides/{name}"] for name in GUIDES} == {15_000}
    over = [row for row in measured["layers"] if row["tokens"] > row["budget"]]
    assert over == [], f"over budget: {over}"


def test_frontmatter_is_the_metadata_claude_code_reads() -> None:
    text = (SKILL_ROOT / "SKILL.md").read_text(encoding="utf-8")
    head = text.split("\n---\n", 1)[0].removeprefix("---\n")
    skill = load_skill()
    assert yaml.safe_load(head) == {"name": SKILL_NAME, "description": skill.description}
    # Claude Code: the name is lowercase letters, digits and hyphens (at most 64), the description at most 1,024.
    assert re.fullmatch(r"[a-z0-9-]{1,64}", skill.name)
    assert len(skill.description) <= 1024
    assert sorted(skill.guides) == GUIDES


def test_every_relative_link_resolves_and_every_guide_is_linked() -> None:
    checked: dict[str, list[str]] = {}
    for path in skill_files():
        targets = [t for t in LINK.findall(path.read_text(encoding="utf-8")) if not t.startswith(("http", "#"))]
        missing = [t for t in targets if not (path.parent / t.split("#")[0]).is_file()]
        assert missing == [], f"{path.relative_to(ROOT)}: links to missing files {missing}"
        checked[path.relative_to(SKILL_ROOT).as_posix()] = targets
    assert sorted(checked["SKILL.md"]) == [f"guides/{name}" for name in GUIDES]
    # The guides point to each other where the reader goes next.
    assert checked["guides/debugging-selectors.md"] == ["multi-role.md", "selector-writing.md", "multi-role.md"]
    assert set(checked["guides/workflow-discovery.md"]) == {
        "selector-writing.md",
        "playwright-patterns.md",
        "multi-role.md",
    }


# -- quoted tool answers ---------------------------------------------------------------------------


def test_every_quoted_answer_is_an_example_block() -> None:
    assert [problem for path in skill_files() for problem in unmarked_answers(path)] == []
    counts = {path.relative_to(SKILL_ROOT).as_posix(): len(find_examples(path)) for path in skill_files()}
    assert counts == {
        "SKILL.md": 5,
        "guides/debugging-selectors.md": 14,
        "guides/multi-role.md": 10,
        "guides/playwright-patterns.md": 0,
        "guides/selector-writing.md": 2,
        "guides/workflow-discovery.md": 3,
    }


def test_an_unmarked_answer_is_found(tmp_path: Path) -> None:
    page = tmp_path / "guide.md"
    page.write_text(
        "# A guide\n\n```ts\npage.getByRole('button')\n```\n\n"
        '```\n- button "Add to Cart" [ref=e7]\n```\n\n'
        '```json\n{"count":1}\n```\n',
        encoding="utf-8",
    )
    assert unmarked_answers(page) == [f'{page}:7: - button "Add to Cart" [ref=e7]', f'{page}:11: {{"count":1}}']


@pytest.mark.parametrize("name", [p.relative_to(SKILL_ROOT).as_posix() for p in skill_files() if find_examples(p)])
async def test_skill_examples_are_current(name: str, fixture_base: str, cdp_endpoint: str) -> None:
    path = SKILL_ROOT / name
    with trio.fail_after(240):
        current = await answers(path, Sites(fixture_base.rstrip("/"), cdp_endpoint))
    patch = diff(path, rewritten(path, current))
    assert patch == "", f"the quoted answers differ from the tools' (run `make skills-examples`):\n{patch}"


async def test_a_drifted_answer_fails_with_a_diff(tmp_path: Path, fixture_base: str, cdp_endpoint: str) -> None:
    page = tmp_path / "guide.md"
    page.write_text(
        "Twelve buttons:\n\n"
        '<!-- example page="shop.html" call="verify_locator(locator=&quot;page.getByRole(\'button\', '
        "{ name: 'Add to Cart' }).first()&quot;)\" -->\n"
        "```json\n"
        '{"count":2}\n'
        "```\n"
        "<!-- /example -->\n",
        encoding="utf-8",
    )
    with trio.fail_after(60):
        current = await answers(page, Sites(fixture_base.rstrip("/"), cdp_endpoint))
    assert diff(page, rewritten(page, current)).splitlines() == [
        f"--- {page}",
        f"+++ {page} (tools now)",
        "@@ -2,6 +2,6 @@",
        " ",
        " <!-- example page=\"shop.html\" call=\"verify_locator(locator=&quot;page.getByRole('button', { name: 'Add to Cart' }).first()&quot;)\" -->",
        " ```json",
        '-{"count":2}',
        '+{"count":1,"unique":true,"matches":[{"ref":"e12","tagName":"button","role":"button","name":"Add to Cart"}]}',
        " ```",
        " <!-- /example -->",
    ]


# -- Cursor rules ----------------------------------------------------------------------------------


def _frontmatter(text: str) -> tuple[object, str]:
    assert text.startswith("---\n")
    head, body = text.removeprefix("---\n").split("\n---\n", 1)
    return yaml.safe_load(head), body


def test_cursor_rules_are_agent_requested_and_their_references_resolve(tmp_path: Path) -> None:
    skill = load_skill()
    rules = cursor_rules()
    assert list(rules) == [f"{SKILL_NAME}.mdc", *(f"{SKILL_NAME}-{name.removesuffix('.md')}.mdc" for name in GUIDES)]
    titles = {
        "debugging-selectors": "Debugging a broken selector",
        "multi-role": "Multi-role flows",
        "playwright-patterns": "Playwright test patterns",
        "selector-writing": "Writing selectors",
        "workflow-discovery": "Discovering workflows",
    }
    expected = {f"{SKILL_NAME}.mdc": skill.description} | {
        f"{SKILL_NAME}-{stem}.mdc": f"{title} with the verdex browser tools, a guide of the {SKILL_NAME} rule. "
        "Read it when that rule points here."
        for stem, title in titles.items()
    }
    run_cli("skills", "install", "--cursor", str(tmp_path)).check_returncode()
    for name, text in rules.items():
        # Cursor's .mdc frontmatter: description (read by the agent to decide), empty globs, alwaysApply false.
        front, body = _frontmatter(text)
        assert front == {"description": expected[name], "globs": None, "alwaysApply": False}, name
        references = RULE_LINK.findall(body)
        assert [ref for ref in references if not (tmp_path / ref).is_file()] == [], name
        assert re.findall(r"\]\([^)]*\.md\)", body) == [], name
        assert "@.cursor" not in body, name
        # The body is the source's, each link to a guide turned into a reference to its rule.
        source = skill.body if name == f"{SKILL_NAME}.mdc" else skill.guides[name[len(SKILL_NAME) + 1 : -4] + ".md"]
        for guide in GUIDES:
            rule = f"(.cursor/rules/{SKILL_NAME}-{guide.removesuffix('.md')}.mdc)"
            source = source.replace(f"(guides/{guide})", rule).replace(f"({guide})", rule)
        assert body == source.replace("(../SKILL.md)", f"(.cursor/rules/{SKILL_NAME}.mdc)").lstrip(), name
    main_references = RULE_LINK.findall(_frontmatter(rules[f"{SKILL_NAME}.mdc"])[1])
    assert sorted(main_references) == [f".cursor/rules/{SKILL_NAME}-{name.removesuffix('.md')}.mdc" for name in GUIDES]


# -- installs --------------------------------------------------------------------------------------


def _listing(header: str, files: list[str], status: str) -> str:
    return header + "".join(f"  {status:<9}  {name}\n" for name in files)


def test_install_claude_writes_exactly_the_skill(tmp_path: Path) -> None:
    result = run_cli("skills", "install", "--claude", str(tmp_path))
    target = tmp_path / ".claude" / "skills" / SKILL_NAME
    files = ["SKILL.md", *(f"guides/{name}" for name in GUIDES)]
    assert result.returncode == 0, result.stderr
    assert result.stdout == _listing(f"Claude Code skill in {target}: 6 files (6 created)\n", files, "created")
    assert tree(tmp_path) == [f".claude/skills/{SKILL_NAME}/{name}" for name in files]
    for name in files:
        assert (target / name).read_bytes() == (SKILL_ROOT / name).read_bytes(), name
    assert claude_files() == {name: (SKILL_ROOT / name).read_text(encoding="utf-8") for name in files}


def test_install_cursor_writes_exactly_the_rules(tmp_path: Path) -> None:
    (tmp_path / ".cursor" / "rules").mkdir(parents=True)
    (tmp_path / ".cursor" / "rules" / "team.mdc").write_text("---\nalwaysApply: true\n---\nOur rule.\n")
    result = run_cli("skills", "install", "--cursor", str(tmp_path))
    target = tmp_path / ".cursor" / "rules"
    names = list(cursor_rules())
    assert result.returncode == 0, result.stderr
    assert result.stdout == _listing(f"Cursor rules in {target}: 6 files (6 created)\n", names, "created")
    assert tree(tmp_path) == sorted([".cursor/rules/team.mdc", *(f".cursor/rules/{name}" for name in names)])
    for name, text in cursor_rules().items():
        assert (target / name).read_text(encoding="utf-8") == text, name
    assert (target / "team.mdc").read_text() == "---\nalwaysApply: true\n---\nOur rule.\n"


@pytest.mark.parametrize("flag", ["--claude", "--cursor"])
def test_install_twice_changes_nothing(tmp_path: Path, flag: str) -> None:
    run_cli("skills", "install", flag, str(tmp_path)).check_returncode()
    before = {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in tmp_path.rglob("*") if path.is_file()}
    again = run_cli("skills", "install", flag, str(tmp_path))
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0].endswith(": 6 files (6 unchanged)")
    assert [line.split()[0] for line in again.stdout.splitlines()[1:]] == ["unchanged"] * 6
    after = {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in tmp_path.rglob("*") if path.is_file()}
    assert after == before


def test_install_refuses_to_overwrite_an_edited_file_without_force(tmp_path: Path) -> None:
    run_cli("skills", "install", "--claude", str(tmp_path)).check_returncode()
    target = tmp_path / ".claude" / "skills" / SKILL_NAME
    edited = (SKILL_ROOT / "SKILL.md").read_text(encoding="utf-8") + "\nOur team's own note.\n"
    (target / "SKILL.md").write_text(edited, encoding="utf-8")
    (target / "guides" / "multi-role.md").write_text("mine\n", encoding="utf-8")

    refused = run_cli("skills", "install", "--claude", str(tmp_path))
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert refused.stderr == (
        f"verdex: 2 file(s) in {target} differ from what this verdex installs (edited since, or from another "
        "verdex version): SKILL.md, guides/multi-role.md. Nothing was written; run again with --force to "
        "overwrite them.\n"
    )
    assert (target / "SKILL.md").read_text(encoding="utf-8") == edited
    assert (target / "guides" / "multi-role.md").read_text(encoding="utf-8") == "mine\n"

    forced = run_cli("skills", "install", "--claude", str(tmp_path), "--force")
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout.splitlines() == [
        f"Claude Code skill in {target}: 6 files (2 updated, 4 unchanged)",
        "  updated    SKILL.md",
        "  unchanged  guides/debugging-selectors.md",
        "  updated    guides/multi-role.md",
        "  unchanged  guides/playwright-patterns.md",
        "  unchanged  guides/selector-writing.md",
        "  unchanged  guides/workflow-discovery.md",
    ]
    assert (target / "SKILL.md").read_bytes() == (SKILL_ROOT / "SKILL.md").read_bytes()


# -- packaging -------------------------------------------------------------------------------------


def test_the_wheel_carries_the_skill_and_installs_it(tmp_path: Path) -> None:
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("verdex-*.whl")
    files = ["SKILL.md", *(f"guides/{name}" for name in GUIDES)]
    with zipfile.ZipFile(wheel) as archive:
        packaged = sorted(n for n in archive.namelist() if n.startswith("verdex/_skills/"))
        assert packaged == [f"verdex/_skills/{SKILL_NAME}/{name}" for name in files]
        for name in files:
            assert archive.read(f"verdex/_skills/{SKILL_NAME}/{name}") == (SKILL_ROOT / name).read_bytes(), name
        archive.extractall(tmp_path / "site")

    # verdex as the wheel installs it (no repository beside it), installing the skill into a project.
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"))
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import verdex, verdex.commands.skills; print(verdex.__file__); print(verdex.commands.skills.skill_root())",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=env,
    )
    assert where.stdout.splitlines() == [
        str(tmp_path / "site" / "verdex" / "__init__.py"),
        str(tmp_path / "site" / "verdex" / "_skills" / SKILL_NAME),
    ], where.stderr
    installed = run_cli("skills", "install", "--claude", str(tmp_path / "project"), cwd=tmp_path, env=env)
    assert installed.returncode == 0, installed.stderr
    target = tmp_path / "project" / ".claude" / "skills" / SKILL_NAME
    assert tree(target) == files
    assert all((target / name).read_bytes() == (SKILL_ROOT / name).read_bytes() for name in files)
