"""The live graph the learner acts on, kept in the worker between requests.

After each run the worker keeps the graphs it offered (`remember`). On the one on screen the
learner can call any node's `_backward()` in any order (a real call on the live objects, each
recorded like a program's call), undo or reset to the exact prior grads, compare with the
correct pass, check every leaf's grad against a central finite difference, and descend.
Nothing here re-implements a derivative: the correct pass is the standard pass run on a
rebuilt copy (engine.record.replay), and a finite difference only ever calls the forward operators.
"""

import functools
from collections import Counter
from typing import Any

from engine import nodes
from engine.graph import node_ids, topological_order
from engine.numeric import format_number
from engine.record import replay
from engine.record.graph_record import grads_at
from engine.record.numbers import number
from engine.record.recorder import Recorder
from engine.record.step_texts import backward_step
from engine.record.tracing import standard_pass
from engine.record.walked import WalkedGraph, leaf_name
from engine.worker import descent, gradient_check
from engine.worker.gradient_check import close


class Session:
    """One graph: its nodes in order, and the learner's manual calls on it."""

    def __init__(
        self,
        root: Any,
        names: dict[int, str] | None = None,
        source: str = "",
        record: dict[str, Any] | None = None,
        order: list[Any] | None = None,
    ):
        self.root = root
        self.names = names or {}
        self.source = source
        # The caller's walk of this graph, if it made one (the runner did: 20,000 values)
        self.order = order if order is not None else topological_order(root, nodes.children)
        # The leaves' data and the final grads as the record shows them: a program may have
        # changed its leaves since (a descent loop's `p.data -= ...` after its last pass).
        self.leaf_data: dict[int, float] = {}
        self.next_values: dict[int, float] | None = None  # the parameters after a descent
        # The graph a descent (engine.worker.descent) ended on, with its values: the next
        # descent starts from it instead of building it again.
        self.descent_ahead: tuple[dict[int, float], list[Any]] | None = None
        self.shown_grads: dict[str, float] = {}
        if record is not None and len(record["nodes"]) == len(self.order):
            final = grads_at(record, len(record["backward"]))
            for i, n in enumerate(record["nodes"]):
                if n["leaf"]:
                    self.leaf_data[i] = float(n["data"])
                self.shown_grads[n["id"]] = float(final[n["id"]])
        self.by_id = dict(zip(node_ids(self.order).values(), self.order, strict=True))
        self.computed = [bool(nodes.children(v)) for v in self.order]  # not a leaf
        self.consumers: dict[int, list[Any]] = {id(v): [] for v in self.order}
        for v in self.order:
            for k in {id(k): k for k in nodes.children(v)}.values():  # by identity: a
                self.consumers[id(k)].append(v)  # learner's __eq__ may make values unhashable
        self.start: list[float] | None = None
        self.called: list[Any] = []
        self.history: list[tuple[Any, list[float]]] = []  # (node, grads before its call)
        self.contributions: Counter[int] = Counter()
        self.correct: list[float] | None = None  # the standard pass's grads, made once
        self._sent: list[float] = []  # the grads the last answer gave the page

    @functools.cached_property
    def graph(self) -> WalkedGraph:
        """How text names the nodes: made on the first action, not on every run."""
        return WalkedGraph(self.root, self.names, len(self.order))

    # --- manual backward ---------------------------------------------------------------

    def manual_start(self) -> dict[str, Any]:
        """Zero every grad and seed the output, as the first line of a backward pass does;
        the grads as they were are kept for `reset`."""
        if self.start is None:
            self.start = [nodes.grad(v) for v in self.order]
        for v in self.order:
            nodes.set_grad(v, 0.0)
        nodes.set_grad(self.root, 1.0)
        self.called, self.history = [], []
        self.contributions = Counter()
        return self.state()

    def call(self, node_id: str) -> dict[str, Any]:
        """One real `_backward()` call on the live node, recorded, with what it did."""
        node = self.by_id[node_id]
        fn = nodes.rule(node)
        if fn is None:
            raise ValueError(f"{self.graph.name(node)} has no _backward to call")
        called = {id(c) for c in self.called}
        waiting = [c for c in self.consumers[id(node)] if id(c) not in called]
        before = [nodes.grad(v) for v in self.order]
        rec = Recorder()
        rec.call(node, fn)
        self.called.append(node)
        self.history.append((node, before))
        kids = nodes.children(node)
        step = backward_step(
            self.graph, node, kids, rec.steps[-1], self.contributions, "program", [], {}
        )
        step["early"] = self._early(node, waiting, step)
        return {"step": step, **self.state(changed_only=True)}

    def _early(self, node: Any, waiting: list[Any], step: dict[str, Any]) -> str:
        """Why a call made before all of the node's consumers had run gave partial grads."""
        if not waiting:
            return ""
        name = self.graph.name(node)
        got = ", ".join(f"{self.graph.name(self.by_id[c['node']])} {c['after_text']}"
                        for c in step["changes"])  # fmt: skip
        missing = " and ".join(f"{self.graph.name(c)}._backward()" for c in waiting)
        return (
            f"{name}._backward() ran while {name}.grad was still {step['out_grad_text']}: "
            f"{missing} had not run yet, so its grad was not final. Its inputs now have: {got}."
        )

    def undo(self) -> dict[str, Any]:
        if self.history:
            node, before = self.history.pop()
            for v, g in zip(self.order, before, strict=True):
                nodes.set_grad(v, g)
            self.called = [c for c in self.called if c is not node]
        return self.state(changed_only=True)

    def reset(self) -> dict[str, Any]:
        """Back to the grads as they were before manual mode began (exactly)."""
        if self.start is not None:
            for v, g in zip(self.order, self.start, strict=True):
                nodes.set_grad(v, g)
        self.start = None
        self.called, self.history = [], []
        return self.state()

    def state(self, changed_only: bool = False) -> dict[str, Any]:
        """Every grad now (or, `changed_only`, those that differ from the last answer's: a call
        on a 1,000-value graph moves a few), which nodes are ready (all their consumers have
        run), which have been called, and how the grads compare with the correct pass."""
        called = {id(v) for v in self.called}
        ids = [self.graph.ids[id(v)] for v in self.order]
        ready = [
            uid
            for uid, v, computed in zip(ids, self.order, self.computed, strict=True)
            if computed and all(id(c) in called for c in self.consumers[id(v)])
        ]
        grads = [nodes.grad(v) for v in self.order]
        sent = self._sent if changed_only and len(self._sent) == len(grads) else None
        shown = [
            (uid, g)
            for i, (uid, g) in enumerate(zip(ids, grads, strict=True))
            if sent is None or not _same(sent[i], g)
        ]
        self._sent = grads
        remaining = [
            uid
            for uid, v, computed in zip(ids, self.order, self.computed, strict=True)
            if computed and id(v) not in called
        ]
        return {
            "grads": {uid: number(g) for uid, g in shown},
            "grad_texts": {uid: format_number(g) for uid, g in shown},
            "ready": ready,
            "called": [self.graph.ids[id(v)] for v in self.called],
            "remaining": remaining,
            "wrong": {} if remaining else self.wrong(ids, grads),
        }

    def wrong(self, ids: list[str], grads: list[float]) -> dict[str, Any]:
        """The grads that differ from the correct pass (said once every node has run)."""
        if self.correct is None:
            self.correct = self.correct_grads()
        return {
            uid: {"text": format_number(g), "correct": number(c), "correct_text": format_number(c)}
            for uid, g, c in zip(ids, grads, self.correct, strict=True)
            if not close(g, c)
        }

    def correct_grads(self) -> list[float]:
        """The standard pass's grads, computed on a rebuilt copy: the live graph is untouched.
        A graph that can't be rebuilt is compared with itself (nothing is marked)."""
        try:
            copy = replay.rebuild(self.order, self.leaf_data)
        except (replay.ReplayError, Exception):
            return [nodes.grad(v) for v in self.order]
        standard_pass(copy[-1], Recorder(), limit=len(copy) + 1)
        return [nodes.grad(v) for v in copy]

    # --- gradient check ------------------------------------------------------------------

    def gradient_check(self, grads: dict[str, float] | None = None) -> dict[str, Any]:
        """For every leaf: the grad the pass produced (`grads`, id -> value; default the ones
        the record shows, else the live ones) against a central finite difference
        (engine.worker.gradient_check)."""
        return gradient_check.check(self, grads or self.shown_grads)

    # --- gradient descent ----------------------------------------------------------------

    def parameters(self) -> list[str]:
        """The default parameters: every leaf the learner named (engine.record.walked.leaf_name)."""
        return [self.graph.ids[id(v)] for v in self.order if leaf_name(v, self.names)]

    def parameter_names(self) -> dict[str, str]:
        """id -> name of each default parameter, for the page's choice of parameters."""
        return {uid: self.graph.name(self.by_id[uid]) for uid in self.parameters()}

    def descend(self, params: list[str], rate: float, steps: int) -> dict[str, Any]:
        """`steps` rounds of gradient descent on `params` (engine.worker.descent)."""
        return descent.descend(self, params, rate, steps)


