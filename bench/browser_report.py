"""The part-2 table for docs/benchmarks.md, from browser_bench's raw figures.

One row per figure: what was measured, its goal, the median (or percentile), the reference
measured in the same run, and whether the goal is met. The rows about opening the page are
bench/page_load_rows.py's, those about using it bench/interaction_rows.py's; both write their
cells with bench/browser_cells.py.
"""

from typing import Any

from bench.interaction_rows import edit_to_graph, mlp_drawn, one_step
from bench.page_load_rows import bytes_rows, first_graph, python_ready, served_snapshot, wasm_fetch


def markdown(results: dict[str, Any]) -> str:
    loads = results["page_loads"]
    rows = [
        first_graph(loads),
        *python_ready(loads),
        edit_to_graph(results),
        *one_step(results),
        mlp_drawn(results),
        *bytes_rows(loads),
    ]
    if "wasm_fetch" in results:
        rows.append(wasm_fetch(results))
    if "snapshot_node" in results:
        rows.append(served_snapshot(results))
    lines = [
        f"Chromium {results['chromium']}, headless. Page loads: {results['repeats']} first "
        "visits, each in a fresh browser profile kept on disk (Chromium caches compiled wasm "
        "there, not in an incognito context), then, after 5 s more on the first page, a repeat "
        "visit in the same profile, alternating with the bare page; each interaction figure: "
        "one page.",
        "",
        "| Figure | Goal | Measured (median unless noted) | Reference, same run | Met? |",
        "|---|---|---|---|---|",
        *("| " + " | ".join(row) + " |" for row in rows),
    ]
    return "\n".join(lines) + "\n"
