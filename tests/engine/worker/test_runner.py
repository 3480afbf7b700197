"""engine.worker.runner: a learner's real Python, every `_backward()` call it makes recorded."""

import json
import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Value
from engine.record.graph_record import grads_at
from engine.worker.report import MAX_OUTPUT
from engine.worker.runner import run_program
from tests.engine.conftest import examples
from tests.engine.expressions import Expr, as_python, expressions
from tests.programs import program

HANG_CEILING_S = 60  # seconds: a ceiling that catches a hang, never a timing (bench/ has those)


def chosen(result: dict) -> dict:
    return result["graphs"][result["chosen"]]["record"]


def by_name(record: dict, values: dict) -> dict:
    names = {n["id"]: n["name"] for n in record["nodes"]}
    return {names[k]: v for k, v in values.items()}


def final_grads(record: dict) -> dict:
    return by_name(record, grads_at(record, len(record["backward"])))


def test_neuron_by_hand_is_recorded_in_the_notebooks_order():
    result = run_program(program("neuron_by_hand"))
    assert result["ok"], result["error"]
    assert result["output"] == "x1 -1.5000 w1 1.0000 x2 0.5000 w2 0.0000\n"
    record = chosen(result)
    assert record["title"] == "o" and result["graphs"][result["chosen"]]["kind"] == "root"
    names = {n["id"]: n["name"] for n in record["nodes"]}
    order = [names[s["node"]] for s in record["backward"]]
    assert order == ["o", "n", "b", "(x1*w1 + x2*w2)", "(x2*w2)", "(x1*w1)"]
    grads = final_grads(record)
    assert grads["x1"] == pytest.approx(-1.5) and grads["w1"] == pytest.approx(1.0)
    assert grads["x2"] == pytest.approx(0.5) and grads["w2"] == 0.0
    assert grads["b"] == pytest.approx(0.5)
    start = by_name(record, {n["id"]: n["grad"] for n in record["nodes"]})
    assert start["o"] == 1.0 and start["x1"] == 0.0  # the program set o.grad before its calls
    first = record["backward"][0]
    assert first["lines"][0]["rule"] == "n.grad += (1 - o.data**2) * o.grad"


def test_own_class_with_children_backward_closures_and_a_descent_loop():
    result = run_program(program("own_class_descent"))
    assert result["ok"], result["error"]
    lines = result["output"].splitlines()
    assert [line.split()[-1] for line in lines[:4]] == ["2.5000", "0.6250", "0.1562", "0.0391"]
    assert lines[-1] == "w1 1.0010 w2 4.9980"
    record = chosen(result)
    assert record["title"] == "loss"
    steps = [s for s in record["backward"] if s["kind"] == "backward"]
    assert len(steps) == sum(1 for n in record["nodes"] if not n["leaf"])
    assert all("code" in s and "grad +=" in s["code"]["text"] for s in steps)
    # The last pass ran with the parameters before the last update: the record keeps those.
    w1, w2 = 2.0, 3.0
    for _ in range(9):
        w1, w2 = w1 - 0.5 * (w1 - 1), w2 - 0.5 * (w2 - 5)
    datas = by_name(record, {n["id"]: n["data"] for n in record["nodes"]})
    assert datas["w1"] == w1 and datas["w2"] == w2
    grads = final_grads(record)
    assert grads["w1"] == pytest.approx(w1 - 1) and grads["w2"] == pytest.approx(w2 - 5)


def test_the_equals_bug_shows_the_learners_wrong_numbers():
    result = run_program(program("overwrite_bug"))
    assert result["ok"], result["error"]
    assert result["output"] == "a.grad = 1.0\n"
    record = chosen(result)
    assert final_grads(record)["a"] == 1.0  # not 2: the second `=` overwrote the first
    assert record["title"] == "b" and len(record["backward"]) == 1


