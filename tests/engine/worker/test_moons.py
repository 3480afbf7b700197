"""engine.worker.moons: micrograd's two-moons demo — seeded data, the demo's step (checked against
the
same step written out with engine.Value), the decision boundary, and the worker's "train"."""

import gc
import random

import pytest

from engine.value import Value
from engine.worker import moons
from engine.worker.playground import act


def test_the_data_are_seeded_and_balanced():
    xs, ys = moons.moons()
    assert (xs, ys) == moons.moons()
    assert len(xs) == moons.POINTS and ys.count(1.0) == ys.count(-1.0) == moons.POINTS // 2
    assert moons.moons(seed=1)[0] != xs
    upper = [x for x, y in zip(xs, ys, strict=True) if y < 0]
    lower = [x for x, y in zip(xs, ys, strict=True) if y > 0]
    assert sum(p[1] for p in upper) / len(upper) > sum(p[1] for p in lower) / len(lower)


def test_the_model_is_seeded_and_leaves_the_interpreters_random_alone():
    random.seed(5)
    expected = random.random()
    random.seed(5)
    a, b = moons.model(), moons.model()
    assert random.random() == expected
    assert [p.data for p in a.parameters()] == [p.data for p in b.parameters()]
    assert len(a.parameters()) == 2 * 16 + 16 + 16 * 16 + 16 + 16 + 1


def test_a_step_equals_the_demo_written_out_with_values():
    training = moons.Training()
    row = training.step()
    # micrograd's demo, by hand, on a fresh copy of the same model and data
    net = moons.model()
    xs, ys = moons.moons()
    scores = [net([Value(a), Value(b)]) for a, b in xs]
    hinge = [(1 + -y * s).relu() for y, s in zip(ys, scores, strict=True)]
    total = sum(hinge) * (1.0 / len(hinge)) + 1e-4 * sum(p * p for p in net.parameters())
    net.zero_grad()
    total.backward()
    for p in net.parameters():
        p.data -= 1.0 * p.grad  # the rate at step 0
    assert row["loss"] == total.data
    right = sum((y > 0) == (s.data > 0) for y, s in zip(ys, scores, strict=True))
    assert row["accuracy"] == right / len(ys)
    assert [p.data for p in training.net.parameters()] == [p.data for p in net.parameters()]


def test_predict_is_the_models_forward_pass():
    net = moons.model()
    for x in ([0.0, 0.0], [1.5, -0.3], [-1.0, 1.2]):
        assert moons.predict(net, x) == net([Value(x[0]), Value(x[1])]).data


def test_training_lowers_the_loss_and_draws_the_boundary():
    assert act(0, "train", {"restart": True})["start"]["grid"]["step"] == 0
    rows = [act(0, "train", {"steps": 1}) for _ in range(moons.GRID_EVERY)]
    losses = [r["history"][0]["loss"] for r in rows]
    assert [r["history"][0]["step"] for r in rows] == list(range(moons.GRID_EVERY))
    assert losses[-1] < 0.5 * losses[0]
    assert [("grid" in r) for r in rows] == [False] * (moons.GRID_EVERY - 1) + [True]
    grid = rows[-1]["grid"]
    assert len(grid["sign"]) == len(grid["x"]) == moons.GRID
    assert {s for row in grid["sign"] for s in row} == {-1, 1}  # a boundary, not one colour


def test_training_stops_after_the_demos_steps(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(moons, "POINTS", 6)
    monkeypatch.setattr(moons, "STEPS", 3)
    start = act(0, "train", {"restart": True})["start"]
    assert len(start["points"]) == len(start["labels"]) == 6 and start["steps"] == 3
    answers = [act(0, "train", {"steps": 2}), act(0, "train", {"steps": 2})]
    assert [len(a["history"]) for a in answers] == [2, 1]
    assert [a["done"] for a in answers] == [False, True] and "grid" in answers[1]
    assert act(0, "train", {"steps": 1})["history"] == []
    assert [h["rate"] for a in answers for h in a["history"]] == pytest.approx([1.0, 0.7, 0.4])


def test_a_step_leaves_the_garbage_collector_as_it_found_it():
    training = moons.Training()
    training.step()
    assert gc.isenabled()
    gc.disable()
    try:
        training.step()
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert training.step(pause_gc=False)["step"] == 2
