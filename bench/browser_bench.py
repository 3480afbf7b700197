"""Part 2: the playground in headless Chromium (Debian's), each figure beside a reference
measured in the same run.

    .venv/bin/python -m bench.browser_bench [--repeats 5]

Starts its own uvicorn and a plain static server for the bare-Pyodide reference page, both on
free loopback ports. Page loads use a fresh browser profile per repeat (empty caches), kept on
disk as a real browser's is: Chromium keeps compiled wasm in its code cache there for the repeat
visit, which an incognito context (Playwright's new_context) never does;
playground and reference visits alternate. Raw figures go to .cache/bench/browser.json.
"""

import argparse
import json
import re
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from bench import native, probes, report, servers
from bench.browser_report import markdown

ROOT = Path(__file__).resolve().parent.parent
BOOT_TIMEOUT_MS = 180_000
GRAPH_TIMEOUT_MS = 60_000
EDITS = 15
STEPS = 100
# the worker's console line (static/js/engine-worker/worker.js)
RESTORED = "restored from a memory snapshot"
# A first visit stays open this long before the repeat visit, as a reader's would: Chromium
# writes its wasm code cache a little after a module has run hot, not at once.
DWELL_MS = 5_000
NO_HANDLER = "#graph-heading"  # a heading: clicking it runs no handler (the click reference)


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=servers.CHROMIUM, args=servers.CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


def wait_for_python(page: Page, status: str = "#boot-status") -> dict[str, float | None]:
    """Wait until the worker is ready (or failed); its timings: the "worker-ready" mark (ms
    since navigation) and the worker's own "worker-boot" measure."""
    done = f"{status}[data-state='ready'], {status}[data-state='failed']"
    page.locator(done).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    if probes.mark_ms(page, "worker-failed") is not None:
        raise RuntimeError(f"Python failed to start: {page.locator(status).text_content()}")
    return {
        "worker_ready_ms": probes.mark_ms(page, "worker-ready"),
        "worker_boot_ms": probes.measure_ms(page, "worker-boot"),
    }


def graph_timings(page: Page) -> dict[str, float | None]:
    """The first graph's mark (ms since navigation) and the last graph's measures (ms)."""
    timings = {"first_graph_ms": probes.mark_ms(page, "first-graph")}
    for name in ("layout", "install", "first-step"):
        timings[f"{name.replace('-', '_')}_ms"] = probes.measure_ms(page, name)
    return timings


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("#graph > svg").wait_for(state="attached", timeout=GRAPH_TIMEOUT_MS)
    probes.entries(page, "first-graph", timeout_ms=GRAPH_TIMEOUT_MS)


# --- page open: first graph, Python ready, bytes -----------------------------------------------


def _console(page: Page) -> list[str]:
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    return lines


@contextmanager
def profile(browser: Browser, warm_up: str) -> Iterator[BrowserContext]:
    """A new browser profile on disk (a user's first visit, then their repeat visits). A
    reader's browser is already running when they first visit: before the page, the new
    browser loads `warm_up`, a URL of the same server with no subresources (the caches stay
    empty of the page's files)."""
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as folder:
        context = browser.browser_type.launch_persistent_context(
            folder, executable_path=servers.CHROMIUM, args=servers.CHROMIUM_ARGS, headless=True
        )
        try:
            warm = context.new_page()
            warm.goto(warm_up)
            warm.close()
            yield context
        finally:
            context.close()


def visit_playground(browser: Browser, url: str) -> dict[str, Any]:
    """A first visit (fresh profile), then, once the worker has stored its memory snapshot, a
    repeat visit in the same profile (which restores it)."""
    with profile(browser, urljoin(url, "/healthz")) as context:
        page = context.new_page()
        _open(page, url)
        first = {**graph_timings(page), **wait_for_python(page), **probes.navigation(page)}
        first_resources = probes.resources(page)
        snapshot_bytes = probes.stored_snapshot_bytes(page)
        page.wait_for_timeout(DWELL_MS)
        page.close()
        page = context.new_page()
        console = _console(page)
        _open(page, url)
        repeat = {**graph_timings(page), **wait_for_python(page)}
        repeat["restored"] = any(RESTORED in line for line in console)
        repeat_resources = probes.resources(page)
    return {
        "first": first,
        "first_resources": first_resources,
        "snapshot_bytes": snapshot_bytes,
        "repeat": repeat,
        "repeat_resources": repeat_resources,
    }


def visit_bare(browser: Browser, url: str) -> dict[str, Any]:
    """The bare page: a first visit (fresh profile), then a repeat visit in the same profile."""
    with profile(browser, urljoin(url, "/no-such-page")) as context:
        page = context.new_page()
        page.goto(url)
        first = wait_for_python(page, status="#status")
        page.wait_for_timeout(DWELL_MS)
        page.close()
        page = context.new_page()
        page.goto(url)
        return {**first, "repeat": wait_for_python(page, status="#status")}


def page_loads(browser: Browser, app_url: str, bare_url: str, repeats: int) -> dict[str, Any]:
    playground: list[dict[str, Any]] = []
    bare: list[dict[str, Any]] = []
    for r in range(repeats):
        if r % 2 == 0:
            playground.append(visit_playground(browser, app_url))
            bare.append(visit_bare(browser, bare_url))
        else:
            bare.append(visit_bare(browser, bare_url))
            playground.append(visit_playground(browser, app_url))
    return {"playground": playground, "bare": bare}