def test_micrograd_nn_pasted_whole_trains_three_steps():
    result = run_program(program("micrograd_nn"))
    assert result["ok"], result["error"]
    losses = [float(line.split()[1]) for line in result["output"].splitlines()]
    assert len(losses) == 3 and losses[2] < losses[0]
    record = chosen(result)
    assert record["title"] == "loss"
    assert len(record["backward"]) == sum(1 for n in record["nodes"] if not n["leaf"])


def test_micrograd_nn_matches_the_real_micrograd():
    real = pytest.importorskip("micrograd.engine")
    assert real.Value is not None
    import contextlib
    import io
    import random

    out = io.StringIO()
    random.seed(0)
    with contextlib.redirect_stdout(out):
        exec(program("micrograd_nn"), {"__name__": "__main__"})  # noqa: S102
    assert run_program(program("micrograd_nn"))["output"] == out.getvalue()


def test_the_standard_pass_when_the_program_never_runs_one():
    result = run_program("a = Value(2.0, label='a')\nb = a * a\nb.label = 'b'")
    graph = result["graphs"][result["chosen"]]
    assert graph["kind"] == "standard" and "never ran a backward pass" in graph["note"]
    record = graph["record"]
    assert [s["kind"] for s in record["backward"]] == ["seed", "backward"]
    assert final_grads(record) == {"a": 4.0, "b": 1.0}


def test_draw_dot_calls_are_snapshots():
    source = (
        "a = Value(2.0, label='a')\nb = a*a\nb.label = 'b'\ndraw_dot(b)\nb.backward()\ndraw_dot(b)"
    )
    result = run_program(source)
    kinds = [(g["title"], g["kind"]) for g in result["graphs"]]
    assert kinds == [("b", "root"), ("draw_dot(b)", "snapshot"), ("draw_dot(b) #2", "snapshot")]
    before, after = result["graphs"][1]["record"], result["graphs"][2]["record"]
    assert [n["grad"] for n in before["nodes"]] == [0.0, 0.0]
    assert [n["grad"] for n in after["nodes"]] == [4.0, 1.0]


def test_a_learners_own_draw_dot_is_a_snapshot_too():
    source = (
        "from graphviz import Digraph\n"
        "def draw_dot(root):\n"
        "    dot = Digraph(format='svg')\n"
        "    dot.node(name='x', label='x')\n"
        "    return dot\n"
        "a = Value(3.0)\n"
        "draw_dot(a * 2)\n"
    )
    result = run_program(source)
    assert result["ok"], result["error"]
    assert [g["kind"] for g in result["graphs"]] == ["standard", "snapshot"]


def test_set_children_are_ordered_by_birth_every_run():
    source = program("overwrite_bug") + "\nc = Value(1.0, label='c')\nd = c + b\nd.label = 'd'\n"

    def labels() -> list[str]:
        graphs = run_program(source)["graphs"]
        return [n["label"] for n in next(g for g in graphs if g["title"] == "d")["record"]["nodes"]]

    runs = [labels() for _ in range(3)]
    assert runs[0] == ["a", "b", "c", "d"] and runs[0] == runs[1] == runs[2]  # b is older than c


def test_shared_subexpressions_take_linear_time():
    source = "a = Value(1.0)\nfor _ in range(30):\n    a = a*0.5 + a*0.5\na.backward()"
    started = time.perf_counter()
    result = run_program(source)
    # A hang-catching ceiling, not a timing: 2**30 paths would take hours without a visited set.
    assert time.perf_counter() - started < HANG_CEILING_S
    assert len(chosen(result)["nodes"]) == 151


