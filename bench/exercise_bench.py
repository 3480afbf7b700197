"""Issue 25's figures: an exercise's page in Chromium. Check → verdict painted on the neuron
exercise with Python ready (the solution: "Ready"; a wrong solution: its messages, then its
located call drawn on the graph), beside the same `engine.exercise.run_checks_json` call in
CPython; and `/learn/neuron`'s first paint (its prompt and editor are in the server's HTML)
beside `/`'s, in the same run, each visit a fresh browser context.

    .venv/bin/python -m bench.exercise_bench [--repeats 10] [--no-write]

Starts its own server and Debian's Chromium. Raw figures go to .cache/bench/exercise.json; the
table replaces its section of docs/benchmarks.md (bench/doc.py).
"""

import statistics
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from bench import report, servers, stats
from bench.browser_bench import chromium, wait_for_python
from engine.exercise import run_checks_json

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## Exercises: checking a learner's engine"
PROSE = (
    "Check → verdict painted on the neuron exercise (`/learn/neuron`), Python ready: in the "
    "page from the click to the verdict's text and the next frame (the worker's round trip "
    "included: `engine.exercise.run_checks_json` on the learner's code), and for a wrong "
    "solution until its located call is drawn; beside the same call in CPython. The first Check "
    "of a page also imports `engine.exercise` in the worker. Then the exercise page's first "
    "contentful paint (its prompt and editor are in the server's HTML), beside `/`'s."
)
NEURON = ROOT / "exercises" / "07-neuron.md"
TIMEOUT_MS = 120_000

# Click Check and time until the verdict says passed/failed, the next frame, and (`located`)
# until the graph carries the located call's mark (graph-view.js markLocated).
_CHECK = """
async ({ located, timeoutMs }) => {
  const verdict = document.getElementById("exercise-verdict");
  const graph = document.getElementById("graph");
  const started = performance.now();
  const until = (done) => new Promise((resolve, reject) => {
    if (done()) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document.body, { attributes: true, childList: true, subtree: true });
    setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  document.getElementById("exercise-check").click();
  const shown = await until(() => ["passed", "failed"].includes(verdict.dataset.state));
  await frame();
  const painted = performance.now();
  let drawn = null;
  if (located) {
    await until(() => "located" in graph.dataset);
    await frame();
    drawn = performance.now() - started;
  }
  return { verdict_ms: shown - started, painted_ms: painted - started, drawn_ms: drawn };
}
"""

_FCP = """
() => new Promise((resolve) => {
  const found = () => performance.getEntriesByName("first-contentful-paint")[0];
  if (found()) return resolve(found().startTime);
  new PerformanceObserver(() => found() && resolve(found().startTime))
    .observe({ type: "paint", buffered: true });
})
"""


def blocks() -> dict[str, str]:
    from app.exercises.exercise import read_exercise

    exercise = read_exercise(NEURON)
    return {
        "solution": exercise.solution.code,
        "setup": exercise.setup.code if exercise.setup else "",
        "check": exercise.check.code,
        "wrong": wrong_neuron(exercise.solution.code),
    }


def wrong_neuron(solution: str) -> str:
    """The solution with tanh's local derivative taken from x, not t (a known mistake)."""
    right = "(1 - t**2) * out.grad"
    assert solution.count(right) == 1, "the neuron's solution changed: update the bench"
    return solution.replace(right, "(1 - x**2) * out.grad")


def replace_code(page: Page, code: str) -> None:
    page.get_by_label("Expression").focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code)


def page_checks(page: Page, base: str, code: str, repeats: int, located: bool) -> dict:
    page.goto(f"{base}/learn/neuron")
    page.evaluate("() => localStorage.clear()")
    page.reload()
    wait_for_python(page)
    replace_code(page, code)
    rows = [page.evaluate(_CHECK, {"located": located, "timeoutMs": TIMEOUT_MS})]
    for _ in range(repeats):
        rows.append(page.evaluate(_CHECK, {"located": located, "timeoutMs": TIMEOUT_MS}))
    state = page.locator("#exercise-verdict").get_attribute("data-state")
    assert state == ("failed" if located else "passed"), state
    return {"first": rows[0], "rest": rows[1:]}


