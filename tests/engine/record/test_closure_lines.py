"""engine.record.closure_lines: a learner's own `_backward` quoted with names and numbers
(`ran`)."""

from pathlib import Path

import pytest

from engine.record.graph_record import graph_record
from engine.record.recorder import Recorder
from engine.worker.runner import run_program
from tests.programs import program

LEARNERS = Path(__file__).resolve().parents[2] / "programs" / "learners"

CLASS = """\
import math


class V:
    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self._prev = children
        self._op = op
        self._backward = lambda: None

    def __add__(self, other):
        out = V(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        out = V(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def exp(self):
        out = V(math.exp(self.data) if self.data < 700 else math.inf, (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out
"""


def steps(result: dict, graph: int | None = None) -> list[dict]:
    index = result["chosen"] if graph is None else graph
    return [s for s in result["graphs"][index]["record"]["backward"] if s["kind"] == "backward"]


def texts(step: dict) -> list[str]:
    return [line["text"] for line in step.get("ran", [])]


def test_the_brief_example_a_product_under_the_loss():
    source = CLASS + (
        "d = V(3.0)\nf = V(-2.0)\nL = d * f\nL.grad = 1.0\nL._backward()\n"  # by hand
    )
    result = run_program(source)
    (step,) = steps(result)
    assert texts(step) == [
        "d.grad += f.data × L.grad = 0.0000 + (-2.0000) × 1.0000 = -2.0000",
        "f.grad += d.data × L.grad = 0.0000 + 3.0000 × 1.0000 = 3.0000",
    ]
    # the lines of the learner's program that ran: one per statement, with the input it set
    lines = source.split("\n")
    assert [lines[r["line"] - 1].strip() for r in step["ran"]] == [
        "self.grad += other.data * out.grad",
        "other.grad += self.data * out.grad",
    ]
    assert [r["line"] for r in step["ran"]] == [r["end_line"] for r in step["ran"]]
    ids = {n["name"]: n["id"] for n in result["graphs"][0]["record"]["nodes"]}
    assert [r["child"] for r in step["ran"]] == [ids["d"], ids["f"]]


def test_overwrite_bug_shows_the_equals_sign():
    (step,) = steps(run_program(program("overwrite_bug")))
    # b = a + a: both lines set a.grad; the first one's result is not read on its own
    assert texts(step) == [
        "a.grad = 1.0 × b.grad = 1.0 × 1.0000",
        "a.grad = 1.0 × b.grad = 1.0 × 1.0000 = 1.0000",
    ]
    assert [r["line"] for r in step["ran"]] == [14, 15]


def test_a_value_used_twice_accumulates_with_the_middle_unread():
    result = run_program(CLASS + "a = V(3.0)\nb = a + a\nb.grad = 1.0\nb._backward()\n")
    (step,) = steps(result)
    assert texts(step) == [
        "a.grad += b.grad = 0.0000 + 1.0000",
        "a.grad += b.grad = … + 1.0000 = 2.0000",
    ]


def test_own_class_descent_last_epoch():
    result = run_program(program("own_class_descent"))
    first, second = steps(result)[:2]
    assert first["code"]["line"] == 26
    assert texts(first) == [
        "((w1 + (-1))**2…w2 + (-5))**2).grad += (0.5).data × loss.grad"
        " = 0.0000 + 0.5000 × 1.0000 = 0.5000",
        "(0.5).grad += ((w1 + (-1))**2…w2 + (-5))**2).data × loss.grad"
        " = 0.0000 + 1.9073e-05 × 1.0000 = 1.9073e-05",
    ]
    power = steps(result)[2]
    assert texts(power) == [
        "(w2 + (-5)).grad += k × (w2 + (-5)).data ** (k - 1) × ((w2 + (-5))**2).grad"
        " = 0.0000 + 2 × (-0.0039) ** (2 - 1) × 0.5000 = -0.0039"
    ]
    assert second["ran"][0]["line"] == 16


def test_neuron_by_hand_uses_the_engines_own_lines():
    """micrograd's Value is engine.Value: its steps quote its rules (`lines`), not `ran`."""
    result = run_program(program("neuron_by_hand"))
    found = steps(result)
    assert all("ran" not in s and "code" not in s for s in found)
    explains = [c["explain"] for s in found for c in s["changes"]]
    assert "x1.grad += w1.data * (x1*w1).grad  →  0.0000 + (-3.0000) * 0.5000 = -1.5000" in explains
    assert (
        "n.grad += (1 - o.data**2) * o.grad  →  0.0000 + (1 - 0.7071**2) * 1.0000 = 0.5000"
        in explains
    )


