"""Small statistics for the benchmarks: percentiles of timings and growth exponents."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Timing", "fit_exponent", "percentile", "summarize"]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) with linear interpolation between closest ranks.

    Raises:
        ValueError: no values, or ``q`` outside 0..100.
    """
    if not values:
        raise ValueError("percentile of no values")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} is outside 0..100")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class Timing:
    """Summary of repeated timings, milliseconds."""

    n: int
    p50: float
    p95: float
    min: float
    max: float

    def as_json(self) -> dict[str, float | int]:
        return {
            "n": self.n,
            "p50": round(self.p50, 3),
            "p95": round(self.p95, 3),
            "min": round(self.min, 3),
            "max": round(self.max, 3),
        }


def summarize(samples_ms: Sequence[float]) -> Timing:
    """p50, p95, min and max of timings in milliseconds.

    Raises:
        ValueError: no samples.
    """
    return Timing(
        len(samples_ms), percentile(samples_ms, 50), percentile(samples_ms, 95), min(samples_ms), max(samples_ms)
    )


def fit_exponent(sizes: Sequence[float], values: Sequence[float]) -> float:
    """The exponent ``k`` of ``value ~ c * size**k``: least-squares slope of log(value) on log(size).

    1.0 is linear growth, 2.0 quadratic.

    Raises:
        ValueError: fewer than two points, or a size or value that is not positive.
    """
    if len(sizes) != len(values) or len(sizes) < 2:
        raise ValueError("fit_exponent needs two or more (size, value) pairs")
    if min(sizes) <= 0 or min(values) <= 0:
        raise ValueError("fit_exponent needs positive sizes and values")
    xs = [math.log(s) for s in sizes]
    ys = [math.log(v) for v in values]
    mean_x = sum(xs) / len(xs)
    mean_y = sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if spread == 0:
        raise ValueError("fit_exponent needs at least two different sizes")
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