@pytest.mark.parametrize(
    ("source", "message", "line"),
    [
        ("x = [0] * 10**10", "Error: ", 1),  # MemoryError; OverflowError on wasm32
        ("def f():\n    return f()\nf()", "RecursionError", 2),
        ("import js\njs.fetch('/')", "No module named 'js' here", 1),
        ("import os", "can import micrograd", 1),
        ("vals = [Value(i) for i in range(10**6)]", "more than 20,000 values", 1),
        ("x = (1 +\ny = 2", "SyntaxError", 1),
        ("a = Value(1.0)\n\n1/0", "ZeroDivisionError", 3),
        ("try:\n    [Value(i) for i in range(10**6)]\nexcept Exception:\n    pass", "20,000", 2),
        (
            "class V:\n    def __init__(s, d):\n        s.data = d\n        s._prev = set()\n"
            "vs = [V(i) for i in range(10**6)]",
            "more than 20,000 values",
            2,
        ),
    ],
)
def test_hostile_programs_give_messages(source, message, line):
    started = time.perf_counter()
    result = run_program(source)
    assert time.perf_counter() - started < HANG_CEILING_S  # catches a hang, not a timing
    assert not result["ok"] and message in result["error"]["message"]
    assert result["error"]["line"] == line
    json.dumps(result, allow_nan=False)
    assert run_program("print(Value(2.0) * 3)")["output"] == "Value(data=6.0)\n"  # still works


def test_errors_point_at_the_learners_code():
    result = run_program("a = Value(1.0)\nb = a.nope + 1")
    error = result["error"]
    assert error["type"] == "AttributeError" and error["line"] == 2
    assert (error["col"], error["end_col"]) == (5, 11)
    assert "line 2, in the program" in error["traceback"] and "engine" not in error["traceback"]


def test_keyboard_interrupt_stops_a_run_cleanly():
    result = run_program("raise KeyboardInterrupt")
    assert result["error"]["message"] == "Stopped."


def test_output_is_capped():
    result = run_program(f"print('x' * {MAX_OUTPUT * 2})")
    assert len(result["output"]) < MAX_OUTPUT + 100 and "output cut" in result["output"]


def test_the_record_round_trips_through_json():
    result = run_program(program("own_class_descent") + "\nimport math\nq = Value(-1.0).log()")
    text = json.dumps(result, allow_nan=False)
    assert json.loads(text) == result


@settings(max_examples=examples(150))
@given(expressions(), st.floats(-2, 2), st.floats(-2, 2))
def test_recorded_grads_equal_backward_on_generated_programs(e: Expr, x: float, y: float):
    """The runner's record of a program ends where the same program's own backward() ends."""
    text = f"{as_python(x, y)}out = {e.text}\n"
    text += "out = _v(out) * 1.0\nout.backward()\n"
    result = run_program(text)
    assert result["ok"], result["error"]
    reference: dict = {"Value": Value}
    exec(text, reference)  # noqa: S102 - the same program, without the runner
    grads = final_grads(chosen(result))
    for name in ("x", "y"):
        if name in grads:
            want = reference[name].grad
            assert grads[name] == want or (math.isnan(want) and grads[name] == "nan")


def test_a_python_runs_json_sends_the_chosen_graph_once() -> None:
    from engine.worker.playground import run_in_worker, run_in_worker_json

    source = "from engine import Value\na = Value(2.0, label='a')\nb = a*a + 1\nprint(b.data)\n"
    ran = run_in_worker(source)
    sent = json.loads(run_in_worker_json(source))
    assert "trace" not in sent and "dot" not in sent  # the page points them back (engine-client)
    chosen = sent["graphs"][sent["chosen"]]
    assert chosen["record"] == json.loads(json.dumps(ran["trace"]))
    assert ran["dot"].startswith("digraph")  # a caller that draws it gets the DOT
    assert chosen["dot"] is None  # the page writes its own from the record
    assert chosen["kind"] == "standard"  # never ran backward: the standard pass, recorded once
    assert [s["kind"] for s in chosen["record"]["backward"]][:1] == ["seed"]
    # The expression language's answer keeps its own trace and DOT.
    assert "trace" in json.loads(run_in_worker_json("a = 2.0\nb = a*a + 1"))
