"""The benchmarks' own pieces: statistics, generated pages, tables, targets, the README section,
and one real measurement through the harness (``make bench`` runs the whole thing; not here)."""

from __future__ import annotations

import json
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from benchmarks import coldstart, latency, machine, playwright_worker, scale, tokens  # noqa: F401 (they import)
from benchmarks.harness import memory_of, open_verdex, process_tree
from benchmarks.pages import KINDS, form_page
from benchmarks.readme import END, START, render_section, update_readme
from benchmarks.report import evaluate_targets, table
from benchmarks.results_file import carry_over, read_results, update_results, write_results
from benchmarks.skills import skills_table
from benchmarks.stats import fit_exponent, percentile, summarize
from benchmarks.tokens import count_tokens
from verdex.server.tooling import compact_json
from verdex.server.tools_structure import shown_facts


def test_percentiles_interpolate_between_ranks() -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], 50) == 2.5
    assert percentile([5.0], 95) == 5.0
    assert percentile([float(n) for n in range(1, 101)], 95) == pytest.approx(95.05)
    assert summarize([3.0, 1.0, 2.0]).as_json() == {"n": 3, "p50": 2.0, "p95": 2.9, "min": 1.0, "max": 3.0}
    with pytest.raises(ValueError, match="no values"):
        percentile([], 50)


def test_growth_exponent_fits_log_log() -> None:
    assert fit_exponent([1_000, 10_000], [2.0, 20.0]) == pytest.approx(1.0)
    assert fit_exponent([1, 2, 4], [1.0, 4.0, 16.0]) == pytest.approx(2.0)
    assert fit_exponent([1_000, 10_000, 50_000], [5.0, 5.0, 5.0]) == pytest.approx(0.0)
    with pytest.raises(ValueError, match="positive"):
        fit_exponent([1, 2], [0.0, 1.0])


