"""The engine's own backward pass, recorded one `_backward()` call at a time.

`standard_pass` is what `Value.backward()` does — zero every grad, seed the output with 1.0,
call each node's real closure in reverse topological order — for any micrograd-shaped class,
with every call recorded. It is the very loop `Value.backward()` runs
(engine.value.backward_pass), given the recorder's calls: on a learner's class, each node's
rule as engine.nodes finds it (`rule_calls`); in the "overwrite" mode, each call made to
overwrite. `trace` runs it on a Program or a root and returns the graph record
(engine.record.graph_record; docs/trace-format.md).
"""

import functools
from collections.abc import Callable, Iterable
from typing import Any

from engine import nodes
from engine.graph import topological_order
from engine.language.parser import Program
from engine.record import recorder
from engine.record.graph_record import MAX_NODES, graph_record
from engine.record.recorder import Recorder, Step
from engine.value import Value, backward_pass

# The pass a page, a link or a call runs unless told otherwise: the course's backward()
# (zero, seed 1.0, `+=`). Decided here; the page is sent it (app/page_data.py).
DEFAULT_MODE = "correct"
MODES = (DEFAULT_MODE, "overwrite", "accumulate")
# Milliseconds per step when a record is played, unless a link says otherwise: the page's
# (app/page_data.py) and the notebook widget's (playground_widget).
DEFAULT_SPEED = 1000

_STORE_GRAD = Value.grad.__set__  # type: ignore[attr-defined]  # the slot's own setter


class _Overwriting(Value):
    """A child whose grad reads as 0 inside `_backward`, so `+=` acts like the seeds' `=` bug."""

    __slots__ = ()

    @property  # type: ignore[override]
    def grad(self) -> float:
        return 0.0

    @grad.setter
    def grad(self, value: float) -> None:
        _STORE_GRAD(self, value)


def standard_pass(
    root: Any,
    rec: Recorder,
    *,
    zero: bool = True,
    overwrite: bool = False,
    limit: int = MAX_NODES,
    order: list[Any] | None = None,
) -> dict[int, float]:
    """`Value.backward()`'s loop (engine.value.backward_pass) on any micrograd-shaped graph,
    each call recorded: zero (unless `zero` is False), seed `root.grad = 1.0`, call every
    node's rule in reverse topological order. Returns the grads as they were before.
    `order`: the graph's topological order, if the caller walked it already."""
    if order is None:
        order = topological_order(root, nodes.children, limit)
    before = {id(v): nodes.grad(v) for v in order}
    if not overwrite and all(type(v) is Value for v in order):
        backward_pass(order, root, zero=zero, call_all=rec.call_all)  # as a program's backward()
    else:
        call = functools.partial(_overwriting_call, rec=rec) if overwrite else rec.call
        backward_pass(order, root, zero=zero, call_all=rule_calls(call), set_grads=_set_grads)
    return before


def rule_calls(call: Callable[[Any, Any], Any] | None = None) -> Callable[[Iterable[Any]], None]:
    """The calls of the backward loop on any micrograd-shaped class: each node's rule
    (engine.nodes.rule; a node without one is passed over), made by `call(node, rule)` (None:
    called as it is); a leaf's, which does nothing, is called as it is, like backward()."""

    def call_all(order: Iterable[Any]) -> None:
        for v in order:
            fn = nodes.rule(v)
            if fn is None:
                continue
            if call is not None and nodes.children(v):
                call(v, fn)
            else:
                fn()

    return call_all


def _set_grads(values: Iterable[Any], grad: float) -> None:
    for v in values:
        nodes.set_grad(v, grad)


def _overwriting_call(v: Value, fn: Any, *, rec: Recorder) -> None:
    kids = v._children
    before = tuple(k.grad for k in kids)
    datas = (v.data, *(k.data for k in kids))
    distinct = list({id(k): k for k in kids}.values())
    classes = [type(c) for c in distinct]
    for c in distinct:
        c.__class__ = _Overwriting
    try:
        fn()
    finally:
        for c, cls in zip(distinct, classes, strict=True):
            c.__class__ = cls
    rec.add(Step(v, before, tuple(k.grad for k in kids), v.grad, datas))


def trace(source: Program | Value, mode: str = DEFAULT_MODE) -> dict[str, Any]:
    """Run the backward pass of `source` (a Program or a root Value) one `_backward()` at a time.

    mode: "correct" zeroes every grad and seeds the output with 1.0, then accumulates with
    `+=`; "overwrite" makes each `_backward` overwrite its inputs' grads (the seeds' `=` bug);
    "accumulate" first runs a whole backward pass, then traces a second one without zeroing.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    root = source.output if isinstance(source, Program) else source
    if mode == "accumulate":
        root.backward()
    rec = Recorder()
    previous, recorder.ACTIVE = recorder.ACTIVE, None  # this pass only, not a program's
    try:
        seed = standard_pass(root, rec, zero=mode != "accumulate", overwrite=mode == "overwrite")
    finally:
        recorder.ACTIVE = previous
    return graph_record(root, rec.steps, mode=mode, seed=seed)
