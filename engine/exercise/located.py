"""The first wrong `_backward()` call of a learner's backward pass on a probe graph.

The calls are read in the order they ran (the record's steps). At each call, in this order:
- the grads it found in its inputs must be what this pass's earlier calls put there (else the
  last pass's were never zeroed, or something else wrote them);
- what it added to each input's grad must be what engine.Value's closure of the same op adds,
  given the same datas and the same out.grad (engine.exercise.reference); a known mistake is
  named (engine.exercise.mistakes);
- its node's closure must not have run already in this pass (a recursive walk runs a value
  used twice once per path);
- the out.grad it saw must be complete: 1 for the output (seeded), and for any other node the
  grad it ends the pass with (else it ran before every use of it had added its part).
A pass whose calls are all right can still end wrong: a closure that never ran, a grad nothing
explains.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import nodes
from engine.exercise import mistakes, reference
from engine.exercise.findings import Finding
from engine.exercise.matching import Pairs
from engine.numeric import format_number as f
from engine.record.calls import Call
from engine.record.walked import WalkedGraph
from engine.worker.gradient_check import close


@dataclass
class Pass:
    """One backward pass of the learner's on a probe graph."""

    graph: WalkedGraph  # the learner's graph (ids and names as the record has them)
    calls: list[Call]  # its recorded calls, in the order they ran
    pairs: Pairs
    final: dict[int, float]  # id(learner's node) -> its grad after the pass
    expected: dict[int, float]  # id(learner's node) -> the reference's grad, for paired nodes
    index: int  # 0 for the first pass over this graph


def first_wrong(p: Pass) -> Finding | None:
    """The first thing wrong in the pass, located; None if every grad is right."""
    counts = Counter(id(node) for node, _, _ in p.calls)
    added: Counter[int] = Counter()  # id(input) -> what this pass's calls have added to it
    ran: dict[int, int] = {}  # id(node) -> the index of its first call
    for k, (node, kids, step) in enumerate(p.calls):
        first, last = _slots(kids)
        seen = _out_grad(p, node, step, added)
        found = (
            _stale(p, k, node, kids, step, first, added)
            or _wrong_rule(p, k, node, kids, step, first, last, seen)
            or (kids and _again(p, k, node, ran, counts))  # a leaf's call passes nothing on
            or (kids and _incomplete(p, k, node, seen, counts))
        )
        if found:
            return found
        ran.setdefault(id(node), k)
        for key, i in first.items():
            added[key] += step.after[last[key]] - step.before[i]
    return _unexplained(p, counts)