def _same(a: float, b: float) -> bool:
    """The same number, nan included (a grad that stays nan has not changed)."""
    return a == b or (a != a and b != b)


# The graphs of the last run, by their index under "Graph of": the worker keeps them alive.
# Each is made on the learner's first action on it (a run need not pay for graphs nobody acts
# on: ~0.1 s at 20,000 values in Pyodide); until then its arguments wait here.
_SESSIONS: dict[int, Session] = {}
_WAITING: dict[int, tuple[Any, ...]] = {}


def remember(
    roots: list[Any],
    names: dict[int, str] | None = None,
    source: str = "",
    records: list[dict[str, Any] | None] | None = None,
    orders: list[list[Any] | None] | None = None,
) -> None:
    """Keep the graphs of `roots` (None: a snapshot, not live); `orders`: their topological
    orders where the caller has them."""
    forget()
    for i, root in enumerate(roots):
        if root is not None:
            record = records[i] if records and i < len(records) else None
            order = orders[i] if orders and i < len(orders) else None
            _WAITING[i] = (root, names, source, record, order)


def forget() -> None:
    """No graphs kept (after the worker's warm-up, whose graphs are nobody's)."""
    _SESSIONS.clear()
    _WAITING.clear()


class GraphGone(LookupError):
    """The worker holds no such graph: it restarted, or has not run the program yet."""


def session(index: int) -> Session:
    if index in _WAITING:
        _SESSIONS[index] = Session(*_WAITING.pop(index))
    if index not in _SESSIONS:
        raise GraphGone("that graph is gone: run the program again")
    return _SESSIONS[index]
