"""engine.worker.session: the learner acts on the live graph — manual calls in any order, undo and
reset, gradient checks against finite differences, and descent — through
engine.worker.playground.act,
as the worker does."""

import runpy
from pathlib import Path

import pytest

from engine.worker import session, whatif
from engine.worker.playground import act, run_in_worker
from tests.programs import program

LOSS = "w1 = 2.0\nw2 = 3.0\nloss = ((w1 - 1)**2 + (w2 - 5)**2) * 0.5"
WRONG_MUL = program("own_class_descent").split("w1 = Value(2.0)")[0] + (
    "x = Value(2.0)\ny = Value(-3.0)\nout = x * y + x\nbackprop(out)\n"
)


# The table the page's Practice is held to as well (tests/js/learn/practice.test.mjs).
CLOSE_CASES = runpy.run_path(
    str(Path(__file__).resolve().parents[2] / "js" / "learn" / "close_cases.py")
)["CASES"]


@pytest.mark.parametrize(("a", "b", "expected"), CLOSE_CASES)
def test_close_enough_is_one_rule_for_the_engine_and_the_page(a, b, expected):
    assert session.close(a, b) is expected
    assert session.close(b, a) is expected


def names(graph: int = 0) -> dict[str, str]:
    """Node id -> name, from a check (every leaf) and a manual state (every node)."""
    return {row["node"]: row["name"] for row in act(graph, "check", {})["rows"]}


def test_descent_reproduces_the_seed_numbers():
    run_in_worker(LOSS)
    assert act(0, "parameters", {})["parameters"] == ["n0", "n6"]  # w1 and w2, not constants
    result = act(0, "descend", {"rate": 0.5, "steps": 10})
    losses = [h["loss"] for h in result["history"]]
    assert losses[:4] == [2.5, 0.625, 0.15625, 0.0390625]
    w1, w2 = result["parameters"]["n0"], result["parameters"]["n6"]
    assert (f"{w1:.4f}", f"{w2:.4f}") == ("1.0010", "4.9980")
    record = result["record"]
    assert [n["id"] for n in record["nodes"]] == [f"n{i}" for i in range(len(record["nodes"]))]
    # The graph says what the text says: the parameters after the last update (issue 23).
    leaves = {n["label"]: f"{n['data']:.4f}" for n in record["nodes"] if n["leaf"]}
    assert (leaves["w1"], leaves["w2"]) == ("1.0010", "4.9980")
    more = act(0, "descend", {"rate": 0.5, "steps": 1})  # goes on from the updated values
    assert more["history"][0]["loss"] < losses[-1]


def test_single_steps_equal_one_run_and_keep_the_graph_shape():
    shown = run_in_worker(LOSS)["trace"]  # the graph on screen: each round must fit its layout
    start = act(0, "descend", {"rate": 0.5, "steps": 1})
    assert act(0, "parameters", {})["names"] == {"n0": "w1", "n6": "w2"}
    steps = [start] + [act(0, "descend", {"rate": 0.5, "steps": 1}) for _ in range(9)]
    assert [s["history"][0]["loss"] for s in steps[:4]] == [2.5, 0.625, 0.15625, 0.0390625]
    assert steps[-1]["parameter_texts"] == {"n0": "1.0010", "n6": "4.9980"}
    run_in_worker(LOSS)  # the same ten rounds in one request
    assert act(0, "descend", {"rate": 0.5, "steps": 10})["parameters"] == steps[-1]["parameters"]
    shape = [(n["id"], n["label"], n["leaf"]) for n in shown["nodes"]]
    for step in (start, steps[-1]):
        assert [(n["id"], n["label"], n["leaf"]) for n in step["record"]["nodes"]] == shape
        assert step["record"]["edges"] == shown["edges"]


def test_descent_on_chosen_parameters_only():
    run_in_worker(LOSS)
    result = act(0, "descend", {"rate": 0.5, "steps": 1, "params": ["n6"]})  # w2 alone
    assert result["parameters"] == {"n6": 4.0}
    w1 = next(n for n in result["record"]["nodes"] if n["label"] == "w1")
    assert act(0, "descend", {"rate": 0.5, "steps": 1, "params": ["n6"]})["history"][0][
        "loss"
    ] == pytest.approx(0.5 * (w1["data"] - 1) ** 2 + 0.5 * (4.0 - 5) ** 2)


def test_manual_calls_in_the_notebook_order_give_the_correct_grads():
    run_in_worker(program("neuron_by_hand"))
    start = act(0, "manual_start", {})
    assert start["ready"] == ["n9"]  # only the output: nothing consumes it
    for node in ["n9", "n8", "n6", "n5", "n2"]:
        state = act(0, "call", {"node": node})
        assert state["step"]["early"] == ""
    assert state["wrong"] == {} and state["remaining"] == []
    assert state["grad_texts"]["n0"] == "-1.5000"


