"""engine.record.call_grads: each datapoint's part of a parameter's grad. The oracle: the parts
of all the points add up to the grad the whole pass left (the loss is a sum over the points,
so nothing else adds to a weight's grad); and a point's part is the grad of that point's own
term of the loss, computed by a second, separate backward pass."""

import math

import pytest

from engine.record.call_grads import call_grads
from engine.worker.runner import run_program
from tests.engine.record.groups_programs import ENGINE_MLP


def record_of(source: str) -> dict:
    result = run_program(source)
    assert result["ok"], result["error"]
    return result["graphs"][result["chosen"]]["record"]


def test_one_call_has_no_parts():
    assert record_of(ENGINE_MLP.replace("CALLS", "1"))["call_grads"] == []


def test_the_points_parts_add_up_to_each_parameters_grad():
    record = record_of(ENGINE_MLP.replace("CALLS", "3"))
    parts = record["call_grads"]
    assert [p["call"] for p in parts] == [0, 1, 2]
    params = set(parts[0]["grads"])
    assert len(params) == 337  # MLP(2, [16, 16, 1]): 48 + 272 + 17
    for param in params:
        total = sum(p["grads"][param]["grad"] for p in parts)
        assert total == pytest.approx(record["grads"][param], rel=1e-12, abs=1e-15)
    assert any(
        p["grads"][param]["grad"] != parts[0]["grads"][param]["grad"]
        for p in parts
        for param in params
    )


def test_a_points_part_is_the_grad_of_its_own_term():
    seeded = "import random\nrandom.seed(5)\n" + ENGINE_MLP.replace("CALLS", "3")
    record = record_of(seeded)
    # The same network (same seed) on the second point alone: its own term's grads.
    alone = record_of(seeded.replace("for x in xs:", "for x in xs[1:2]:"))
    assert alone["call_grads"] == []
    mine = next(g for g in record["groups"] if g["parent"] is None and g["call"] == 1)["params"]
    theirs = alone["groups"][0]["params"]  # parameters() order: the same weights
    own = record["call_grads"][1]["grads"]
    for param, same in zip(mine, theirs, strict=True):
        assert own[param]["grad"] == pytest.approx(alone["grads"][same], rel=1e-12, abs=1e-15)


def test_last_step_is_the_last_step_of_that_call_that_changed_it():
    record = record_of(ENGINE_MLP.replace("CALLS", "2"))
    call_of = {n: g["call"] for g in record["groups"] for n in g["nodes"]}
    for part in record["call_grads"]:
        for param, entry in part["grads"].items():
            steps = [
                s["index"]
                for s in record["backward"]
                if call_of.get(s["node"]) == part["call"]
                and any(c["node"] == param and c["before"] != c["after"] for c in s["changes"])
            ]
            assert entry["last_step"] == (steps[-1] if steps else None)


def test_non_finite_increments_are_carried_as_the_record_carries_them():
    groups = [
        {"id": "g0", "parent": None, "call": 0, "nodes": ["n2"], "params": ["n0"]},
        {"id": "g1", "parent": None, "call": 1, "nodes": ["n3"], "params": ["n0"]},
    ]
    change = {"node": "n0", "before": 0.0, "after": "inf"}
    backward = [
        {"index": 0, "kind": "seed", "node": "n4", "changes": []},
        {"index": 1, "kind": "backward", "node": "n2", "changes": [change]},
    ]
    parts = call_grads(groups, backward)
    assert parts[0]["grads"]["n0"] == {"grad": "inf", "grad_text": "inf", "last_step": 1}
    assert parts[1]["grads"]["n0"] == {"grad": 0.0, "grad_text": "0.0000", "last_step": None}
    assert math.isinf(float(parts[0]["grads"]["n0"]["grad"]))
