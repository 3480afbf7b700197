"""One long chain in a fresh interpreter: its time and how much memory it took, as JSON.

    python -m bench.chain_memory --lib engine --ops 100000 [--tracemalloc]

A fresh process per run, so that the growth of its peak RSS belongs to that one chain.
"""

import argparse
import json
import sys
from typing import Any

from bench.workloads import chain, chain_peak_allocation


def peak_rss_bytes() -> int:
    """This process's peak resident set size (Linux's VmHWM).

    Not `resource.getrusage().ru_maxrss`: a child process inherits its parent's high-water mark
    across fork and exec, so a big parent would hide the child's own peak.
    """
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024  # reported in kB
    raise RuntimeError("no VmHWM in /proc/self/status")


def _chain_main(lib: str, n_ops: int, trace_memory: bool) -> dict[str, Any]:
    """One chain in this fresh process: its times, and how much its peak RSS grew (Linux)."""
    if lib == "engine":
        from engine import Value
    else:
        from micrograd.engine import Value

        sys.setrecursionlimit(n_ops + 10_000)  # micrograd's backward recurses once per op
    rss_before = peak_rss_bytes()
    forward, backward = chain(Value, n_ops)
    result: dict[str, Any] = {
        "forward_s": forward,
        "backward_s": backward,
        "peak_rss_growth_bytes": peak_rss_bytes() - rss_before,
    }
    if trace_memory:
        result["tracemalloc_peak_bytes"] = chain_peak_allocation(Value, n_ops)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", choices=["engine", "micrograd"], default="engine")
    parser.add_argument("--ops", type=int, default=100_000)
    parser.add_argument("--tracemalloc", action="store_true", help="also its peak allocation")
    args = parser.parse_args()
    print(json.dumps(_chain_main(args.lib, args.ops, args.tracemalloc)))


if __name__ == "__main__":
    main()
