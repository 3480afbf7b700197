"""The recorded calls that ran on a walked graph's nodes, matched to them, in call order.

A call is matched by the node its closure holds, or, for a closure that does not hold its node
(a learner's `_backward` written as a free function), by its code and the cells it closed over.
Each node's data and grad before the first step are read from the calls themselves: a program
may have changed them since.
"""

from collections.abc import Sequence
from typing import Any

from engine import nodes
from engine.record.recorder import Snapshot, Step, as_step
from engine.record.walked import WalkedGraph

Call = tuple[Any, tuple[Any, ...], Step]  # a node, the inputs its call saw, the call


def touched(g: WalkedGraph, steps: Sequence[Step | tuple]) -> bool:
    """Some recorded call ran the rule of a node of this graph."""
    return bool(calls_on(g, steps))


def calls_on(
    g: WalkedGraph, steps: Sequence[Step | tuple]
) -> list[tuple[Any, tuple[Any, ...], Step]]:
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


def starting_values(
    g: WalkedGraph, mine: list[Call], snapshot: Snapshot | None
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
