"""engine.record.tracing: each step is a real `_backward()` call; the replay ends where backward()
does."""

import json
import math

import pytest
from hypothesis import assume, given, settings

from engine import Value, parse, trace
from engine.graph import node_ids, topological_order
from engine.numeric import format_number
from engine.record import recorder
from engine.record.graph_record import RECORD_VERSION
from engine.record.recorder import Recorder, as_step
from engine.record.tracing import standard_pass
from tests.engine.conftest import examples
from tests.engine.expressions import Expr, expressions, points
from tests.engine.language.test_language import NEURON


def replay(record: dict, upto: int) -> dict[str, float | str]:
    """Grads after steps 0..upto-1, the way the page computes them."""
    grads = {n["id"]: n["grad"] for n in record["nodes"]}
    for step in record["backward"][:upto]:
        for change in step["changes"]:
            grads[change["node"]] = change["after"]
    return grads


def test_neuron_trace_steps_and_explanations():
    record = trace(parse(NEURON))
    assert record["version"] == RECORD_VERSION and record["mode"] == "correct"
    assert len(record["nodes"]) == 10
    assert [s["kind"] for s in record["backward"]] == ["seed"] + ["backward"] * 5
    assert [s["index"] for s in record["backward"]] == list(range(6))
    labels = {n["id"]: n["label"] for n in record["nodes"]}
    assert [labels[s["node"]] for s in record["backward"]] == [
        "o", "o", "n", "x1*w1 + x2*w2", "x2*w2", "x1*w1"
    ]  # fmt: skip
    last = record["backward"][-1]
    x1 = next(c for c in last["changes"] if labels[c["node"]] == "x1")
    assert (
        x1["explain"]
        == "x1.grad += w1.data * (x1*w1).grad  →  0.0000 + (-3.0000) * 0.5000 = -1.5000"
    )
    final = {labels[k]: v for k, v in replay(record, 6).items()}
    assert (
        final["x1"] == pytest.approx(-1.5)
        and final["w2"] == 0.0
        and final["b"] == pytest.approx(0.5)
    )
    assert record["backward"][1]["say"].startswith("o: ran the tanh node's _backward")
    json.dumps(record, allow_nan=False)


def test_trace_calls_the_real_closures():
    program = parse("y = x*x + x")
    calls = []
    for v in topological_order(program.output):
        inner = v._backward

        def spy(inner=inner, v=v):
            calls.append(v.label)
            inner()

        v._backward = spy
    trace(program)
    assert calls == ["y", "x*x", "x"]  # reverse topological order, leaves included


def test_a_plus_a_in_each_mode():
    def final_a(mode: str) -> float:
        program = parse("a = 3.0\nb = a + a")
        record = trace(program, mode)
        a = node_ids(topological_order(program.output))[id(program.values["a"])]
        return record["grads"][a]

    assert final_a("correct") == 2.0
    assert final_a("overwrite") == 1.0  # the seeds' `=` bug: the second assignment wins
    assert final_a("accumulate") == 4.0  # a second pass without zeroing adds another 2


def test_accumulation_and_nonfinite_markers():
    program = parse("a = 3.0\nb = a*2\nc = a*b + log(a - 3)")
    record = trace(program)
    ids = node_ids(topological_order(program.output))
    assert ids[id(program.values["a"])] in record["accumulates"]
    assert ids[id(program.output)] in record["nonfinite"]
    overwrite = trace(parse("a = 3.0\nb = a + a"), "overwrite")
    assert "a.grad = b.grad; a.grad = b.grad" in overwrite["backward"][1]["changes"][0]["explain"]
    assert json.loads(json.dumps(record, allow_nan=False))["nodes"][-1]["data"] == "-inf"


def test_widest_grad_text_covers_every_step():
    record = trace(parse("y = (x*1000000)**2"))
    for node in record["nodes"]:
        texts = [node["grad_text"]] + [
            c["after_text"]
            for s in record["backward"]
            for c in s["changes"]
            if c["node"] == node["id"]
        ]
        assert len(node["grad_widest"]) == max(len(t) for t in texts)


def test_trace_of_a_plain_value_and_bad_mode():
    x = Value(2.0, label="x")
    record = trace(x * x)
    assert record["grads"] == {"n0": 4.0, "n1": 1.0}
    with pytest.raises(ValueError):
        trace(x, "sideways")


