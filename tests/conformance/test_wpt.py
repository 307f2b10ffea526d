"""The WPT name and role corpus, file by file, against the figures recorded in ``recorded.json``.

A ratchet: the test fails when a case that passed now fails, when a file's number of cases
changes, and also when more cases pass than recorded (then record the new figures with
``python -m tests.conformance --record`` so CI holds them from now on). One page loads every file
in turn (a browser context per file would cost more than the files themselves).
"""

from __future__ import annotations

from tests.conformance.corpus import KINDS, corpus_files, file_record, find_corpus, recorded, score_file
from verdex.browser.page import Page

RECORDED = recorded()
FILES = sorted(RECORDED["files"])

#: Chromium 156's own accessibility tree on the non-tentative files (corpus README): the floor.
CHROMIUM = {"names": (589, 593), "roles": (262, 262), "generic": (63, 68)}


def test_recorded_figures_are_at_least_chromiums() -> None:
    core = RECORDED["totals"]["core"]
    for kind, (floor, total) in CHROMIUM.items():
        assert core[kind][1] == total
        assert core[kind][0] >= floor, f"{kind}: recorded {core[kind][0]}/{total}, Chromium has {floor}"
    # The totals are the sums of the files'.
    for group, tentative in (("core", False), ("tentative", True)):
        for kind in KINDS:
            entries = [e for path, e in RECORDED["files"].items() if ("tentative" in path) == tentative]
            summed = [sum(e.get(kind, [0, 0])[0] for e in entries), sum(e.get(kind, [0, 0])[1] for e in entries)]
            assert RECORDED["totals"][group][kind] == summed, (group, kind)


def test_recorded_files_are_the_corpus() -> None:
    corpus = find_corpus()
    assert [path.relative_to(corpus).as_posix() for path in corpus_files(corpus)] == FILES


async def test_wpt_corpus_holds_recorded_figures(page: Page) -> None:
    corpus = find_corpus()
    problems: list[str] = []
    for path in FILES:
        result = file_record(await score_file(page, corpus, corpus / path))
        held = RECORDED["files"][path]
        new_failures = sorted(set(result["failing"]) - set(held["failing"]))
        changed = [kind for kind in KINDS if result.get(kind, [0, 0])[1] != held.get(kind, [0, 0])[1]]
        if new_failures:
            problems.append(f"{path}: cases that passed now fail: {new_failures}")
        elif changed:
            problems.append(f"{path}: the number of {', '.join(changed)} cases changed: {result} (recorded {held})")
        elif result != held:
            problems.append(f"{path}: more cases pass than recorded: {result} (recorded {held})")
    assert not problems, "\n".join(
        [*problems, "(after an improvement: python -m tests.conformance --record, and commit recorded.json)"]
    )
