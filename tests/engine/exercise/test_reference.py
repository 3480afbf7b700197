"""engine.exercise.reference: what engine.Value's own closure of an op adds, against the exact
derivative (sympy, the suite's oracle), and the rule in words as the record says it."""

import math

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.exercise import reference
from tests.engine.conftest import examples

A, B = sympy.symbols("a b", real=True)
# op -> its output as a function of its inputs, exactly
EXACT = {
    "+": A + B,
    "*": A * B,
    "**3": A**3,
    "**-1": A**-1,
    "tanh": sympy.tanh(A),
    "exp": sympy.exp(A),
    "sigmoid": 1 / (1 + sympy.exp(-A)),
}
datas = st.floats(min_value=-3.0, max_value=3.0, allow_nan=False).filter(lambda v: abs(v) > 1e-2)


@settings(max_examples=examples(200))
@given(op=st.sampled_from(sorted(EXACT)), a=datas, b=datas, g=datas)
def test_contributions_are_out_grad_times_the_exact_derivative(op, a, b, g):
    f = EXACT[op]
    inputs = [s for s in (A, B) if f.has(s)]
    values = {A: a, B: b}
    got = reference.contributions(op, [values[s] for s in inputs], range(len(inputs)), g)
    for s, added in zip(inputs, got, strict=True):
        exact = g * float(sympy.diff(f, s).subs(values).evalf(30))
        assert math.isclose(added, exact, rel_tol=1e-9, abs_tol=1e-12), (op, s)


def test_an_input_in_two_slots_gets_both_parts():
    assert reference.contributions("+", [2.0], [0, 0], 0.5) == [1.0]
    assert reference.contributions("*", [3.0], [0, 0], 0.5) == [3.0]  # d(a*a)/da = 2a
    assert reference.each_slot("*", [3.0], [0, 0], 0.5) == [1.5, 1.5]


def test_the_rule_in_words_has_its_numbers_and_what_it_adds():
    assert reference.rule("*", ["a", "b"], [2.0, -3.0], [0, 1], 0.5, 0) == (
        "b.data × out.grad = (-3.0000) × 0.5000 = -1.5000"
    )
    assert reference.rule("+", ["a"], [2.0], [0, 0], 0.5, 0) == (
        "out.grad + out.grad = 0.5000 + 0.5000 = 1.0000"
    )
    assert reference.rule("+", ["a", "b"], [2.0, 1.0], [0, 1], 0.5, 1) == "out.grad = 0.5000"
    assert reference.rule("tanh", ["x1*w1 + b"], [0.5], [0], 1.0, 0).startswith(
        "(1 - out.data**2) × out.grad = (1 - 0.4621**2) × 1.0000 = 0.7864"
    )


@pytest.mark.parametrize("op", ["**2", "exp", "ReLU", "max"])
def test_every_op_of_the_engine_has_its_words(op):
    slots = [0, 1] if op == "max" else [0]
    names = ["a", "b"][: len(slots)]
    assert "out.grad" in reference.rule(op, names, [1.5, 0.5][: len(slots)], slots, 2.0, 0)
