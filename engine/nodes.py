"""What counts as a node of a graph: any micrograd-shaped object, found by duck typing.

A node is an object with a numeric `data`. Its inputs are the first of these attributes that
is a set, tuple or list: `_children`, `children`, `_prev`, `prev`. Its per-node rule — the
closure that adds its contribution to its inputs' grads — is `_backward`, or `backward` when
`backward` is a no-argument closure stored on the node itself (tutorials that call the
whole-graph method something else, `backprop()` say, name the closure `backward`). `_op`,
`op`, `label` and `grad` are optional.

Inputs held in a set have no order of their own; they are ordered by when they were made
(`birth`, filled in by the recorder while a program runs), then by label and value, so ids and
layouts do not change from run to run.
"""

import math
import numbers
import types
from collections.abc import Callable
from typing import Any

CHILDREN_ATTRS = ("_children", "children", "_prev", "prev")
# `_backward_fn` is where engine.Value keeps the closure its `_backward` property hands out.
RULE_ATTRS = ("_backward_fn", "_backward", "backward")
OP_ATTRS = ("_op", "op")

# id(node) -> when it was made, filled in while a program runs (see engine.recorder). Keyed by
# id so that it never keeps a learner's values alive; an id reused after a value was collected
# can only change the order in which a set's members are drawn, never a number.
birth: dict[int, int] = {}

# Types whose instances keep a float `data` and their inputs as a tuple in `_children`
# (engine.Value registers itself): recognised by type before any duck typing, which was half
# the time of a descent step on the MLP preset.
KNOWN_TYPES: set[type] = set()


def _known(obj: object) -> bool:
    return type(obj) in KNOWN_TYPES and type(obj.data) is float  # type: ignore[attr-defined]


def is_number(x: object) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def is_node(obj: object) -> bool:
    """Has a numeric `data` and its inputs in one of the usual places (possibly empty)."""
    if _known(obj):
        return True
    if isinstance(obj, type | types.ModuleType):
        return False
    try:
        data = getattr(obj, "data", None)
    except Exception:  # a learner's property may raise anything
        return False
    if not is_number(data):
        return False
    return any(isinstance(_attr(obj, a), set | frozenset | tuple | list) for a in CHILDREN_ATTRS)


def _attr(obj: object, name: str) -> Any:
    try:
        return getattr(obj, name, None)
    except Exception:
        return None


def _set_order(child: object) -> tuple:
    data = _attr(child, "data")
    return (birth.get(id(child), math.inf), str(_attr(child, "label") or ""), repr(data))


def children(obj: object) -> tuple:
    """The inputs, in argument order where the object keeps one."""
    if type(obj) in KNOWN_TYPES:
        kids = obj._children  # type: ignore[attr-defined]
        if type(kids) is tuple and all(_known(k) for k in kids):
            return kids
    for name in CHILDREN_ATTRS:
        kids = _attr(obj, name)
        if isinstance(kids, tuple | list):
            return tuple(k for k in kids if is_node(k))
        if isinstance(kids, set | frozenset):
            return tuple(sorted((k for k in kids if is_node(k)), key=_set_order))
    return ()


def is_rule(fn: object) -> bool:
    """A per-node rule is a function called with no arguments (a closure, or a lambda)."""
    if not isinstance(fn, types.FunctionType):
        return False
    code = fn.__code__
    required = code.co_argcount - len(fn.__defaults__ or ())
    required_kw = code.co_kwonlyargcount - len(fn.__kwdefaults__ or {})
    return required <= 0 and required_kw <= 0


def rule(obj: object) -> Callable[[], Any] | None:
    """The node's own `_backward` (or `backward`) closure, if it has one."""
    for name in RULE_ATTRS:
        fn = _attr(obj, name)
        if fn is not None and is_rule(fn):
            return fn
    return None


def op(obj: object) -> str:
    for name in OP_ATTRS:
        value = _attr(obj, name)
        if isinstance(value, str):
            return value
    return ""


def label(obj: object) -> str:
    value = _attr(obj, "label")
    return value if isinstance(value, str) else ""


def as_float(x: object) -> float:
    """A number for the record; anything else (a learner's grad set to None, say) is nan."""
    try:
        return float(x)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return math.nan


def data(obj: object) -> float:
    return as_float(_attr(obj, "data"))


def grad(obj: object) -> float:
    return as_float(_attr(obj, "grad"))
