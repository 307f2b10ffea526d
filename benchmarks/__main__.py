"""``python -m benchmarks``: run the benchmarks, print the tables, write the results, update docs/performance.md."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import trio

from benchmarks.coldstart import measure_cold_start
from benchmarks.harness import open_playwright, serve_fixtures
from benchmarks.latency import measure_latency
from benchmarks.machine import describe_machine, load_average
from benchmarks.pages import write_pages
from benchmarks.readme import update_readme
from benchmarks.report import (
    cold_start_table,
    evaluate_targets,
    latency_tables,
    render_tables,
    scale_tables,
    tokens_table,
)
from benchmarks.results_file import RESULTS, carry_over, write_results
from benchmarks.scale import SIZES, measure_scale
from benchmarks.skills import measure_skills, skills_table
from benchmarks.tokens import FIXTURES, measure_tokens

SECTIONS = ("coldstart", "tokens", "latency", "scale", "skills")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--sections", default=",".join(SECTIONS), help=f"comma-separated, of {', '.join(SECTIONS)}")
    parser.add_argument("--fixtures", default=",".join(FIXTURES), help="token fixtures (files in fixtures/pages)")
    parser.add_argument("--repeat", type=int, default=30, help="latency samples per tool (default 30)")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="scale: element counts")
    parser.add_argument(
        "--scale-repeat", type=int, default=8, help="scale: rounds per page under 20k elements (default 8; 2 above)"
    )
    parser.add_argument("--cold-runs", type=int, default=5, help="cold start runs (default 5)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results file (default benchmarks/results.json)")
    parser.add_argument(
        "--readme",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="update docs/performance.md's measured part (default: when every section ran into the default results)",
    )
    return parser


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the chosen sections; returns the results (also printed section by section)."""
    sections = [s for s in args.sections.split(",") if s]
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        raise SystemExit(f"unknown section(s): {', '.join(sorted(unknown))}; choose from {', '.join(SECTIONS)}")
    sizes = tuple(int(s) for s in args.sizes.split(",") if s)
    started = time.perf_counter()
    results: dict[str, Any] = {
        "machine": describe_machine(),
        "settings": {
            "sections": sections,
            "repeat": args.repeat,
            "sizes": list(sizes),
            "scaleRepeat": args.scale_repeat,
            "coldRuns": args.cold_runs,
        },
    }
    if "skills" in sections:
        results["skills"] = measure_skills()
        print(skills_table(results["skills"]) + "\n", flush=True)
    with tempfile.TemporaryDirectory(prefix="verdex-bench-pages-") as generated_dir:
        files = write_pages(Path(generated_dir), sizes)
        async with (
            serve_fixtures() as base_url,
            serve_fixtures(Path(generated_dir)) as generated_url,
            open_playwright() as playwright,
        ):
            if "coldstart" in sections:
                _log("cold start ...")
                results["coldstart"] = await measure_cold_start(base_url, args.cold_runs)
                print(cold_start_table(results["coldstart"]) + "\n", flush=True)
            if "tokens" in sections:
                results["tokens"] = []
                for fixture in args.fixtures.split(","):
                    _log(f"tokens: {fixture} ...")
                    results["tokens"].append(await measure_tokens(base_url, playwright, fixture))
                print(tokens_table(results["tokens"]) + "\n", flush=True)
            if "latency" in sections:
                _log("latency ...")
                results["latency"] = await measure_latency(base_url, generated_url, args.repeat)
                print(latency_tables(results["latency"]) + "\n", flush=True)
            if "scale" in sections:
                _log("scale ...")
                results["scale"] = await measure_scale(generated_url, playwright, files, sizes, args.scale_repeat)
                print(scale_tables(results["scale"]) + "\n", flush=True)
    results["machine"]["loadAverageEnd"] = load_average()
    results["targets"] = evaluate_targets(results)
    results["durationSeconds"] = round(time.perf_counter() - started, 1)
    return results


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    results = trio.run(run, args)
    # realPages, rolesMemory and verifyLocator come from their own benchmarks: keep them.
    merged = carry_over(results, args.out)
    write_results(merged, args.out)
    everything = set(results["settings"]["sections"]) == set(SECTIONS)
    if args.readme or (args.readme is None and everything and args.out.resolve() == RESULTS.resolve()):
        update_readme(merged)  # with the standalone benchmarks' sections, which the page shows too
        _log("docs/performance.md: measured part updated")
    print(render_tables({"machine": results["machine"], "targets": results["targets"]}))
    print(f"\n{results['durationSeconds']:.0f} s; results in {args.out}")


if __name__ == "__main__":
    main()