def test_a_call_made_too_early_is_explained_and_the_end_is_marked():
    run_in_worker(program("neuron_by_hand"))
    act(0, "manual_start", {})
    early = act(0, "call", {"node": "n8"})  # n before o: n.grad is still 0
    text = early["step"]["early"]
    assert text.startswith("n._backward() ran while n.grad was still 0.0000")
    assert "o._backward() had not run yet" in text and "b 0.0000" in text
    for node in ["n9", "n6", "n5", "n2"]:
        state = act(0, "call", {"node": node})
    assert set(state["wrong"]) >= {"n0", "n1", "n7"}  # x1, w1 and b stayed 0
    assert state["wrong"]["n0"]["correct_text"] == "-1.5000"


def test_undo_and_reset_restore_the_exact_grads():
    run_in_worker(program("neuron_by_hand"))
    before = act(0, "reset", {})["grads"]  # the program's own grads, as it left them
    act(0, "manual_start", {})
    act(0, "call", {"node": "n9"})
    first = session.session(0).state()["grads"]
    act(0, "call", {"node": "n8"})
    act(0, "undo", {})
    assert session.session(0).state()["grads"] == first
    assert act(0, "reset", {})["grads"] == before


def test_a_call_answers_with_the_grads_it_changed_only():
    run_in_worker(program("neuron_by_hand"))
    start = act(0, "manual_start", {})
    assert len(start["grads"]) == 10  # every grad: 0, and the output's 1
    first = act(0, "call", {"node": "n9"})  # o._backward(): only n's grad moves
    assert first["grad_texts"] == {"n8": "0.5000"}
    assert act(0, "call", {"node": "n9"})["grad_texts"] == {"n8": "1.0000"}  # += again
    assert act(0, "undo", {})["grad_texts"] == {"n8": "0.5000"}
    assert act(0, "undo", {})["grad_texts"] == {"n8": "0.0000"}


def test_gradient_check_passes_a_correct_program():
    run_in_worker(program("neuron_by_hand"))
    check = act(0, "check", {})
    assert check["mismatches"] == [] and len(check["rows"]) == 5
    assert check["say"].startswith("Every leaf's grad matches")


def test_gradient_check_catches_the_equals_bug():
    result = run_in_worker(program("overwrite_bug"))
    check = act(result["chosen"], "check", {})
    assert check["mismatches"] == ["a"]
    row = check["rows"][0]
    assert row["autograd"] == 1.0 and row["numeric"] == pytest.approx(2.0)


def test_gradient_check_catches_a_wrong_mul_backward():
    source = WRONG_MUL.replace(
        "self.grad += other.data * out.grad", "self.grad += out.grad"
    )  # x's contribution through x*y ignores y
    result = run_in_worker(source)
    assert result["ok"], result["error"]
    check = act(result["chosen"], "check", {})
    rows = {r["name"]: r for r in check["rows"]}
    assert not rows["x"]["ok"] and rows["x"]["numeric"] == pytest.approx(-2.0)


def test_a_kink_is_not_a_mismatch():
    run_in_worker("x = 0.0\ny = relu(x) * 3")
    row = act(0, "check", {})["rows"][0]
    assert row["kink"] and row["ok"]


def test_bad_requests_are_messages():
    run_in_worker(LOSS)
    assert act(7, "check", {})["error"]["message"].startswith("that graph is gone")
    assert "unknown action" in act(0, "fly", {})["error"]["message"]
    assert not act(0, "call", {"node": "n99"})["ok"]
    assert act(0, "call", {"node": "n0"})["ok"]  # a leaf's _backward does nothing, but may run


def test_descent_s_parameters_are_the_named_leaves_of_what_if():
    """One rule of a named leaf (engine.record.walked.leaf_name): a label, else the variable,
    when it is an identifier; a label a link could not carry names nothing."""
    source = (
        "from engine import Value\n"
        "a = Value(2.0, label='a b')\n"
        "w = Value(3.0)\n"
        "c = Value(1.0, label='c')\n"
        "out = a * w + c\n"
        "out.backward()\n"
    )
    result = run_in_worker(source)
    assert result["ok"], result
    answer = act(0, "parameters", {})
    assert sorted(answer["names"].values()) == ["c", "w"]
    live = session.session(0)
    assert sorted(whatif.leaf_names(live.order, live.names).values()) == ["c", "w"]
    record = result["graphs"][result["chosen"]]["record"]  # what the page's What-if fields read
    by_id = {n["id"]: n for n in record["nodes"]}
    assert sorted(by_id[uid]["label"] for uid in record["named_leaves"]) == ["c", "w"]
