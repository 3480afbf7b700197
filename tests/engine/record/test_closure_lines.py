"""engine.record.closure_lines: a learner's own `_backward` quoted with names and numbers
(`ran`): the lines that ran, `=` for `+=`, a grad read twice in one call, non-finite numbers;
a closure that branches or prints, or a run without its source, falls back to the step. Locals
in the closure: test_closure_lines_locals.py; the learners' corpus:
test_closure_lines_learners.py."""

from engine.record.graph_record import graph_record
from engine.record.recorder import Recorder
from engine.worker.runner import run_program
from tests.engine.record.closures import CLASS, steps, texts
from tests.programs import program


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