def _slots(kids: Sequence[Any]) -> tuple[dict[int, int], dict[int, int]]:
    """Each distinct input's first and last slot in the call's inputs."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for i, k in enumerate(kids):
        first.setdefault(id(k), i)
        last[id(k)] = i
    return first, last


def _out_grad(p: Pass, node: Any, step: Any, added: Counter[int]) -> float:
    """The node's grad when its call ran: as recorded, or for a closure that does not hold
    its node (`self.grad += 1.0` never reads out), whose node was found only later, what this
    pass had put there — the seed for the output, else what the earlier calls added."""
    if not step.cells:
        return step.out_grad
    return p.final[id(node)] if node is p.graph.root else added[id(node)]


def _who(p: Pass, k: int, node: Any) -> str:
    return f"The _backward() of {p.graph.shown[id(node)]} (call {k + 1} of {len(p.calls)})"


def _stale(p, k, node, kids, step, first, added) -> Finding | None:
    for key, i in first.items():
        before = step.before[i]
        if close(before, added[key]):
            continue
        name = p.graph.names[key]
        if p.index > 0:
            message = (
                f"{_who(p, k, node)} found {name}.grad = {f(before)} before anything in this "
                f"backward() had added to it: the grads of the pass before were still there. "
                f"Set every grad of the graph to 0 before seeding the output with 1."
            )
            kind = "not-zeroed"
        else:
            message = (
                f"{_who(p, k, node)} found {name}.grad = {f(before)}, though nothing had added "
                f"to it yet ({f(added[key])} expected): a grad starts at 0."
            )
            kind = "grad"
        return Finding(kind, message, node, kids[i], k, before, added[key])
    return None


def _wrong_rule(p, k, node, kids, step, first, last, seen) -> Finding | None:
    ref = p.pairs.mine.get(id(node))
    if ref is None or step.datas is None or not nodes.children(ref):
        return None  # nothing to judge it by (a leaf's `_backward` method adds nothing)
    groups: list[int] = []  # learner's input slot of each distinct input the reference uses
    slots = []
    for r in nodes.children(ref):
        m = p.pairs.theirs.get(id(r))
        i = first.get(id(m)) if m is not None else None
        if i is None:
            return None  # the reference's op has an input this node does not record
        if i not in groups:
            groups.append(i)
        slots.append(groups.index(i))
    op = nodes.op(ref)
    datas = [step.datas[1 + i] for i in groups]
    right = reference.contributions(op, datas, slots, seen)
    for group, i in enumerate(groups):
        kid = kids[i]
        before, after = step.before[i], step.after[last[id(kid)]]
        if close(after - before, right[group]):
            continue
        kind = mistakes.kind(op, datas, slots, seen, group, before, after)
        shown = [p.graph.shown[id(kids[j])] for j in groups]
        rule = reference.rule(op, shown, datas, slots, seen, group)
        expected = before + right[group]
        message = mistakes.message(
            kind, _who(p, k, node), p.graph.names[id(kid)], before, after, expected, rule,
            seen, datas[group],
        )  # fmt: skip
        return Finding(kind, message, node, kid, k, after, expected, rule)
    return None


def _again(p, k, node, ran, counts) -> Finding | None:
    if id(node) not in ran:
        return None
    message = (
        f"{_who(p, k, node)} ran {counts[id(node)]} times in one pass (first as call "
        f"{ran[id(node)] + 1}): a recursive walk reaches a value used more than once once per "
        f"path, and each run adds its part again. Build a topological order (each value once, "
        f"after its inputs) and call the closures in reverse."
    )
    return Finding("recursion", message, node, None, k)


def _incomplete(p, k, node, seen, counts) -> Finding | None:
    name = p.graph.names[id(node)]
    if node is p.graph.root:
        if close(seen, 1.0):
            return None
        message = (
            f"{_who(p, k, node)} ran with {name}.grad = {f(seen)}: the output's grad must be "
            f"seeded with 1.0 (d{name}/d{name} = 1) before the closures run."
        )
        return Finding("not-seeded", message, node, None, k, seen, 1.0)
    final = p.final[id(node)]
    if counts[id(node)] > 1 or close(seen, final):
        return None
    message = (
        f"{_who(p, k, node)} ran when {name}.grad was {f(seen)}, but it ended at {f(final)}: "
        f"a value used later in the graph added its part after this closure had passed "
        f"{name}.grad on. Call the closures in reverse topological order, each value's after "
        f"everything that uses it."
    )
    return Finding("order", message, node, None, k, seen, final)


def _unexplained(p: Pass, counts: Counter[int]) -> Finding | None:
    """Every call was right, yet a grad is wrong: a closure that never ran, or the output
    never seeded, or something outside the closures."""
    g = p.graph
    root = g.root
    if id(root) in p.expected and not counts[id(root)] and not close(p.final[id(root)], 1.0):
        name = g.names[id(root)]
        message = (
            f"After backward(), {name}.grad is {f(p.final[id(root)])}: seed the output's grad "
            f"with 1.0 (d{name}/d{name} = 1)."
        )
        return Finding("not-seeded", message, root, None, None, p.final[id(root)], 1.0)
    for v in reversed(g.order):
        want = p.expected.get(id(v))
        if want is None or close(p.final[id(v)], want):
            continue
        name = g.names[id(v)]
        users = [u for u in g.order if any(k is v for k in g.kids[id(u)])]
        idle = [u for u in users if not counts[id(u)] and nodes.rule(u) is not None]
        if idle:
            message = (
                f"The _backward() of {g.shown[id(idle[0])]} never ran in this pass, so "
                f"{name}.grad is {f(p.final[id(v)])}, not {f(want)}: every value's closure "
                f"must run once, in reverse topological order."
            )
            return Finding("not-called", message, idle[0], v, None, p.final[id(v)], want)
        message = (
            f"After backward(), {name}.grad is {f(p.final[id(v)])}; the chain rule gives "
            f"{f(want)}, and no _backward() call explains the difference."
        )
        return Finding("grad", message, v, None, None, p.final[id(v)], want)
    return None
