"""How part 2's table (bench/browser_report.py) writes a figure in a cell: times given in ms
as seconds or ms, bytes as MB, and the median, percentile or range of one key over the visits
or clicks that have it (a figure a run could not take is None, and left out)."""

from typing import Any

from bench.stats import median, percentile

Row = tuple[str, str, str, str, str]  # figure, goal, measured, reference, verdict


def sec(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


def msec(ms: float) -> str:
    return f"{ms:.1f} ms" if ms < 100 else f"{ms:,.0f} ms"


def mb(n_bytes: float) -> str:
    return f"{n_bytes / 1e6:.2f} MB"


def med(rows: list[dict[str, Any]], key: str) -> float:
    return median([r[key] for r in rows if r.get(key) is not None])


def span(rows: list[dict[str, Any]], key: str) -> str:
    values = [r[key] for r in rows if r.get(key) is not None]
    return f"{sec(min(values))}–{sec(max(values))}"


def pct(rows: list[dict[str, Any]], key: str, p: float) -> float:
    return percentile([r[key] for r in rows if r.get(key) is not None], p)


def dot_time(seconds: list[float]) -> str:
    """Native `dot`'s times on one graph: their median, or that it was not run or timed out."""
    if not seconds:
        return "not run"
    if seconds[0] == float("inf"):
        return "timed out (> 120 s)"
    return f"{median(seconds):.2f} s (n={len(seconds)})"
