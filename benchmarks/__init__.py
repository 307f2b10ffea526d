"""verdex benchmarks: tokens, latency and scale, side by side with the alternatives, in one run.

``make bench`` (``python -m benchmarks``) prints the tables, writes ``benchmarks/results.json``
and regenerates the measured part of docs/performance.md from it (``python -m benchmarks.readme`` does
only the last step). Sections:

- :mod:`benchmarks.tokens`: each answer of the walk in cl100k tokens, against the page's HTML,
  the container's HTML and Playwright's AI snapshot.
- :mod:`benchmarks.latency`: p50/p95 of every tool through a real MCP client, and the floor.
- :mod:`benchmarks.scale`: generated pages of ~1k/10k/50k elements, ours vs Playwright's AI snapshot.
- :mod:`benchmarks.coldstart`: spawn to the first snapshot answer, and memory.

Targets are reported as measured (:mod:`benchmarks.report`), never asserted.
"""