def test_learner_neuron_micrograd_shape():
    result = run_program((LEARNERS / "g01_micrograd_shape.py").read_text())
    first, *_ = found = steps(result)
    assert texts(first) == [
        "n.grad += (1 - t**2) × o.grad = 0.0000 + (1 - 0.7071**2) × 1.0000 = 0.5000"
    ]
    every = [t for s in found for t in texts(s)]
    assert "x1.grad += w1.data × (x1*w1).grad = 0.0000 + (-3.0000) × 0.5000 = -1.5000" in every
    assert "w2.grad += x2.data × (x2*w2).grad = 0.0000 + 0.0000 × 0.5000 = 0.0000" in every
    assert "b.grad += n.grad = 0.0000 + 0.5000 = 0.5000" in every


def test_learner_grads_that_start_as_none():
    result = run_program((LEARNERS / "g16_grad_none.py").read_text())
    every = [t for s in steps(result) for t in texts(s)]  # its own pass walks a set: any order
    assert (
        "(w2 + (-5)).grad = ((w2 + (-5)).grad or 0) + k × (w2 + (-5)).data ** (k - 1)"
        " × ((w2 + (-5))**).grad = (None or 0) + 2 × (-2.0000) ** (2 - 1) × 0.5000 = -2.0000"
    ) in every


def test_learner_float_subclass_and_slots():
    floats = run_program((LEARNERS / "h03_float_subclass.py").read_text())
    every = [t for s in steps(floats) for t in texts(s)]
    assert "a.grad += float(b) × f(a, b).grad = 0.0000 + float(-2.0000) × 1.0000 = -2.0000" in every
    slots = run_program((LEARNERS / "h02_slots.py").read_text())
    first = steps(slots)[0]
    assert texts(first) == [
        "(x*w + b).grad += s × (1 - s) × o.grad = 0.0000 + 0.3775 × (1 - 0.3775) × 1.0000 = 0.2350"
    ]


def test_method_rules_fall_back():
    """h04's rules are methods `_backward(self)` that branch on the op: not quoted."""
    result = run_program((LEARNERS / "h04_method_rules_gelu.py").read_text())
    found = steps(result)
    assert found and all("ran" not in s for s in found)
    assert found[0]["changes"][0]["explain"] == "add(mul(x, w), 0.5).grad: 0.0000 → 0.1325"


@pytest.mark.parametrize("name", sorted(p.stem for p in LEARNERS.glob("[gh]*.py")))
def test_every_learner_quotes_or_falls_back(name):
    """Across the corpus: each quoted line names an input of its step and ends in its grad."""
    result = run_program((LEARNERS / f"{name}.py").read_text())
    for graph in result["graphs"]:
        record = graph["record"]
        if record is None:
            continue
        for step in record["backward"]:
            after = {c["node"]: c["after_text"] for c in step["changes"]}
            for line in step.get("ran", []):
                assert line["child"] in after or line["child"] is None  # None: a local
                assert line["line"] >= step["code"]["line"]
                assert line["end_line"] <= step["code"]["end_line"]
            ends = {r["child"]: r["text"] for r in step.get("ran", []) if r["child"] is not None}
            for child, text in ends.items():
                assert text.endswith(after[child]), text


def test_non_finite_numbers():
    result = run_program(CLASS + "x = V(800.0)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n")
    (step,) = steps(result)
    assert texts(step) == ["x.grad += y.data × y.grad = 0.0000 + inf × 1.0000 = inf"]


def test_a_branch_or_a_print_falls_back_to_the_step():
    source = CLASS.replace(
        "            self.grad += out.data * out.grad\n",
        "            if out.data > 0:\n                self.grad += out.data * out.grad\n",
    )
    result = run_program(source + "x = V(1.0)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n")
    (step,) = steps(result)
    assert "ran" not in step
    assert step["code"]["text"].strip().startswith("def _backward():")
    assert step["changes"][0]["explain"] == "x.grad: 0.0000 → 2.7183"


