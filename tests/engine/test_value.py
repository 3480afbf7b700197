"""engine.value: the seeds' examples, each primitive, the numeric policy, and scale."""

import math

import pytest

from engine import Value
from engine.graph import topological_order


def neuron():
    x1 = Value(2.0, label="x1")
    x2 = Value(0.0, label="x2")
    w1 = Value(-3.0, label="w1")
    w2 = Value(1.0, label="w2")
    b = Value(6.8813735870195432, label="b")
    x1w1 = x1 * w1
    x1w1.label = "x1*w1"
    x2w2 = x2 * w2
    x2w2.label = "x2*w2"
    x1w1x2w2 = x1w1 + x2w2
    x1w1x2w2.label = "x1*w1 + x2*w2"
    n = x1w1x2w2 + b
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return locals()


def test_seed_neuron():
    v = neuron()
    v["o"].backward()
    assert v["o"].data == pytest.approx(0.7071067811865476)
    expected = {"x1": -1.5, "w1": 1.0, "x2": 0.5, "w2": 0.0, "b": 0.5, "n": 0.5, "o": 1.0}
    for name, grad in expected.items():
        assert v[name].grad == pytest.approx(grad, abs=1e-12), name


def test_seed_loss_and_gradient_descent():
    w1, w2 = Value(2.0, label="w1"), Value(3.0, label="w2")
    losses = []
    for _ in range(10):
        loss = ((w1 - 1) ** 2 + (w2 - 5) ** 2) * 0.5
        loss.backward()
        if not losses:
            assert (w1.grad, w2.grad) == (1.0, -2.0)
        losses.append(loss.data)
        w1.data -= 0.5 * w1.grad
        w2.data -= 0.5 * w2.grad
    assert [round(x, 4) for x in losses[:4]] == [2.5, 0.625, 0.1562, 0.0391]
    assert w1.data == pytest.approx(1.0010, abs=5e-5)
    assert w2.data == pytest.approx(4.9980, abs=5e-5)


def test_a_plus_a_accumulates():
    a = Value(3.0)
    b = a + a
    b.backward()
    assert a.grad == 2.0


def test_repr_and_micrograd_attributes():
    a = Value(2)
    assert repr(a) == "Value(data=2.0)"
    b = a * a
    assert b._prev == {a} and b._op == "*" and b.label == ""
    assert a._backward() is None


@pytest.mark.parametrize(
    ("make", "data", "grad"),
    [
        (lambda x: x + 2, 5.0, 1.0),
        (lambda x: 2 + x, 5.0, 1.0),
        (lambda x: x * 4, 12.0, 4.0),
        (lambda x: 4 * x, 12.0, 4.0),
        (lambda x: x - 1, 2.0, 1.0),
        (lambda x: 1 - x, -2.0, -1.0),
        (lambda x: -x, -3.0, -1.0),
        (lambda x: x / 2, 1.5, 0.5),
        (lambda x: 6 / x, 2.0, -6 / 9),
        (lambda x: x**2, 9.0, 6.0),
        (lambda x: 2**x, 8.0, 8 * math.log(2)),
        (lambda x: x.exp(), math.exp(3), math.exp(3)),
        (lambda x: x.log(), math.log(3), 1 / 3),
        (lambda x: x.tanh(), math.tanh(3), 1 - math.tanh(3) ** 2),
        (lambda x: x.sigmoid(), 1 / (1 + math.exp(-3)), math.exp(-3) / (1 + math.exp(-3)) ** 2),
        (lambda x: x.relu(), 3.0, 1.0),
        (lambda x: (-x).relu(), 0.0, 0.0),
        (lambda x: x.max(2.0), 3.0, 1.0),
        (lambda x: x.max(5.0), 5.0, 0.0),
    ],
)
def test_each_op_at_three(make, data, grad):
    x = Value(3.0)
    out = make(x)
    out.backward()
    assert out.data == pytest.approx(data, rel=1e-12)
    assert x.grad == pytest.approx(grad, rel=1e-12)


def test_gelu_is_exact_erf_form_and_its_slope_uses_the_input():
    for v in (-3.0, -0.5, 0.0, 0.7, 2.5):
        x = Value(v)
        out = x.gelu()
        out.backward()
        cdf = 0.5 * (1 + math.erf(v / math.sqrt(2)))
        pdf = math.exp(-v * v / 2) / math.sqrt(2 * math.pi)
        assert out.data == pytest.approx(v * cdf, rel=1e-12, abs=1e-15)
        assert x.grad == pytest.approx(cdf + v * pdf, rel=1e-12)


