"""engine.language.names and the record's names: constants as their number, unnamed values as their
expression, and never a node id (`n3`) in text a learner reads."""

import re
from typing import Any

from hypothesis import given, settings

from engine import Value, parse, trace
from engine.language.names import MAX_LABEL, MAX_NAME, bracketed, expression, number_text, shorten
from engine.record.dot import dot_source
from engine.record.graph_record import graph_record
from engine.worker.playground import act, run_in_worker
from engine.worker.runner import run_program
from tests.engine.expressions import Expr, expressions

ID = re.compile(r"\bn[0-9]+\b")
# Keys whose values are ids (keys for the record, the DOT and the SVG), or DOT source, not text.
ID_KEYS = frozenset({"id", "node", "output", "children", "from", "to", "child", "accumulates",
                     "nonfinite", "grads", "parameters", "correct", "called", "wrong", "ready",
                     "remaining", "dot", "consumers", "op_id", "named_leaves"})  # fmt: skip


def learner_texts(obj: Any, key: str = "") -> list[str]:
    """Every string in `obj` a learner may read: values only (dict keys are ids), not under
    an id key."""
    if key in ID_KEYS:
        return []
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [t for k, v in obj.items() for t in learner_texts(v, str(k))]
    if isinstance(obj, list):
        return [t for v in obj for t in learner_texts(v, key)]
    return []


def ids_in(texts: list[str]) -> list[str]:
    return [t for t in texts if ID.search(t)]


def node(record: dict[str, Any], shown: str) -> dict[str, Any]:
    return next(n for n in record["nodes"] if n["shown"] == shown)


def test_number_text_is_what_a_learner_writes():
    assert [number_text(x) for x in (2.0, 0.5, -3.0, 1e-5, 0.0, -0.0)] == [
        "2", "0.5", "-3", "1e-05", "0", "0"]  # fmt: skip
    assert [number_text(x) for x in (float("inf"), float("-inf"), float("nan"))] == [
        "inf", "-inf", "nan"]  # fmt: skip


def test_shorten_keeps_both_ends_and_a_call_its_brackets():
    assert shorten("a*b") == "a*b"
    long_sum = " + ".join(f"x{i}*w{i}" for i in range(1, 6))
    short = shorten(long_sum)
    assert len(short) == MAX_NAME and "…" in short
    assert short.startswith("x1*w1") and short.endswith("x5*w5")
    call = shorten(f"tanh({long_sum})")
    assert len(call) == MAX_NAME and call.startswith("tanh(x1") and call.endswith("w5)")


def test_expression_brackets_only_what_needs_it():
    assert expression("*", ["a + b", "c"]) == "(a + b)*c"
    assert expression("+", ["a*b", "c"]) == "a*b + c"
    assert expression("+", ["a", "-1"]) == "a + (-1)"
    assert expression("-", ["a", "b + c"]) == "a - (b + c)"
    assert expression("**2", ["a + b"]) == "(a + b)**2"
    assert expression("tanh", ["a + b"]) == "tanh(a + b)"
    assert expression("*", ["a + b", "-1"], negates=True) == "-(a + b)"
    assert expression("", ["a", "b"]) == "f(a, b)"
    assert [bracketed(t) for t in ("x", "2", "-2", "tanh(a)", "f(a) + g(b)")] == [
        "x", "2", "(-2)", "tanh(a)", "(f(a) + g(b))"]  # fmt: skip


def test_constants_are_drawn_as_their_value_with_no_grad_field():
    record = trace(parse("w = 3.0\nloss = w * 2"))
    two = node(record, "2")
    assert two["constant"] and two["leaf"] and two["label"] == ""
    assert not node(record, "w")["constant"]  # a leaf the learner named keeps its grad
    assert f'{two["id"]} [label="{{2}}" class="value leaf constant"' in dot_source(record)
    assert "(2).grad" in record["backward"][-1]["say"]


