"""``python -m benchmarks.suggest``: suggest_locator on fixtures and real pages, judged by real Playwright,
and the change survival of its top suggestion (with ``--peer``: and of Playwright MCP's locators).
Prints the tables and the failures by cause; writes the key ``suggest`` of benchmarks/results.json."""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

import trio

from benchmarks.harness import ROOT, serve_fixtures
from benchmarks.results_file import RESULTS, read_results, update_results
from benchmarks.suggest.collect import PER_PAGE, Target, collect, every_ref, repeated_role_and_name
from benchmarks.suggest.judge import CHANGES, Group, Verdict, judge, twins
from benchmarks.workflow.snapshot import unquote
from verdex.browser.browser import open_browser
from verdex.browser.launcher import BrowserOptions

REAL_PAGES = ROOT.parent / "shared" / "corpora" / "real-pages"
PAGES = ROOT / "fixtures" / "pages"
WORKFLOW = ROOT / "fixtures" / "workflow"
#: Fixture pages that replace their document, wait for input or open dialogs at load: not targets.
SKIP = {
    "ticker.html",
    "race.html",
    "late.html",  # replaces itself after 100 ms
    "late-frame.html",  # its iframe's HTML arrives 1.5 s after the page's load
    "hostile/dialogs.html",
    "hostile/dialog-frame.html",
    "hostile/heavy.html",
    "hostile/dialog-loop.html",  # an alert that re-arms itself
    "hostile/spin.html",  # its script loops forever 300 ms after load
    "hostile/mutating.html",
    "hostile/builtins.html",  # it breaks Set and friends in the main world, where the judge evaluates
    "actions/navigate-away.html",
    "actions/stream.html",
    "history.html",
    "spa.html",
    "permissions.html",
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.suggest", description=__doc__)
    parser.add_argument("--real", type=int, default=1000, help="real pages, at most (default: all)")
    parser.add_argument("--per-page", type=int, default=PER_PAGE, help=f"real-page targets a page (default {PER_PAGE})")
    parser.add_argument("--no-fixtures", action="store_true", help="skip the fixture pages and the survival part")
    parser.add_argument("--no-survival", action="store_true", help="skip the change-survival part")
    parser.add_argument("--no-workflow", action="store_true", help="skip the pages of fixtures/workflow")
    parser.add_argument("--peer", action="store_true", help="measure Playwright MCP's browser_generate_locator too")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results file")
    parser.add_argument("--quick", action="store_true", help="fixtures only, no survival (make bench's section)")
    parser.add_argument("--save", type=Path, help="write the collected suggestions to this JSON file")
    parser.add_argument("--load", type=Path, help="judge the suggestions of this file instead of collecting them")
    return parser


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def fixture_pages() -> tuple[list[str], list[str]]:
    """(pages under fixtures/pages, pages under fixtures/workflow) that the benchmark targets."""
    pages = sorted(
        str(path.relative_to(PAGES))
        for path in PAGES.rglob("*.html")
        if str(path.relative_to(PAGES)) not in SKIP and "origins" not in path.parts and "tabs" not in path.parts
    )
    workflow = sorted(path.name for path in WORKFLOW.glob("*.html"))
    return pages, workflow


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    """Collect (or load) the suggestions, then judge them while the pages are still served."""
    async with (
        serve_fixtures() as pages_base,
        serve_fixtures(pages=WORKFLOW) as workflow_base,
        serve_fixtures(pages=REAL_PAGES if REAL_PAGES.is_dir() else WORKFLOW) as real_base,
    ):
        bases = {"pages": pages_base, "workflow": workflow_base, "real": real_base}
        found = _load(args.load, bases) if args.load else await _gather(args, bases)
        if args.save:
            _save(args.save, found, bases)
        results: dict[str, Any] = {}
        for name, targets in found.items():
            verdicts = await trio.to_thread.run_sync(_judge_targets, targets)
            results[name] = _summary(name, targets, verdicts)
            results[name].update(await trio.to_thread.run_sync(_positional_classes, targets, verdicts))
        if "fixtures" in found and not args.no_survival:
            results["survival"] = await trio.to_thread.run_sync(_survival, found["fixtures"])
            if args.peer:
                from benchmarks.suggest.peer import peer_survival

                results["peer"] = await peer_survival(found["fixtures"])
        return results


async def _gather(args: argparse.Namespace, bases: dict[str, str]) -> dict[str, list[Target]]:
    found: dict[str, list[Target]] = {}
    async with open_browser(BrowserOptions()) as browser:
        if not args.no_fixtures:
            pages, workflow = fixture_pages()
            _log(f"fixtures: {len(pages)} + {len(workflow)} pages")
            found["fixtures"] = await collect(browser, [(p, bases["pages"] + p) for p in pages], every_ref)
            if not args.no_workflow:
                found["fixtures"] += await collect(
                    browser, [(f"workflow/{p}", bases["workflow"] + p) for p in workflow], every_ref
                )
        if args.real and REAL_PAGES.is_dir():
            names = sorted(path.name for path in REAL_PAGES.glob("*.html"))[: args.real]
            _log(f"real pages: {len(names)}")

            def choose(lines: list[Any]) -> list[Any]:
                return repeated_role_and_name(lines, args.per_page)

            found["real"] = await collect(browser, [(n, bases["real"] + n) for n in names], choose)
    return found


def _save(path: Path, found: dict[str, list[Target]], bases: dict[str, str]) -> None:
    """The collected targets as JSON, URLs relative to their server (a later run judges them again)."""
    data = {name: [_relative(asdict(target), bases) for target in targets] for name, targets in found.items()}
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _relative(target: dict[str, Any], bases: dict[str, str]) -> dict[str, Any]:
    for key, base in bases.items():
        if target["url"].startswith(base):
            target["url"] = f"{key}:{target['url'][len(base) :]}"
            break
    return target


#: The server part of a frame's stamp (``http://127.0.0.1:43239/actions/frame.html:5``: a frame without a
#: name is stamped with its URL, whose port is the collecting run's; a frame may load from localhost).
_STAMP_SERVER = re.compile(r"^(http://(?:127\.0\.0\.1|localhost):)\d+/")


def _load(path: Path, bases: dict[str, str]) -> dict[str, list[Target]]:
    """The targets of a :func:`_save` file, their URLs (and frame stamps) on this run's servers."""
    data = json.loads(path.read_text(encoding="utf-8"))
    found: dict[str, list[Target]] = {}
    for name, items in data.items():
        found[name] = []
        for item in items:
            key, _, rest = item["url"].partition(":")
            item["url"] = bases[key] + rest
            port = bases[key].rstrip("/").rsplit(":", 1)[1]
            item["stamp"] = _STAMP_SERVER.sub(rf"\g<1>{port}/", item["stamp"])
            if item["page"] not in SKIP:
                found[name].append(Target(**item))
    return found


def _by_url(targets: list[Target]) -> dict[str, list[Target]]:
    """``targets`` by their page's URL (one page load each), in order."""
    by_url: dict[str, list[Target]] = {}
    for target in targets:
        by_url.setdefault(target.url, []).append(target)
    return by_url


def _judge_targets(targets: list[Target]) -> dict[tuple[str, str], list[Verdict]]:
    """Playwright's verdict on every suggestion of every target, by (page, ref)."""
    by_url = _by_url(targets)
    groups = [Group(url, tuple(locator for t in items for locator in t.locators)) for url, items in by_url.items()]
    verdicts = judge(groups)
    out: dict[tuple[str, str], list[Verdict]] = {}
    for (_url, items), answers in zip(by_url.items(), verdicts, strict=True):
        position = 0
        for target in items:
            out[(target.page, target.ref)] = answers[position : position + len(target.locators)]
            position += len(target.locators)
    return out


def _summary(name: str, targets: list[Target], verdicts: dict[tuple[str, str], list[Verdict]]) -> dict[str, Any]:
    causes: Counter[str] = Counter()
    good = 0
    failures: list[str] = []
    for target in targets:
        judged = verdicts.get((target.page, target.ref), [])
        if target.error:
            cause = "error"
        elif not target.locators:
            cause = "no suggestion"
        elif judged and judged[0].finds(target.stamp):
            good += 1
            cause = "positional" if target.positional else "ok"
        elif judged and judged[0].error:
            cause = "Playwright refuses"
        elif judged and judged[0].count == 1:
            cause = "another element"
        elif judged and judged[0].count == 0:
            cause = "no element"
        else:
            cause = "several elements"
        causes[cause] += 1
        if cause not in ("ok",) and len(failures) < 40:
            shown = target.locators[0] if target.locators else target.error or "-"
            verdict = judged[0] if judged else None
            failures.append(
                f"  {cause}: {target.page} {target.ref} {target.role} {target.name!r}: {shown[:160]} {verdict}"
            )
    total = len(targets)
    ms = sorted(t.ms for t in targets if t.locators)
    tokens = sorted(t.tokens for t in targets if t.locators)
    result = {
        "targets": total,
        "pages": len({t.page for t in targets}),
        "uniqueAndIntended": good,
        "percent": round(100 * good / total, 1) if total else None,
        "nonPositional": causes["ok"],
        "positional": causes["positional"],
        "causes": dict(causes),
        "p50Ms": round(statistics.median(ms), 1) if ms else None,
        "p90Ms": round(ms[int(len(ms) * 0.9)], 1) if ms else None,
        "p50Tokens": statistics.median(tokens) if tokens else None,
    }
    print(
        f"{name}: {good}/{total} unique and the intended element ({result['percent']}%) on {result['pages']} pages; "
        f"positional {causes['positional']}; p50 {result['p50Ms']} ms, p90 {result['p90Ms']} ms; "
        f"p50 answer {result['p50Tokens']} tokens"
    )
    print("  causes: " + ", ".join(f"{cause} {count}" for cause, count in causes.most_common()))
    for line in failures:
        if not line.startswith("  positional"):
            print(line)
    return result


def _positional_classes(targets: list[Target], verdicts: dict[tuple[str, str], list[Verdict]]) -> dict[str, Any]:
    """The positional answers Playwright confirmed, by whether only a position sets the element apart: a lookalike
    (same role and exact name) sits in a branch identical to its own (``positionalNeeded``), or none does, so a
    non-positional locator exists (``positionalAvoidable``, listed), or unknown (no name, a name cut in the
    snapshot, a frame)."""
    confirmed = [
        t for t in targets if t.positional and (judged := verdicts.get((t.page, t.ref))) and judged[0].finds(t.stamp)
    ]
    by_url = _by_url([t for t in confirmed if t.name])
    answers = twins({url: [(t.stamp, t.role, unquote(f'"{t.name}"')) for t in items] for url, items in by_url.items()})
    classes: Counter[str] = Counter(unknown=sum(1 for t in confirmed if not t.name))
    avoidable: list[str] = []
    for url, items in by_url.items():
        for target, twin in zip(items, answers[url], strict=True):
            if twin.error is not None or twin.twins == 0:
                classes["unknown"] += 1
            elif twin.identical:
                classes["needed"] += 1
            else:
                classes["avoidable"] += 1
                avoidable.append(
                    f"  avoidable: {target.page} {target.ref} {target.role} {target.name!r}: {target.locators[0][:160]}"
                )
    print(
        f"  positional answers: {classes['needed']} where a lookalike's branch is identical (only a position sets it "
        f"apart), {classes['avoidable']} where none is (a non-positional locator exists), {classes['unknown']} unknown"
    )
    for line in avoidable[:60]:
        print(line)
    return {
        "positionalNeeded": classes["needed"],
        "positionalAvoidable": classes["avoidable"],
        "positionalUnknown": classes["unknown"],
    }


def _survival(targets: list[Target]) -> dict[str, Any]:
    """The top suggestion of each target that Playwright confirmed, after each change."""
    by_url = _by_url([t for t in targets if t.locators])
    groups = [
        Group(url, tuple(t.locators[0] for t in items), change) for change in CHANGES for url, items in by_url.items()
    ]
    verdicts = judge(groups)
    survived: Counter[str] = Counter()
    judged: Counter[str] = Counter()
    broken: list[str] = []
    index = 0
    for change in CHANGES:
        for _url, items in by_url.items():
            for target, verdict in zip(items, verdicts[index], strict=True):
                judged[change] += 1
                if verdict.finds(target.stamp):
                    survived[change] += 1
                elif len(broken) < 80:
                    broken.append(f"  {change}: {target.page} {target.ref}: {target.locators[0][:150]} -> {verdict}")
            index += 1
    table = {change: {"survived": survived[change], "of": judged[change]} for change in CHANGES}
    total = sum(survived.values())
    cases = sum(judged.values())
    print(
        "survival of the top suggestion: "
        + ", ".join(f"{change} {survived[change]}/{judged[change]}" for change in CHANGES)
        + f"; all cases {total}/{cases} ({round(100 * total / cases, 1) if cases else '-'}%)"
    )
    for line in broken:
        print(line)
    return {
        "changes": table,
        "survived": total,
        "cases": cases,
        "percent": round(100 * total / cases, 1) if cases else None,
    }


def main() -> None:
    args = _parser().parse_args()
    if args.quick:
        args.real = 0
        args.no_survival = True
        args.no_workflow = True
    results = trio.run(_run, args)
    previous = read_results(args.out).get("suggest") or {}
    if args.quick:
        # make bench's section: the fixture pages' latency, tokens and correctness, beside the full run's results.
        update_results("suggest", {**previous, "quick": results.get("fixtures")}, args.out)
        return
    results["perPage"] = args.per_page
    if "quick" in previous:
        results["quick"] = previous["quick"]
    if "peer" not in results and "peer" in previous:
        # Playwright MCP's figures do not depend on verdex's engine: kept from the last run that measured them
        # (docs/performance.md says which run that was).
        results["peer"] = previous["peer"]
    update_results("suggest", results, args.out)


if __name__ == "__main__":
    main()
