"""engine.record.groups: which call a group is — one datapoint of a batch, one iteration of a
training loop, one of several graphs — and what finding groups leaves unchanged."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Value
from engine.record.groups import Groups
from engine.worker.runner import run_program
from tests.engine.conftest import examples
from tests.engine.expressions import Expr, as_python, expressions
from tests.engine.record.groups_check import check, named, run
from tests.programs import learners, program


def moons(n: int) -> tuple[list[list[float]], list[float]]:
    """Two half circles, as engine.worker.moons makes them (a test may not import the worker's
    data into a learner's program: the points are written into its text)."""
    rng = random.Random(1337)
    xs, ys = [], []
    for i in range(n):
        t = rng.uniform(0.0, math.pi)
        upper = i % 2 == 1
        x = [math.cos(t), math.sin(t)] if upper else [1.0 - math.cos(t), 0.5 - math.sin(t)]
        xs.append([round(x[0] + rng.gauss(0, 0.1), 4), round(x[1] + rng.gauss(0, 0.1), 4)])
        ys.append(-1.0 if upper else 1.0)
    return xs, ys


def test_each_datapoint_of_a_batch_is_its_own_call():
    """micrograd's demo loss over 100 points (a smaller network, to stay under the node cap):
    each point's MLP call and every group inside it carry that point's index as `call`."""
    xs, ys = moons(100)
    record = run(f"""\
from engine import Value
from engine.nn import MLP
import random
random.seed(1337)
model = MLP(2, [4, 4, 1])
xs = {xs!r}
ys = {ys!r}
scores = [model([Value(v) for v in x]) for x in xs]
for i, s in enumerate(scores):
    s.label = f"score{{i}}"
losses = [(1 + -yi * si).relu() for yi, si in zip(ys, scores)]
loss = sum(losses) * (1.0 / len(losses))
loss.backward()
""")
    check(record)
    labels = {n["id"]: n["label"] for n in record["nodes"]}
    tops = [g for g in record["groups"] if g["parent"] is None]
    assert [g["name"] for g in tops] == [f"MLP (call {i + 1})" for i in range(100)]
    assert [labels[g["output"]] for g in tops] == [f"score{g['call']}" for g in tops]
    per_call = [sum(1 for g in record["groups"] if g["call"] == i) for i in range(100)]
    assert per_call == [1 + 3 + 9] * 100
    third = [g["name"] for g in record["groups"] if g["call"] == 2][1:4]
    assert third == ["Layer 1", "Layer 1 · Neuron 1", "Layer 1 · Neuron 2"]


def test_a_training_loop_counts_the_calls_of_the_graph_drawn():
    """micrograd's nn pasted whole: 3 iterations of 4 points, the graph is the last loss."""
    record = run(program("micrograd_nn"))
    check(record)
    tops = [g for g in record["groups"] if g["parent"] is None]
    assert [(g["name"], g["call"]) for g in tops] == [
        (f"MLP (call {i})", i - 1) for i in range(1, 5)
    ]
    assert len(record["groups"]) == 4 * (1 + 3 + 4 + 4 + 1)


def test_each_graph_has_its_own_calls():
    source = """\
from engine import Value
from engine.nn import Neuron, MLP
n = Neuron(2)
first = n([Value(1.0), Value(2.0)])
second = n([Value(3.0), Value(4.0)])
a, b = MLP(1, [1]), MLP(1, [1])
both = a([Value(1.0)]) * b([Value(2.0)]) + n([Value(5.0), Value(6.0)])
"""
    result = run_program(source)
    records = {g["title"]: g["record"] for g in result["graphs"]}
    for title in ("first", "second"):
        check(records[title])
        [group] = records[title]["groups"]
        assert group["name"] == "Neuron" and group["call"] == 0
    check(records["both"])
    # n's third call, the only one in this graph: "Neuron", no call number
    tops = [g for g in records["both"]["groups"] if g["parent"] is None]
    assert [(g["name"], g["call"]) for g in tops] == [("MLP 1", 0), ("MLP 2", 0), ("Neuron", 0)]


def test_a_module_called_twice_by_its_parent():
    record = run("""\
from engine import Value
class Cell:
    def __init__(self):
        self.w = Value(0.5)
    def parameters(self):
        return [self.w]
    def __call__(self, h, x):
        return (h * self.w + x).tanh()
class Rnn:
    def __init__(self):
        self.cell = Cell()
    def parameters(self):
        return self.cell.parameters()
    def __call__(self, xs):
        h = Value(0.0)
        for x in xs:
            h = self.cell(h, x)
        return h
out = Rnn()([Value(1.0), Value(-1.0), Value(2.0)])
""")
    check(record)
    assert [g["name"] for g in record["groups"]] == ["Rnn"] + [
        f"Cell 1 (call {k})" for k in (1, 2, 3)
    ]
    rnn = named(record, "Rnn")
    assert len(rnn["nodes"]) == 1 and rnn["output"] == record["output"]  # h = Value(0.0)


DEAD_IDS = """\
class Make:
    def parameters(self):
        return []
    def __call__(self, v):
        return Value(v)  # a leaf: no cycle, freed as soon as it is dropped
m = Make()
for i in range(300):
    m(i)
a = Value(1.0, label="a")
out = a
for _ in range(300):
    out = out * 1.5 + a
"""


@pytest.mark.parametrize(
    "value",
    [
        "from engine import Value",
        "from micrograd.engine import Value",
        learners.program("g01_micrograd_shape").split("\nx1 = ")[0],
    ],
    ids=["engine", "micrograd", "own class"],
)
def test_a_dead_values_id_never_puts_a_later_value_in_its_group(value: str):
    """Values made in a module and dropped free their ids for the values made next at the top
    level, which belong to no group."""
    record = run(value + "\n" + DEAD_IDS)
    assert record["groups"] == [] and len(record["nodes"]) > 900


UNCHANGED = ["neuron_by_hand", "own_class_descent", "overwrite_bug", "micrograd_nn"]


@pytest.mark.parametrize("name", UNCHANGED)
def test_finding_groups_changes_nothing_else(name: str, monkeypatch: pytest.MonkeyPatch):
    """The same program with no module ever found: the same run, the same records but for
    `groups` and what is read from them, `call_grads` (a program without modules has none)."""
    found = run_program(program(name))
    monkeypatch.setattr(Groups, "is_module", lambda self, obj: False)
    plain = run_program(program(name))
    for with_groups, without in zip(found["graphs"], plain["graphs"], strict=True):
        record, other = with_groups["record"], without["record"]
        assert other["groups"] == [] and (record["groups"] != []) == (name == "micrograd_nn")
        assert other["call_grads"] == []
        assert {**record, "groups": [], "call_grads": []} == other
    assert {k: v for k, v in found.items() if k != "graphs"} == {
        k: v for k, v in plain.items() if k != "graphs"
    }


@settings(max_examples=examples(100))
@given(expressions(), st.floats(-2, 2), st.floats(-2, 2))
def test_generated_programs_in_a_module(e: Expr, x: float, y: float):
    """Any expression computed in a module's __call__: one group holding every value but the
    two inputs it reads, whose parameters they are."""
    text = (
        as_python(x, y) + "class Expression:\n"
        "    def parameters(self):\n"
        "        return [x, y]\n"
        "    def __call__(self):\n"
        f"        return _v({e.text}) * 1.0\n"
        "out = Expression()()\nout.backward()\n"
    )
    record = run(text)
    check(record)
    [group] = record["groups"]
    labels = {n["id"]: n["label"] for n in record["nodes"]}
    inputs = {uid for uid, label in labels.items() if label in ("x", "y")}
    assert group["name"] == "Expression" and group["output"] == record["output"]
    assert set(group["nodes"]) == set(labels) - inputs and set(group["params"]) == inputs
    reference = {"Value": Value}
    exec(text, reference)  # noqa: S102 - the same program without the runner
    assert record["grads"][record["output"]] == reference["out"].grad


def test_finding_groups_keeps_no_model_alive():
    """A module made and called in a loop, 1,000 times with 25 parameters each: the groups hold
    no module nor parameter, so the dead ones do not count against the 20,000 values alive."""
    record = run("""\
from engine import Value
class Wide:
    def __init__(self):
        self.w = [Value(0.5) for _ in range(25)]
    def parameters(self):
        return self.w
    def __call__(self, x):
        return x * self.w[0]
x = Value(1.0, label="x")
for _ in range(1000):
    out = Wide()(x)
""")
    [group] = record["groups"]
    assert (
        group["name"] == "Wide" and len(group["params"]) == 1
    )  # w[0]: the others are no node of this graph