# --- interaction: edits, steps, the MLP graph --------------------------------------------------


def edits(browser: Browser, app_url: str, repeats: int) -> list[dict[str, Any]]:
    """Type a 31-value program into the Expression box (alternating two that draw differently)
    and time until its graph is on screen."""
    programs = native.small_sources()
    context = browser.new_context()
    try:
        page = context.new_page()
        _open(page, app_url)
        wait_for_python(page)
        results = []
        for i in range(repeats + 2):  # two warm-up edits
            timing = probes.change_until_new_graph(page, "#expression", programs[i % 2], "input")
            if i >= 2:
                results.append({**timing, **graph_timings(page)})
        return results
    finally:
        context.close()


def steps(browser: Browser, app_url: str, n_steps: int) -> dict[str, Any]:
    """Open the MLP preset from its URL (drawn from the server's trace, no Python) and click
    Next step `n_steps` times, each followed by a click on an element without handlers."""
    url = f"{app_url}/?{urlencode({'src': native.mlp_source()})}"
    context = browser.new_context()
    try:
        page = context.new_page()
        _open(page, url)
        opened = graph_timings(page)
        wait_for_python(page)  # its boot would compete with the steps for the two cores
        warmup = 3
        for _ in range(warmup):
            probes.click(page, "#next")
        step_times, reference = [], []
        for _ in range(n_steps):
            step_times.append(probes.click(page, "#next"))
            reference.append(probes.click(page, NO_HANDLER))
        count = page.locator("#step-count").text_content() or ""
        position = int(count.split("/")[0])
        if position != warmup + n_steps:
            raise RuntimeError(f"expected step {warmup + n_steps}, the page shows {count!r}")
        return {"opened": opened, "steps": step_times, "reference": reference, "count": count}
    finally:
        context.close()


def mlp_graph(browser: Browser, app_url: str, repeats: int) -> list[dict[str, Any]]:
    """Choose the MLP preset (Python in the worker, then layout and drawing) and time until its
    graph is on screen; choose the neuron in between so that each MLP is drawn anew."""
    context = browser.new_context()
    try:
        page = context.new_page()
        _open(page, app_url)
        wait_for_python(page)
        menu = probes.presets(page)
        mlp = next(value for value, name in menu if name.startswith("MLP"))
        neuron = next(value for value, name in menu if name.startswith("Neuron"))
        results = []
        for _ in range(repeats):
            timing = probes.change_until_new_graph(
                page, "#preset", mlp, "change", press="#preset-load"
            )
            results.append({**timing, **graph_timings(page)})
            probes.change_until_new_graph(page, "#preset", neuron, "change", press="#preset-load")
        return results
    finally:
        context.close()


def wasm_fetch(app_url: str, repeats: int) -> dict[str, Any]:
    """Seconds for the server to send Pyodide's wasm as brotli, gzip and plain, alternating."""
    manifest = json.loads(servers.VENDOR_MANIFEST.read_text())
    url = f"{app_url}{manifest['pyodide']}pyodide.asm.wasm"
    result: dict[str, Any] = {"br": [], "gzip": [], "identity": []}
    for _ in range(repeats):
        for encoding in ("br", "gzip", "identity"):
            request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
            started = time.perf_counter()
            with urllib.request.urlopen(request) as response:
                size = len(response.read())
            result[encoding].append(time.perf_counter() - started)
            result[f"{encoding}_bytes"] = size
    return result


def snapshot_in_node(repeats: int) -> dict[str, Any]:
    """Option (b), a snapshot made ahead of time and served: bench/snapshot_node.mjs."""
    command = ["node", "bench/snapshot_node.mjs", str(repeats)]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def debounce_ms() -> float | None:
    """The editor's debounce: an edit waits this long before it runs
    (static/js/editor/editor.js)."""
    try:
        text = (ROOT / "static" / "js" / "editor" / "editor.js").read_text()
    except OSError:
        return None
    found = re.search(r"DEBOUNCE_MS\s*=\s*(\d+)", text)
    return float(found.group(1)) if found else None


def measure(repeats: int) -> dict[str, Any]:
    """Every figure of part 2, raw (ms, bytes, seconds for the native references)."""
    with servers.playground() as app_url, servers.bare_pyodide() as bare_url, chromium() as b:
        results = {
            "repeats": repeats,
            "chromium": b.version,
            "page_loads": page_loads(b, app_url, bare_url, repeats),
            "edits": edits(b, app_url, max(EDITS, 2 * repeats)),
            "steps": steps(b, app_url, STEPS),
            "mlp_graph": mlp_graph(b, app_url, repeats),
            "wasm_fetch": wasm_fetch(app_url, repeats),
        }
    results["debounce_ms"] = debounce_ms()
    results["snapshot_node"] = snapshot_in_node(max(3, repeats // 2))
    results["native"] = native.measure(repeats)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    results = measure(args.repeats)
    report.save("browser", results)
    print(markdown(results))


if __name__ == "__main__":
    main()
