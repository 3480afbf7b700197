"""A check's expression built with the learner's class and with engine.Value, compared.

`compare` checks every value: the graph's inputs (a value must record what it was made from),
every data, then each backward pass, call by call (engine.exercise.located). `leaf_grads`
checks only the grads of the leaves the expression made, and `finite_differences` checks them
against the learner's own forward pass nudged (engine.worker.gradient_check). Each returns one
result (engine.exercise.findings).
"""

from collections.abc import Callable, Sequence
from typing import Any

from engine import nodes
from engine.exercise import matching, probe
from engine.exercise.findings import Finding, located, result
from engine.exercise.located import Pass, first_wrong
from engine.language.names import expression
from engine.numeric import format_number as f
from engine.record.calls import calls_on
from engine.record.walked import WalkedGraph, walk
from engine.value import Value
from engine.worker import gradient_check
from engine.worker.gradient_check import close

Build = Callable[[Any], Any]


class _Probe:
    """The expression built with the learner's class: its output, leaves, their names, and
    the walked graph (None when the output is no node)."""

    def __init__(self, out: Any, leaves: list[Any], names: str | Sequence[str] | None):
        self.out = out
        self.leaves = leaves
        self.names = dict(zip(map(id, leaves), probe.leaf_names(len(leaves), names), strict=True))
        self.graph: WalkedGraph | None = walk(out, self.names) if nodes.is_node(out) else None


def _mine(checks: Any, build: Build, cls: type | None, name: str | None, names: Any, forward=False):
    """(probe text, the learner's probe) or (probe text, a failed result). `forward`: only
    data will be compared, so a value of the class that is no node yet will do."""
    title = checks.probe_name(build, name)
    mine = checks.learner_class(cls)
    if mine is None:
        message = "Define your own class Value in your code: the checks build with it."
        return title, result(False, "no-class", message)
    try:
        out, leaves = probe.build(build, mine)
    except Exception as exc:
        return title, checks.failure(exc, mine, f"building {title}")
    built = _Probe(out, leaves, names)
    if built.graph is None and not (forward and isinstance(out, mine)):
        return title, _not_a_node(title, out, mine)
    return title, built


def _not_a_node(title: str, out: Any, cls: type) -> dict[str, Any]:
    name = cls.__name__
    if not isinstance(out, cls):
        shown = f" ({out})" if isinstance(out, int | float) else ""
        message = (
            f"{title} gave {type(out).__name__}{shown}, not a {name}: each operation must "
            f"return a new {name}."
        )
        return result(False, "data", message)
    return result(False, "no-inputs", f"{title}: {nodes.diagnose(out)}.")


def _reference(build: Build) -> tuple[Any, list[Any]]:
    with probe.unrecorded():
        return probe.build(build, Value)


def _backward(checks: Any, built: _Probe, backward: Any, cls: type, title: str):
    """Run the learner's backward pass once, recorded: (its recorder, a failed result or None)."""
    with probe.recording(checks.observer) as rec:
        try:
            if callable(backward):
                backward(built.out)
            else:
                built.out.backward()
        except Exception as exc:
            return rec, checks.failure(exc, cls, f"running the backward pass of {title}")
    return rec, None


def _after_backward(
    checks: Any, build: Build, cls: type | None, backward: Any, name: str | None, names: Any
):
    """The learner's probe after one recorded backward pass, for the checks that judge only
    its leaves: (probe text, the probe, the pass's recorded steps), or the failed result that
    stopped it (no class, no node, or the learner's code raising)."""
    title, built = _mine(checks, build, cls, name, names)
    if isinstance(built, dict):
        return built
    rec, failed = _backward(checks, built, backward, checks.learner_class(cls), title)
    if failed:
        return failed
    return title, built, rec.steps


def _failed(checks: Any, found: Finding, title: str, built: _Probe, steps: Sequence[Any] = ()):
    record = checks.record(built.out, steps, built.graph, title)
    return result(False, found.kind, found.message, located(found, title, record, built.graph))


def compare(
    checks: Any,
    build: Build,
    cls: type | None = None,
    backward: Any = None,
    name: str | None = None,
    names: str | Sequence[str] | None = None,
    passes: int = 1,
) -> dict[str, Any]:
    """`backward`: None runs `out.backward()`; a function is called with the output (a free
    `backward(out)`, or `run_closures`); False compares the forward pass only. `passes`: how
    many backward passes to run on the same graph (2 catches grads never zeroed)."""
    title, built = _mine(checks, build, cls, name, names, forward=backward is False)
    if isinstance(built, dict):
        return built
    learner = checks.learner_class(cls)
    ref_out, ref_leaves = _reference(build)
    g = built.graph
    if g is None:  # a class that keeps no inputs yet (the first exercise): its data alone
        got, want = nodes.data(built.out), ref_out.data
        if close(got, want):
            return result(True, "data", f"{title}: its data is right ({f(want)}).")
        return result(False, "data", f"{title} has data {f(got)}; expected {f(want)}.")
    pairs = matching.pair(built.out, ref_out, built.leaves, ref_leaves)
    found = _structure(built, pairs) or _datas(g, pairs, built.names)
    if found:
        return _failed(checks, found, title, built)
    if backward is False:
        return result(True, "data", f"{title}: every value is right ({len(g.order)} values).")
    with probe.unrecorded():
        ref_out.backward()
    expected = {key: r.grad for key, r in pairs.mine.items()}
    for index in range(passes):
        rec, failed = _backward(checks, built, backward, learner, title)
        if failed:
            return failed
        final = {id(v): nodes.grad(v) for v in g.order}
        here = Pass(g, calls_on(g, rec.steps), pairs, final, expected, index)
        found = first_wrong(here)
        if found:
            return _failed(checks, found, title, built, rec.steps)
    again = f" after {passes} backward passes" if passes > 1 else ""
    return result(
        True, "grad", f"{title}: every value and grad is right{again} ({len(g.order)} values)."
    )


