"""engine.record.groups: the program's own modules, found while it runs, as the record's
`groups` — engine.nn's MLP and a learner's own classes alike, told by behaviour."""

import json
from collections import Counter

import pytest

from tests.engine.record.groups_check import check, named, run, under
from tests.engine.record.groups_programs import ENGINE_MLP, OWN_NET, OWN_VALUE, SIZES


def neuron_checks(record: dict, group: dict, nin: int, activation: str | None) -> None:
    """A neuron's group holds its weighted sum (nin products, nin sums) and its activation,
    its output is the last of them, and its parameters are the leaves its products read."""
    nodes = {n["id"]: n for n in record["nodes"]}
    ops = Counter(nodes[u]["op"] for u in group["nodes"])
    want = Counter({"*": nin, "+": nin} | ({activation: 1} if activation else {}))
    assert ops == want, (group["name"], ops)
    output = nodes[group["output"]]
    assert group["output"] in group["nodes"] and output["op"] == (activation or "+")
    assert not any(output["id"] in nodes[u]["children"] for u in group["nodes"])
    assert len(group["params"]) == nin + 1 and all(nodes[p]["leaf"] for p in group["params"])
    read = {c for u in group["nodes"] if nodes[u]["op"] == "*" for c in nodes[u]["children"]}
    assert len(read & set(group["params"])) == nin  # the weights; the bias starts the sum


@pytest.mark.parametrize("calls", [1, 3])
def test_engine_nn_mlp_groups_per_call_layer_and_neuron(calls: int):
    record = run(ENGINE_MLP.replace("CALLS", str(calls)))
    check(record)
    kinds = Counter(g["kind"] for g in record["groups"])
    assert kinds == {"MLP": calls, "Layer": 3 * calls, "Neuron": sum(SIZES[1:]) * calls}
    tops = [g for g in record["groups"] if g["parent"] is None]
    want = ["MLP"] if calls == 1 else [f"MLP (call {k + 1})" for k in range(calls)]
    assert [g["name"] for g in tops] == want and [g["call"] for g in tops] == list(range(calls))
    n_params = sum((a + 1) * b for a, b in zip(SIZES, SIZES[1:], strict=False))  # 337
    for top in tops:
        assert len(top["params"]) == n_params and top["nodes"] == []
        inside = [g for g in record["groups"] if g["call"] == top["call"]]
        assert len(inside) == 1 + 3 + sum(SIZES[1:])
        for layer, (nin, width) in enumerate(zip(SIZES, SIZES[1:], strict=False), start=1):
            group = next(g for g in inside if g["name"] == f"Layer {layer}")
            assert group["parent"] == top["id"] and group["nodes"] == []
            neurons = [g for g in inside if g["parent"] == group["id"]]
            assert [g["name"] for g in neurons] == [
                f"Layer {layer} · Neuron {j}" for j in range(1, width + 1)
            ]
            last = layer == len(SIZES) - 1
            for neuron in neurons:
                neuron_checks(record, neuron, nin, None if last else "tanh")
            assert group["output"] == (neurons[0]["output"] if width == 1 else None)
        assert top["output"] == group["output"]  # the last layer's
    # Made outside every call: the inputs, the parameters, and the loss the loop adds up.
    grouped = {u for g in record["groups"] for u in g["nodes"]}
    assert all_nodes(record) - grouped == leaves(record) | loss_nodes(record)


def loss_nodes(record: dict) -> set[str]:
    """The values the loop at the top level makes: `y - 1.0`, its square, and the running sum."""
    tops = {g["output"] for g in record["groups"] if g["parent"] is None}
    nodes = {n["id"]: n for n in record["nodes"]}
    found: set[str] = set()
    stack = [record["output"]]
    while stack:
        uid = stack.pop()
        if uid in found or uid in tops or nodes[uid]["leaf"]:
            continue
        found.add(uid)
        stack.extend(nodes[uid]["children"])
    return found


@pytest.mark.parametrize(
    "value", ["from engine import Value\n", "from micrograd.engine import Value\n", OWN_VALUE]
)
def test_a_learners_own_two_layer_network(value: str):
    record = run(value + OWN_NET)
    check(record)
    names = [g["name"] for g in record["groups"]]
    assert names == [
        "Net",
        "DenseLayer 1",
        *(f"DenseLayer 1 · Perceptron {j}" for j in range(1, 5)),
        "DenseLayer 2",
        "DenseLayer 2 · Perceptron 1",
    ]
    for g in record["groups"]:
        if g["kind"] == "Perceptron":
            neuron_checks(record, g, 3 if g["name"].startswith("DenseLayer 1") else 4, "tanh")
    net = named(record, "Net")
    assert len(net["params"]) == 4 * 4 + 5 and net["call"] == 0
    assert net["output"] == named(record, "DenseLayer 2 · Perceptron 1")["output"]
    assert named(record, "DenseLayer 2")["output"] is None  # a list is no node
    assert under(record, net["id"]) == all_nodes(record) - loss_nodes(record) - leaves(record)


def leaves(record: dict) -> set[str]:
    return {n["id"] for n in record["nodes"] if n["leaf"]}


def all_nodes(record: dict) -> set[str]:
    return {n["id"] for n in record["nodes"]}


