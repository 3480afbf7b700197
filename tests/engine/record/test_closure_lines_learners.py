"""engine.record.closure_lines on learners' own engines (tests/programs/learners/): micrograd's
shape, grads that start as None, a float subclass and __slots__ are quoted; rules written as
methods, and micrograd's own Value (the engine's rules), are not; across the corpus each quoted
line names an input of its step and ends in its grad."""

import pytest

from engine.worker.runner import run_program
from tests.engine.record.closures import steps, texts
from tests.programs import learners, program


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
    result = run_program(learners.program("g01_micrograd_shape"))
    first, *_ = found = steps(result)
    assert texts(first) == [
        "n.grad += (1 - t**2) × o.grad = 0.0000 + (1 - 0.7071**2) × 1.0000 = 0.5000"
    ]
    every = [t for s in found for t in texts(s)]
    assert "x1.grad += w1.data × (x1*w1).grad = 0.0000 + (-3.0000) × 0.5000 = -1.5000" in every
    assert "w2.grad += x2.data × (x2*w2).grad = 0.0000 + 0.0000 × 0.5000 = 0.0000" in every
    assert "b.grad += n.grad = 0.0000 + 0.5000 = 0.5000" in every


def test_learner_grads_that_start_as_none():
    result = run_program(learners.program("g16_grad_none"))
    every = [t for s in steps(result) for t in texts(s)]  # its own pass walks a set: any order
    assert (
        "(w2 + (-5)).grad = ((w2 + (-5)).grad or 0) + k × (w2 + (-5)).data ** (k - 1)"
        " × ((w2 + (-5))**).grad = (None or 0) + 2 × (-2.0000) ** (2 - 1) × 0.5000 = -2.0000"
    ) in every


def test_learner_float_subclass_and_slots():
    floats = run_program(learners.program("h03_float_subclass"))
    every = [t for s in steps(floats) for t in texts(s)]
    assert "a.grad += float(b) × f(a, b).grad = 0.0000 + float(-2.0000) × 1.0000 = -2.0000" in every
    slots = run_program(learners.program("h02_slots"))
    first = steps(slots)[0]
    assert texts(first) == [
        "(x*w + b).grad += s × (1 - s) × o.grad = 0.0000 + 0.3775 × (1 - 0.3775) × 1.0000 = 0.2350"
    ]


def test_method_rules_fall_back():
    """h04's rules are methods `_backward(self)` that branch on the op: not quoted."""
    result = run_program(learners.program("h04_method_rules_gelu"))
    found = steps(result)
    assert found and all("ran" not in s for s in found)
    assert found[0]["changes"][0]["explain"] == "add(mul(x, w), 0.5).grad: 0.0000 → 0.1325"


@pytest.mark.parametrize("name", learners.programs())
def test_every_learner_quotes_or_falls_back(name):
    """Across the corpus: each quoted line names an input of its step and ends in its grad."""
    result = run_program(learners.program(name))
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