def test_unnamed_intermediates_are_named_by_their_expression():
    record = trace(parse("tanh(x1*w1 + x2*w2 + b)"))
    out = next(n for n in record["nodes"] if n["id"] == record["output"])
    assert out["shown"] == "tanh(x1*w1 + x2*w2 + b)"
    assert record["title"] == "tanh(x1*w1 + x2*w2 + b)"
    assert "{tanh(x1*w1\\ +\\ x2*w2\\ +\\ b)|data" in dot_source(record)
    assert record["backward"][1]["say"].startswith("tanh(x1*w1 + x2*w2 + b): ran the tanh")


def test_long_expressions_are_shortened_and_still_differ_at_the_end():
    terms = " + ".join(f"x{i}*w{i}" for i in range(1, 7))
    record = trace(parse(f"tanh({terms})"))
    shown = [n["shown"] for n in record["nodes"]]
    assert all(len(s) <= MAX_NAME for s in shown)
    sums = [s for s in shown if "…" in s and not s.startswith("tanh")]
    assert len(sums) == len(set(sums)) >= 2  # each partial sum reads differently


def test_negation_reads_as_a_minus_sign():
    record = trace(parse("y = 2.0\nz = x*(-y)"))  # -y is y * -1 in micrograd
    assert "-y" in [n["shown"] for n in record["nodes"]]
    record = trace(parse("z = (x*y + x) - 1"))  # 1 * -1: a second "-1" would be ambiguous
    assert "1*(-1)" in [n["shown"] for n in record["nodes"]]


PYTHON = """\
class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

a = Value(2.0)
b = Value(-3.0)
L = (a * b) * 2
L.grad = 1.0
L._backward()
"""


def test_a_learners_own_values_without_labels_are_named_by_op_and_inputs():
    result = run_program(PYTHON)
    assert result["ok"], result["error"]
    record = result["graphs"][result["chosen"]]["record"]
    shown = {n["shown"] for n in record["nodes"]}
    assert {"a", "b", "a*b", "2", "L"} <= shown
    # A Python program's unnamed leaf may be a weight made in a list: it keeps its grad field.
    assert not node(record, "2")["constant"]
    assert "grad" in next(line for line in dot_source(record).splitlines() if '"{2|' in line)
    assert not ids_in(learner_texts(record))


@settings(max_examples=60, deadline=None)
@given(expressions())
def test_no_node_id_in_any_learner_text(expr: Expr):
    record = trace(parse(f"out = {expr.text}"))
    assert not ids_in(learner_texts(record)), learner_texts(record)


def test_no_node_id_in_session_answers():
    result = run_in_worker("loss = (x*2 + 1)*(x - 3)")
    assert not ids_in(learner_texts(result))
    manual = act(0, "manual_start", {})
    out = result["trace"]["output"]
    early = next(n["id"] for n in result["trace"]["nodes"] if not n["leaf"] and n["id"] != out)
    wrong = act(0, "call", {"node": early})  # called too early: explained in words
    check = act(0, "check", {})
    params = act(0, "parameters", {})
    descent = act(0, "descend", {"rate": 0.1, "steps": 1})
    for answer in (manual, wrong, check, params, descent):
        assert answer["ok"], answer
        assert not ids_in(learner_texts(answer)), learner_texts(answer)
    assert set(params["names"].values()) == {"x"}


def test_a_huge_label_is_shown_shortened_everywhere():
    a = Value(1.0, label="x" * 100_000)
    v = a
    for _ in range(200):
        v = v * a
    record = graph_record(v)
    assert max(len(n["shown"]) for n in record["nodes"]) <= MAX_LABEL
    longest = max(len(t) for t in learner_texts({k: record[k] for k in ("forward", "backward")}))
    assert longest < 1_000  # step texts name it shortened, not 100,000 characters a time
    assert len(dot_source(record)) < 200 * 1_000
