"""The graph record: the one interface between the engine, the server and the page.

`graph_record(root, steps, ...)` walks the graph of `root` once, makes the node ids (`n0, n1,
...` in topological order) and turns the recorded calls that touched it into steps with their
numbers as text. `grads_at(record, k)` is the one definition of "the grads after k steps".
The format is documented in docs/trace-format.md; bump RECORD_VERSION when it changes.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine import nodes
from engine.graph import node_ids, topological_order
from engine.language.names import MAX_LABEL, bracketed, expression, number_text, shorten
from engine.numeric import format_number
from engine.record.layout_choice import layout_choice, layout_cost, ranks
from engine.record.numbers import number, shown
from engine.record.recorder import Snapshot, Step, as_step
from engine.record.step_texts import backward_step, seed_step, source_lines

RECORD_VERSION = 4
MAX_NODES = 20_000  # values one drawn graph may have


class _Graph:
    """A walked graph: its nodes in order, their ids, and how text refers to them."""

    def __init__(
        self, root: Any, names: Mapping[int, str] | None, limit: int, literals: bool = True
    ):
        self.root = root
        self.literals = literals
        self.order = topological_order(root, nodes.children, limit)
        self.ids = node_ids(self.order)
        self.kids = {id(v): nodes.children(v) for v in self.order}
        self.ops = {id(v): nodes.op(v) for v in self.order}  # read once: a step reads it twice
        given = names or {}
        self.labels = {id(v): nodes.label(v) or given.get(id(v), "") for v in self.order}
        self.numbers: set[int] = set()  # unnamed leaves, shown as their number
        self.shown: dict[int, str] = {}  # what a learner reads: never an id (engine.language.names)
        # How a line of text refers to each node: as shown, in brackets if it is an expression
        # or a number (`(2).grad`, not `2.grad`). Made for every node at once: a record names
        # them all, and step texts read them ~5 times a step.
        self.names: dict[int, str] = {}
        for v in self.order:  # inputs first, so each name is made from its inputs' names
            key = id(v)
            label = self.labels[key]
            shown = self.shown[key] = shorten(label, MAX_LABEL) if label else self._unnamed(v)
            self.names[key] = f"({shown})" if key in self.numbers else bracketed(shown)

    def _unnamed(self, v: Any) -> str:
        kids = self.kids[id(v)]
        if not kids:
            self.numbers.add(id(v))
            return number_text(nodes.data(v))
        op = self.ops[id(v)]
        negates = (  # micrograd's -a is a * -1; -1 alone stays 1*(-1), not a second "-1"
            op == "*"
            and len(kids) == 2
            and id(kids[1]) in self.numbers
            and id(kids[0]) not in self.numbers
            and nodes.data(kids[1]) == -1.0
        )
        # Each input shortened first: a learner's long label used by many values costs no more
        # than a short one.
        parts = [shorten(self.shown[id(k)]) for k in kids]
        return shorten(expression(op, parts, negates))

    def constant(self, v: Any) -> bool:
        """Drawn as its number alone, with no grad field: an unnamed leaf that is known to be
        a number the program wrote (`literals`), like the 2 in `loss * 2`."""
        return self.literals and id(v) in self.numbers

    def has(self, node: Any) -> bool:
        uid = self.ids.get(id(node))
        return uid is not None and self.order[int(uid[1:])] is node

    def name(self, v: Any) -> str:
        """How a line of text refers to a node (`names`)."""
        return self.names[id(v)]


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
    graph: "_Graph | None" = None,
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
    """
    g = graph if graph is not None else _Graph(root, names, limit, literals)
    mine = _resolve(g, steps)
    datas, grads = _start(g, mine, snapshot)
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
    }
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


def _forward_text(g: _Graph, v: Any, n: Mapping[str, Any], datas: Mapping[int, float]) -> str:
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


def walk(
    root: Any, names: Mapping[int, str] | None = None, limit: int = MAX_NODES, literals: bool = True
) -> _Graph:
    """The graph of `root`, walked once: for `graph_record(graph=...)` and `touched`."""
    return _Graph(root, names, limit, literals)


def touched(g: _Graph, steps: Sequence[Step | tuple]) -> bool:
    """Some recorded call ran the rule of a node of this graph."""
    return bool(_resolve(g, steps))


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


def _resolve(g: _Graph, steps: Sequence[Step | tuple]) -> list[tuple[Any, tuple[Any, ...], Step]]:
    """The steps whose node is in this graph, with that node and its inputs, in call order."""
    by_cells: dict[tuple[Any, tuple[int, ...]], Any] | None = None
    mine = []
    for raw in steps:
        if type(raw) is tuple and not g.has(raw[0]):
            continue  # most steps of a long program: skipped without making a Step
        step = as_step(raw)
        node = step.target()
        kids: tuple[Any, ...]
        if node is None and step.code is not None and step.watched:
            if by_cells is None:  # a closure that did not hold its node: match its cells
                by_cells = {}
                for v in g.order:
                    fn = nodes.rule(v)
                    if fn is not None and fn.__closure__:
                        cells = tuple(id(_cell(c)) for c in fn.__closure__)
                        by_cells[(fn.__code__, cells)] = v
            node = by_cells.get((step.code, step.cells))
            kids = step.watched
        elif node is not None and g.has(node):
            kids = g.kids[id(node)]
        else:
            continue
        if node is not None and g.has(node) and len(kids) == len(step.before):
            mine.append((node, kids, step))
    return mine


def _cell(cell: Any) -> Any:
    try:
        return cell.cell_contents
    except ValueError:
        return None


def _start(
    g: _Graph, mine: list[tuple[Any, tuple[Any, ...], Step]], snapshot: Snapshot | None
) -> tuple[dict[int, float], dict[int, float]]:
    """Each node's data and grad before the first step: as that step saw them, else now."""
    if snapshot is not None:
        datas = {id(v): d for v, d in zip(snapshot.order, snapshot.datas, strict=True)}
        grads = {id(v): x for v, x in zip(snapshot.order, snapshot.grads, strict=True)}
        return datas, grads
    datas: dict[int, float] = {}
    grads: dict[int, float] = {}
    for node, kids, step in mine:
        if step.datas is not None:
            datas.setdefault(id(node), step.datas[0])
            for k, d in zip(kids, step.datas[1:], strict=False):
                datas.setdefault(id(k), d)
        grads.setdefault(id(node), step.out_grad)
        for k, before in zip(kids, step.before, strict=True):
            grads.setdefault(id(k), before)
    for v in g.order:
        datas.setdefault(id(v), nodes.data(v))
        grads.setdefault(id(v), nodes.grad(v))
    return datas, grads


def _node(g: _Graph, v: Any, data: float, grad: float) -> dict[str, Any]:
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


def _edges(g: _Graph) -> list[dict[str, str]]:
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
