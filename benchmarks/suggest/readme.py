"""The suggest_locator part of the README's Performance section, from the key ``suggest`` of results.json."""

from __future__ import annotations

from typing import Any

__all__ = ["render_suggest"]


def render_suggest(suggest: dict[str, Any]) -> list[str]:
    """Markdown lines: correctness on fixtures and real pages, latency and tokens, change survival."""
    out = [
        "",
        "**suggest_locator** (`make bench-suggest`, `benchmarks/suggest`): every ref of the fixture pages, and on the "
        "real pages of `../shared/corpora/real-pages` the refs whose role and name repeat on their page (at most "
        f"{suggest.get('perPage', 12)} a page); the top suggestion judged by real Playwright (one match, the intended "
        "element, found by a stamp). Latency is the engine's time per target, tokens the answer's (cl100k).",
        "",
        "| pages | targets | unique and intended | positional | p50 ms | p90 ms | p50 answer tokens |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for key, label in (("quick", "fixtures/pages (make bench)"), ("fixtures", "fixtures"), ("real", "real pages")):
        part = suggest.get(key)
        if not part:
            continue
        out.append(
            f"| {label} ({part['pages']}) | {part['targets']} | {part['uniqueAndIntended']} ({part['percent']}%) | "
            f"{part['positional']} | {part['p50Ms']} | {part['p90Ms']} | {part['p50Tokens']} |"
        )
    classified = [
        (label, part)
        for key, label in (("fixtures", "fixtures"), ("real", "real pages"))
        if (part := suggest.get(key)) and "positionalNeeded" in part
    ]
    if classified:
        out += [
            "",
            "Positional answers, by whether anything but a position sets the element apart: a lookalike (same role "
            "and exact name) whose branch (the child of their common ancestor on the way to it) is identical to its "
            "own, outerHTML for outerHTML with whitespace collapsed, leaves only a position; otherwise a "
            "non-positional locator exists. "
            + "; ".join(
                f"{label}: {part['positionalNeeded']} with an identical lookalike, {part['positionalAvoidable']} "
                f"without one, {part['positionalUnknown']} not classified (no name, a name cut in the snapshot, "
                "a frame)"
                for label, part in classified
            )
            + ".",
        ]
    survival = suggest.get("survival")
    if survival:
        peer = suggest.get("peer")
        out += [
            "",
            "Change survival: the top suggestion for each fixture target, on its page after each change "
            "(`benchmarks/suggest/mutate.js`), still finds exactly the same element"
            + (
                " (Playwright MCP's `browser_generate_locator` for the same targets, judged the same way):"
                if peer
                else ":"
            ),
            "",
            "| change | verdex" + (" | Playwright MCP" if peer else "") + " |",
            "|---|---:" + ("|---:" if peer else "") + "|",
        ]
        for change, row in survival["changes"].items():
            line = f"| {change} | {row['survived']}/{row['of']}"
            if peer:
                theirs = peer["changes"][change]
                line += f" | {theirs['survived']}/{theirs['of']}"
            out.append(line + " |")
        line = f"| all cases | {survival['percent']}%"
        if peer:
            line += f" | {peer['percent']}%"
        out.append(line + " |")
        if peer:
            out += [
                "",
                f"Playwright MCP reached {peer['reached']} of the {peer['targets']} targets (elements of its snapshot "
                f"with refs); {peer['correct']} of its locators found exactly the intended element as loaded, "
                f"{peer['positional']} of them positional (`nth`, `first`, `last`).",
            ]
    return out
