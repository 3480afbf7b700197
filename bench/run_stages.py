"""Where a Python run's time goes, from the program's text to the JSON the worker sends: the
stages of engine.worker.playground.run_in_worker_json on bench/big_graphs.py's programs and the
moons preset, the best of N runs each. Runs in CPython, and in Pyodide under Node
(bench/run_stages_pyodide.mjs), which is what the page's worker runs:

    .venv/bin/python -m bench.run_stages [REPEATS]
    node bench/run_stages_pyodide.mjs [REPEATS]

The stages are engine functions timed where the runner and the playground call them; "run"
is the whole call, the program itself included. Milliseconds, as JSON on stdout.
"""

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from app.presets import MOONS_PYTHON
from bench.big_graphs import WORKLOADS
from engine.worker import graphs as offered
from engine.worker import playground, session

# (module, function, stage): the stages, in the order a run meets them. The expression
# language's runs (engine.worker.playground.run) make their record with `trace`, Python's with
# engine.worker.graphs' `graph_record`: both are "record". A Python run in the worker writes no
# DOT (engine.worker.runner.run_program dots=False).
STAGES = (
    (offered, "_roots", "roots"),
    (offered, "walk", "walk"),
    (offered, "standard_pass", "standard pass"),
    (offered, "graph_record", "record"),
    (playground, "trace", "record"),
    (offered, "dot_source", "dot"),
    (playground, "dot_source", "dot"),
    (session, "remember", "remember"),
    (playground, "_dump", "json"),
)
# bench/big_graphs.py's programs, and the moons preset: a batch of 100 points through a
# network whose values are in module groups (7,040 values, 6,701 backward steps).
PROGRAMS = {**WORKLOADS, "the moons preset (100 points, 7,040 values)": ("python", MOONS_PYTHON)}


def _timed(times: dict[str, float], name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            times[name] = times.get(name, 0.0) + time.perf_counter() - started

    return timed


def stages(repeats: int = 5) -> dict[str, dict[str, float]]:
    times: dict[str, float] = {}
    originals = [(module, name, getattr(module, name)) for module, name, _ in STAGES]
    for (module, name, fn), (_, _, stage) in zip(originals, STAGES, strict=True):
        setattr(module, name, _timed(times, stage, fn))
    try:
        playground.warm_up()
        best: dict[str, dict[str, float]] = {}
        for title, (_, source) in PROGRAMS.items():
            row = best[title] = {}
            for _ in range(repeats):
                times.clear()
                started = time.perf_counter()
                text = playground.run_in_worker_json(source)
                times["run"] = time.perf_counter() - started
                for name, seconds in times.items():
                    row[name] = min(row.get(name, float("inf")), round(seconds * 1000, 1))
                row["json_chars"] = len(text)
        return best
    finally:
        for module, name, fn in originals:
            setattr(module, name, fn)


def stages_json(repeats: int = 5) -> str:
    return json.dumps(stages(repeats))


if __name__ == "__main__":
    print(json.dumps(stages(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=1))
