"""The forward pass again, from new leaf values, with the graph's own operators.

Gradient checks and descent need the output as a function of the leaves. Nothing here knows a
formula: each computed node is rebuilt by calling the same operator of the node's own class on
rebuilt inputs (`a + b` for "+", `a.tanh()` for "tanh", `a ** k` for "**k"), so a learner's
class computes its own forward pass. The graph's shape — and so every id — stays the same.
"""

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import nodes


class ReplayError(ValueError):
    """A node whose op this module cannot call again."""


def _method(name: str) -> Callable[[Any], Any]:
    return lambda a: getattr(a, name)()


# op text -> how to make that node again from its rebuilt inputs
OPS: dict[str, Callable[..., Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "**": operator.pow,
    "max": lambda a, b: a.max(b),
    **{op: _method(op) for op in ("tanh", "exp", "log", "relu", "sigmoid", "gelu")},
    "ReLU": _method("relu"),
}


_BINARY = frozenset({"+", "-", "*", "/", "**", "max"})


def _maker(op: str) -> Callable[..., Any]:
    if op in OPS:
        return OPS[op]
    if op.startswith("**"):
        try:
            k = float(op[2:])
        except ValueError:
            pass
        else:
            k = int(k) if k.is_integer() else k  # x**2 as the program wrote it
            return lambda a: a**k
    raise ReplayError(f"the forward pass can't be recomputed through a {op!r} node")


def check_replayable(order: Sequence[Any]) -> None:
    """Raise ReplayError now if some node of the graph can't be rebuilt."""
    for v in order:
        if nodes.children(v):
            _maker(nodes.op(v))


def rebuild(order: Sequence[Any], leaves: Mapping[int, float] | None = None) -> list[Any]:
    """New nodes for the graph in topological `order`, position for position. A leaf keeps
    its data unless `leaves` (position -> number) says otherwise."""
    leaves = leaves or {}
    index = {id(v): i for i, v in enumerate(order)}
    made: list[Any] = []
    for i, v in enumerate(order):
        kids = nodes.children(v)
        if not kids:
            new = type(v)(leaves.get(i, nodes.data(v)))
        else:
            args = [made[index[id(k)]] for k in kids]
            if nodes.op(v) in _BINARY and len(args) == 1:
                args *= 2  # `a + a` in a class that keeps its inputs in a set
            new = _maker(nodes.op(v))(*args)
            if not nodes.is_node(new):
                raise ReplayError(f"the {nodes.op(v)!r} operator did not return a value")
        label = nodes.label(v)
        if label:
            try:
                new.label = label
            except AttributeError:
                pass
        made.append(new)
    return made


def output(order: Sequence[Any], leaves: Mapping[int, float]) -> float:
    """The root's data (last in `order`) with the given leaf values."""
    return nodes.data(rebuild(order, leaves)[-1])
