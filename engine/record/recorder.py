"""What a program did to its graphs while it ran: every per-node `_backward()` call, every
whole-graph `backward()` target, every `draw_dot()` snapshot.

Nothing here knows a derivative: a step is one real call of a node's own closure, with the
grads of that node's inputs read just before and just after it. `engine.Value` reports its
calls itself, through the two hooks it takes from here: its `backward()` asks
`backward_calls`, which hands its loop `Recorder.call_all`, and its `_backward` attribute is
`backward_attribute`. Any other class is watched by `engine.record.observe`.
`engine.record.graph_record` turns what was recorded into the graph record the page reads.

Memory stays bounded in a training loop: steps hold their nodes strongly only until the next
creation check (see `engine.creations.watch`), then weakly, so the graphs of finished
iterations are collected as they would be without recording.
"""

import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine import nodes
from engine.graph import topological_order

MAX_STEPS = 50_000  # recorded calls kept; beyond this the oldest are dropped
MAX_SNAPSHOTS = 50  # draw_dot() calls kept; beyond this the oldest are dropped


@dataclass(slots=True)
class Step:
    """One call of a node's rule: its inputs' grads before and after, and what it read."""

    node: Any  # the node, or a weakref.ref to it once aged; None: not known at call time
    before: tuple[float, ...]
    after: tuple[float, ...]
    out_grad: float  # the node's own grad when its rule ran (what the rule multiplies by)
    datas: tuple[float, ...] | None  # (node.data, *input datas) at the call, or None
    code: Any = None  # the rule's code object, to find the node later when `node` is None
    cells: tuple[int, ...] = ()  # ids of the closure's free variables, for the same purpose
    watched: tuple[Any, ...] = ()  # the inputs as seen at call time, when `node` is None
    # A learner's closure: what each of its free variables (`code.co_freevars`) held at the
    # call, for quoting its lines with numbers (engine.record.closure_lines): -1 the node itself,
    # i its
    # input i (the first of that identity), a float for a number, None for anything else.
    free: tuple[int | float | None, ...] = ()
    nones: tuple[int, ...] = ()  # inputs (i) whose grad was None at the call; -1: the node's

    def target(self) -> Any:
        node = self.node
        return node() if isinstance(node, weakref.ref) else node


def as_step(raw: "Step | tuple") -> Step:
    """engine.Value's backward() appends one flat tuple per call, `(node, out_grad, node.data,
    then for each input: grad before, grad after, data)`: one object per step instead of five
    is what keeps recording under micrograd's own time (the collector scans every one)."""
    if type(raw) is not tuple:
        return raw  # type: ignore[return-value]
    return Step(raw[0], raw[3::3], raw[4::3], raw[1], (raw[2], *raw[5::3]))


@dataclass(slots=True)
class Snapshot:
    """A `draw_dot(x)` call: the graph of x with every data and grad as they were then."""

    root: Any
    order: list[Any]
    datas: list[float]
    grads: list[float]
    steps_before: int  # how many calls had been recorded when it was taken


