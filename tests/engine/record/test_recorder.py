"""engine.record.recorder: the two hooks engine.Value takes from it — backward()'s loop
recorded (`Recorder.call_all`, flat steps) and `_backward` called by hand while a program is
recorded (`backward_attribute`) — record what `Recorder.call` records for any class."""

import pytest

from engine import Value
from engine.graph import topological_order
from engine.record import recorder
from engine.record.recorder import Recorder, as_step


@pytest.fixture
def active():
    rec = Recorder()
    previous, recorder.ACTIVE = recorder.ACTIVE, rec
    yield rec
    recorder.ACTIVE = previous


def graph() -> Value:
    """Nodes of one, two and three inputs (none of the engine's ops makes three: a sum by hand)."""
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    t = (a * b + a).tanh()
    total = Value(t.data + a.data + b.data, (t, a, b), "sum")

    def _backward():
        for x in (t, a, b):
            x.grad += total.grad

    total._backward = _backward
    return (total + Value(1.0).max(a)) * 0.5


def fields(step) -> tuple:
    return (step.target(), step.before, step.after, step.out_grad, step.datas)


def test_backward_records_each_call_as_call_would():
    root = graph()
    order = topological_order(root)
    root.backward()
    want = Recorder()
    for v in order:
        v.grad = 0.0
    root.grad = 1.0
    for v in reversed(order):
        if v._children:  # a leaf's closure is called, but it is no step
            want.call(v, v._backward_fn)
    got = Recorder()
    for v in order:
        v.grad = 0.0
    root.grad = 1.0
    got.call_all(reversed(order))
    assert [fields(as_step(s)) for s in got.steps] == [fields(s) for s in want.steps]
    assert len(got.steps) == 7  # *, +, tanh, sum, max, + and *


def test_a_recorded_programs_backward_goes_to_its_recorder(active):
    root = graph()
    root.backward()
    assert active.last_target is root
    assert [as_step(s).target() for s in active.steps] == [
        v for v in reversed(topological_order(root)) if v._children
    ]


def test_backward_by_hand_is_recorded_only_while_a_program_is(active):
    a, b = Value(3.0), Value(-2.0)
    out = a * b
    out.grad = 1.0
    out._backward()
    (step,) = active.steps
    assert (step.node, step.before, step.after) == (out, (0.0, 0.0), (-2.0, 3.0))
    recorder.ACTIVE = None
    assert out._backward is out._backward_fn  # the closure itself, nothing in between


def test_a_closure_set_as_backward_is_the_one_kept():
    a = Value(1.0)
    calls = []

    def rule() -> None:
        calls.append(a)

    a._backward = rule  # micrograd's way of setting it
    assert a._backward_fn is rule and a._backward is rule
    a._backward()
    assert calls == [a]
