"""The workflow benchmark's harness (``make bench-workflow`` runs the whole thing; not here): the
target-picking rule, the judge's verdicts through real Playwright, and three tasks end to end on
verdex. Playwright MCP is not started (CI need not have it installed)."""

from __future__ import annotations

import trio

from benchmarks.harness import serve_fixtures
from benchmarks.workflow.judge import Verdict, as_expression, is_generated, is_positional, judge
from benchmarks.workflow.readme import render_workflow
from benchmarks.workflow.run import PAGES_DIR, run_workflow, summarize
from benchmarks.workflow.snapshot import Want, parse_snapshot, pick
from benchmarks.workflow.tasks import PAGES, TASKS

SNAPSHOT = """Page: "Shop" (http://127.0.0.1/)
- main:
  - region "Results":
    - list:
      - listitem:
        - heading "Arc Floor Lamp XL" [level=3]
        - button "Add to cart" [ref=e1]
      - listitem:
        - heading "Arc Floor Lamp" [level=3]
        - text: "Price: $219"
        - button "Add to cart" [ref=e2]
  - region "Related products" [ref=e9]:
    - list:
      - listitem:
        - heading "Arc Floor Lamp" [level=3]
        - text: $219
        - button "Add to cart" [ref=e3]:
          - /url: /cart
  - navigation "Departments":
    - listitem:
      - button "Women" [ref=e4]
      - link "Shop all" [ref=e5]
    - listitem:
      - button "Men" [ref=e6]
      - link "Shop all" [ref=e7]
[snapshot cut at 20 of 90 lines (4000 characters): narrow it with ref=<a container's ref>, depth=N, or raise maxChars]
"""


def test_snapshot_lines_become_a_tree() -> None:
    nodes = parse_snapshot(SNAPSHOT)
    assert [(n.role, n.name, n.ref, n.text) for n in nodes[:7]] == [
        ("main", "", None, ""),
        ("region", "Results", None, ""),
        ("list", "", None, ""),
        ("listitem", "", None, ""),
        ("heading", "Arc Floor Lamp XL", None, ""),
        ("button", "Add to cart", "e1", ""),
        ("listitem", "", None, ""),
    ]
    price = nodes[8]
    assert (price.role, price.text, price.parent and price.parent.role) == ("text", "Price: $219", "listitem")
    assert [a.role for a in nodes[5].ancestors()] == ["listitem", "list", "region", "main"]


def test_pick_follows_the_description_words() -> None:
    nodes = parse_snapshot(SNAPSHOT)

    def ref(role: str, name: str | None, *within: str) -> str | None:
        node = pick(nodes, Want(role, name, within))
        return node.ref if node else None

    # an exact line beats a line that only contains the text; equal finds go by document order;
    # the outer text decides first
    assert ref("button", "Add to cart", "Arc Floor Lamp") == "e2"
    assert ref("button", "Add to cart", "Arc Floor Lamp", "Related products") == "e3"
    assert ref("button", "Add to cart", "Arc Floor Lamp XL") == "e1"
    # "Men" is not in "Women" nor in "Departments"; the name is compared case-insensitive
    assert ref("link", "shop ALL", "Men") == "e7"
    assert ref("link", "Shop all", "Women") == "e5"
    assert ref("button", None, "Arc Floor Lamp XL") == "e1"
    assert ref("button", "Add to cart", "Kitchen") is None
    assert ref("link", "Nowhere") is None


def test_positional_and_generated_locators_are_recognised() -> None:
    positional = [
        "getByRole('button', { name: 'Add' }).first()",
        "page.getByRole('row').nth(2).getByRole('button')",
        "page.getByRole('row').last()",
        "page.locator('tr:nth-child(11) > td > button')",
        "page.locator('li:first-child a')",
        "page.locator('button >> nth=1')",
        "page.locator('xpath=//ul/li[3]/a')",
        "page.locator(':nth-match(button, 2)')",
    ]
    stable = [
        "page.getByRole('row').filter({ hasText: '#10241' }).getByRole('button', { name: 'Edit' })",
        "page.locator('[data-id=\"10241\"]')",
        "page.getByRole('listitem').filter({ hasText: 'Nth floor' })",
    ]
    assert [is_positional(locator) for locator in positional] == [True] * len(positional)
    assert [is_positional(locator) for locator in stable] == [False] * len(stable)
    assert is_generated("locator('[id=\":r41:\"] > .ProductCard_card__c4d79 > button')")
    assert is_generated("page.locator('#ember1200')")
    assert not is_generated("page.getByTestId('todo-item').filter({ hasText: 'Buy milk' })")
    assert as_expression("getByRole('button', { name: 'Go' });") == "page.getByRole('button', { name: 'Go' })"
    assert as_expression("await page.getByText('x')") == "page.getByText('x')"


def test_tasks_cover_the_issue() -> None:
    assert len(TASKS) >= 30
    assert len({task.id for task in TASKS}) == len(TASKS)
    assert PAGES == (
        "products.html",
        "reviews.html",
        "orders.html",
        "todos.html",
        "megamenu.html",
        "stores.html",
        "consent.html",
    )
    assert all((PAGES_DIR / page).is_file() for page in PAGES)