def test_a_callable_without_parameters_is_no_module():
    source = """\
from engine import Value
class Square:
    def __call__(self, x):
        return x * x
class Model:
    def __init__(self):
        self.w = Value(3.0, label="w")
        self.square = Square()
    def parameters(self):
        return [self.w]
    def __call__(self, x):
        return self.square(x * self.w)
a = Square()(Value(2.0, label="a"))
b = Value(1.0, label="b")
"""
    alone = run(source + "out = a * b\n")
    assert alone["groups"] == []
    record = run(source + "out = Model()(b) + a\n")
    check(record)
    [model] = record["groups"]
    nodes = {n["id"]: n for n in record["nodes"]}
    assert model["name"] == "Model" and sorted(nodes[u]["op"] for u in model["nodes"]) == ["*", "*"]
    assert [nodes[p]["label"] for p in model["params"]] == ["w"]


def test_a_module_that_raises_leaves_the_stack_as_it_was():
    record = run("""\
from engine import Value
class Boom:
    def __init__(self):
        self.w = Value(2.0, label="w")
    def parameters(self):
        return [self.w]
    def __call__(self, x):
        y = x * self.w
        if x.data > 0:
            raise ValueError("positive")
        return y
class Outer:
    def __init__(self):
        self.inner = Boom()
    def parameters(self):
        return self.inner.parameters()
    def __call__(self, x):
        return self.inner(x + 1)
m = Outer()
try:
    m(Value(1.0))
except ValueError:
    pass
a = Value(3.0, label="a")
b = a * a
c = m(Value(-5.0)) + b
""")
    check(record)
    assert [(g["name"], g["parent"]) for g in record["groups"]] == [
        ("Outer", None),
        ("Boom 1", "g0"),
    ]
    nodes = {n["id"]: n for n in record["nodes"]}
    grouped = {u for g in record["groups"] for u in g["nodes"]}
    a_times_a = next(
        u for u, n in nodes.items() if n["op"] == "*" and n["children"][0] == n["children"][-1]
    )
    assert a_times_a not in grouped and record["output"] not in grouped


def test_deep_nesting_and_recursion():
    record = run("""\
from engine import Value
class Chain:
    def __init__(self, depth):
        self.w = Value(0.5)
        self.rest = Chain(depth - 1) if depth else None
    def parameters(self):
        return [self.w] + (self.rest.parameters() if self.rest else [])
    def __call__(self, x):
        y = x * self.w
        return self.rest(y) if self.rest else y
class Repeat:
    def __init__(self):
        self.w = Value(0.9)
    def parameters(self):
        return [self.w]
    def __call__(self, x, n):
        return x if n == 0 else self(x * self.w, n - 1)
out = Repeat()(Chain(120)(Value(1.0, label="x")), 3)
""")
    check(record)
    chain = [g for g in record["groups"] if g["kind"] == "Chain"]
    repeat = [g for g in record["groups"] if g["kind"] == "Repeat"]
    # Repeat's fourth call (n == 0) makes no value: no group
    assert len(chain) == 121 and len(repeat) == 3
    assert all(len(g["nodes"]) == 1 for g in chain + repeat)
    assert [g["parent"] for g in chain[1:]] == [g["id"] for g in chain[:-1]]
    assert [g["parent"] for g in repeat[1:]] == [g["id"] for g in repeat[:-1]]
    assert chain[2]["name"] == "Chain 1 · Chain 1"
    assert [g["name"] for g in repeat] == ["Repeat", "Repeat 1", "Repeat 1 · Repeat 1"]
    assert len(chain[0]["params"]) == 121 and len(chain[-1]["params"]) == 1


def test_super_call_is_the_same_call():
    record = run("""\
from engine import Value
class Base:
    def parameters(self):
        return [self.w]
    def __call__(self, x):
        return x * self.w
class Scaled(Base):
    def __init__(self):
        self.w = Value(2.0)
    def __call__(self, x):
        return super().__call__(x) + 1
out = Scaled()(Value(1.0, label="x"))
""")
    check(record)
    [group] = record["groups"]
    assert group["name"] == "Scaled" and len(group["nodes"]) == 3  # x*w, the 1, the sum
    assert group["output"] == record["output"]


def test_the_record_round_trips_through_json():
    record = run(ENGINE_MLP.replace("CALLS", "2"))
    assert record["version"] == 7 and len(record["groups"]) == 2 * 37
    assert len(record["call_grads"]) == 2
    assert json.loads(json.dumps(record, allow_nan=False)) == record


def test_parameters_that_fail_give_no_params():
    """A class with a callable `parameters()` is a module whatever it returns; what is no list
    of nodes gives no params, and a `parameters()` that raises does not stop the program."""
    record = run("""\
from engine import Value
class Raises:
    def parameters(self):
        raise RuntimeError("not yet")
    def __call__(self, x):
        return x * 2
class Nothing:
    def parameters(self):
        return None
    def __call__(self, x):
        return x + 1
out = Nothing()(Raises()(Value(1.0, label="x")))
""")
    check(record)
    assert [(g["name"], g["params"]) for g in record["groups"]] == [("Raises", []), ("Nothing", [])]
