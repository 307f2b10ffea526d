"""``make bench-suggest``: suggest_locator judged by real Playwright, and how its locators survive change.

Three measurements, each in the same run (``python -m benchmarks.suggest``):

1. **Fixtures**: every element with a ref in the snapshot of every fixture page (``fixtures/pages``,
   ``fixtures/pages/suggest``, ``fixtures/pages/locators``, ``fixtures/workflow``).
2. **Real pages**: ``../shared/corpora/real-pages`` served over 127.0.0.1, targets picked by a fixed rule:
   the refs whose role and accessible name (a snapshot line ``- role "name" [ref=eN]``) occur on more than
   one ref line of the page's snapshot, at most :data:`PER_PAGE` a page, evenly spaced in snapshot order.
3. **Change survival**: the top suggestion of every fixture target, on its page after each change of
   ``mutate.js`` (siblings reordered, a new sibling inserted, containers wrapped, hashed classes renamed,
   generated ids renewed, all at once); with ``--peer``, Playwright MCP's ``browser_generate_locator`` for
   the same targets, judged the same way.

verdex runs in process (the library behind ``suggest_locator``: the same engine and the same answer text,
without the stdio hop); every page's elements are stamped (``vx-stamp``) before anything else, so the
judge, real Playwright's JavaScript API (``judge.cjs``), can tell whether a locator finds exactly the
intended element: the count is 1 and the match carries the target's stamp. Latency is the engine's
wall-clock time per target (milliseconds); tokens are the answer text's, cl100k.
"""