async def test_judge_gives_playwrights_verdict() -> None:
    oracle = """page.locator('li[data-id="1718000000000"] .destroy')"""
    locators: list[str | None] = [
        "getByTestId('todo-delete').first()",
        "page.getByRole('button', { name: 'Delete' })",
        "page.getByTestId('todo-item').filter({ hasText: 'Buy milk' }).getByRole('button', { name: 'Delete' })",
        "page.getByTestId('todo-item').filter({ has: page.getByText('Buy milk', { exact: true }) }).getByRole('button')",
        "page.getByTestId('todo-item').filter({ hasText: 'Call mom' }).getByRole('button', { name: 'Delete' })",
        "page.getByRole('button', { name: /[/ })",
        None,
    ]
    with trio.fail_after(120):
        async with serve_fixtures(PAGES_DIR) as base_url:
            [verdicts] = await trio.to_thread.run_sync(judge, base_url, [("todos.html", oracle, locators)])
    assert [(v.count, v.unique, v.intended, v.positional, v.ok) for v in verdicts] == [
        (1, True, True, True, False),
        (8, False, False, False, False),
        (2, False, False, False, False),
        (1, True, True, False, True),
        (1, True, False, False, False),
        (None, False, False, False, False),
        (None, False, False, False, False),
    ]
    assert verdicts[5].error is not None
    assert "Invalid regular expression" in verdicts[5].error
    assert verdicts[6].error == "no locator"
    assert str(verdicts[0]) == "unique, intended, positional"
    assert str(verdicts[4]) == "unique, WRONG element"


async def test_three_tasks_on_verdex() -> None:
    chosen = [task for task in TASKS if task.id in ("products-related-add", "orders-edit", "consent-subscribe")]
    with trio.fail_after(240):
        run = await run_workflow(chosen, servers=("verdex",))
    assert [attempt.task.id for attempt in run.attempts] == ["products-related-add", "orders-edit", "consent-subscribe"]
    assert [attempt.verdict for attempt in run.attempts] == [Verdict(1, True, True, False, False)] * 3
    assert [attempt.locator for attempt in run.attempts] == [
        # suggest_locator's first candidates (verified by it, then judged here by real Playwright)
        # the role chain ranks before the hashed-class chain (li[class*="Carousel_slide__"])
        "page.getByRole('region', { name: 'Related products' }).getByRole('article').filter({ has: "
        "page.getByRole('heading', { name: 'Walnut Desk Lamp', exact: true }) }).getByRole('button', "
        "{ name: 'Add to cart' })",
        "page.getByRole('row').filter({ has: page.getByText('#10241', { exact: true }) })"
        ".getByRole('button', { name: 'Edit' })",
        "page.getByRole('complementary', { name: 'More from the Courier' }).getByRole('button', { name: 'Subscribe' })",
    ]
    consent = run.attempts[2]
    assert "clicked 'Accept all' to close the dialog" in consent.transcript.notes
    tools = run.tools["verdex"]["tokens"]
    for attempt in run.attempts:
        assert attempt.calls == len(attempt.transcript.calls) > 0
        assert attempt.transcript.calls[0].tool == "browser_navigate"
        # suggest_locator's candidates are verified on the page already: no verify_locator after it
        assert attempt.transcript.calls[-1].tool == "suggest_locator"
        assert attempt.total_tokens == attempt.answer_tokens + tools * attempt.calls
    summary = summarize(run)
    assert summary["servers"]["verdex"]["okPercent"] == 100.0
    assert "ratioMedianTotalTokens" not in summary


def test_readme_lines_name_the_missed_tasks() -> None:
    facts = {
        "toolsList": {"tools": 3, "tokens": 900, "chars": 3000},
        "medianCalls": 4,
        "medianAnswerTokens": 1500.5,
        "medianTotalTokens": 5100.5,
        "ok": 1,
        "tasks": 2,
        "okPercent": 50.0,
        "positional": 0,
        "generated": 0,
    }
    section = {
        "machine": {"date": "2026-01-01 00:00 UTC"},
        "playwrightMcp": "0.0.83",
        "summary": {
            "servers": {"verdex": facts},
            "targets": {"ratioAtMost": 0.5, "verdexOkPercentAtLeast": 95.0},
        },
        "attempts": [
            {"task": "a", "server": "verdex", "verdict": {"ok": True, "unique": True, "intended": True, "count": 1}},
            {"task": "b", "server": "verdex", "verdict": {"ok": False, "unique": False, "intended": False, "count": 3}},
        ],
    }
    lines = render_workflow(section)
    assert lines[3:5] == [
        "| server | median tokens a task | in answers | median calls | tools/list | unique, intended, non-positional "
        "| positional | on generated ids/classes |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    assert lines[5] == "| verdex | 5,100.5 | 1,500.5 | 4 | 900 (3 tools) | 1/2 (50%) | 0 | 0 |"
    assert lines[-1] == (
        "verdex's locators unique, on the intended element and non-positional: 50% (target at least 95%: missed); "
        "missed: `b` (3 matches)."
    )
