"""Which graphs a program left, as "Graph of" offers them: its own top-level variables' roots,
its last expression, and each `draw_dot()` or `backward()` target, each as a record with the
calls the program made on it (or the standard pass, for a graph it never ran backward on), at
most MAX_GRAPHS of them; and, for a program that left values but no graph, why not."""

from typing import Any

from engine import nodes
from engine.graph import GraphTooLarge, topological_order
from engine.record.calls import touched
from engine.record.dot import dot_source
from engine.record.graph_record import graph_record
from engine.record.groups import Groups
from engine.record.recorder import Recorder
from engine.record.tracing import standard_pass
from engine.record.walked import walk

MAX_GRAPHS = 12  # graphs offered under "Graph of"


def why_none(namespace: dict[str, Any], last_value: Any) -> str:
    """A program that made values but no graph: why its values are not nodes, in its terms
    (`your values keep their inputs in `srcs`; the page reads ...`), or ""."""
    for obj in (last_value, *reversed(namespace.values())):
        if nodes.looks_like_value(obj):
            why = nodes.diagnose(obj)
            if why:
                return f"No graph to draw: {why}."
    return ""


def named_nodes(namespace: dict[str, Any], own: frozenset[str]) -> dict[int, tuple[str, Any]]:
    """The program's own top-level variables bound to nodes: id(node) -> (first name, node).
    A loop variable names nothing (engine.worker.toplevel)."""
    named: dict[int, tuple[str, Any]] = {}
    for name, obj in namespace.items():
        if name in own and not name.startswith("_") and nodes.is_node(obj):
            named.setdefault(id(obj), (name, obj))
    return named


def _roots(named: dict[int, tuple[str, Any]], limit: int) -> list[Any]:
    """Named nodes that are no other named node's input, biggest graph first."""

    class _All:  # one walk over every named graph, to find who is whose input
        pass

    everything = [obj for _, obj in named.values()]
    if len(everything) < 2:  # one named node is a root: no walk needed (20,000 values: 50 ms)
        return everything
    try:
        order = topological_order(
            _All(), lambda n: everything if isinstance(n, _All) else nodes.children(n), limit * 4
        )
    except GraphTooLarge:
        return everything[-MAX_GRAPHS:]
    inside = {id(k) for v in order[:-1] for k in nodes.children(v)}
    sizes: dict[int, int] = {}
    for i, v in enumerate(order[:-1]):  # graph size ~ the position of its root, cheaply
        sizes[id(v)] = i
    roots = [obj for obj in everything if id(obj) not in inside]
    return sorted(roots, key=lambda r: sizes.get(id(r), 0), reverse=True)


def find(
    rec: Recorder,
    named: dict[int, tuple[str, Any]],
    last_value: Any,
    source: str,
    limit: int,
    groups: Groups | None = None,
) -> list[dict[str, Any]]:
    """The graphs offered under "Graph of", the one the program most likely meant first, each
    with the program's module calls on it (`groups`, engine.record.groups)."""
    names = {key: name for key, (name, _) in named.items()}
    titled: list[tuple[Any, str]] = []
    if nodes.is_node(rec.last_target):
        titled.append((rec.last_target, "the last backward() or draw_dot() target"))
    if nodes.is_node(last_value):
        titled.append((last_value, "the last expression"))
    titled.extend((root, "") for root in _roots(named, limit))
    covered: set[int] = set()  # nodes of the graphs already offered: no graph inside another
    live: list[tuple[Any, str, Any]] = []  # (root, title, its walk or None: too big)
    for root, fallback in titled:
        if id(root) in covered or len(live) == MAX_GRAPHS:
            continue
        try:
            walked = walk(root, names, literals=False)
        except GraphTooLarge:
            walked = None
        if walked is not None and len(walked.order) <= limit:
            covered.update(walked.ids)
        else:
            covered.add(id(root))
        live.append((root, names.get(id(root)) or nodes.label(root) or fallback, walked))

    graphs: list[dict[str, Any]] = []
    untouched = []
    for root, title, walked in live:
        if walked is None:
            graphs.append({**_too_big(root, title, limit), "root": None})
        elif touched(walked, rec.steps) or all(not kids for kids in walked.kids.values()):
            record = graph_record(
                root, rec.steps, title=title, source=source, graph=walked, groups=groups
            )
            graphs.append(_graph(record, "root", root, walked.order))
        else:  # recorded once the others are: the standard pass changes grads they may share
            untouched.append((len(graphs), root, title, walked))
            graphs.append({})
    for index, root, title, walked in untouched:
        own = Recorder(limit=limit)
        seed = standard_pass(root, own, limit=limit, order=walked.order)
        record = graph_record(
            root,
            own.steps,
            title=title,
            mode="correct",
            seed=seed,
            source=source,
            graph=walked,
            groups=groups,
        )
        graphs[index] = _graph(record, "standard", root, walked.order)
        graphs[index]["note"] = (
            "The program never ran a backward pass on this graph: this is the standard one "
            "(zero every grad, set the output's to 1, call each _backward in reverse "
            "topological order)."
        )
    counts: dict[str, int] = {}
    for snap in rec.snapshots:
        title = names.get(id(snap.root)) or nodes.label(snap.root) or "a value"
        counts[title] = counts.get(title, 0) + 1
        numbered = f"draw_dot({title})" + (f" #{counts[title]}" if counts[title] > 1 else "")
        record = graph_record(
            snap.root, names=names, title=numbered, snapshot=snap, literals=False, groups=groups
        )
        graphs.append(_graph(record, "snapshot"))
    return graphs


def _graph(
    record: dict[str, Any], kind: str, root: Any = None, order: list[Any] | None = None
) -> dict[str, Any]:
    return {"title": record["title"], "kind": kind, "record": record,
            "dot": None, "note": "", "root": root, "order": order}  # fmt: skip


def with_dots(graphs: list[dict[str, Any]]) -> None:
    """Each graph's DOT written from its record (engine.record.dot), in place."""
    for g in graphs:
        if g["record"] is not None:
            g["dot"] = dot_source(g["record"])


def _too_big(root: Any, title: str, limit: int) -> dict[str, Any]:
    note = f"The graph of {title} has more than {limit:,} values: too big to draw."
    return {"title": title, "kind": "too big", "record": None, "dot": None, "note": note}


def chosen(graphs: list[dict[str, Any]]) -> int | None:
    """The last draw_dot/backward target, else the last expression's value, else the named
    root with the biggest graph: `find` lists them in that order."""
    drawable = [i for i, g in enumerate(graphs) if g["record"] is not None]
    live = [i for i in drawable if graphs[i]["kind"] != "snapshot"]
    return live[0] if live else (drawable[0] if drawable else None)
