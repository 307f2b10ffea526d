"""Waiting on the page: ``wait_for_stable`` (a quiet DOM) and ``wait_for_browser``'s text waits."""

from __future__ import annotations

import re
from collections.abc import Callable

import trio

from tests.e2e.conftest import Tools

URL = Callable[[str], str]


async def test_wait_for_stable_on_a_page_that_streams_then_stops(tools: Tools, fixture_url: URL) -> None:
    # stream.html: 1.5 s after load, 30 lines 100 ms apart (one mutation each; every sixth in a
    # same-origin iframe), then nothing. The defaults (quietMs 2000) outlast the 1.5 s before the
    # first line, so the wait sees all 30.
    await tools.ok("browser_navigate", url=fixture_url("actions/stream.html"))
    stable = await tools.ok("wait_for_stable")
    waited = stable.data["waitedMs"]
    assert stable.data == {"waitedMs": waited, "mutations": 30, "quietMs": 2000, "documents": 2}
    # The wait began before the first line (<= 1.5 s after load) and ended 2000 ms after the last
    # (2.9 s after the first): about 2900 + 2000 ms at least (less 100 ms for timer granularity), at
    # most 1500 + 2900 + 2000 ms plus slack for a loaded machine.
    assert 4800 <= waited <= 1500 + 2900 + 2000 + 1500, waited
    assert stable.text == (
        f"The page was stable after {waited} ms: 30 DOM mutations in 2 documents, then none for 2000 ms. "
        "Next: browser_snapshot."
    )
    lines = (await tools.ok("browser_snapshot")).text.splitlines()
    assert "    - listitem [ref=e27]: Line 29" in lines
    # Every sixth line went to the frame: line 30 is there (its lines are under the iframe line).
    assert not any(line.endswith(": Line 30") and not line.startswith("      - ") for line in lines)
    assert "      - listitem [ref=f1_e33]: Line 30" in lines
    # A quiet page: stable after quietMs, with no mutation.
    again = await tools.ok("wait_for_stable", quietMs=200, timeoutMs=5000)
    assert again.data["mutations"] == 0
    assert 200 <= again.data["waitedMs"] < 1500


async def test_wait_for_stable_on_a_page_that_never_stops(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("hostile/mutating.html"))
    message = await tools.error("wait_for_stable", quietMs=500, timeoutMs=1500)
    match = re.fullmatch(
        r"Error executing tool wait_for_stable: the page did not settle within 1500 ms: it saw (\d+) DOM mutations, "
        r"and its longest quiet spell was (\d+) ms \(quietMs is 500\)\. Call wait_for_stable with a longer timeoutMs "
        r"\(or a shorter quietMs\), or wait_for_browser\(text=\.\.\.\) for the content you need\.",
        message,
    )
    assert match is not None, message
    # A change every 5 ms (text, attribute, an item added, one removed) for 1.5 s.
    assert int(match.group(1)) > 100
    assert int(match.group(2)) < 500
    # The session goes on.
    assert (await tools.ok("browser_snapshot")).text.startswith('Page: "Never still"')


async def test_wait_for_stable_arguments_and_a_navigation_during_the_wait(tools: Tools, fixture_url: URL) -> None:
    assert await tools.error("wait_for_stable", quietMs=2000, timeoutMs=2000) == (
        "Error executing tool wait_for_stable: timeoutMs (2000) must be more than quietMs (2000): the page has to "
        "stay quiet for quietMs within the timeout"
    )
    assert await tools.error("wait_for_stable", quietMs=-1) == (
        "wait_for_stable: quietMs: input should be greater than or equal to 0 "
        "(got -1). It takes: quietMs (integer 0..120000, optional), timeoutMs (integer 1..120000, optional)."
    )
    assert await tools.error("wait_for_stable", timeoutMs=600_000) == (
        "wait_for_stable: timeoutMs: input should be less than or equal to "
        "120000 (got 600000). It takes: quietMs (integer 0..120000, optional), timeoutMs (integer 1..120000, "
        "optional)."
    )
    # navigate-away.html changes every 100 ms and leaves for describe.html 1.5 s after load.
    start = fixture_url("actions/navigate-away.html")
    await tools.ok("browser_navigate", url=start)
    message = await tools.error("wait_for_stable", quietMs=2000, timeoutMs=10_000)
    assert re.fullmatch(
        rf"Error executing tool wait_for_stable: the page left {re.escape(start)} during wait_for_stable \(after "
        rf"\d+ ms; it is now at {re.escape(fixture_url('describe.html'))}\), so the document being watched is gone\. "
        r"Call wait_for_stable again to wait on the new page, or browser_snapshot to see it\.",
        message,
    ), message
    # The session goes on, on the new page (loaded again here: a wait right after the error could
    # count the rest of its parsing).
    assert (await tools.ok("browser_snapshot")).data["url"] == fixture_url("describe.html")
    await tools.ok("browser_navigate", url=fixture_url("describe.html"))
    stable = await tools.ok("wait_for_stable", quietMs=300, timeoutMs=5000)
    assert stable.data["mutations"] == 0


async def test_text_waits_wait_and_time_out_with_their_message(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("actions/waits.html"))
    await tools.ok("browser_click", element="Load results")  # shows "Loading results…", removes it 800 ms later
    start = trio.current_time()
    gone = await tools.ok("wait_for_browser", textGone="Loading results", timeoutMs=5000)
    elapsed_ms = (trio.current_time() - start) * 1000
    assert gone.data["condition"] == "text 'Loading results' to disappear"
    # Measured against the test's own clock, not a fixed duration: under load the 800 ms may be mostly gone by
    # the time the wait starts (issue 19, item 16).
    assert 0 <= gone.data["waitedMs"] <= elapsed_ms + 1
    assert gone.text == f"Waited {gone.data['waitedMs']} ms for text 'Loading results' to disappear."
    assert "  - paragraph: Results ready" in (await tools.ok("browser_snapshot")).text.splitlines()
    assert await tools.error("wait_for_browser", text="Never on this page", timeoutMs=300) == (
        "Error executing tool wait_for_browser: timed out after 300 ms waiting for text 'Never on this page' to "
        "appear; call browser_snapshot to see the page"
    )
    assert await tools.error("wait_for_browser", textGone="Results ready", timeoutMs=300) == (
        "Error executing tool wait_for_browser: timed out after 300 ms waiting for text 'Results ready' to "
        "disappear; call browser_snapshot to see the page"
    )
