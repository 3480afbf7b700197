"""Gradient descent on the live graph: the training loop a learner writes, on their own graph.

Each round rebuilds the graph at the current parameters (engine.record.replay), runs the forward
pass and the standard backward pass, and moves each chosen leaf by `-rate * grad`, as a training
loop builds a new graph each step. The session goes on from where it ends: a check works on
the graph shown, and the next descent starts at the updated parameters.
"""

from typing import TYPE_CHECKING, Any

from engine import nodes
from engine.numeric import format_number
from engine.record import collector, replay
from engine.record.graph_record import graph_record
from engine.record.numbers import number
from engine.record.recorder import Recorder
from engine.record.tracing import standard_pass

if TYPE_CHECKING:
    from engine.worker.session import Session

MAX_DESCENT_STEPS = 1000


def descend(live: "Session", params: list[str], rate: float, steps: int) -> dict[str, Any]:
    """`steps` rounds of forward, zero grads, backward, `p.data -= rate * p.grad`, on a
    graph rebuilt each round from the current parameters (as a training loop builds a new
    graph each step). Returns the loss before each update, the parameters after the last
    one, and the record of the graph at those parameters (its forward and backward pass
    done): what the page shows says the same numbers as its text ("w1 is now 1.0010")."""
    replay.check_replayable(live.order)
    steps = max(1, min(int(steps), MAX_DESCENT_STEPS))
    wanted = set(params)
    chosen = [i for i, v in enumerate(live.order) if live.graph.ids[id(v)] in wanted]
    values = live.next_values or {
        i: live.leaf_data.get(i, nodes.data(v))
        for i, v in enumerate(live.order)
        if not nodes.children(v)
    }
    values = dict(values)
    history = []
    for k in range(steps):
        graph = _round(live, values)
        loss = graph[-1]
        history.append({"step": k, "loss": number(nodes.data(loss)),
                        "loss_text": format_number(nodes.data(loss))})  # fmt: skip
        for i in chosen:
            values[i] = values[i] - rate * nodes.grad(graph[i])
    graph = _round(live, values)  # the parameters now: the next round starts from it
    live.descent_ahead = (dict(values), graph)
    names = {
        id(n): live.names[id(o)] for n, o in zip(graph, live.order, strict=True)
        if id(o) in live.names
    }  # fmt: skip
    record = graph_record(graph[-1], names=names, title=live.graph.name(live.root))
    # The session goes on from here: a check works on the graph shown, and the next
    # descent starts at the updated parameters.
    live.leaf_data, live.next_values = dict(values), values
    live.correct = None  # the leaves moved: so did the correct pass
    live.shown_grads = {n["id"]: float(record["grads"][n["id"]]) for n in record["nodes"]}
    return {
        "history": history,
        "record": record,
        "parameters": {live.graph.ids[id(live.order[i])]: number(values[i]) for i in chosen},
        "parameter_texts": {
            live.graph.ids[id(live.order[i])]: format_number(values[i]) for i in chosen
        },
        "loss_text": format_number(nodes.data(graph[-1])),  # at those parameters
    }


def _round(live: "Session", values: dict[int, float]) -> list[Any]:
    """The graph rebuilt at `values` with its forward and backward pass done (the one the
    last descent ended on, when it was at the same values: not built twice)."""
    ahead, live.descent_ahead = live.descent_ahead, None
    if ahead is not None and ahead[0] == values:
        return ahead[1]
    with collector.paused():  # one collection per round, not several
        graph = replay.rebuild(live.order, values)
        standard_pass(graph[-1], Recorder(), limit=len(graph) + 1)
    return graph
