"""The forward pass again, from new leaf values, with the graph's own operators.

Gradient checks, descent and what-if values need the output as a function of the leaves.
Nothing here knows a formula. A learner's value is rebuilt by calling again the very call of
their code that made it (engine.record.creators: `__mul__(a, b)` with the rebuilt `a` and `b`, or
`gelu(self)`, whatever op name it carries), so their class computes its own forward pass.
engine.Value, which is not watched while it runs, is rebuilt by its op: `a + b` for "+",
`a.tanh()` for "tanh", `a ** k` for "**k" — the same operators, on rebuilt inputs. The graph's
shape — and so every id — stays the same.
"""

import copy
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import nodes
from engine.graph import GraphTooLarge, topological_order
from engine.record import creators


class ReplayError(ValueError):
    """A node this module cannot make again."""


def _method(name: str) -> Callable[[Any], Any]:
    return lambda a: getattr(a, name)()


# engine.Value's op text -> how to make that node again from its rebuilt inputs
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
_SEARCH = 1000  # values searched in what one replayed call made, for the one wanted


def by_op(op: str) -> Callable[..., Any]:
    """How to make a node of engine.Value's op text `op` from its inputs (`**3` included).
    An exercise's check applies it to learn what the real closure of that op does
    (engine.exercise)."""
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


def _creator(v: Any) -> creators.Creator | None:
    if type(v) in nodes.KNOWN_TYPES:
        return None  # engine.Value: rebuilt by its op
    return creators.MADE.get(id(v))


def _why_not(v: Any, made: creators.Creator | None) -> str | None:
    """Why `v` can't be made again, or None if it can."""
    if made is None:
        try:
            by_op(nodes.op(v))
        except ReplayError as e:
            return str(e)
        return None
    if made.fn is None:
        where = f"in {made.where}()" if made.where else "by hand"
        return (
            f"the forward pass can't be recomputed: a value ({nodes.op(v) or 'no op'}) was "
            f"made {where} at line {made.line}, not by a function the page can call again "
            "(one of your class's operators, or a function of your program)"
        )
    return None


def check_replayable(order: Sequence[Any]) -> None:
    """Raise ReplayError now if some node of the graph can't be rebuilt."""
    for v in order:
        if nodes.children(v):
            why = _why_not(v, _creator(v))
            if why:
                raise ReplayError(why)


def _leaf(v: Any, x: float) -> Any:
    """A new leaf like `v` with data `x`: `type(v)(x)`, else a copy of `v` with `data` set."""
    try:
        new = type(v)(x)
    except Exception:  # a constructor that needs more than a number
        new = None
    if new is None or not nodes.is_node(new):
        try:
            new = copy.copy(v)
            new.data = x
        except Exception as e:
            raise ReplayError(f"a leaf of your class can't be made again: {e}") from None
    return new


def _same_inputs(node: Any, wanted: list[Any]) -> bool:
    kids = nodes.children(node)
    return len(kids) == len(wanted) and sorted(map(id, kids)) == sorted(map(id, wanted))


class _Rebuild:
    """One rebuild: each value made again, by position in the topological order."""

    def __init__(self, order: Sequence[Any]):
        self.index = {id(v): i for i, v in enumerate(order)}
        self.made: list[Any] = []
        self.calls: dict[tuple[int, ...], Any] = {}  # one call made several of the values

    def new(self, x: Any) -> Any:
        if isinstance(x, creators.Ref):
            i = self.index.get(x.key)
            if i is None or i >= len(self.made):
                raise ReplayError(
                    "the forward pass can't be recomputed: a value was made from a value "
                    "outside this graph"
                )
            return self.made[i]
        if isinstance(x, creators.Seq):
            return x.kind(self.new(i) for i in x.items)
        return x

    def call_again(self, v: Any, made: creators.Creator, wanted: list[Any]) -> Any:
        args = [self.new(a) for a in made.args]
        kwargs = {k: self.new(a) for k, a in made.kwargs.items()}
        key = (id(made.fn), *map(id, args), *map(id, kwargs.values()))
        result = self.calls.get(key)
        if result is None:
            try:
                result = self.calls[key] = made.fn(*args, **kwargs)
            except ReplayError:
                raise
            except Exception as e:
                raise ReplayError(
                    f"the forward pass can't be recomputed: {made.where}() raised "
                    f"{type(e).__name__}: {e}"
                ) from None
        if nodes.is_node(result) and _same_inputs(result, wanted):
            return result
        try:  # the value wanted is one that call made along the way
            inside = topological_order(result, nodes.children, _SEARCH)
        except GraphTooLarge:
            inside = []
        for candidate in inside if nodes.is_node(result) else ():
            if _same_inputs(candidate, wanted):
                return candidate
        raise ReplayError(
            f"the forward pass can't be recomputed: calling {made.where}() again (line "
            f"{made.line}) did not make a value from the same inputs"
        )


def rebuild(
    order: Sequence[Any], leaves: Mapping[int, float] | None = None, register: bool = False
) -> list[Any]:
    """New nodes for the graph in topological `order`, position for position. A leaf keeps
    its data unless `leaves` (position -> number) says otherwise. `register`: the new values
    will be acted on like the program's own (a what-if graph), so remember how each was made."""
    leaves = leaves or {}
    run = _Rebuild(order)
    for i, v in enumerate(order):
        kids = nodes.children(v)
        made = _creator(v)
        if not kids:
            new = _leaf(v, leaves.get(i, nodes.data(v)))
        else:
            why = _why_not(v, made)
            if why:
                raise ReplayError(why)
            args = [run.made[run.index[id(k)]] for k in kids]
            if made is not None:
                new = run.call_again(v, made, args)
            else:
                if nodes.op(v) in _BINARY and len(args) == 1:
                    args *= 2  # `a + a` in a class that keeps its inputs in a set
                new = by_op(nodes.op(v))(*args)
            if not nodes.is_node(new):
                raise ReplayError(f"the {nodes.op(v)!r} operator did not return a value")
        label = nodes.label(v)
        if label:
            try:
                new.label = label
            except AttributeError:
                pass
        if register and made is not None and made.fn is not None:
            creators.MADE[id(new)] = creators.Creator(
                made.fn, _renamed(made.args, run, order), made.kwargs, made.line, made.where
            )
        run.made.append(new)
    return run.made


def _renamed(args: tuple[Any, ...], run: _Rebuild, order: Sequence[Any]) -> tuple[Any, ...]:
    """A creator's arguments, pointing at the rebuilt values instead of the old ones."""

    def one(a: Any) -> Any:
        if isinstance(a, creators.Ref) and a.key in run.index:
            return creators.Ref(id(run.made[run.index[a.key]]))
        if isinstance(a, creators.Seq):
            return creators.Seq(a.kind, tuple(one(i) for i in a.items))
        return a

    return tuple(one(a) for a in args)


def output(order: Sequence[Any], leaves: Mapping[int, float]) -> float:
    """The root's data (last in `order`) with the given leaf values."""
    return nodes.data(rebuild(order, leaves)[-1])
