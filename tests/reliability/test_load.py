"""Load: thousands of read-only calls on one page and across three roles, every answer exactly the first of its kind.

The workload is ``benchmarks/load.py``'s (:func:`benchmarks.load.run_load`): 10,000 calls on one
page, then 1,000 across the three roles (about 45 s here, 4 ms a call). ``make soak`` runs the same
with its own Chromium (and 3,000 across roles) and prints server and browser memory at start and
end; memory is not asserted here.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from benchmarks.load import run_load, serve_args
from tests.mcp_client import Tools

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]

CALLS = 10_000
ROLE_CALLS = 1_000


async def test_thousands_of_calls_answer_the_same_every_time(serve: Serve, fixture_url: URL) -> None:
    async with serve(*serve_args()) as tools:
        result = await run_load(tools.client.call_tool, fixture_url(""), CALLS, ROLE_CALLS)
    assert (result.errors, result.differing) == ([], [])
    assert (result.error_count, result.differing_count) == (0, 0)
    # setup: 3 roles x (select, navigate, snapshot), then select r1; part 2 starts with one select.
    assert result.calls == 9 + 1 + CALLS + 1 + ROLE_CALLS
    # 9 setup answers, select r1, the 5 kinds on r1's page (the same kinds again in part 2: r1's answers
    # after switching roles must equal those of part 1), part 2's first select, each role's select in
    # the rounds, and the 5 kinds on r2's and r3's pages.
    assert result.kinds == 9 + 1 + 5 + 1 + 3 + 2 * 5
