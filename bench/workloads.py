"""The engine workloads, written once and run in both CPython and Pyodide.

Each function takes the library under test (its `Value` class, its `MLP` class) as an
argument, so engine and micrograd do exactly the same work. Standard library only, besides
the repository's own engine and the preset menu's programs (app/presets.py, itself stdlib only).
"""

import gc
import json
import math
import random
import time
from collections.abc import Callable
from typing import Any

from app.presets import NEURON  # the seeds' neuron, in the playground's language
from engine.worker import moons as engine_moons

CHAIN_FACTOR = 1.0001  # y = y * 1.0001 + 0.0: two ops per link, values stay near 1
MLP_SIZES = [16, 16, 1]  # micrograd's demo MLP(2, [16, 16, 1])
MLP_POINTS = 100
MLP_SEED = 1337
HINGE_ALPHA = 1e-4  # micrograd's demo: L2 regularisation strength


def tanh_chain_source(lines: int) -> str:
    """A program of 1 + 5 * lines values: each line adds 0.9, *, 0.1, + and tanh."""
    return "a = x\n" + "a = tanh(a*0.9 + 0.1)\n" * lines


# --- (a), (c): a chain of ops ----------------------------------------------------------------


def chain(value_cls: type, n_ops: int) -> tuple[float, float]:
    """Build y = (((0.5 * k) + 0) * k + 0) ... with `n_ops` ops, then backward().

    Returns (forward seconds, backward seconds).
    """
    started = time.perf_counter()
    y = value_cls(0.5)
    for _ in range(n_ops // 2):
        y = y * CHAIN_FACTOR + 0.0
    built = time.perf_counter()
    y.backward()
    done = time.perf_counter()
    return built - started, done - built


# --- (b): one training step of micrograd's demo MLP --------------------------------------------


def moons(n: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Two interleaved half circles with labels -1 and +1, like sklearn's make_moons(noise=0.1):
    the page's two-moons data (engine.worker.moons), so the bench trains on what learners see."""
    return engine_moons.moons(n, seed)


def make_mlp(mlp_cls: type, seed: int = MLP_SEED) -> Any:
    """MLP(2, [16, 16, 1]) with weights drawn from `random` seeded with `seed`.

    Both libraries draw each neuron's weights with random.uniform(-1, 1) in the same order, so
    the same seed gives the same weights.
    """
    random.seed(seed)
    return mlp_cls(2, MLP_SIZES)


def mlp_step(value_cls: type, model: Any, xs: list, ys: list) -> tuple[float, float, float]:
    """micrograd's demo loss (mean hinge loss + L2), then zero_grad() and backward().

    Returns (forward seconds, backward seconds, loss).
    """
    started = time.perf_counter()
    inputs = [[value_cls(v) for v in row] for row in xs]
    scores = [model(x) for x in inputs]
    losses = [(1 + -yi * si).relu() for yi, si in zip(ys, scores, strict=True)]
    data_loss = sum(losses) * (1.0 / len(losses))
    reg_loss = HINGE_ALPHA * sum(p * p for p in model.parameters())
    total = data_loss + reg_loss
    built = time.perf_counter()
    model.zero_grad()
    total.backward()
    done = time.perf_counter()
    return built - started, done - built, total.data


def interleaved(
    runs: dict[str, Callable[[], float]], repeats: int, warmup: int = 1
) -> dict[str, list[float]]:
    """Time each named run `repeats` times, alternating between them (and their order)."""
    names = list(runs)
    for _ in range(warmup):
        for name in names:
            runs[name]()
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(repeats):
        for name in names if r % 2 == 0 else reversed(names):
            gc.collect()
            times[name].append(runs[name]())
    return times


def compare_chain(
    libs: dict[str, Any], n_ops: int, repeats: int, per_sample: int = 20
) -> dict[str, list[float]]:
    """Forward + backward seconds of an `n_ops` chain, per library; each sample is the mean of
    `per_sample` chains (one takes a few milliseconds, close to the noise)."""

    def sample(value_cls: type) -> float:
        return sum(sum(chain(value_cls, n_ops)) for _ in range(per_sample)) / per_sample

    return interleaved({name: lambda m=m: sample(m.Value) for name, m in libs.items()}, repeats)


def compare_mlp(libs: dict[str, Any], repeats: int) -> dict[str, Any]:
    """Forward + backward seconds of one MLP step per library, and a check that they agree."""
    xs, ys = moons(MLP_POINTS, MLP_SEED)
    models = {name: make_mlp(m.MLP) for name, m in libs.items()}
    weights = {name: [p.data for p in model.parameters()] for name, model in models.items()}
    losses = {}
    for name, m in libs.items():
        losses[name] = mlp_step(m.Value, models[name], xs, ys)[2]
    grads = {name: [p.grad for p in model.parameters()] for name, model in models.items()}
    first, *others = libs
    agree = all(
        weights[o] == weights[first]
        and math.isclose(losses[o], losses[first], rel_tol=1e-12)
        and all(
            math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
            for a, b in zip(grads[o], grads[first], strict=True)
        )
        for o in others
    )
    runs = {
        name: lambda m=m, model=models[name]: sum(mlp_step(m.Value, model, xs, ys)[:2])
        for name, m in libs.items()
    }
    return {
        "times": interleaved(runs, repeats),
        "parameters": len(weights[first]),
        "loss": losses[first],
        "same_weights_loss_and_grads": agree,
    }


# --- (d): parse + trace ------------------------------------------------------------------------


def programs() -> dict[str, str]:
    """The programs timed for parse + trace, by name."""
    found = {
        "seeds' neuron": NEURON,
        "tanh chain, 1,001 values": tanh_chain_source(200),
        "tanh chain, 5,001 values": tanh_chain_source(1000),
    }
    try:
        from app.presets import mlp_loss_source
    except ImportError:  # the app is not importable here: skip its preset
        pass
    else:
        found["MLP(2,[16,16,1]) preset"] = mlp_loss_source()
    return found


def time_program(source: str, repeats: int) -> dict[str, Any]:
    """Seconds to parse, to trace, and for the worker's whole `run_json` (parse, trace, DOT,
    JSON); the reference is plain `backward()` on the same graph."""
    import engine
    from engine.worker.playground import run_json

    has_graphviz = True
    try:
        import graphviz  # noqa: F401
    except ImportError:
        has_graphviz = False

    def parse() -> float:
        started = time.perf_counter()
        engine.parse(source)
        return time.perf_counter() - started

    def parse_trace() -> float:
        started = time.perf_counter()
        engine.trace(engine.parse(source))
        return time.perf_counter() - started

    def backward() -> float:
        program = engine.parse(source)
        started = time.perf_counter()
        program.output.backward()
        return time.perf_counter() - started

    def run() -> float:
        started = time.perf_counter()
        run_json(source)
        return time.perf_counter() - started

    runs = {"parse": parse, "parse_trace": parse_trace, "backward": backward}
    if has_graphviz:
        runs["run_json"] = run
    program = engine.parse(source)
    return {
        "values": len(engine.trace(program)["nodes"]),
        "times": interleaved(runs, repeats),
    }


def compare_programs(repeats: int) -> dict[str, Any]:
    return {name: time_program(source, repeats) for name, source in programs().items()}


# --- (c): one long chain, in a fresh interpreter -----------------------------------------------


def chain_peak_allocation(value_cls: type, n_ops: int) -> int:
    """Peak bytes Python allocates while building and differentiating one chain (tracemalloc).

    Not for micrograd: tracemalloc slows its deep recursion from 0.2 s to minutes.
    """
    import tracemalloc

    gc.collect()
    tracemalloc.start()
    chain(value_cls, n_ops)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


# --- everything that runs in one interpreter --------------------------------------------------


def libraries() -> dict[str, Any]:
    """engine and, when it can be imported, PyPI micrograd 0.1.0: name -> namespace with
    `Value` and `MLP`."""
    from types import SimpleNamespace

    import engine
    import engine.nn

    libs = {"engine": SimpleNamespace(Value=engine.Value, MLP=engine.nn.MLP)}
    try:
        import micrograd.engine
        import micrograd.nn
    except ImportError:
        return libs
    libs["micrograd"] = SimpleNamespace(Value=micrograd.engine.Value, MLP=micrograd.nn.MLP)
    return libs


def long_chain(n_ops: int, repeats: int) -> dict[str, Any]:
    """The engine alone on an `n_ops` chain (too deep for micrograd here): seconds per run."""
    from engine import Value

    times = interleaved({"engine": lambda: sum(chain(Value, n_ops))}, repeats, warmup=0)
    return {"times": times["engine"], "tracemalloc_peak_bytes": chain_peak_allocation(Value, n_ops)}


def suite(repeats: int, chain_ops: int) -> dict[str, Any]:
    """(a) the short chain and (b) the MLP step for every library, (d) parse + trace."""
    libs = libraries()
    return {
        "libraries": list(libs),
        "chain": {"ops": chain_ops, "times": compare_chain(libs, chain_ops, repeats)},
        "mlp": compare_mlp(libs, repeats),
        "programs": compare_programs(repeats),
    }


def suite_json(repeats: int, chain_ops: int) -> str:
    """`suite` as JSON, for callers on the other side of the Pyodide boundary."""
    return json.dumps(suite(repeats, chain_ops))


def long_chain_json(n_ops: int, repeats: int) -> str:
    return json.dumps(long_chain(n_ops, repeats))
