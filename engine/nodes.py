"""What counts as a node of a graph: any micrograd-shaped object, found by duck typing.

A node is an object with a numeric `data` (an int, a bool, a Fraction, a float; a subclass of
float with no `data` is its own number). Its inputs are the first of INPUT_ATTRS that it has
and that is a tuple, list, set or dict (a dict's keys: `children={}` as a default), or None
(no inputs). Its per-node rule — the code that adds its contribution to its inputs' grads —
is the first of RULE_ATTRS that is a function called with no arguments (a closure stored on
the node, or a method `_backward(self)` of its class); `backward` counts only as a stored
closure, since a method `backward(self)` is the whole-graph pass. `_op` (or `op`,
`_operation`), `label` and `grad` are optional; a grad of None reads as 0 (nothing has
reached it yet, as in PyTorch).

Inputs held in a set have no order of their own; they are ordered by when they were made
(`birth`, filled in by the recorder while a program runs), then by label and value, so ids and
layouts do not change from run to run. Everything is keyed by identity: a learner's class may
define `__eq__` (a dataclass does) and so be unhashable.

`diagnose` says why an object that looks like a value is not a node, in the learner's terms.
"""

import math
import numbers
import types
from collections.abc import Callable
from typing import Any

INPUT_ATTRS = ("_children", "children", "_prev", "prev", "_parents", "parents", "_inputs", "inputs")
CHILDREN_ATTRS = INPUT_ATTRS  # the name other modules knew it by
# `_backward_fn` is where engine.Value keeps the closure its `_backward` property hands out.
RULE_ATTRS = ("_backward_fn", "_backward", "grad_fn", "backward")
METHOD_RULES = frozenset({"_backward_fn", "_backward", "grad_fn"})  # may be methods too
OP_ATTRS = ("_op", "op", "_operation", "operation")
_CONTAINERS = (tuple, list, set, frozenset, dict)

# id(node) -> when it was made, filled in while a program runs (see engine.record.recorder). Keyed
# by
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
    return isinstance(x, numbers.Real)


def _number_of(obj: object) -> Any:
    """`data`, or the object itself for a subclass of float (or int) without one."""
    try:
        found = getattr(obj, "data", _MISSING)
    except Exception:  # a learner's property may raise anything
        return None
    if found is _MISSING:
        return obj if isinstance(obj, numbers.Real) and type(obj) not in _PLAIN else None
    return found


_MISSING = object()
_PLAIN = (int, float, bool)


def _inputs_attr(obj: object) -> tuple[str, Any] | None:
    """(name, value) of the first input attribute the object has."""
    for name in INPUT_ATTRS:
        try:
            kids = getattr(obj, name, _MISSING)
        except Exception:
            continue
        if kids is not _MISSING:
            return name, kids
    return None


def is_node(obj: object) -> bool:
    """Has a numeric `data` and its inputs in one of the usual places (possibly empty)."""
    if _known(obj):
        return True
    if isinstance(obj, type | types.ModuleType | types.FunctionType | types.MethodType):
        return False
    if not is_number(_number_of(obj)):
        return False
    found = _inputs_attr(obj)
    return found is not None and (found[1] is None or isinstance(found[1], _CONTAINERS))


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
    found = _inputs_attr(obj)
    if found is None:
        return ()
    kids = found[1]
    if isinstance(kids, tuple | list):
        return tuple(k for k in kids if is_node(k))
    if isinstance(kids, dict):  # insertion order: `children={}` as a default, or {a: None}
        return tuple(k for k in kids if is_node(k))
    if isinstance(kids, set | frozenset):
        return tuple(sorted((k for k in kids if is_node(k)), key=_set_order))
    return ()


def is_rule(fn: object, owner: object = None) -> bool:
    """A per-node rule is a function called with no arguments: a closure or a lambda, or (with
    `owner`) a method of `owner` that takes only `self`."""
    if isinstance(fn, types.MethodType) and owner is not None and fn.__self__ is owner:
        fn, bound = fn.__func__, 1
    else:
        bound = 0
    if not isinstance(fn, types.FunctionType):
        return False
    code = fn.__code__
    required = code.co_argcount - bound - len(fn.__defaults__ or ())
    required_kw = code.co_kwonlyargcount - len(fn.__kwdefaults__ or {})
    return required <= 0 and required_kw <= 0


def rule(obj: object) -> Callable[[], Any] | None:
    """The node's own per-node rule (see the module's docstring), if it has one."""
    for name in RULE_ATTRS:
        fn = _attr(obj, name)
        if fn is not None and is_rule(fn, obj if name in METHOD_RULES else None):
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
    return as_float(_number_of(obj))


def grad(obj: object) -> float:
    return as_grad(_attr(obj, "grad"))


def set_grad(obj: object, x: float) -> None:
    """Set a grad where the class allows it: a learner's read-only grad is left as it is."""
    try:
        obj.grad = x  # type: ignore[attr-defined]
    except Exception:  # a property without a setter, a frozen dataclass: anything
        pass


def raw_grad(obj: object) -> Any:
    """`grad` as the object holds it (None included): read once, then `as_grad`."""
    return _attr(obj, "grad")


def as_grad(value: Any) -> float:
    """A grad for the record: None (a learner's class that starts there) reads as 0."""
    return 0.0 if value is None else as_float(value)


_READS = ", ".join(f"`{a}`" for a in INPUT_ATTRS)


def _attributes(obj: object) -> dict[str, Any]:
    """The instance's own attributes: its `__dict__` and its slots."""
    found: dict[str, Any] = {}
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            value = _attr(obj, name)
            if value is not None:
                found[name] = value
    try:
        found.update(vars(obj))
    except TypeError:
        pass
    return found


def looks_like_value(obj: object) -> bool:
    """An instance of a class the program defined that does arithmetic and has a `data` or a
    `grad`: meant as a value, whether or not it is a node."""
    cls = type(obj)
    if cls.__module__ != "__main__" or isinstance(obj, type):
        return False
    arithmetic = any(hasattr(cls, m) for m in ("__add__", "__mul__"))
    return arithmetic and (hasattr(obj, "data") or hasattr(obj, "grad") or is_number(obj))


def diagnose(obj: object) -> str:
    """Why a value of the learner's is not a node, in their terms: what was found and what the
    page looks for. "" when it is a node."""
    if is_node(obj):
        return ""
    own = _attributes(obj)
    number = _number_of(obj)
    if not is_number(number):
        if number is not None:
            return (
                f"your values keep a {type(number).__name__} in `data`; the page needs a "
                "number there (an int, a float, a Fraction)"
            )
        numeric = [k for k, v in own.items() if is_number(v) and k != "grad"]
        where = f"in `{numeric[0]}`" if numeric else "in no attribute the page can find"
        return f"your values keep their number {where}; the page reads `data`"
    found = _inputs_attr(obj)
    if found is not None:
        kind = (
            "a generator"
            if isinstance(found[1], types.GeneratorType)
            else "a " + (type(found[1]).__name__)
        )
        return (
            f"your values keep their inputs in {kind} in `{found[0]}`; the page reads a "
            "tuple, list, set or dict there (a generator can be read only once: your own "
            "backward pass uses it up)"
        )
    same = [
        k
        for k, v in own.items()
        if isinstance(v, _CONTAINERS) and any(type(item) is type(obj) for item in v)
    ]
    containers = same or [k for k, v in own.items() if isinstance(v, _CONTAINERS)]
    if containers:
        return f"your values keep their inputs in `{containers[0]}`; the page reads {_READS}"
    return f"your values keep no inputs the page can find; it reads {_READS}"