def first_paints(browser: Browser, base: str, repeats: int) -> dict[str, list[float]]:
    """First contentful paint (ms since navigation) of each page, alternating, fresh contexts."""
    paints: dict[str, list[float]] = {"/learn/neuron": [], "/": []}
    for _ in range(repeats):
        for path in paints:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.goto(f"{base}{path}")
            paints[path].append(page.evaluate(_FCP))
            context.close()
    return paints


def cpython_checks(code: str, b: dict[str, str], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats + 1):
        started = time.perf_counter()
        run_checks_json(code, b["check"], b["setup"])
        times.append(1000 * (time.perf_counter() - started))
    return times[1:]


def measure(repeats: int) -> dict[str, Any]:
    b = blocks()
    figures: dict[str, Any] = {}
    with servers.playground() as base, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        figures["solution"] = page_checks(page, base, b["solution"], repeats, located=False)
        figures["wrong"] = page_checks(page, base, b["wrong"], repeats, located=True)
        page.close()
        figures["first_paint_ms"] = first_paints(browser, base, repeats)
    figures["cpython_solution_ms"] = cpython_checks(b["solution"], b, repeats)
    figures["cpython_wrong_ms"] = cpython_checks(b["wrong"], b, repeats)
    return figures


def markdown(f: dict[str, Any]) -> str:
    def cell(xs: list[float]) -> str:
        s = stats.summary(xs)
        return f"{s['median']:.0f} (p95 {s['p95']:.0f}, n={s['n']})"

    def col(rows: list[dict], key: str) -> list[float]:
        return [r[key] for r in rows]

    sol, wrong = f["solution"], f["wrong"]
    painted = col(sol["rest"], "painted_ms") + col(wrong["rest"], "painted_ms")
    learn, index = f["first_paint_ms"]["/learn/neuron"], f["first_paint_ms"]["/"]
    return "\n".join(
        [
            "| Check on `/learn/neuron` (ms) | verdict shown | → painted | → located call drawn "
            "| CPython `run_checks_json` |",
            "|---|---|---|---|---|",
            f"| the solution (Ready) | {cell(col(sol['rest'], 'verdict_ms'))} "
            f"| {cell(col(sol['rest'], 'painted_ms'))} | — | {cell(f['cpython_solution_ms'])} |",
            f"| a wrong solution (tanh's rule from x) | {cell(col(wrong['rest'], 'verdict_ms'))} "
            f"| {cell(col(wrong['rest'], 'painted_ms'))} | {cell(col(wrong['rest'], 'drawn_ms'))} "
            f"| {cell(f['cpython_wrong_ms'])} |",
            f"| a page's first Check (imports `engine.exercise`) | "
            f"{sol['first']['verdict_ms']:.0f} | {sol['first']['painted_ms']:.0f} | — | — |",
            "",
            "| | median (p95) | goal |",
            "|---|---|---|",
            f"| Check → verdict painted (both rows above) | {cell(painted)} | ≤ 300 ms: "
            f"{stats.verdict(stats.percentile(painted, 95) <= 300)} |",
            # A page load's goal is judged on the median, as "Page open → first graph" is
            # (bench/page_load_rows.py); an interaction's (Check, above) on its p95.
            f"| `/learn/neuron` first contentful paint (prompt and editor) | {cell(learn)} "
            f"| ≤ 300 ms (median): {stats.verdict(statistics.median(learn) <= 300)} |",
            f"| `/` first contentful paint, the same run | {cell(index)} | |",
        ]
    )


def main() -> None:
    args = report.arguments(__doc__, repeats=10).parse_args()
    report.measured_section(
        ".venv/bin/python -m bench.exercise_bench",
        ("Chromium",),
        SECTION,
        PROSE,
        lambda: measure(args.repeats),
        markdown,
        "exercise",
        write=not args.no_write,
    )


if __name__ == "__main__":
    main()
