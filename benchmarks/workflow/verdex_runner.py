"""verdex, scripted as the skill (``skills/verdex-playwright/SKILL.md``) teaches, through ``verdex serve``'s
MCP interface only.

Per task, with the tools ``tools/list`` has:

1. **Find the target.** With ``browser_find``: it, for the target's name (else the description's
   innermost text) and role, and the target picked in its answer by the shared rule
   (:func:`benchmarks.workflow.snapshot.pick`), each match read with its container's unique text and
   its named landmark (:func:`_find_lines`). Without it, or when its answer does not show the
   target: ``browser_snapshot`` and the rule; a snapshot cut before the target is asked again with
   ``maxChars`` raised to the size the cut notice reports (the notice's own advice; the containers
   of a cut snapshot have no refs to narrow it by). A target still missing while a modal dialog is
   open: the dialog's dismiss button (from the description) is clicked and the snapshot taken again.
2. **Turn it into a locator.** With ``suggest_locator``: its first candidate (candidates are verified
   on the live page). Without it, the structural path of the skill:
   - a target whose role and name are unique in the whole snapshot: ``getByRole(role, { name })``
     (``exact: true`` when the substring match finds more), checked with ``verify_locator``;
   - else ``resolve_container``; the container level starts at the nearest ancestor with a test id
     or a repeating role (:func:`verdex.locator.compose.container_level_guess`) and climbs, one
     ``inspect_pattern`` a level, to the nearest container that contains the description's innermost
     text (when it names one), then on to the nearest that repeats among its siblings (a card, a row;
     at most two levels further, else the one that contains the text); ``extract_anchors`` at that
     level; :func:`verdex.locator.compose.compose_locator`, whose filter is replaced by the description's
     text when the container contains it (``hasText``, or ``has: getByText(text, { exact: true })``
     when a sibling's text contains it too: the skill's anchor is "the text that names this
     container", and the description names it); ``verify_locator``;
   - a locator that matches the target and others: scoped by the target's nearest named ancestors in
     the snapshot (a ``region``, ``navigation``, ``form``, ``dialog``, named list or group ...), one
     at a time, each checked with ``verify_locator``, until one is unique.

The locator handed over is the first one ``verify_locator`` found unique and on the target, else the
last one tried (the judge says what it is worth). Which path ran is in the transcript's notes.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from mcp.client.stdio import StdioServerParameters

from benchmarks.harness import ROOT
from benchmarks.workflow.metered import MeteredServer, open_metered
from benchmarks.workflow.snapshot import Node, Want, parse_snapshot, pick
from benchmarks.workflow.tasks import Task
from verdex.browser.structure import ExtractAnchorsAnswer, InspectPatternAnswer, ResolveContainerAnswer

# verdex's own code is used for one thing, composing a locator from the three structural answers (what
# the skill teaches the model).
from verdex.locator.compose import Step, compose_locator, container_level_guess, is_repeating, render_js

__all__ = ["NAME", "open_verdex_server", "run_task"]

NAME = "verdex"
#: Highest ancestor level the structural path climbs to.
MAX_LEVEL = 10
#: Roles whose named elements make an outer scope (``getByRole(role, { name })``).
SCOPE_ROLES = frozenset(
    {
        "region",
        "navigation",
        "main",
        "complementary",
        "banner",
        "contentinfo",
        "form",
        "search",
        "dialog",
        "alertdialog",
        "list",
        "group",
        "table",
        "grid",
        "tabpanel",
        "article",
        "listitem",
        "menu",
    }
)
_MAX_SCOPES = 3


@asynccontextmanager
async def open_verdex_server(*serve_args: str) -> AsyncIterator[MeteredServer]:
    """``verdex serve ARGS`` (the worktree's console script, else ``python -m verdex``) over stdio.

    With ``--output-schemas``, so that the scripted assistant reads the answers' facts as structured
    content; the ``outputSchema`` of each tool is not counted in its ``tools/list`` tokens (the default
    surface has none), and answer tokens count the text alone, as without it."""
    script = ROOT / ".venv" / "bin" / "verdex"
    args = ["serve", "--output-schemas", *serve_args]
    if script.exists():
        parameters = StdioServerParameters(command=str(script), args=args)
    else:
        parameters = StdioServerParameters(command=sys.executable, args=["-m", "verdex", *args])
    async with open_metered(NAME, parameters, unlisted=("outputSchema",)) as server:
        yield server


async def run_task(server: MeteredServer, base_url: str, task: Task) -> str | None:
    """Script one task (module docstring); the calls go to ``server.transcript``. Returns the
    locator handed over, or None when the target was not found."""
    notes = server.transcript.notes
    await server.call("browser_navigate", url=base_url + task.page)
    found = await _find_target(server, task)
    if found is None:
        notes.append("target not found")
        return None
    target, nodes = found
    assert target.ref is not None
    if server.has("suggest_locator"):
        return await _suggested(server, target.ref)
    notes.append("no suggest_locator in tools/list: structural path")
    return await _structural(server, task, target, nodes)


# -- 1. finding the target ------------------------------------------------------------------------


async def _find_target(server: MeteredServer, task: Task) -> tuple[Node, list[Node] | None] | None:
    """The target's node, and the whole snapshot's nodes when a whole snapshot was read (None after
    ``browser_find``, whose answer shows only the matches)."""
    if server.has("browser_find"):
        target = await _browser_find(server, task.want)
        if target is not None:
            return target, None
        server.transcript.notes.append("browser_find did not show the target: browser_snapshot")
    else:
        server.transcript.notes.append("no browser_find in tools/list: browser_snapshot")
    nodes = await _whole_snapshot(server)
    target = pick(nodes, task.want)
    if target is None and task.dismiss is not None:
        dismiss = pick(nodes, Want(*task.dismiss))
        if dismiss is not None and dismiss.ref is not None:
            server.transcript.notes.append(f"clicked {task.dismiss[1]!r} to close the dialog")
            await server.call("browser_click", ref=dismiss.ref)
            nodes = await _whole_snapshot(server)
            target = pick(nodes, task.want)
    return (target, nodes) if target is not None else None


async def _browser_find(server: MeteredServer, want: Want) -> Node | None:
    """browser_find for the target's name and role (else the innermost text); its answer read as snapshot
    lines (:func:`_find_lines`): each match under its named landmark, with the text that sets its container
    apart as a text line of the match, which is what the rule then looks for."""
    text = want.name or (want.within[0] if want.within else "")
    found = await server.call("browser_find", text=text, role=want.role, limit=50)
    if found.is_error:
        return None
    return pick(parse_snapshot(_find_lines(found.text)), want)


#: A browser_find match line: the match up to its ref (an excerpt and a matched attribute after it), then its
#: container context: `` in TAG... [ref=eN] (i of n) "text"``, `` in [ref=eN]`` or `` is TAG... (i of n) "text"``.
_MATCH = re.compile(
    r'^(?P<head>\s*- .*?\[ref=[^\]]+\](?:: "(?:[^"\\]|\\.)*")?(?: \([a-z-]+="(?:[^"\\]|\\.)*"\))?)'
    r"(?P<context> (?:in|is) .*)?$"
)
_CONTEXT = re.compile(
    r"^ (?:in|is) (?:.*? )?(?:\[ref=(?P<ref>[^\]]+)\] ?)?(?:\(\d+ of \d+\) ?)?"
    r'(?P<text>"(?:[^"\\]|\\.)*"|\(no unique text\))?$'
)


def _find_lines(answer: str) -> str:
    """browser_find's answer as snapshot lines: a match line without its container context, and the
    container's unique text (carried over to a later match in the same container) as its child text."""
    lines: list[str] = []
    texts: dict[str, str] = {}
    for line in answer.splitlines():
        match = _MATCH.match(line)
        context = _CONTEXT.match(match["context"]) if match is not None and match["context"] else None
        if match is None or context is None:
            lines.append(line)
            continue
        head, quoted, ref = match["head"], context["text"], context["ref"]
        unique = json.loads(quoted) if quoted and quoted.startswith('"') else None
        if unique is None and ref is not None:
            unique = texts.get(ref)
        if unique is not None and ref is not None:
            texts[ref] = unique
        lines.append(head + (":" if unique is not None else ""))
        if unique is not None:
            indent = len(head) - len(head.lstrip(" ")) + 2
            lines.append(" " * indent + "- text: " + json.dumps(unique, ensure_ascii=False))
    return "\n".join(lines)


async def _whole_snapshot(server: MeteredServer) -> list[Node]:
    """browser_snapshot; once more with maxChars raised when it was cut."""
    answer = await server.call("browser_snapshot")
    truncated = answer.data.get("truncated")
    if truncated:
        total = int(truncated["totalChars"]) + 1000
        server.transcript.notes.append(f"snapshot cut: again with maxChars={total}")
        answer = await server.call("browser_snapshot", maxChars=min(total, 1_000_000))
    return parse_snapshot(answer.text)


# -- 2. the locator -------------------------------------------------------------------------------


async def _suggested(server: MeteredServer, ref: str) -> str | None:
    """suggest_locator's first candidate. (Its answer shape is the lead's: ``candidates`` with a
    ``locator`` each; adjust here if it differs.)"""
    answer = await server.call("suggest_locator", ref=ref)
    candidates = answer.data.get("candidates") or []
    if answer.is_error or not candidates:
        server.transcript.notes.append("suggest_locator gave no candidate")
        return None
    return str(candidates[0]["locator"])


async def _verify(server: MeteredServer, locator: str, ref: str) -> dict[str, Any]:
    answer = await server.call("verify_locator", locator=locator, ref=ref)
    return {} if answer.is_error else answer.data


def _on_target(verification: dict[str, Any]) -> bool:
    return bool(verification.get("matchesTarget"))


async def _structural(server: MeteredServer, task: Task, target: Node, nodes: list[Node] | None) -> str | None:
    ref = target.ref
    assert ref is not None
    notes = server.transcript.notes
    if target.name and nodes is not None and _unique_in(nodes, target):
        for exact in (False, True):
            options: tuple[tuple[str, object], ...] = (("name", target.name),)
            if exact:
                options += (("exact", True),)
            locator = render_js([Step("getByRole", target.role, options)])
            verification = await _verify(server, locator, ref)
            if _on_target(verification):
                notes.append("role and name are unique: getByRole")
                return locator
            if verification.get("count", 0) <= 1:
                break
    steps = await _compose(server, task, ref)
    if steps is None:
        return None
    locator = render_js(steps)
    verification = await _verify(server, locator, ref)
    if _on_target(verification):
        return locator
    if not any(match.get("ref") == ref for match in verification.get("matches") or []):
        notes.append("the composed locator does not match the target")
        return locator
    for scope in _scopes(target)[:_MAX_SCOPES]:
        scoped = render_js([Step("getByRole", scope.role, (("name", scope.name),)), *steps])
        notes.append(f"not unique: scoped by {scope.role} {scope.name!r}")
        verification = await _verify(server, scoped, ref)
        locator = scoped
        if _on_target(verification):
            break
    return locator


async def _compose(server: MeteredServer, task: Task, ref: str) -> list[Step] | None:
    resolve = (await server.call("resolve_container", ref=ref)).data
    ancestors = len(resolve.get("ancestors") or [])
    if not ancestors:
        server.transcript.notes.append("resolve_container gave no ancestor")
        return None
    anchor = task.want.within[0] if task.want.within else None
    guess = container_level_guess(ResolveContainerAnswer.model_validate(resolve))
    chosen = await _container_level(server, anchor, ref, guess, min(ancestors, MAX_LEVEL))
    if chosen is None:
        server.transcript.notes.append("no container below <body>")
        return None
    level, pattern, contains_anchor = chosen
    anchors = (await server.call("extract_anchors", ref=ref, ancestorLevel=level)).data
    composition = compose_locator(
        ResolveContainerAnswer.model_validate(resolve),
        InspectPatternAnswer.model_validate(pattern),
        ExtractAnchorsAnswer.model_validate(anchors),
    )
    steps = composition.steps
    reasons = composition.reasons
    if anchor is not None and contains_anchor:
        steps, reason = _filter_by_description(steps, pattern, anchor)
        reasons = [*reasons, reason]
    server.transcript.notes.append(f"container at level {level}: " + "; ".join(reasons))
    return steps


async def _container_level(
    server: MeteredServer, anchor: str | None, ref: str, guess: int, top: int
) -> tuple[int, dict[str, Any], bool] | None:
    """The container's level, the inspect_pattern answer one level above it, and whether the
    container contains ``anchor`` (the description's innermost text).

    With an anchor: from ``guess`` up to the nearest level whose container contains it (by the
    ``containsText`` of inspect_pattern), else from the parent up to ``guess``; then on to the
    nearest level whose container repeats among its siblings (a card, a row), at most
    :data:`_REPEAT_CLIMB` levels further, else the container that contains it (a form beside other
    sidebar boxes). Without one, or when no container shows it: from ``guess`` up to the nearest
    repeating container (the demo's rule), else ``guess``."""
    patterns: dict[int, dict[str, Any]] = {}

    async def pattern_at(level: int) -> dict[str, Any]:
        if level not in patterns:
            patterns[level] = (await server.call("inspect_pattern", ref=ref, ancestorLevel=level + 1)).data
        return patterns[level]

    found: int | None = None
    if anchor is not None:
        for level in [*range(guess, top), *range(1, min(guess, top))]:
            if _contains(await pattern_at(level), anchor.casefold()):
                found = level
                break
    start = found if found is not None else guess
    if start >= top:
        return None
    climb = _REPEAT_CLIMB if found is not None else MAX_LEVEL
    for level in range(start, min(top, start + climb + 1)):
        if is_repeating(InspectPatternAnswer.model_validate(await pattern_at(level))):
            return level, patterns[level], found is not None
    return start, await pattern_at(start), found is not None


#: How many levels above the container that contains the description's text a repeating one is looked for.
_REPEAT_CLIMB = 2


def _contains(pattern: dict[str, Any], text: str) -> bool:
    """Whether the target's sibling in an inspect_pattern answer contains ``text`` (casefolded)."""
    return any(text in item for item in _texts(pattern, mine=True))


def _texts(pattern: dict[str, Any], *, mine: bool) -> list[str]:
    """The casefolded ``containsText`` of the target's sibling (``mine``) or of all the others."""
    index = pattern.get("targetSiblingIndex")
    return [
        str(item).casefold()
        for sibling in pattern.get("siblings") or []
        if (sibling.get("index") == index) == mine
        for item in sibling.get("containsText") or []
    ]


def _filter_by_description(steps: list[Step], pattern: dict[str, Any], anchor: str) -> tuple[list[Step], str]:
    """The container's filter replaced by the description's text: ``hasText`` when no sibling
    container's text contains it (Playwright's case-insensitive substring rule), else ``has:
    getByText(text, { exact: true })``. The filter goes right after the container step."""
    folded = anchor.casefold()
    if any(folded in text for text in _texts(pattern, mine=False)):
        inner = (Step("getByText", anchor, (("exact", True),)),)
        chosen = Step("filter", options=(("has", inner),))
        reason = f"the description's {anchor!r} is part of a sibling's text: filter by the exact text"
    else:
        chosen = Step("filter", options=(("hasText", anchor),))
        reason = f"the description's {anchor!r} is in no sibling's text: hasText"
    container = next(index for index, step in enumerate(steps) if step.method not in ("frameLocator", "contentFrame"))
    rest = [step for step in steps[container + 1 :] if step.method != "filter"]
    return [*steps[: container + 1], chosen, *rest], reason


def _unique_in(nodes: list[Node], target: Node) -> bool:
    name = target.name.casefold()
    return sum(1 for node in nodes if node.role == target.role and node.name.casefold() == name) == 1


def _scopes(target: Node) -> list[Node]:
    """The target's named ancestors whose role makes a scope, nearest first."""
    return [node for node in target.ancestors() if node.name and node.role in SCOPE_ROLES]
