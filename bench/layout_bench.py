"""Issue 11 item 5's figures: laying out big graphs. For each graph, on the same DOT in one run:

- native `dot` (Graphviz 2.43) with the attributes engine/record/dot.py picks for its size (the fast
  ones above 400 drawn nodes), capped at --cap seconds (the reference);
- our layered layout in Node (static/js/shared/layered-svg.js): record to SVG text, and the layout
  the record picks for the page (engine/record/layout_choice.py);
- the page in Chromium: the program pasted into "Expression" until its graph is on screen
  (the Python run in the worker included), the layout and install times the page records on
  #graph, and one "Next step" until the step count moves.

    .venv/bin/python -m bench.layout_bench [--repeats 3] [--cap 60] [--no-page] [--no-write]

Starts its own server and Debian's Chromium. Raw figures go to .cache/bench/layout.json; the
table replaces its section of docs/benchmarks.md (bench/doc.py).
"""

import json
import subprocess
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from bench import native, report, servers
from bench.big_graphs import WORKLOADS
from bench.browser_bench import chromium, graph_timings, wait_for_python
from bench.stats import median
from engine.worker.playground import run
from engine.worker.runner import run_program

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## Laying out big graphs"
PROSE = (
    "Native `dot` with the attributes engine/record/dot.py picks for the graph's size (the fast "
    'ones above 400 drawn nodes), one run each. "Layered, Node" is '
    "static/js/shared/layered-svg.js from the record to SVG text (median of the repeats); "
    '"page" pastes the program into the playground in Chromium (medians): *drawn* is from the '
    "paste until every value is on screen, the Python run in the worker included; *layout* and "
    "*install* are the page's performance measures of those names (layout: worker, transfer "
    "and parse; install: indexing and putting it on screen); *step* is one Next step until the "
    "count moves."
)
RUN_LIMIT = 60  # seconds a Python run may take in the page: headroom on a loaded machine (the
# 20,000-value chain runs in ~2-3 s of Python, within the default 5 s)
GRAPH_TIMEOUT_MS = 180_000


def record_and_dot(kind: str, source: str) -> tuple[dict, str]:
    if kind == "expression":
        result = run(source)
        return result["trace"], result["dot"]
    result = run_program(source)
    graph = result["graphs"][result["chosen"]]
    return graph["record"], graph["dot"]


def layered_in_node(files: list[Path], repeats: int) -> dict[str, Any]:
    script = ROOT / "bench" / "layered_node.mjs"
    out = subprocess.run(
        ["node", str(script), str(repeats), *map(str, files)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout)


def in_page(page: Page, source: str, values: int) -> dict[str, Any]:
    """Paste `source`, wait for its graph, then one step."""
    editor = page.get_by_label("Expression")
    started = time.perf_counter()
    editor.fill(source)
    nodes = page.locator("#graph svg g.node.value")
    expect(nodes).to_have_count(values, timeout=GRAPH_TIMEOUT_MS)
    drawn = time.perf_counter() - started
    timings = graph_timings(page)
    count = page.locator("#step-count")
    before = count.text_content()
    stepped = time.perf_counter()
    page.get_by_role("button", name="Next step").click()
    expect(count).not_to_have_text(before or "", timeout=GRAPH_TIMEOUT_MS)
    return {
        "drawn_s": drawn,
        "step_s": time.perf_counter() - stepped,
        "layout": page.locator("#graph").get_attribute("data-layout"),
        "notice": page.locator("#notice").text_content(),
        **timings,
    }


def page_figures(sources: dict[str, tuple[str, int]], repeats: int) -> dict[str, list]:
    results: dict[str, list] = {name: [] for name in sources}
    with servers.playground() as base, chromium() as browser:
        page = browser.new_page()
        page.goto(f"{base}/?{urlencode({'limit': RUN_LIMIT})}")
        wait_for_python(page)
        for _ in range(repeats):
            for name, (source, values) in sources.items():
                results[name].append(in_page(page, source, values))
                in_page(page, "a = 1.0\nb = a*2\n", 3)  # a small graph between: each drawn anew
    return results


def measure(repeats: int, cap: float, with_page: bool) -> dict[str, Any]:
    report.RAW.mkdir(parents=True, exist_ok=True)
    rows: dict[str, Any] = {}
    files = []
    for k, (name, (kind, source)) in enumerate(WORKLOADS.items()):
        record, dot = record_and_dot(kind, source)
        path = report.RAW / f"layout-{k}.json"  # the layered layout reads the record, not DOT
        path.write_text(json.dumps(record))
        files.append(path)
        rows[name] = {
            "kind": kind,
            "values": len(record["nodes"]),
            "picks": record["layout"],
            "dot": native.dot_seconds(dot, cap),
        }
    node = layered_in_node(files, repeats)
    for name, path in zip(WORKLOADS, files, strict=True):
        rows[name]["node"] = node[str(path)]
    if with_page:
        sources = {name: (WORKLOADS[name][1], rows[name]["values"]) for name in WORKLOADS}
        for name, figures in page_figures(sources, repeats).items():
            rows[name]["page"] = figures
    return {"repeats": repeats, "cap": cap, "rows": rows}


def _seconds(x: float, cap: float) -> str:
    return f"> {cap:.0f} s (killed)" if x == float("inf") else f"{x:.2f} s"


def markdown(figures: dict[str, Any]) -> str:
    cap = figures["cap"]
    lines = [
        "| graph | values | native dot | layered, Node | page picks | page: drawn | layout "
        "| install | step |",
        "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for name, row in figures["rows"].items():
        node = row["node"]
        page = row.get("page") or []
        cells = ["–"] * 4
        if page:
            cells = [
                f"{median([p['drawn_s'] for p in page]):.2f} s",
                f"{median([p['layout_ms'] for p in page]) / 1000:.2f} s",
                f"{median([p['install_ms'] for p in page]) / 1000:.2f} s",
                f"{median([p['step_s'] for p in page]) * 1000:.0f} ms",
            ]
        lines.append(
            f"| {name} | {row['values']:,} | {_seconds(row['dot'], cap)} "
            f"| {median(node['ms']) / 1000:.2f} s | {row['picks']} | " + " | ".join(cells) + " |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = report.arguments(__doc__, repeats=3)
    parser.add_argument("--cap", type=float, default=60.0, help="seconds before dot is killed")
    parser.add_argument("--no-page", action="store_true", help="skip the Chromium part")
    args = parser.parse_args()
    report.measured_section(
        ".venv/bin/python -m bench.layout_bench",
        ("Node", "Graphviz", "Chromium"),
        SECTION,
        PROSE,
        lambda: measure(args.repeats, args.cap, not args.no_page),
        markdown,
        "layout",
        write=not args.no_write,
    )


if __name__ == "__main__":
    main()