def test_max_tie_goes_to_the_first_argument():
    a, b = Value(1.0), Value(1.0)
    a.max(b).backward()
    assert (a.grad, b.grad) == (1.0, 0.0)


def test_value_exponent():
    x, y = Value(2.0), Value(3.0)
    out = x**y
    out.backward()
    assert out.data == 8.0
    assert x.grad == pytest.approx(12.0)
    assert y.grad == pytest.approx(8 * math.log(2))


def _is(value: float, expected: float) -> bool:
    return math.isnan(expected) and math.isnan(value) or value == expected


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: Value(1000.0).exp(), math.inf),
        (lambda: Value(0.0).log(), -math.inf),
        (lambda: Value(-1.0).log(), math.nan),
        (lambda: Value(1.0) / 0, math.inf),
        (lambda: Value(-1.0) / 0, -math.inf),
        (lambda: Value(0.0) / 0, math.nan),
        (lambda: Value(0.0) ** -1, math.inf),
        (lambda: Value(-8.0) ** 0.5, math.nan),
        (lambda: Value(400.0).tanh(), 1.0),
        (lambda: Value(-1000.0).sigmoid(), 0.0),
        (lambda: Value(1000.0).sigmoid(), 1.0),
        (lambda: Value(10.0) ** 400, math.inf),
        (lambda: Value(-10.0) ** 401, -math.inf),
        (lambda: Value(2.0) ** Value(5000.0), math.inf),
        (lambda: Value(1e300) * 1e300, math.inf),
        (lambda: Value(math.inf) - math.inf, math.nan),
        (lambda: Value(10**400), math.inf),
        (lambda: Value(-math.inf).gelu(), 0.0),
        (lambda: Value(math.nan).relu(), math.nan),
        (lambda: Value(math.nan).max(1.0), math.nan),
    ],
)
def test_numeric_policy_never_raises(make, expected):
    out = make()
    assert _is(out.data, expected), out.data
    out.backward()  # the backward pass never raises either
    for v in topological_order(out):
        assert isinstance(v.grad, float) and isinstance(v.data, float)


@pytest.mark.parametrize("x", [0.0, -0.0, -1.0, math.inf, -math.inf, math.nan, 1e308, -1e-320])
@pytest.mark.parametrize(
    "op",
    ["exp", "log", "tanh", "sigmoid", "relu", "gelu", "sq", "inv", "sqrt", "pow_value", "rpow"],
)
def test_every_op_is_total_over_special_floats(x, op):
    v = Value(x)
    out = {
        "sq": lambda: v**2,
        "inv": lambda: 1 / v,
        "sqrt": lambda: v**0.5,
        "pow_value": lambda: v ** Value(x),
        "rpow": lambda: 2**v,
    }.get(op, lambda: getattr(v, op)())()
    out.backward()
    assert isinstance(out.data, float) and isinstance(v.grad, float)


def test_backward_zeroes_by_default_and_accumulates_on_request():
    v = neuron()
    o = v["o"]
    o.backward()
    o.backward()
    assert v["x1"].grad == pytest.approx(-1.5)
    o.backward(accumulate=True)
    assert v["b"].grad == pytest.approx(1.5)  # 0.5 kept + n.grad 0.5 + 0.5 from this pass
    o.zero_grad()
    assert all(n.grad == 0.0 for n in topological_order(o))


def test_long_chain_has_no_recursion_limit():
    x = Value(1.0)
    y = x
    for _ in range(100_000):
        y = y * 1.0 + 0.0
    y.backward()
    assert x.grad == 1.0


def test_shared_subexpressions_visit_each_node_once():
    a = Value(1.0)
    for _ in range(30):
        a = a * 0.5 + a * 0.5  # 2**30 paths, 30 * 5 + 1 nodes
    calls = 0
    order = topological_order(a)
    for node in order:
        inner = node._backward

        def counted(inner=inner):
            nonlocal calls
            calls += 1
            inner()

        node._backward = counted
    a.backward()
    assert calls == len(order) == 151
    assert a.data == 1.0
