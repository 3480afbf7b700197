"""Issue 10's figures: gradient descent and micrograd's two-moons demo, one step in the page's
Pyodide worker beside the same step in CPython, and two-moons training in CPython, this engine
against micrograd 0.1.0 (same data, same seeded weights, same update).

- Pyodide: the page's own buttons ("Descent step", "Train on two moons"); each step adds a
  performance measure, "descent-act" or "moons-act", the request's round trip measured in the
  page (JSON both ways included), and for descent "descent-shown", until the graph showed the
  round (static/js/learn/descent.js, moons.js);
- CPython: engine.worker.playground.act_json with the same arguments (what the worker calls);
- steps/s: engine.worker.moons.Training.step (as the worker runs it, and with the garbage collector
  left alone) against the same step written with micrograd's classes.

    .venv/bin/python -m bench.learn_bench [--repeats 10] [--moons-steps 6] [--no-write]

Starts its own server and Debian's Chromium. Raw figures go to .cache/bench/learn.json; the
tables replace their section of docs/benchmarks.md (bench/doc.py).
"""

import gc
import json
import random
import time
from functools import partial
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import Page

from app.presets import LOSS, PRESETS, mlp_loss_source
from bench import probes, report, servers, stats
from bench.browser_bench import chromium, wait_for_python
from engine.worker import moons
from engine.worker.playground import act_json, run, run_in_worker

SECTION = "## Learning by doing: descent and two moons"
PROSE = (
    'One step of gradient descent (the page\'s "Descent step" button) and one step of two-moons '
    "training, timed in the page around the worker's round trip (performance.now(), JSON both "
    "ways included) and until the graph showed it, beside the same "
    "`engine.worker.playground.act_json` call in CPython; then two-moons training steps per "
    "second in CPython, this engine against micrograd 0.1.0 (same data, same seeded weights, "
    "same update)."
)
DESCEND = {"rate": 0.5, "steps": 1}
STEP_TIMEOUT_MS = 120_000
MLP_PRESET = next(i for i, p in enumerate(PRESETS) if p.source == mlp_loss_source())


