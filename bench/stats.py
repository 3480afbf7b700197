"""Summaries of repeated timings, and how the tables write them.

Machines here are shared and noisy: every figure is a median over repeats, reported beside a
reference measured in the same run, never as a bare number.
"""

import statistics
from collections.abc import Sequence


def median(xs: Sequence[float]) -> float:
    return statistics.median(xs)


def percentile(xs: Sequence[float], p: float) -> float:
    """The p-th percentile (0..100), interpolating between the nearest ranks."""
    s = sorted(xs)
    k = (len(s) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summary(xs: Sequence[float]) -> dict[str, float]:
    """Median, p95, min and max of a list of timings, and how many there were."""
    return {
        "median": median(xs),
        "p95": percentile(xs, 95),
        "min": min(xs),
        "max": max(xs),
        "n": len(xs),
    }


def ms(seconds: float) -> str:
    """Seconds as milliseconds, with three significant figures or so."""
    value = seconds * 1000
    if value >= 100:
        return f"{value:,.0f} ms"
    if value >= 10:
        return f"{value:.1f} ms"
    return f"{value:.2f} ms"


def mib(n_bytes: float) -> str:
    return f"{n_bytes / 2**20:,.1f} MiB"


def verdict(met: bool) -> str:
    return "met" if met else "**not met**"
