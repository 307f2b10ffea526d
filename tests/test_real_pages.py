"""The real-pages benchmark's rules (targets, levels, both snapshot formats), its summary, and its
measurement code on two pages of the corpus (values that do not depend on timing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_pages import CORPUS, measure_real_pages
from benchmarks.real_pages_report import real_pages_tables, summarize_real_pages
from benchmarks.targets import RefLine, node_walk_levels, pick_targets, snapshot_refs, walk_levels
from benchmarks.verdex_node import node_entry

OURS = """Page: Shop (http://127.0.0.1:8000/shop.html)
- navigation:
  - link "Home" [ref=e1]:
    - /url: /
  - link "Cart \\"2\\"" [ref=e2]
- main:
  - heading "Products" [level=2]
  - button "Add to Cart" [ref=e3]
  - checkbox "Gift" [checked] [ref=e4]
  - button "Add to Cart" [ref=e5]
  - link "Home" [ref=e6]:
    - /url: /
  - iframe [ref=e7]:
    - button "Pay" [ref=f1_e8]
  - button "Pay" [ref=e9]
  - textbox [ref=e10]
"""

NODE = """📄 Current Page (Role: default):
   URL: http://127.0.0.1:8000/shop.html

- generic [active]
  - link Home [url="/"] [ref=e1]
    - text: Home
  - button "Add: [to] Cart" [ref=e2]
  - heading Products [level=2]
  - button Add to Cart [ref=e3]
  - button Add to Cart [disabled] [ref=e4]
"""


def test_refs_are_read_from_both_snapshot_formats() -> None:
    assert snapshot_refs(OURS) == [
        RefLine("e1", "link", "Home", 0),
        RefLine("e2", "link", 'Cart "2"', 0),
        RefLine("e3", "button", "Add to Cart", 0),
        RefLine("e4", "checkbox", "Gift", 0),
        RefLine("e5", "button", "Add to Cart", 1),
        RefLine("e6", "link", "Home", 1),
        RefLine("e7", "iframe", "", 0),
        RefLine("e9", "button", "Pay", 0),
        RefLine("e10", "textbox", "", 0),
    ]
    assert snapshot_refs(NODE) == [
        RefLine("e1", "link", "Home", 0),
        RefLine("e2", "button", "Add: [to] Cart", 0),
        RefLine("e3", "button", "Add to Cart", 0),
        RefLine("e4", "button", "Add to Cart", 1),
    ]


def test_targets_are_the_first_of_each_repeated_role_and_name_then_the_first_named() -> None:
    refs = snapshot_refs(OURS)
    assert [t.ref for t in pick_targets(refs)] == ["e1", "e3", "e2"]
    assert [t.ref for t in pick_targets(refs, limit=2)] == ["e1", "e3"]
    assert [t.ref for t in pick_targets(refs, limit=5)] == ["e1", "e3", "e2", "e4", "e9"]
    assert pick_targets([]) == []


def test_levels_are_the_first_ancestor_with_siblings_and_its_parent() -> None:
    def ancestors(*children: int) -> list[dict[str, int]]:
        return [{"level": i + 1, "childElements": c} for i, c in enumerate(children)]

    assert walk_levels(ancestors(1, 5, 3)) == (2, 1)  # a list item in its list
    assert walk_levels(ancestors(1, 1, 4, 2)) == (3, 2)
    assert walk_levels(ancestors(1, 1, 1)) == (3, 3)  # only children up to <body>
    assert walk_levels(ancestors(2)) == (1, 1)
    assert walk_levels([]) is None
    answer = (
        "📋 Ancestors (3 levels up):\n\nLevel 1 (li):\n   Children: 1\n   Contains refs: e3\n\n"
        "Level 2 (ul):\n   Children: 6\n\nLevel 3 (nav):\n   Children: 2\n"
    )
    assert node_walk_levels(answer) == (2, 1)
    assert node_walk_levels("📍 No ancestors found (element is direct child of body)") is None


def test_summary_takes_percentiles_over_pages_and_names_the_worst() -> None:
    rows = [
        {
            "page": f"p{i}.html",
            "snapshot": {"ms": 9.0, "bestMs": float(i), "tokens": 70 * i, "refs": i},
            "playwright": {"ms": 9.0, "bestMs": 4.0 * i, "tokens": 100 * i},
            "tools": {"resolve_container": {"ms": 9.0, "bestMs": 3.0 * i, "tokens": 10}},
            "floor": {"floor": 9.0, "best": 2.0, "toolNoopBest": 1.0},
        }
        for i in range(1, 6)
    ] + [{"page": "broken.html", "error": "navigation failed"}]
    summary = summarize_real_pages(rows)
    measures = summary["measures"]
    assert measures["snapshot ms"]["p50"] == 3.0
    assert measures["snapshot time / Playwright's"]["p50"] == 0.25
    assert measures["snapshot tokens / Playwright's"]["max"] == 0.7
    assert measures["resolve_container / floor"]["worst"][:2] == [["p5.html", 7.5], ["p4.html", 6.0]]
    assert measures["resolve_container / floor"]["n"] == 5
    assert "inspect_pattern ms" not in measures
    assert summary["errors"] == [{"page": "broken.html", "error": "navigation failed"}]
    assert [(v["measured"], v["met"]) for v in summary["targets"]] == [
        ("0.25x", True),
        ("0.70x", True),
        ("4.5x, worst 7.5x (p5.html)", False),
    ]
    text = real_pages_tables({"summary": summary, "settings": {"rounds": 3}, "notes": ["n1"]})
    assert "- resolve_container / floor: p5.html 7.5, p4.html 6.0, p3.html 4.5" in text
    assert "not opened: broken.html: navigation failed" in text
    assert text.endswith("note: n1")


def test_verdex_node_entry_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VERDEX_NODE", raising=False)
    assert node_entry() is None
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "index.js").write_text("")
    monkeypatch.setenv("VERDEX_NODE", str(tmp_path))
    assert node_entry() == tmp_path / "dist" / "index.js"
    with pytest.raises(FileNotFoundError, match="npm run build"):
        node_entry(str(tmp_path / "missing"))


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
async def test_two_real_pages_through_the_benchmark() -> None:
    result = await measure_real_pages(["001.html", "ars-1.html"], rounds=1, node=None, log=False)
    rows = {row["page"]: row for row in result["pages"]}
    assert "Verdex (Node) not measured: set VERDEX_NODE to a built checkout of verdexhq/verdex-mcp" in result["notes"]
    # What the rules pick on a fresh server (refs are numbered in the order pages are visited).
    # (A list item that only wraps its link has no ref of its own.)
    assert [(row["elements"], row["snapshot"]["refs"]) for row in rows.values()] == [(121, 40), (440, 115)]
    assert rows["001.html"]["targets"] == [
        {"ref": "e22", "role": "link", "name": "Code", "levels": [3, 2]},  # the one name that repeats
        # "Hi, I'm Nicolas." is no target now: the snapshot leaves out a name that only repeats the lines below
        {"ref": "e6", "role": "link", "name": "Get your Frontend JavaScript Code Covered", "levels": [3, 2]},
        {"ref": "e7", "role": "link", "name": "testing your frontend JavaScript code", "levels": [3, 2]},
    ]
    assert rows["ars-1.html"]["targets"] == [
        {"ref": "e48", "role": "link", "name": "Biz & IT", "levels": [2, 1]},
        {"ref": "e49", "role": "link", "name": "Tech", "levels": [2, 1]},
        {"ref": "e50", "role": "link", "name": "Science", "levels": [2, 1]},
    ]
    for row in rows.values():
        assert {tool: entry["n"] for tool, entry in row["tools"].items()} == {
            "browser_find": 3,
            "resolve_container": 3,
            "inspect_pattern": 3,
            "extract_anchors": 3,
            "suggest_locator": 3,
        }
        assert not row["snapshot"]["truncated"]
        assert row["snapshot"]["tokens"] > row["snapshot"]["snapshotTokens"] > 0  # the text block adds the Page: line
        assert row["playwright"]["tokens"] > 0
        assert row["floor"]["floor"] == pytest.approx(row["floor"]["noop"] + row["floor"]["cdp"], abs=0.002)
        assert 0 < row["floor"]["best"] <= row["floor"]["floor"]
        assert all(0 < entry["bestMs"] <= entry["ms"] for entry in row["tools"].values())
    assert result["summary"]["measures"]["snapshot refs"]["worst"] == [["ars-1.html", 115.0], ["001.html", 40.0]]