def _structure(built: _Probe, pairs: matching.Pairs) -> Finding | None:
    g = built.graph
    lost = matching.left_out(pairs, {id(v) for v in g.order}, built.leaves)
    if lost is None:
        return None
    node, unreached = lost
    kept = len(g.kids[id(node)])
    names = ", ".join(built.names[id(v)] for v in unreached)
    where = "records no inputs" if not kept else f"records only {kept} of its inputs"
    message = (
        f"{_made_as(built, pairs, node)} {where}: nothing leads from the output to {names}, so "
        f"a backward pass never gives {'it' if len(unreached) == 1 else 'them'} a grad. Keep "
        f"the values a result is made from in its _prev (or _children): "
        f"Value(data, (self, other), op)."
    )
    return Finding("no-inputs", message, node)


def _made_as(built: _Probe, pairs: matching.Pairs, node: Any) -> str:
    """`The result of a*b + c`: a node named by what the reference made it from (the
    learner's graph stops at it)."""
    ref = pairs.mine.get(id(node))
    if ref is None:
        return built.graph.shown[id(node)]
    names = {id(pairs.mine[key]): name for key, name in built.names.items() if key in pairs.mine}
    return f"The result of {walk(ref, names).shown[id(ref)]}"


def _datas(g: WalkedGraph, pairs: matching.Pairs, made: dict[int, str]) -> Finding | None:
    """The first value whose data is wrong (its inputs right). A number an operation wrapped
    (`a - 1` as `a + (-1)`) is judged through the value made from it, not on its own."""
    for v in g.order:  # inputs first: the first wrong value has right inputs
        r = pairs.mine.get(id(v))
        if r is None or close(nodes.data(v), r.data) or not (g.kids[id(v)] or id(v) in made):
            continue
        got, want = nodes.data(v), r.data
        kids = nodes.children(r)
        if kids:
            worked = expression(r._op, [f(k.data) for k in kids])
            said = f"{g.shown[id(v)]} has data {f(got)}, but {worked} = {f(want)}."
        else:
            said = f"{g.names[id(v)]} has data {f(got)}, not the {f(want)} it was made with."
        return Finding("data", said, v, None, None, got, want)
    return None


def leaf_grads(
    checks: Any,
    build: Build,
    cls: type | None = None,
    backward: Any = None,
    name: str | None = None,
    names: str | Sequence[str] | None = None,
) -> dict[str, Any]:
    """The leaves' grads against the reference's, and nothing between: for an exercise about
    the result rather than the closures."""
    done = _after_backward(checks, build, cls, backward, name, names)
    if isinstance(done, dict):
        return done
    title, built, steps = done
    ref_out, ref_leaves = _reference(build)
    with probe.unrecorded():
        ref_out.backward()
    for v, r in zip(built.leaves, ref_leaves, strict=False):
        got = nodes.grad(v)
        if not close(got, r.grad):
            leaf = built.names[id(v)]
            message = f"{title}: {leaf}.grad is {f(got)}; the chain rule gives {f(r.grad)}."
            found = Finding("grad", message, v, None, None, got, r.grad)
            return _failed(checks, found, title, built, steps)
    return result(True, "grad", f"{title}: the grads of {len(built.leaves)} leaves are right.")


def finite_differences(
    checks: Any,
    build: Build,
    cls: type | None = None,
    backward: Any = None,
    name: str | None = None,
    names: str | Sequence[str] | None = None,
) -> dict[str, Any]:
    """The leaves' grads against central finite differences of the learner's own forward
    pass: it needs no reference, so `build` never runs with engine.Value."""
    done = _after_backward(checks, build, cls, backward, name, names)
    if isinstance(done, dict):
        return done
    title, built, steps = done
    learner = checks.learner_class(cls)
    for k, v in enumerate(built.leaves):
        auto, x = nodes.grad(v), nodes.data(v)

        def output(t: float, k: int = k) -> float:
            return nodes.data(probe.build(build, learner, move=(k, t))[0])

        try:
            numeric, _, one_sided = gradient_check.finite_difference(output, x, auto)
        except Exception as exc:
            return checks.failure(exc, learner, f"building {title} again")
        if not (close(auto, numeric) or one_sided):
            leaf = built.names[id(v)]
            message = (
                f"{title}: {leaf}.grad is {f(auto)}, but nudging {leaf} changes the output "
                f"at a rate of {f(numeric)} (a central finite difference of your own forward "
                f"pass)."
            )
            found = Finding("finite-difference", message, v, None, None, auto, numeric)
            return _failed(checks, found, title, built, steps)
    count = len(built.leaves)
    return result(
        True, "finite-difference", f"{title}: {count} leaf grads match finite differences."
    )
