"""engine.language.expressions: one expression built into values on its own, without the
statements around it — its names, its inputs, its labels, and its count against the cap."""

import ast

import pytest

from engine import ExpressionError
from engine.graph import topological_order
from engine.language.expressions import DEFAULT_INPUT, MAX_LABEL, MAX_VALUES, Expressions


def build(text: str, inputs: dict[str, float] | None = None) -> tuple[Expressions, object]:
    built = Expressions(text, inputs or {})
    return built, built.expr(ast.parse(text, mode="eval").body)


def test_names_become_inputs_and_operators_are_labelled_with_their_text():
    built, out = build("tanh(x*w + b)", {"w": -2.0})
    assert list(built.inputs) == ["x", "w", "b"] and built.values == built.inputs
    assert [built.inputs[n].data for n in "xwb"] == [DEFAULT_INPUT, -2.0, DEFAULT_INPUT]
    assert [v.label for v in topological_order(out)] == ["x", "w", "x*w", "b", "x*w + b", out.label]
    assert out.label == "tanh(x*w + b)" and out.data == pytest.approx(-0.7615941559557649)


def test_a_name_read_twice_is_one_value():
    built, out = build("a*a + a")
    assert len(built.inputs) == 1
    # a, then 3 per operator: the most one makes (`a - b` is a + b*-1: -1, b*-1 and the sum)
    assert out.data == 2.0 and built.count == 1 + 3 + 3


def test_values_are_counted_against_the_cap():
    built = Expressions("", {})
    built.count = MAX_VALUES - 1
    built.expr(ast.parse("2", mode="eval").body)
    with pytest.raises(ExpressionError, match="more than 20,000 values"):
        built.expr(ast.parse("3", mode="eval").body)


def test_value_literals_keep_their_label_and_labels_are_capped():
    built, out = build("Value(2.0, label='x1')")
    assert (out.data, out.label, out in built.named) == (2.0, "x1", True)
    with pytest.raises(ExpressionError, match=f"at most {MAX_LABEL} characters"):
        build(f"Value(2.0, label='{'x' * (MAX_LABEL + 1)}')")


def test_what_is_not_an_expression_of_the_language_says_so():
    for text, words in (("x[0]", "indexing"), ("math.tanh(x)", "no modules"), ("'a'", "label")):
        with pytest.raises(ExpressionError, match=words):
            build(text)