class _Counter(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements += 1


def _elements(html: str) -> int:
    counter = _Counter()
    counter.feed(html)
    return counter.elements


def test_generated_pages_have_about_the_asked_number_of_elements() -> None:
    counts = {kind.name: [_elements(kind.generate(size)) for size in (1_000, 10_000)] for kind in KINDS}
    assert counts == {"cards": [996, 9996], "table": [999, 9997], "deep": [977, 10052]}
    assert KINDS[0].generate(1_000) == KINDS[0].generate(1_000)
    assert "<select id='colour' name='colour'>" in form_page()


def test_table_aligns_columns() -> None:
    assert table(["page", "p50"], [["a", 1.25], ["long name", 123.0]]) == (
        "page       p50\n---------  ---\na          1.2\nlong name  123"
    )


def test_skills_table_shows_each_layer_against_its_budget() -> None:
    layers = [
        {"layer": "metadata (name + description)", "tokens": 62, "budget": 120, "withinBudget": True},
        {"layer": "guides/x.md", "tokens": 16000, "budget": 15000, "withinBudget": False},
    ]
    assert skills_table({"layers": layers}).splitlines() == [
        "Skill layers (verdex-playwright)",
        "layer                          tokens (cl100k)  budget  within",
        "-----------------------------  ---------------  ------  ------",
        "metadata (name + description)               62     120     yes",
        "guides/x.md                              16000   15000      NO",
    ]


def _results() -> dict[str, Any]:
    timing = {"n": 3, "p50": 9.0, "p95": 12.0, "min": 8.0, "max": 13.0, "checkP50": 1.0, "withoutCheckP50": 8.0}
    return {
        "machine": {
            "date": "2026-01-01 00:00 UTC",
            "cpu": "CPU",
            "cores": 2,
            "memoryGiB": 4.0,
            "os": "Linux",
            "python": "3.11",
            "verdex": "0.1.0",
            "commit": "abc",
            "bridge": "0.1.0",
            "chromium": "Chromium 1",
            "playwright": "1.0",
            "mcp": "2.3",
            "tiktoken": "0.1",
        },
        "tokens": [
            {
                "page": "shop.html",
                "snapshotTokens": 800,
                "playwrightSnapshotTokens": 1000,
                "explorationTokens": 1300,
                "pageHtmlTokens": 1400,
                "calls": [{"tool": "resolve_container", "tokens": 300}],
            }
        ],
        "latency": {
            "floor": {"noop": {"p50": 2.0}, "cdp": {"p50": 1.0}, "floorP50": 3.0},
            "pageFloors": {"shop.html": 4.0},
            "pages": {"shop.html": {"resolve_container": timing}},
            "tools": {"browser_click": timing},
        },
        "scale": {
            "pages": [
                {
                    "kind": "cards",
                    "elements": 1000,
                    "ratio": 2.5,
                    "ours": {"min": 10.0},
                    "playwright": {"min": 25.0},
                    "structural": {
                        t: {"min": 1.0} for t in ("resolve_container", "inspect_pattern", "extract_anchors")
                    },
                }
            ],
            "exponents": {"cards": {"ours": 1.02, "playwright": 1.1}},
        },
        "coldstart": {
            "runs": 1,
            "page": "shop.html",
            "handshake": {"p50": 700.0},
            "navigated": {"p50": 1400.0},
            "firstSnapshot": {"p50": 1500.0, "p95": 1600.0},
            "firstCalls": {"p50": 800.0},
        },
    }


def test_targets_are_judged_from_the_results() -> None:
    verdicts = evaluate_targets(_results())
    assert [(v["met"], v["measured"]) for v in verdicts] == [
        (True, "lowest ratio 2.5x (cards, 1000 elements)"),
        (True, "cards 1.02"),
        (
            True,
            "floor 3.0 ms; worst resolve_container on shop.html 2.0x its rounds' floor 4.0 ms "
            "(without the client's schema check)",
        ),
        (False, "shop.html 1300"),
        (True, "shop.html 800 vs 1000"),
        (False, "p50 1500 ms (p95 1600 ms)"),
    ]
    assert [v["met"] for v in evaluate_targets({"machine": {}})] == [None] * 6


def test_readme_section_is_replaced_between_the_markers(tmp_path: Path) -> None:
    results = _results()
    results["targets"] = evaluate_targets(results)
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n## Performance\n{START}\nold\n{END}\n\n## Next\n", encoding="utf-8")
    update_readme(results, readme)
    text = readme.read_text(encoding="utf-8")
    assert text == f"# x\n\n## Performance\n{START}\n{render_section(results)}\n{END}\n\n## Next\n"
    assert "| exploration of the iPhone 15 Pro target <= 1,200 tokens | shop.html 1300 | missed |" in text
    assert "CPU (2 cores), 4.0 GiB, Linux" in text
    update_readme(results, readme)
    assert readme.read_text(encoding="utf-8") == text
    readme.write_text("no markers\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no performance markers"):
        update_readme(results, readme)


def test_standalone_results_update_one_key_and_survive_a_full_run(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    update_results("verifyLocator", {"page": "shop.html"}, path)
    assert read_results(path) == {"verifyLocator": {"page": "shop.html"}}
    write_results({"machine": {"date": "d"}, "rolesMemory": {"runs": 3}, "other": 1}, path)
    update_results("verifyLocator", {"page": "x.html"}, path)
    assert read_results(path) == {
        "machine": {"date": "d"},
        "rolesMemory": {"runs": 3},
        "other": 1,
        "verifyLocator": {"page": "x.html"},
    }
    # A full run rewrites the file: it keeps the standalone keys it did not measure, and only those.
    assert carry_over({"machine": {"date": "e"}, "rolesMemory": {"runs": 1}}, path) == {
        "machine": {"date": "e"},
        "rolesMemory": {"runs": 1},
        "verifyLocator": {"page": "x.html"},
    }
    assert path.read_text(encoding="utf-8").endswith("}\n")


def test_readme_section_shows_the_standalone_results() -> None:
    results = _results()
    results["targets"] = evaluate_targets(results)
    measured_on = {"date": "2026-01-02 00:00 UTC", "loadAverage": 1.5}
    results["verifyLocator"] = {
        "machine": measured_on,
        "page": "shop.html",
        "repeat": 50,
        "locators": {"reference (TS)": {"p50": 7.25, "p95": 11.0, "n": 50}, "noop": {"p50": 2.0, "p95": 3.0, "n": 50}},
    }
    sample = {"server_rss": 80.6, "browser_rss": 500.0, "browser_pss": 160.4, "browser_processes": 6}
    results["rolesMemory"] = {
        "machine": measured_on,
        "runs": 3,
        "browserPssPerExtraRole": 75.6,
        "median": [{**sample, "active_roles": n} for n in (0, 1, 5)],
    }
    assert render_section(results).endswith(
        "\n\n**verify_locator** through MCP stdio on `shop.html` (50 calls per locator; "
        "`python -m benchmarks.verify_locator`, 2026-01-02 00:00 UTC, load average 1.5), ms; "
        "`noop` is the MCP round trip of the same session:\n\n"
        "| locator | p50 | p95 |\n|---|---:|---:|\n| reference (TS) | 7.2 | 11.0 |\n| noop | 2.0 | 3.0 |\n\n"
        "**Memory per role** (`make bench-roles`, 2026-01-02 00:00 UTC, median of 3 runs, MiB; PSS counts pages "
        "shared between the browser's processes once): each role beyond the first adds 76 MiB of browser PSS.\n\n"
        "| active roles | server RSS | browser RSS | browser PSS |\n|---|---:|---:|---:|\n"
        "| 0 | 81 | 500 | 160 |\n| 1 | 81 | 500 | 160 |\n| 5 | 81 | 500 | 160 |"
    )


async def test_one_measurement_through_the_harness(cdp_endpoint: str, fixture_url: Callable[[str], str]) -> None:
    async with open_verdex("--cdp-endpoint", cdp_endpoint) as server:
        assert server.ready > server.started
        await server.ok("browser_navigate", url=fixture_url("shop.html"))
        snapshot = await server.ok("browser_snapshot")
        assert snapshot.check_ms >= 0
        answer = await server.ok("resolve_container", ref="e12")
        # The facts are read from the text, with the empty fields it leaves out put back (the upper levels').
        assert answer.text == compact_json(shown_facts(answer.data))
        assert [(a["level"], a["attributes"], a["containsRefs"]) for a in answer.data["ancestors"]][2:] == [
            (3, {"class": "featured"}, []),
            (4, {}, []),
        ]
        assert answer.data["target"]["name"] == "Add to Cart"
        assert 0 < answer.server_ms <= answer.ms
        assert count_tokens(answer.text) == count_tokens(json.dumps(shown_facts(answer.data), separators=(",", ":")))
        assert await server.noop() > 0
        assert server.pid is not None
        assert process_tree(server.pid)[0] == server.pid
        memory = memory_of([server.pid])
        assert memory["processes"] == 1
        assert memory["rss"] > 10


def test_positional_answers_are_classified_by_their_lookalikes_branches(fixture_url: Callable[[str], str]) -> None:
    """The suggest benchmark's classifier, in real Playwright: two links in identical list items leave only a
    position; two buttons in sections that differ (their headings) do not."""
    from benchmarks.suggest.judge import Twin, twins

    url = fixture_url("suggest/twins.html")
    # Stamps count the body's elements in document order: html 0, body 1, ul 2, li 3, a 4, ... button 12.
    answers = twins({url: [("main:4", "link", "More"), ("main:12", "button", "Share"), ("main:4", "link", "Less")]})
    assert answers == {
        url: [
            Twin(twins=1, identical=1),
            Twin(twins=1, identical=0),
            Twin(error="the element is not among the matches of its role and name"),
        ]
    }
