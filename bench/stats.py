"""Summaries of repeated timings, and a description of the machine they were taken on.

Machines here are shared and noisy: every figure is a median over repeats, reported beside a
reference measured in the same run, never as a bare number.
"""

import os
import platform
import statistics
import subprocess
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


def _first_line(command: list[str]) -> str:
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unavailable"
    text = (out.stdout or out.stderr).strip()
    return text.splitlines()[0] if text else "unavailable"


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict[str, str | int]:
    """What a reader needs to judge the figures: cores, CPU, load, and the tools' versions."""
    load = os.getloadavg()
    return {
        "nproc": os.cpu_count() or 0,
        "cpu": cpu_model(),
        "load_average": " ".join(f"{x:.2f}" for x in load),
        "python": platform.python_version(),
        "node": _first_line(["node", "--version"]),
        "chromium": _first_line(["/usr/bin/chromium", "--version"]),
        "dot": _first_line(["dot", "-V"]),
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


def contended() -> bool:
    """Whether the machine is busier than its cores: then no goal is judged (a ratio to a
    reference is still shown, but a slow or fast figure may be the neighbours' doing)."""
    return os.getloadavg()[0] > (os.cpu_count() or 1)
