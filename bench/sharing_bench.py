"""What sharing costs a reader: bytes and requests of embeds (a picture, `controls=0`, should
fetch no Pyodide until the reader edits), the static export's size, and the export's time to
first graph and to Python served by plain `python -m http.server`.

    .venv/bin/python -m bench.sharing_bench [--repeats 3]

Prints one JSON object. Loopback only; each server is stopped at the end.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from app.presets import NEURON
from bench import probes, servers
from bench.browser_bench import GRAPH_TIMEOUT_MS, chromium, wait_for_python

ROOT = Path(__file__).resolve().parent.parent


def transfer(browser: Browser, url: str, edit: bool = False) -> dict[str, Any]:
    """Requests and encoded bytes of one cold visit (a fresh context: nothing cached)."""
    context = browser.new_context()
    page = context.new_page()
    requests = []
    page.on("requestfinished", lambda request: requests.append(request))
    page.goto(url)
    page.locator("#graph svg").wait_for(timeout=GRAPH_TIMEOUT_MS)
    if edit:
        page.get_by_label("Expression").click()
        wait_for_python(page)
    page.wait_for_load_state("networkidle")
    sizes = [r.sizes() for r in requests]
    pyodide = [r for r in requests if "/pyodide/" in r.url]
    result = {
        "requests": len(requests),
        "bytes": sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes),
        "pyodide_requests": len(pyodide),
        "pyodide_bytes": sum(r.sizes()["responseBodySize"] for r in pyodide),
    }
    context.close()
    return result


def export_timings(browser: Browser, url: str) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    first_graph = probes.entries(page, "first-graph", timeout_ms=GRAPH_TIMEOUT_MS)[0]["start"]
    ready = wait_for_python(page)["worker_ready_ms"]
    context.close()
    return {"first_graph_ms": first_graph, "python_ready_ms": ready}


@contextmanager
def static_site():
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "neuron.txt"
        program.write_text(NEURON)
        out = Path(folder) / "site"
        command = [sys.executable, "-m", "app.export", str(out), "--src", str(program), "--zip"]
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
        port = servers.free_port()
        command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
        site = f"http://127.0.0.1:{port}/site/"
        with servers.running([*command, "--directory", folder], site):
            yield out, site


def measure(repeats: int) -> dict[str, Any]:
    with servers.playground() as app, chromium() as browser, static_site() as (out, site):
        files = [p for p in out.rglob("*") if p.is_file()]
        runs = [export_timings(browser, site) for _ in range(repeats)]
        return {
            "embed_controls0": transfer(browser, f"{app}/embed?controls=0"),
            "embed_controls0_after_edit": transfer(browser, f"{app}/embed?controls=0", edit=True),
            "embed_default": transfer(browser, f"{app}/embed"),
            "export": {
                "files": len(files),
                "folder_bytes": sum(p.stat().st_size for p in files),
                "zip_bytes": out.with_name("site.zip").stat().st_size,
                "first_graph_ms": statistics.median(r["first_graph_ms"] for r in runs),
                "python_ready_ms": statistics.median(r["python_ready_ms"] for r in runs),
                "runs": runs,
            },
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    print(json.dumps(measure(parser.parse_args().repeats), indent=1))


if __name__ == "__main__":
    main()
