"""The graph record: the one interface between the engine, the server and the page.

`graph_record(root, steps, ...)` walks the graph of `root` once (engine.record.walked: the node
ids `n0, n1, ...` in topological order, how text names each node, which leaves the learner
named) and turns the recorded calls that touched it (engine.record.calls) into steps with their
numbers as text. `grads_at(record, k)` is the one definition of "the grads after k steps".
The format is documented in docs/trace-format.md; bump RECORD_VERSION when it changes.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.numeric import format_number
from engine.record.call_grads import call_grads
from engine.record.calls import calls_on, starting_values
from engine.record.groups import Groups
from engine.record.layout_choice import layout_choice, layout_cost, ranks
from engine.record.numbers import number, shown
from engine.record.recorder import Snapshot, Step
from engine.record.step_texts import backward_step, seed_step, source_lines
from engine.record.walked import MAX_NODES, WalkedGraph

RECORD_VERSION = 7


def graph_record(
    root: Any,
    steps: Sequence[Step | tuple] = (),
    *,
    names: Mapping[int, str] | None = None,
    title: str = "",
    mode: str = "program",
    seed: Mapping[int, float] | None = None,
    source: str = "",
    snapshot: Snapshot | None = None,
    limit: int = MAX_NODES,
    literals: bool = True,
    graph: WalkedGraph | None = None,
    groups: Groups | None = None,
) -> dict[str, Any]:
    """The record of the graph of `root` and of the recorded calls on its nodes, in order.

    mode: "program" (the calls a program made), or the engine's own standard pass —
    "correct", "overwrite" (the seeds' `=` bug) or "accumulate". `seed` holds every grad as it
    was before the engine zeroed and seeded them (id(node) -> grad), to show as the first
    step. `source` is the program's text, to quote a learner's closure. A `snapshot` gives the
    data and grads of a `draw_dot()` call instead of the live ones. `literals`: an unnamed leaf
    is a number the program wrote (the expression language) rather than, say, a weight a
    Python program made in a list, so it needs no grad field. `graph`: the graph of `root`
    already walked (`walk`), so that a caller who looked at it first does not walk it again.
    `groups`: the module calls of the program that made the graph (engine.record.groups).
    """
    g = graph if graph is not None else WalkedGraph(root, names, limit, literals)
    mine = calls_on(g, steps)
    datas, grads = starting_values(g, mine, snapshot)
    shown = grads if seed is None else {key: seed.get(key, x) for key, x in grads.items()}
    node_list = [_node(g, v, datas[id(v)], shown[id(v)]) for v in g.order]
    _add_structure(node_list)
    backward = []
    if seed is not None:
        backward.append(seed_step(g, shown, grads, mode))
    contributions: Counter[int] = Counter()
    lines_of = source_lines(source)
    quoted: dict[Any, Any] = {}  # code -> its statements (engine.record.closure_lines), read once
    for node, kids, step in mine:
        backward.append(backward_step(g, node, kids, step, contributions, mode, lines_of, quoted))
    for i, step_json in enumerate(backward):
        step_json["index"] = i
    record = {
        "version": RECORD_VERSION,
        "mode": mode,
        "title": title or g.name(root),
        "output": g.ids[id(root)],
        "nodes": node_list,
        "edges": _edges(g),
        "named_leaves": [g.ids[id(v)] for v in g.order if g.leaf_name(v)],
        "forward": [
            {
                "node": n["id"],
                "data": n["data"],
                "data_text": n["data_text"],
                "explain": _forward_text(g, v, n, datas),
            }
            for v, n in zip(g.order, node_list, strict=True)
        ],
        "backward": backward,
        "accumulates": [g.ids[id(v)] for v in g.order if contributions[id(v)] > 1],
        "groups": groups.record(g.order, g.ids) if groups is not None else [],
    }
    record["call_grads"] = call_grads(record["groups"], backward)
    texts = {n["id"]: [n["grad_text"]] for n in node_list}
    for step_json in backward:
        for change in step_json["changes"]:
            texts[change["node"]].append(change["after_text"])
    for n in node_list:
        n["grad_widest"] = max(texts[n["id"]], key=len)
    record["grads"] = grads_at(record, len(backward))
    record["nonfinite"] = _nonfinite(node_list, backward)
    record.update(layout_choice(layout_cost(record)))  # decided here once; the page follows it
    return record


_INFIX = frozenset({"+", "-", "*", "/", "**"})


def _forward_text(g: WalkedGraph, v: Any, n: Mapping[str, Any], datas: Mapping[int, float]) -> str:
    """One forward step in words and numbers: `n = (x1*w1 + x2*w2) + b → -6.0000 + 6.8814 =
    0.8814`; a leaf: `x1 = 2.0000`."""
    kids = g.kids[id(v)]
    left = n["shown"]
    if not kids:
        return f"{left} = {n['data_text']}"
    op = n["op"]
    names = [g.names[id(k)] for k in kids]
    numbers = [shown(datas[id(k)]) for k in kids]
    if op in _INFIX and len(kids) == 2:
        expr, nums = f" {op} ".join(names), f" {op} ".join(numbers)
    elif op.startswith("**") and len(kids) == 1:
        expr, nums = f"{names[0]}{op}", f"{numbers[0]}{op}"
    else:
        expr, nums = f"{op}({', '.join(names)})", f"{op}({', '.join(numbers)})"
    return f"{left} = {expr}  →  {nums} = {n['data_text']}"


def grads_at(record: Mapping[str, Any], k: int) -> dict[str, float | str]:
    """Every node's grad once the first k steps of `record["backward"]` have run."""
    grads = {n["id"]: n["grad"] for n in record["nodes"]}
    for step in record["backward"][:k]:
        for change in step["changes"]:
            grads[change["node"]] = change["after"]
    return grads


def grad_texts_at(record: Mapping[str, Any], k: int) -> dict[str, str]:
    """Every node's grad, as text, once the first k steps have run."""
    texts = {n["id"]: n["grad_text"] for n in record["nodes"]}
    for step in record["backward"][:k]:
        for change in step["changes"]:
            texts[change["node"]] = change["after_text"]
    return texts


def _node(g: WalkedGraph, v: Any, data: float, grad: float) -> dict[str, Any]:
    kids = g.kids[id(v)]
    return {
        "id": g.ids[id(v)],
        "label": g.labels[id(v)],
        "shown": g.shown[id(v)],
        "name": g.names[id(v)],
        "constant": g.constant(v),
        "op": g.ops[id(v)],
        "data": number(data),
        "data_text": format_number(data),
        "grad": number(grad),
        "grad_text": format_number(grad),
        "children": [g.ids[id(c)] for c in kids],
        "leaf": not kids,
    }


def _op_id(uid: str) -> str:
    """The id of the op node that feeds value `uid`: made here, read from the record."""
    return uid + "_op"


def _add_structure(node_list: list[dict[str, Any]]) -> None:
    """What the page reads instead of working out again: each node's rank in the drawn graph
    (engine.record.layout_choice.ranks), its consumers, and its op node's id."""
    consumers: dict[str, list[str]] = {n["id"]: [] for n in node_list}
    for n in node_list:
        uid = n["id"]
        for child in n["children"]:
            users = consumers[child]
            if not users or users[-1] != uid:  # `a + a` uses a once
                users.append(uid)
    for n, rank in zip(node_list, ranks(node_list), strict=True):
        n["rank"] = rank
        n["consumers"] = consumers[n["id"]]
        if not n["leaf"]:
            n["op_id"] = _op_id(n["id"])


def _edges(g: WalkedGraph) -> list[dict[str, str]]:
    """The drawn edges, with the ids the DOT gives them."""
    edges = []
    for v in g.order:
        kids = g.kids[id(v)]
        if kids:
            uid = g.ids[id(v)]
            for slot, child in enumerate(kids):
                cid = g.ids[id(child)]
                edges.append({"id": f"e-{cid}-{uid}-{slot}", "from": cid, "to": _op_id(uid)})
            edges.append({"id": f"e-{_op_id(uid)}-{uid}", "from": _op_id(uid), "to": uid})
    return edges


def _nonfinite(node_list: list[dict[str, Any]], steps: list[dict[str, Any]]) -> list[str]:
    """Ids of nodes whose data, or grad at any step, is inf or nan."""
    bad = {n["id"] for n in node_list if isinstance(n["data"], str) or isinstance(n["grad"], str)}
    bad.update(c["node"] for step in steps for c in step["changes"] if isinstance(c["after"], str))
    return [n["id"] for n in node_list if n["id"] in bad]
