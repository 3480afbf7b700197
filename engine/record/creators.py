"""Which call of the learner's own code made each value: to run their forward pass again.

The gradient check and descent need the output as a function of the leaves, computed the way
the learner's class computes it. While a program runs, every `__init__` of a node class is
seen (engine.record.observe) together with the frame that called it: `__mul__(self, other)` making
`out`, or a top-level line making a value by hand. `engine.record.replay` later calls that same
function again with the rebuilt inputs in place of the old ones — the learner's own operator,
whatever it names its op. No table of op names is involved.

Arguments that are values are kept by id (a `Ref`), not held: a training loop's old graphs
must still be collected. `prune` drops the entries of values no longer alive.
"""

import types
from dataclasses import dataclass
from typing import Any

from engine import nodes

CELL = "<cell>"  # the file name the runner compiles a program under (engine.record.observe)


class Ref:
    """A value among the arguments, by identity."""

    __slots__ = ("key",)

    def __init__(self, key: int):
        self.key = key


class Seq:
    """A list or tuple among the arguments that holds values (`Value.sum(xs)`)."""

    __slots__ = ("kind", "items")

    def __init__(self, kind: type, items: tuple[Any, ...]):
        self.kind = kind
        self.items = items


@dataclass(slots=True)
class Creator:
    fn: Any  # the function to call again; None when the value was made by hand
    args: tuple[Any, ...]  # positional arguments (Ref, Seq or the object itself)
    kwargs: dict[str, Any]
    line: int  # the program's line that made it
    where: str  # the function's name, or "" for the program's own top level


MADE: dict[int, Creator] = {}  # id(value) -> how it was made, for the last program run
_FOUND: dict[tuple[Any, type], Any] = {}  # (code, class of the first argument) -> function


def clear() -> None:
    MADE.clear()
    _FOUND.clear()


def prune(alive: set[int]) -> None:
    """Forget the values no longer alive (their ids may be reused)."""
    for key in [k for k in MADE if k not in alive]:
        del MADE[key]


def _arg(x: Any) -> Any:
    if nodes.is_node(x):
        return Ref(id(x))
    if isinstance(x, list | tuple) and any(nodes.is_node(i) for i in x):
        return Seq(type(x), tuple(Ref(id(i)) if nodes.is_node(i) else i for i in x))
    return x


def _function(code: Any, frame: Any, first: Any) -> Any:
    """The function whose code is running in `frame`: a method of its first argument's class
    (or a static or class method), or a function of the program's globals; None if neither
    (a nested function, say: it can't be called again from here)."""
    key = (code, type(first))
    if key in _FOUND:
        return _FOUND[key]
    found = None
    candidates = [getattr(type(first), code.co_name, None), frame.f_globals.get(code.co_name)]
    for fn in candidates:
        if isinstance(fn, types.MethodType):
            fn = fn.__func__
        if isinstance(fn, types.FunctionType) and fn.__code__ is code:
            found = fn
            break
    _FOUND[key] = found
    return found


def note(made: Any, caller: Any) -> None:
    """`made` is being made by the code running in `caller` (a frame of the program)."""
    if caller is None or caller.f_code.co_filename != CELL:
        return
    code = caller.f_code
    if code.co_name == "<module>":
        MADE[id(made)] = Creator(None, (), {}, caller.f_lineno, "")
        return
    local = caller.f_locals
    count = code.co_argcount
    names = code.co_varnames
    positional = [local.get(n) for n in names[:count]]
    kwargs = {n: _arg(local.get(n)) for n in names[count : count + code.co_kwonlyargcount]}
    star = code.co_flags & 0x04  # CO_VARARGS: *args comes after the named ones
    if star:
        positional.extend(local.get(names[count + code.co_kwonlyargcount], ()))
    fn = _function(code, caller, positional[0] if positional else None)
    args = tuple(_arg(x) for x in positional)
    MADE[id(made)] = Creator(fn, args, kwargs, caller.f_lineno, code.co_name)
