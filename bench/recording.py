"""Recording overhead (issue 8): one MLP(2, [16, 16, 1]) step on 100 points with the engine's
recorder off and on, beside PyPI micrograd 0.1.0, interleaved in one run; and engine.worker.runner's
time for the course's own-class descent program (tests/programs/own_class_descent.py).

    .venv/bin/python -m bench.recording [--repeats 7] [--no-write]   # CPython, then Pyodide

The Pyodide half runs `node bench/recording_pyodide.mjs REPEATS` (Pyodide 314, Python 3.14,
under Node), which prints this module's figures as JSON. Writes its section of
docs/benchmarks.md (bench/doc.py).

"Recording" is what the worker does while a learner's program runs: engine.record.recorder.ACTIVE
set,
so every `_backward()` call of the pass is kept with its inputs' grads before and after. The
runner also raises the cyclic collector's threshold for the run
(engine.record.collector.GC_THRESHOLD);
each configuration is timed with the collector as it is by default and as the runner sets it,
and compared with micrograd under the same collector. (The runner would stop this program at
its 20,000-value cap — the step makes ~70,000 values — so the recorder is switched on directly.)
"""

import contextlib
import json
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from bench import report, workloads
from bench.stats import verdict
from engine.record import collector, recorder
from engine.record.recorder import Recorder

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "tests" / "programs" / "own_class_descent.py"
SECTION = "## Recording a learner's program"
PROSE = (
    "One MLP(2,[16,16,1]) step on 100 two-moons points (forward, hinge loss, zero_grad, "
    "backward), with the engine's recorder off and on (what the worker does while a learner's "
    "program runs: every `_backward()` call kept with its inputs' grads before and after), "
    "beside PyPI micrograd 0.1.0, interleaved in one process; medians. The runner raises the "
    "cyclic collector's threshold while a program runs, so each is also timed that way. Goal: "
    "recording ≤ 1.0 × micrograd."
)


def _step(lib: Any, model: Any, xs: list, ys: list, *, record: bool, tuned: bool) -> float:
    recorder.ACTIVE = Recorder() if record else None
    try:
        with collector.for_graphs() if tuned else contextlib.nullcontext():
            return sum(workloads.mlp_step(lib.Value, model, xs, ys)[:2])
    finally:
        recorder.ACTIVE = None


def measure(repeats: int) -> dict[str, Any]:
    libs = workloads.libraries()
    xs, ys = workloads.moons(workloads.MLP_POINTS, workloads.MLP_SEED)
    models = {name: workloads.make_mlp(m.MLP) for name, m in libs.items()}
    runs = {}
    for tuned in (False, True):
        where = ", collector tuned" if tuned else ""
        for name, m in libs.items():
            model = models[name]
            for record in (False, True) if name == "engine" else (False,):
                label = f"{name}{', recording' if record else ''}{where}"
                runs[label] = lambda m=m, model=model, r=record, t=tuned: _step(
                    m, model, xs, ys, record=r, tuned=t
                )
    engine = libs["engine"]
    rec = Recorder()
    recorder.ACTIVE = rec
    try:
        workloads.mlp_step(engine.Value, models["engine"], xs, ys)
    finally:
        recorder.ACTIVE = None
    from engine.worker.runner import run_program

    source = PROGRAM.read_text()
    run_program(source)  # warm up
    runner_times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run_program(source)
        runner_times.append(time.perf_counter() - started)
    return {
        "times": workloads.interleaved(runs, repeats),
        "recorded_steps": len(rec.steps),
        "runner_program_b": runner_times,
    }


def measure_json(repeats: int) -> str:
    return json.dumps(measure(repeats))


def markdown(where: str, results: dict[str, Any]) -> str:
    times = {k: statistics.median(v) for k, v in results["times"].items()}
    rows = []
    for name, t in times.items():
        reference = times.get("micrograd, collector tuned" if "tuned" in name else "micrograd")
        ratio = f"{t / reference:.2f}" if reference else "–"
        rows.append(f"| {where} | {name} | {t * 1000:.0f} ms | {ratio} |")
    runner = statistics.median(results["runner_program_b"]) * 1000
    # The worker always records with the collector tuned (engine.worker.runner); a learner running
    # micrograd runs it with Python's default collector. Both comparisons are shown.
    as_run = times["engine, recording, collector tuned"] / times["micrograd"]
    same = times["engine, recording, collector tuned"] / times["micrograd, collector tuned"]
    cost = times["engine, recording, collector tuned"] - times["engine, collector tuned"]
    return "\n".join(
        [
            f"Recorded `_backward()` calls in one step: {results['recorded_steps']:,}. "
            f"engine.worker.runner on program (b), 10 epochs of descent on a learner's own class: "
            f"median {runner:.1f} ms.",
            "",
            f"{where}: a step recorded as the worker runs it (collector tuned) takes "
            f"**{as_run:.2f} ×** micrograd as a learner runs it (default collector) — goal "
            f"≤ 1.0: {verdict(as_run <= 1.0)}; against micrograd with the "
            f"same tuned collector it takes {same:.2f} ×: recording itself costs "
            f"{cost * 1000:.0f} ms per step ({cost / results['recorded_steps'] * 1e6:.2f} µs "
            "per recorded call).",
            "",
            "| where | MLP(2,[16,16,1]) step, 100 points | median | × micrograd, same collector |",
            "| --- | --- | --- | --- |",
            *rows,
        ]
    )


def pyodide(repeats: int) -> dict[str, Any]:
    script = ROOT / "bench" / "recording_pyodide.mjs"
    done = subprocess.run(
        ["node", str(script), str(repeats)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    args = report.arguments(__doc__, repeats=7).parse_args()
    facts = report.started(".venv/bin/python -m bench.recording", "Node")
    tables = [markdown("CPython", measure(args.repeats)), ""]
    tables.append(markdown("Pyodide 314", pyodide(args.repeats)))
    text = report.section(SECTION, report.ended(facts), PROSE, "\n".join(tables))
    report.publish(text, write=not args.no_write)


if __name__ == "__main__":
    main()