def test_without_the_source_there_is_no_quote():
    namespace: dict = {}
    rec = Recorder()
    from engine.record import observe, recorder

    code = compile(CLASS + "x = V(2.0)\nw = V(3.0)\ny = x * w\n", observe.CELL, "exec")
    exec(code, namespace)  # noqa: S102 - our own class
    y = namespace["y"]
    y.grad = 1.0
    stop = observe.install(observe.Observer(rec))
    recorder.ACTIVE = rec
    try:
        y._backward()
    finally:
        stop()
        recorder.ACTIVE = None
    quoted = graph_record(y, rec.steps, source=CLASS + "x = V(2.0)\nw = V(3.0)\ny = x * w\n")
    assert texts(quoted["backward"][0]) == [
        "(2).grad += (3).data × (2*3).grad = 0.0000 + 3.0000 × 1.0000 = 3.0000",
        "(3).grad += (2).data × (2*3).grad = 0.0000 + 2.0000 × 1.0000 = 2.0000",
    ]
    bare = graph_record(y, rec.steps)  # no program text: no `code`, no `ran`
    assert "ran" not in bare["backward"][0] and "code" not in bare["backward"][0]


def test_the_learners_closure_runs_once_per_recorded_call():
    """Quoting reads what the recorder read: the closure's side effects happen once a call."""
    source = CLASS.replace(
        "            self.grad += other.data * out.grad\n",
        "            CALLS.append(1)\n            print('mul backward')\n"
        "            self.grad += other.data * out.grad\n",
    ) + (
        "CALLS = []\nx = V(2.0)\nw = V(3.0)\ny = x * w\nz = y * w\nz.grad = 1.0\n"
        "z._backward()\ny._backward()\nprint(len(CALLS))\n"
    )
    result = run_program(source)
    assert result["output"] == "mul backward\nmul backward\n2\n"
    found = steps(result)
    assert len(found) == 2
    assert all("ran" not in s for s in found)  # a print is not a grad line: not quoted


def _with_rule(rule: str, program: str) -> dict:
    """CLASS with exp's closure body replaced by the lines of `rule`."""
    body = "".join(f"            {line}\n" for line in rule.splitlines())
    source = CLASS.replace("            self.grad += out.data * out.grad\n", body)
    return run_program(source + program)


def test_a_local_that_reads_a_node_is_quoted_and_put_in():
    result = _with_rule(
        "t = out.data\nself.grad += t * out.grad",
        "x = V(0.5)\ny = x.exp()\ny.grad = 2.0\ny._backward()\n",
    )
    (step,) = steps(result)
    assert texts(step) == [
        "t = y.data = 1.6487",
        "x.grad += t × y.grad = 0.0000 + 1.6487 × 2.0000 = 3.2974",
    ]
    assert [line["child"] for line in step["ran"]][0] is None  # a local sets no input's grad


def test_a_local_of_several_terms_is_put_in_as_written_in_brackets():
    result = _with_rule(
        "local = 1 - out.data\nself.grad += local * out.grad",
        "x = V(0.5)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n",
    )
    (step,) = steps(result)
    assert texts(step) == [
        "local = 1 - y.data = 1 - 1.6487",
        "x.grad += local × y.grad = 0.0000 + (1 - 1.6487) × 1.0000 = -0.6487",
    ]


def test_a_negative_local_keeps_its_brackets_only_as_an_operand():
    result = _with_rule(
        "g = out.grad\nself.grad += g * float(g)",
        "x = V(0.5)\ny = x.exp()\ny.grad = -2.0\ny._backward()\n",
    )
    (step,) = steps(result)
    assert texts(step) == [
        "g = y.grad = -2.0000",
        "x.grad += g × float(g) = 0.0000 + (-2.0000) × float(-2.0000) = 4.0000",
    ]


def test_a_local_set_twice_or_changed_falls_back():
    for rule in ("t = out.data\nt = t * 2\nself.grad += t", "t = out.data\nt += 1\nself.grad += t"):
        result = _with_rule(rule, "x = V(0.5)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n")
        (step,) = steps(result)
        assert "ran" not in step, rule


def test_locals_alone_quote_nothing():
    result = _with_rule(
        "t = out.data\nprint(t)", "x = V(0.5)\ny = x.exp()\ny.grad = 1.0\ny._backward()\n"
    )
    (step,) = steps(result)
    assert "ran" not in step
