"""Issue 9's page figures, in Chromium against a local server (real Pyodide, real CodeMirror),
with the harness the browser tests use (bench/servers.py, bench/browser_bench.py):

- paste → graph: with Python ready, the tutorial program (tests/programs/own_class_descent.py,
  a learner's own Value class and a 10-epoch descent loop) put in the editor, until its graph
  is on the page and painted (the page's own clock, bench/probes.py); beside it the seeds'
  neuron in the expression language, which runs in the same worker;
- first graph (the server's inline SVG) and when the editor bundle had arrived;
- the editor bundle's bytes: raw, and as the server sends it (brotli, gzip).

    .venv/bin/python -m bench.python_page [--repeats 5] [--no-write]

Writes its section of docs/benchmarks.md (bench/doc.py).
"""

import json
import statistics
from pathlib import Path
from typing import Any

from app.presets import NEURON
from bench import probes, report, servers
from bench.browser_bench import BOOT_TIMEOUT_MS, chromium, wait_for_python
from bench.stats import verdict
from tests.programs import program

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## A learner's Python in the page"
PROSE = (
    "Times are the page's own clock (`bench/probes.py`): from putting the text in the editor "
    "to the frame painted after the new graph is on screen."
)
GOALS = {"python": 300.0, "first_graph": 300.0, "editor_br": 150_000}


def editor_bytes() -> dict[str, int]:
    manifest = json.loads(servers.VENDOR_MANIFEST.read_text())
    path = ROOT / manifest["editor"].lstrip("/")
    sizes = {"raw": path.stat().st_size}
    for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
        copy = path.with_name(path.name + suffix)
        sizes[encoding] = copy.stat().st_size if copy.is_file() else 0
    return sizes


def visit(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        wait_for_python(page)
        page.locator(".cm-content").wait_for(timeout=BOOT_TIMEOUT_MS)
        editor = next(
            r for r in probes.resources(page) if "/vendor/editor/" in r["url"] and r["encoded"]
        )
        timings = page.evaluate(
            "(url) => performance.getEntriesByName(url)[0]?.responseEnd ?? null", editor["url"]
        )
        result = {
            "first_graph": probes.entries(page, "first-graph")[0]["start"],
            "editor_arrived": float(timings) if timings is not None else float("nan"),
        }
        for kind, source in (("python", program("own_class_descent")), ("expression", NEURON)):
            # Alternate with a one-value program so each paste draws a new graph.
            probes.change_until_new_graph(page, "#expression", "z = 1.0", "input")
            t = probes.change_until_new_graph(page, "#expression", source, "input")
            result[kind] = t["painted_ms"]
        return result
    finally:
        context.close()


def measure(repeats: int) -> dict[str, Any]:
    runs = []
    with servers.playground() as url, chromium() as browser:
        for _ in range(repeats):
            runs.append(visit(browser, url))
    return {"runs": runs, "editor_bytes": editor_bytes()}


def markdown(results: dict[str, Any]) -> str:
    runs = results["runs"]

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    b = results["editor_bytes"]
    rows = [
        f"| paste → graph painted, own `Value` class + 10-epoch descent (Python) "
        f"| {med('python'):.0f} ms | expression-language neuron, same worker: "
        f"{med('expression'):.0f} ms | ≤ 300 ms | {verdict(med('python') <= GOALS['python'])} |",
        f"| first graph (server's inline SVG), since navigation | {med('first_graph'):.0f} ms "
        f"| editor bundle arrived at {med('editor_arrived'):.0f} ms; after the graph in "
        f"{sum(r['editor_arrived'] > r['first_graph'] for r in runs)}/{len(runs)} visits "
        f"| ≤ 300 ms | {verdict(med('first_graph') <= GOALS['first_graph'])} |",
        f"| editor bundle (CodeMirror 6), as sent | {b['br'] / 1000:.1f} KB brotli "
        f"| {b['gzip'] / 1000:.1f} KB gzip, {b['raw'] / 1000:.0f} KB raw "
        f"| ≤ 150 KB | {verdict(0 < b['br'] <= GOALS['editor_br'])} |",
    ]
    return "\n".join(
        [
            "| figure | median | beside it | goal | verdict |",
            "| --- | --- | --- | --- | --- |",
            *rows,
        ]
    )


def main() -> None:
    args = report.arguments(__doc__, repeats=5).parse_args()
    facts = report.started(".venv/bin/python -m bench.python_page", "Chromium")
    results = measure(args.repeats)
    detail = f"medians of {len(results['runs'])} fresh visits"
    text = report.section(SECTION, report.ended(facts), PROSE, markdown(results), detail)
    report.publish(text, write=not args.no_write)


if __name__ == "__main__":
    main()
