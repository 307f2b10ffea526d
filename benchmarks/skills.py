"""Skill: the size of each layer of the verdex-playwright skill, in cl100k tokens, against its budget.

The layers of progressive disclosure (``verdex/commands/skills.py``): the metadata an assistant always
loads (the frontmatter's ``name`` and ``description``), SKILL.md's body (loaded when the skill
triggers) and each guide (loaded when needed). No browser: the text is counted as it is on disk.
"""

from __future__ import annotations

from typing import Any

from benchmarks.report import table
from benchmarks.tokens import count_tokens
from verdex.commands.skills import layers

__all__ = ["measure_skills", "skills_table"]


def measure_skills() -> dict[str, Any]:
    """The skill's layers measured.

    Returns:
        ``{"layers": [{"layer", "tokens", "budget", "withinBudget"}]}``, metadata first, then the body,
        then each guide by file name.
    """
    measured = []
    for layer in layers():
        tokens = count_tokens(layer.text)
        measured.append(
            {"layer": layer.label, "tokens": tokens, "budget": layer.budget, "withinBudget": tokens <= layer.budget}
        )
    return {"layers": measured}


def skills_table(skills: dict[str, Any]) -> str:
    """The printed table: one row per layer."""
    rows = [
        [row["layer"], row["tokens"], row["budget"], "yes" if row["withinBudget"] else "NO"] for row in skills["layers"]
    ]
    return "Skill layers (verdex-playwright)\n" + table(["layer", "tokens (cl100k)", "budget", "within"], rows)
