"""engine.worker.whatif: the same graph with other leaf values, through the graph's own
operators."""

import pytest

from engine import Value, parse, trace
from engine.worker.playground import run
from engine.worker.whatif import clean, with_values
from tests.programs import program

NEURON = "x1 = 2.0\nx2 = 0.0\nw1 = -3.0\nw2 = 1.0\nb = 6.8813735870195432\nn = x1*w1 + x2*w2 + b\no = n.tanh()"  # noqa: E501


def test_an_assigned_leaf_takes_a_new_value_and_the_pass_follows():
    base = run(NEURON)["trace"]
    changed = run(NEURON, "correct", {"x1": 3.0})["trace"]
    assert [n["id"] for n in changed["nodes"]] == [n["id"] for n in base["nodes"]]  # same shape
    assert changed["nodes"][0]["data"] == 3.0
    reference = parse(NEURON.replace("x1 = 2.0", "x1 = 3.0"))
    reference.output.backward()
    assert changed["grads"]["n1"] == reference.values["w1"].grad


def test_unassigned_inputs_and_bad_values():
    assert run("y = x * w", "correct", {"x": 4.0})["trace"]["nodes"][0]["data"] == 4.0
    assert clean({"x": "2", "y": True, "1z": 3.0, "ok": 2}) == {"ok": 2.0}
    assert run(NEURON, "correct", {"x1": "nope"})["ok"]  # ignored, not an error


def test_a_learners_class_is_rebuilt_with_its_own_operators():
    namespace: dict = {}
    exec(program("own_class_descent").split("w1 = Value(2.0)")[0], namespace)  # noqa: S102
    V = namespace["Value"]
    a, b = V(2.0), V(3.0)
    out = a * b + a
    names = {id(a): "a", id(b): "b"}
    new = with_values(out, {"a": 5.0}, names)
    assert new is not out and new.data == 5.0 * 3.0 + 5.0
    assert type(new) is V


def test_nothing_named_nothing_rebuilt():
    v = Value(1.0) * 2
    assert with_values(v, {"zz": 3.0}) is v


def test_an_unknown_op_is_a_message():
    v = Value(1.0, label="v")
    w = Value(2.0, (v,), "frobnicate")
    from engine.record.replay import ReplayError

    with pytest.raises(ReplayError, match="frobnicate"):
        with_values(w, {"v": 3.0})
    assert trace(w)["nodes"][0]["label"] == "v"
