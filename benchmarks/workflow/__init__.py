"""The workflow benchmark (``make bench-workflow``): what it costs an assistant to go from "write a
locator for <description>" to a locator, on verdex and on Playwright MCP, and what the locator is worth.

At least 30 tasks (:mod:`benchmarks.workflow.tasks`) on pages built for it (``fixtures/workflow``).
A scripted assistant does each task on each server in the same run, following each server's cheapest
path (:mod:`benchmarks.workflow.verdex_runner`, :mod:`benchmarks.workflow.playwright_mcp`); both pick
the target by one fixed rule from the description's keywords
(:func:`benchmarks.workflow.snapshot.pick`), never from the oracle. Per task and server: calls, answer
tokens, ``tools/list`` tokens × calls (:mod:`benchmarks.workflow.metered`), the locator, and real
Playwright's verdict on it (:mod:`benchmarks.workflow.judge`). ``python -m benchmarks.workflow``
prints the table and the summary and writes them under the key ``workflow`` of
``benchmarks/results.json``.
"""