@dataclass
class Recorder:
    steps: list[Step | tuple] = field(default_factory=list)  # see `as_step`
    snapshots: list[Snapshot] = field(default_factory=list)
    # The receiver of the latest whole-graph backward() or draw_dot() call: the graph the
    # program meant, most likely. Only the latest, so that earlier graphs can be collected.
    last_target: Any = None
    limit: int | None = None  # nodes a snapshot may have
    dropped: int = 0  # steps dropped beyond MAX_STEPS
    _young: int = 0  # steps[_young:] still hold their nodes strongly

    def call(self, node: Any, fn: Any) -> Any:
        """Run one node's rule and record it (for callers that know the node)."""
        kids = nodes.children(node)
        before = tuple(nodes.grad(k) for k in kids)
        datas = (nodes.data(node), *(nodes.data(k) for k in kids))
        out_grad = nodes.grad(node)
        try:
            return fn()
        finally:
            self.add(Step(node, before, tuple(nodes.grad(k) for k in kids), out_grad, datas))

    def call_all(self, order: Iterable[Any]) -> None:
        """Run the closure of each `engine.Value` in `order` and record it: the calls of the
        backward loop (engine.value.backward_pass) on the engine's own values, while a program
        is being recorded and in the tracer's standard pass. Steps are flat tuples (see
        `as_step`)."""
        add = self.steps.append
        for v in order:
            kids = v._children
            if len(kids) == 2:  # most nodes: unrolled, one object per step for the collector
                a, b = kids
                a_before, b_before, out_grad = a.grad, b.grad, v.grad
                v._backward_fn()
                add((v, out_grad, v.data, a_before, a.grad, a.data, b_before, b.grad, b.data))
            elif len(kids) == 1:
                (a,) = kids
                a_before, out_grad = a.grad, v.grad
                v._backward_fn()
                add((v, out_grad, v.data, a_before, a.grad, a.data))
            elif kids:
                before = [k.grad for k in kids]
                out_grad = v.grad
                v._backward_fn()
                flat = [
                    x for k, was in zip(kids, before, strict=True) for x in (was, k.grad, k.data)
                ]
                add((v, out_grad, v.data, *flat))
            else:
                v._backward_fn()  # a leaf's closure does nothing; called all the same
        self.trim()

    def add(self, step: Step | tuple) -> None:
        self.steps.append(step)
        if len(self.steps) >= 2 * MAX_STEPS:
            self.trim()

    def trim(self) -> None:
        """Keep the latest MAX_STEPS steps (in chunks: trimming one at a time is quadratic)."""
        cut = len(self.steps) - MAX_STEPS
        if cut > 0:
            del self.steps[:cut]
            self.dropped += cut
            self._young = max(0, self._young - cut)

    def backward_target(self, root: Any) -> None:
        self.last_target = root

    def snapshot(self, root: Any) -> None:
        """A draw_dot(root) call: keep the graph with its data and grads as they are now."""
        order = topological_order(root, nodes.children, self.limit)
        datas = [nodes.data(v) for v in order]
        grads = [nodes.grad(v) for v in order]
        self.snapshots.append(Snapshot(root, order, datas, grads, len(self.steps)))
        del self.snapshots[:-MAX_SNAPSHOTS]
        self.last_target = root

    def age(self) -> None:
        """Hold the steps recorded so far weakly (where the class allows), so that graphs the
        program has let go of can be collected; drop steps whose node is gone."""
        kept = self.steps[: self._young]
        for raw in self.steps[self._young :]:
            step = as_step(raw)
            if step.node is not None and not isinstance(step.node, weakref.ref):
                try:
                    step.node = weakref.ref(step.node)
                except TypeError:  # __slots__ without __weakref__: kept strongly
                    pass
            step.watched = ()
            kept.append(step)
        self.steps = [s for s in kept if s.node is None or s.target() is not None]
        self._young = len(self.steps)


ACTIVE: Recorder | None = None  # the recorder of the program now running, if any


def backward_calls(root: Any) -> Any:
    """`engine.Value.backward()`'s hook: while a program is being recorded, `root` is the graph
    it meant (its latest whole-graph call), and the loop's calls are made by `Recorder.call_all`;
    otherwise None, and the loop calls each closure as it is."""
    rec = ACTIVE
    if rec is None:
        return None
    rec.backward_target(root)
    return rec.call_all


def _rule(node: Any) -> Any:
    fn = node._backward_fn
    rec = ACTIVE
    if rec is None:
        return fn
    return lambda: rec.call(node, fn)


def _set_rule(node: Any, fn: Any) -> None:
    node._backward_fn = fn


backward_attribute = property(
    _rule,
    _set_rule,
    doc="""`engine.Value._backward`: this node's chain-rule closure, kept in `_backward_fn`.
    While a program is being recorded, calling it by hand (`o._backward()`) is recorded as a
    step; the closure itself is the same.""",
)