def test_five_thousand_nodes_trace_linearly():
    source = "a = x\n" + "a = tanh(a*0.9 + 0.1)\n" * 1250
    record = trace(parse(source))
    assert len(record["nodes"]) > 5000
    assert len(record["backward"]) == sum(1 for n in record["nodes"] if not n["leaf"]) + 1


@settings(max_examples=examples(300))
@given(expressions(), points, points)
def test_replayed_grads_equal_backward_on_generated_programs(e: Expr, x: float, y: float):
    inputs = {"x": x, "y": y}
    program = parse(e.text, inputs)
    record = trace(program)
    assume(all(isinstance(v, float) for v in record["grads"].values()))
    reference = parse(e.text, inputs)
    reference.output.backward()
    order = topological_order(reference.output)
    ids = node_ids(order)
    replayed = replay(record, len(record["backward"]))
    for v in order:
        assert replayed[ids[id(v)]] == v.grad or (
            math.isnan(v.grad) and replayed[ids[id(v)]] == "nan"
        )
        assert record["grads"][ids[id(v)]] == v.grad
    for node in record["nodes"]:
        assert node["data_text"] == format_number(
            next(v.data for v in order if ids[id(v)] == node["id"])
        )


@pytest.mark.parametrize("accumulate", [False, True])
def test_backward_and_the_standard_pass_are_one_loop(accumulate: bool):
    """Value.backward() recorded while a program runs and the tracer's standard pass on the
    same graph make the same calls, in the same order, with the same grads before and after."""

    def graph() -> Value:
        x, w = Value(2.0, label="x"), Value(-3.0, label="w")
        n = x * w + x  # x used twice: its grad accumulates
        return (n.tanh() + n.relu() - n**2).exp()

    def steps(rec: Recorder) -> list[tuple]:
        made = [as_step(raw) for raw in rec.steps]
        return [(s.node.data, s.out_grad, s.before, s.after, s.datas) for s in made]

    root, rec = graph(), Recorder()
    root.backward()  # grads there before the pass, the same on both sides
    previous, recorder.ACTIVE = recorder.ACTIVE, rec
    try:
        root.backward(accumulate=accumulate)
    finally:
        recorder.ACTIVE = previous
    traced, own = graph(), Recorder()
    traced.backward()
    standard_pass(traced, own, zero=not accumulate)
    assert steps(own) == steps(rec) and len(rec.steps) == 9  # the leaves: no step
    assert all(type(raw) is tuple for raw in own.steps)  # Value.backward's own loop recorded them
    assert [v.grad for v in topological_order(traced)] == [v.grad for v in topological_order(root)]


class Mine:
    """A learner's micrograd-shaped class: inputs in a set, closures in `_backward`."""

    def __init__(self, data, _children=()):
        self.data, self.grad, self._prev = data, 0.0, set(_children)
        self._backward = lambda: None

    def __mul__(self, other):
        out = Mine(self.data * other.data, (self, other))

        def _backward():
            self.grad += other.data * out.grad
            if not isinstance(other, Constant):  # a constant takes no grad
                other.grad += self.data * out.grad

        out._backward = _backward
        return out


class Constant(Mine):
    """A value whose grad cannot be set: the pass leaves it as it is."""

    grad = property(lambda self: 7.0)

    def __init__(self, data):
        self.data, self._prev, self._backward = data, set(), lambda: None


def test_the_standard_pass_on_a_learners_class():
    """The same loop on a class of the learner's: each node's rule found by engine.nodes and
    recorded as `Recorder.call` records it, a read-only grad left alone, no step for a leaf."""
    x, c = Mine(3.0), Constant(2.0)
    y = x * c
    z = y * x
    x.grad = y.grad = z.grad = 5.0  # zeroed first
    rec = Recorder()
    before = standard_pass(z, rec)
    assert before == {id(x): 5.0, id(c): 7.0, id(y): 5.0, id(z): 5.0}
    assert [(s.node, s.out_grad, s.before, s.after) for s in map(as_step, rec.steps)] == [
        (z, 1.0, (0.0, 0.0), (6.0, 3.0)),  # z = y * x; the inputs (x, y) in order of data
        (y, 3.0, (7.0, 6.0), (7.0, 12.0)),  # y = x * c; (c, x): c.grad stays 7.0
    ]
    assert (x.grad, c.grad, y.grad, z.grad) == (12.0, 7.0, 3.0, 1.0)
