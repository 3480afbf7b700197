"""References outside the browser, measured in the same run: the engine in CPython and
Graphviz's native `dot`, on the very DOT the page lays out."""

import re
import subprocess
import time
from typing import Any

from bench.workloads import interleaved, tanh_chain_source

DOT_TIMEOUT = 120  # seconds; dot's defaults took 32 s on the MLP graph here before
_TUNED_ATTR = re.compile(r"\s*\b(?:mclimit|nslimit1?|splines)=\S+")


def mlp_source() -> str:
    """The playground's MLP(2,[16,16,1]) preset, exactly as the page offers it."""
    from app.presets import mlp_loss_source

    return mlp_loss_source()


def small_sources() -> tuple[str, str]:
    """Two programs of 31 values each that draw different graphs (for edit -> new graph)."""
    a = tanh_chain_source(6)
    return a, a.replace("0.9", "0.8")


def playground_dot(source: str) -> str:
    """The DOT the worker's run_json returns for `source`, with our size-tuned attributes."""
    from engine.worker.playground import run

    return run(source)["dot"]


def default_attributes(dot: str) -> str:
    """The same DOT with Graphviz's default layout effort (our tuning attributes removed)."""
    head, _, rest = dot.partition("\n\tgraph [")
    attrs, _, tail = rest.partition("]")
    return f"{head}\n\tgraph [{_TUNED_ATTR.sub('', attrs).strip()}]{tail}"


def micrograd_notebook_dot() -> str:
    """micrograd's own MLP(2, [16, 16, 1]) squared loss on one point, drawn by the `draw_dot` of
    micrograd's notebook (trace_graph.ipynb): `id()` names, set order, Graphviz defaults. The
    graph behind DESIGN.md's "32 s with defaults"."""
    import random

    from graphviz import Digraph
    from micrograd.engine import Value
    from micrograd.nn import MLP

    random.seed(1337)
    model = MLP(2, [16, 16, 1])
    loss = (model([Value(2.0), Value(-1.0)]) - 1.0) ** 2
    loss.backward()
    nodes, edges, stack = set(), set(), [loss]
    while stack:  # the notebook's trace(), without its recursion
        v = stack.pop()
        if v not in nodes:
            nodes.add(v)
            for child in v._prev:
                edges.add((child, v))
                stack.append(child)
    dot = Digraph(format="svg", graph_attr={"rankdir": "LR"})
    for n in nodes:
        label = f"{{ data {n.data:.4f} | grad {n.grad:.4f} }}"
        dot.node(name=str(id(n)), label=label, shape="record")
        if n._op:
            dot.node(name=str(id(n)) + n._op, label=n._op)
            dot.edge(str(id(n)) + n._op, str(id(n)))
    for n1, n2 in edges:
        dot.edge(str(id(n1)), str(id(n2)) + n2._op)
    return dot.source


def dot_seconds(dot: str, cap: float = DOT_TIMEOUT) -> float:
    """Wall time of one native `dot -Tsvg`; inf if it ran past `cap` seconds."""
    started = time.perf_counter()
    try:
        subprocess.run(
            ["dot", "-Tsvg", "-o", "/dev/null"], input=dot.encode(), check=True, timeout=cap
        )
    except subprocess.TimeoutExpired:
        return float("inf")
    return time.perf_counter() - started


def run_seconds(source: str) -> float:
    """One `engine.worker.playground.run_json` in CPython: parse, trace, DOT, JSON."""
    from engine.worker.playground import run_json

    started = time.perf_counter()
    run_json(source)
    return time.perf_counter() - started


def measure(repeats: int, default_repeats: int = 3) -> dict[str, Any]:
    """Native pipeline times for the MLP preset and for a 31-value program."""
    mlp = mlp_source()
    mlp_dot = playground_dot(mlp)
    small = small_sources()[0]
    small_dot = playground_dot(small)
    times = interleaved(
        {
            "mlp_run_json": lambda: run_seconds(mlp),
            "mlp_dot_tuned": lambda: dot_seconds(mlp_dot),
            "small_run_json": lambda: run_seconds(small),
            "small_dot": lambda: dot_seconds(small_dot),
        },
        repeats,
    )
    # Graphviz's defaults may take tens of seconds: fewer repeats, and none after a timeout.
    defaults = {
        "mlp_dot_defaults": default_attributes(mlp_dot),
        "micrograd_notebook_dot_defaults": micrograd_notebook_dot(),
    }
    for name, dot in defaults.items():
        times[name] = []
        for _ in range(default_repeats):
            times[name].append(dot_seconds(dot))
            if times[name][-1] == float("inf"):
                break
    return {
        "mlp_values": _count_values(mlp),
        "small_values": _count_values(small),
        "mlp_dot_nodes_edges": _dot_size(mlp_dot),
        "times": times,
    }


def _count_values(source: str) -> int:
    from engine import parse
    from engine.graph import topological_order

    return len(topological_order(parse(source).output))


def _dot_size(dot: str) -> tuple[int, int]:
    """(drawn nodes, edges) of a DOT written by engine.drawing."""
    edges = dot.count(" -> ")
    nodes = sum(1 for line in dot.splitlines() if re.match(r"\s*n\d+(?:_op)? \[", line))
    return nodes, edges