def timed(fn, repeats: int) -> list[float]:
    """Milliseconds of `repeats` calls of fn."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        times.append(1000 * (time.perf_counter() - started))
    return times


# --- CPython ------------------------------------------------------------------------------------


def cpython_descent(source: str, repeats: int) -> list[float]:
    run_in_worker(source)
    return timed(lambda: act_json(0, "descend", json.dumps(DESCEND)), repeats)


def cpython_moons(repeats: int) -> list[float]:
    act_json(0, "train", json.dumps({"restart": True}))
    return timed(lambda: act_json(0, "train", json.dumps({"steps": 1})), repeats)


def micrograd_training():
    """micrograd 0.1.0's classes doing engine.worker.moons.Training's step (micrograd's demo)."""
    from micrograd.engine import Value
    from micrograd.nn import MLP

    xs, ys = moons.moons()
    state = random.getstate()
    random.seed(moons.SEED)
    net = MLP(2, list(moons.SIZES))
    random.setstate(state)
    k = 0

    def step() -> float:
        nonlocal k  # the step number, for the rate
        scores = [net([Value(a), Value(b)]) for a, b in xs]
        hinge = [(1 + -y * s).relu() for y, s in zip(ys, scores, strict=True)]
        reg = moons.ALPHA * sum(p * p for p in net.parameters())
        total = sum(hinge) * (1.0 / len(hinge)) + reg
        net.zero_grad()
        total.backward()
        lr = moons.rate(k)
        for p in net.parameters():
            p.data -= lr * p.grad
        k += 1
        return total.data

    return step


def steps_per_second(repeats: int) -> dict[str, list[float]]:
    """Training steps per second, as a training loop runs them: each variant `repeats` steps
    in a row (after one warm-up step), its garbage collected as it goes (no forced collection
    between steps, which would hide the collector's cost); variants in turn, then in reverse
    order, each turn with a fresh model. Every step is timed."""
    plain = moons.Training
    variants = {
        "engine, as the worker runs it (collector paused in a step)": lambda: plain().step,
        "engine, default garbage collection": lambda: partial(plain().step, pause_gc=False),
        "micrograd 0.1.0, default garbage collection": micrograd_training,
    }
    rates: dict[str, list[float]] = {name: [] for name in variants}
    for names in (list(variants), list(reversed(variants))):
        for name in names:
            step = variants[name]()
            step()
            gc.collect()
            for _ in range(repeats):
                started = time.perf_counter()
                step()
                rates[name].append(1.0 / (time.perf_counter() - started))
            del step
            gc.collect()
    return rates


# --- Pyodide, in the page -----------------------------------------------------------------------


def page_descent(page: Page, base: str, repeats: int, preset: int | None = None) -> dict:
    """`repeats` clicks of "Descent step" on LOSS (or on a preset chosen in the menu)."""
    page.goto(f"{base}/?{urlencode({'src': LOSS})}" if preset is None else f"{base}/")
    wait_for_python(page)
    if preset is not None:
        nodes = len(run(PRESETS[preset].source)["trace"]["nodes"])
        page.locator("#preset").select_option(str(preset))
        page.locator("#preset-load").click()
        label = f"Computation graph of {nodes:,} values"
        graph = page.locator(f'#graph[aria-label^="{label}"]')
        graph.wait_for(state="attached", timeout=STEP_TIMEOUT_MS)
    for i in range(repeats):
        page.get_by_role("button", name="Descent step").click()
        probes.entries(page, "descent-shown", count=i + 1, timeout_ms=STEP_TIMEOUT_MS)
    return {
        "act_ms": probes.measures_ms(page, "descent-act"),
        "shown_ms": probes.measures_ms(page, "descent-shown"),
    }


def page_moons(page: Page, base: str, n_steps: int) -> list[float]:
    page.goto(f"{base}/")
    wait_for_python(page)
    page.get_by_role("button", name="Train on two moons").click()
    probes.entries(page, "moons-act", count=n_steps, timeout_ms=n_steps * STEP_TIMEOUT_MS)
    page.get_by_role("button", name="Pause training").click()
    paused = page.locator("#moons-say", has_text="Training paused after step")
    paused.wait_for(timeout=STEP_TIMEOUT_MS)
    return probes.measures_ms(page, "moons-act")


# One manual `_backward()` call, timed in the page: the button's click until the step counter
# shows the call (the worker's round trip, then the grads rewritten), and until the next frame.
_MANUAL_CALL = """
async (timeoutMs) => {
  const count = document.getElementById("step-count");
  const before = count.textContent;
  const started = performance.now();
  const shown = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (count.textContent !== before) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(count, { childList: true, characterData: true, subtree: true });
    setTimeout(() => reject(new Error(`no call within ${timeoutMs} ms`)), timeoutMs);
  });
  document.getElementById("manual-call").click();
  const shownAt = await shown;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { shown_ms: shownAt - started, painted_ms: performance.now() - started };
}
"""


def page_manual(page: Page, base: str, calls: int, preset: int | None = None) -> list[dict]:
    """`calls` manual calls on the neuron (or a preset), each on the next node of the "Node"
    menu (wrapping round), after one untimed call."""
    page.goto(f"{base}/")
    wait_for_python(page)
    if preset is not None:
        nodes = len(run(PRESETS[preset].source)["trace"]["nodes"])
        page.locator("#preset").select_option(str(preset))
        page.locator("#preset-load").click()
        graph = page.locator(f'#graph[aria-label^="Computation graph of {nodes:,} values"]')
        graph.wait_for(state="attached", timeout=STEP_TIMEOUT_MS)
    page.get_by_role("button", name="Call _backward() yourself").click()
    menu = page.locator("#manual-node")
    menu.locator("option").first.wait_for(state="attached", timeout=STEP_TIMEOUT_MS)
    values = menu.locator("option").evaluate_all("(options) => options.map((o) => o.value)")
    results = []
    for i in range(calls + 1):
        menu.select_option(values[i % len(values)])
        timing = page.evaluate(_MANUAL_CALL, STEP_TIMEOUT_MS)
        if i:
            results.append(timing)
    return results


def measure(repeats: int, moons_steps: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    with servers.playground() as base, chromium() as browser:
        page = browser.new_page()
        figures["pyodide_loss"] = page_descent(page, base, repeats)
        figures["pyodide_mlp"] = page_descent(page, base, max(3, repeats // 2), MLP_PRESET)
        figures["pyodide_moons_ms"] = page_moons(page, base, moons_steps)
        figures["manual_neuron"] = page_manual(page, base, 4 * repeats)
        figures["manual_mlp"] = page_manual(page, base, 2 * repeats, MLP_PRESET)
        page.close()
    # CPython after the browser has closed: the same machine, no Chromium beside it.
    figures["cpython_loss_ms"] = cpython_descent(LOSS, repeats)
    figures["cpython_mlp_ms"] = cpython_descent(mlp_loss_source(), max(3, repeats // 2))
    figures["cpython_moons_ms"] = cpython_moons(moons_steps)
    figures["steps_per_second"] = steps_per_second(moons_steps)
    return figures


def markdown(f: dict[str, Any]) -> str:
    def cell(xs: list[float]) -> str:
        s = stats.summary(xs)
        return f"{s['median']:.1f} (p95 {s['p95']:.1f}, n={s['n']})"

    def manual(rows: list[dict], key: str) -> str:
        s = stats.summary([r[key] for r in rows])
        return f"{s['median']:.1f} ({s['p95']:.1f}, n={s['n']})"

    def verdict(rows: list[dict], goal: float) -> str:
        return stats.verdict(stats.percentile([r["painted_ms"] for r in rows], 95) <= goal)

    lines = [
        "| one step (ms, median) | Pyodide in the page: request | ... until shown | CPython |",
        "|---|---|---|---|",
        f"| descent, LOSS program | {cell(f['pyodide_loss']['act_ms'])} | "
        f"{cell(f['pyodide_loss']['shown_ms'])} | {cell(f['cpython_loss_ms'])} |",
        f"| descent, MLP preset | {cell(f['pyodide_mlp']['act_ms'])} | "
        f"{cell(f['pyodide_mlp']['shown_ms'])} | {cell(f['cpython_mlp_ms'])} |",
        f"| two moons, MLP(2, [16, 16, 1]) on 100 points | {cell(f['pyodide_moons_ms'])} | "
        f"(no graph drawn) | {cell(f['cpython_moons_ms'])} |",
        "",
        "| one manual `_backward()` call (ms) | click → grads shown, median (p95) "
        "| → next frame painted, median (p95) | goal: painted p95 |",
        "|---|---|---|---|",
        *[
            f"| {name} | {manual(f[key], 'shown_ms')} | {manual(f[key], 'painted_ms')} "
            f"| ≤ {goal} ms: {verdict(f[key], goal)} |"
            for name, key, goal in (
                ("seeds' neuron (10 values)", "manual_neuron", 16.7),
                ("MLP preset (984 values)", "manual_mlp", 50),
            )
        ],
        "",
        "| two-moons training in CPython | steps/s, median |",
        "|---|---|",
    ]
    for name, rates in f["steps_per_second"].items():
        lines.append(f"| {name} | {stats.median(rates):.2f} (n={len(rates)}) |")
    return "\n".join(lines)


def main() -> None:
    parser = report.arguments(__doc__, repeats=10)
    parser.add_argument("--moons-steps", type=int, default=6)
    args = parser.parse_args()
    report.measured_section(
        ".venv/bin/python -m bench.learn_bench",
        ("Chromium",),
        SECTION,
        PROSE,
        lambda: measure(args.repeats, args.moons_steps),
        markdown,
        "learn",
        write=not args.no_write,
    )


if __name__ == "__main__":
    main()
