"""Issue 9's page figures, in Chromium against a local server (real Pyodide, real CodeMirror):

- paste → graph: with Python ready, the tutorial program (tests/programs/own_class_descent.py,
  a learner's own Value class and a 10-epoch descent loop) typed into the editor, until its
  printed output and its graph are on the page; beside it the same for the seeds' neuron in the
  expression language (no Python needed to parse it, but it still runs in the worker);
- first graph (the server's inline SVG) and when the editor bundle loaded;
- the editor bundle's bytes, raw / gzip (what the server sends).

    .venv/bin/python -m bench.python_page [--repeats 5]
"""

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.presets import NEURON  # noqa: E402
from tests.browser.watch import free_port  # noqa: E402
from tests.programs import program  # noqa: E402


def editor_bytes() -> dict[str, int]:
    manifest = json.loads((ROOT / "static" / "vendor" / "manifest.json").read_text())
    path = ROOT / manifest["editor"].lstrip("/")
    raw = path.read_bytes()
    return {"raw": len(raw), "gzip": len(gzip.compress(raw, 9))}


def measure(repeats: int) -> dict:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    times: dict[str, list[float]] = {"python": [], "expression": [], "first_graph": []}
    try:
        time.sleep(2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for _ in range(repeats):
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{port}/")
                expect(page.locator("#boot-status")).to_have_attribute(
                    "data-state", "ready", timeout=60_000
                )
                expect(page.locator(".cm-content")).to_be_visible()
                times["first_graph"].append(
                    float(page.locator("#graph").get_attribute("data-first-graph-ms") or "nan")
                )
                box = page.get_by_role("textbox", name="Expression")
                for kind, text, done in (
                    ("python", program("own_class_descent"), "w1 1.0010 w2 4.9980"),
                    ("expression", NEURON, None),
                ):
                    started = time.perf_counter()
                    box.fill(text)
                    if done:
                        expect(page.locator("#output-text")).to_contain_text(done)
                    expect(page.locator("#graph svg g.node.value")).to_have_count(
                        11 if kind == "python" else 10
                    )
                    times[kind].append((time.perf_counter() - started) * 1000)
                page.close()
            browser.close()
    finally:
        server.terminate()
    return {"times_ms": times, "editor_bytes": editor_bytes()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    load = Path("/proc/loadavg").read_text().split()[0]
    result = measure(args.repeats)
    median = {k: statistics.median(v) for k, v in result["times_ms"].items()}
    b = result["editor_bytes"]
    print(f"load average at start: {load}")
    print(f"paste → output and graph, Python program (b): median {median['python']:.0f} ms")
    print(f"paste → graph, expression-language neuron: median {median['expression']:.0f} ms")
    print(f"first graph (server SVG): median {median['first_graph']:.0f} ms after navigation")
    print(f"editor bundle: {b['raw']:,} bytes raw, {b['gzip']:,} gzip")


if __name__ == "__main__":
    main()
