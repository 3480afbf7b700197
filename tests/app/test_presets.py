"""The presets parse (the expression language's) or run (the Python ones, in the runner the
worker uses), the MLP preset is the size the design expects, and the moons preset's batch fits
under the node cap with the moons picture's own points."""

import re

import pytest

from app.presets import DEFAULT_SOURCE, MLP_SEED, MOONS_PYTHON, NEURON, PRESETS, mlp_loss_source
from engine import parse, trace
from engine.graph import topological_order
from engine.language.prescan import MAX_OPERATORS_PER_STATEMENT, MAX_SOURCE_CHARS
from engine.record.walked import MAX_NODES
from engine.worker import moons
from engine.worker.playground import is_python_only, run_in_worker
from engine.worker.runner import run_program

EXPRESSIONS = [p for p in PRESETS if not is_python_only(p.source)]
PYTHON = [p for p in PRESETS if is_python_only(p.source)]  # run by the worker only


@pytest.mark.parametrize("preset", EXPRESSIONS, ids=lambda p: p.name)
def test_every_expression_preset_parses(preset):
    program = parse(preset.source)
    assert program.output is not None
    assert preset.name and preset.to_json() == {"name": preset.name, "source": preset.source}


@pytest.mark.parametrize("preset", PYTHON, ids=lambda p: p.name)
def test_every_python_preset_runs_in_the_worker_and_folds(preset):
    """As the engine worker runs it (the server never does): a graph with its modules' groups,
    under the record's cap, and no error."""
    result = run_in_worker(preset.source)
    assert result["language"] == "python" and result["error"] is None, result["error"]
    record = result["trace"]
    assert record["groups"], "a Python preset is there to fold by its modules"
    assert len(record["nodes"]) <= MAX_NODES
    assert len(preset.source) < MAX_SOURCE_CHARS


def test_the_moons_preset_is_a_batch_of_the_moons_pictures_points_under_the_cap():
    result = run_program(MOONS_PYTHON)
    assert result["ok"], result["error"]
    record = result["graphs"][result["chosen"]]["record"]
    assert record["title"] == "loss"
    assert 6_000 < len(record["nodes"]) < MAX_NODES // 2  # room to spare under the cap
    assert sorted({g["call"] for g in record["groups"]}) == list(range(moons.POINTS))
    # The program's own moons(100) makes the points the moons picture draws.
    namespace: dict = {}
    exec(MOONS_PYTHON.split("random.seed")[0], namespace)  # its imports and moons()
    namespace["random"].seed(MLP_SEED)
    assert namespace["moons"](moons.POINTS) == moons.moons()
    assert MLP_SEED == moons.SEED


def test_the_default_is_the_seeds_neuron():
    assert DEFAULT_SOURCE == NEURON == PRESETS[0].source
    grads = {v.label: v.grad for v in _traced(NEURON)}
    assert grads["x1"] == pytest.approx(-1.5)
    assert grads["w1"] == pytest.approx(1.0)


def _traced(source):
    program = parse(source)
    trace(program)
    return topological_order(program.output)


def test_the_seeds_loss():
    grads = {v.label: v.grad for v in _traced(PRESETS[1].source)}
    assert (grads["w1"], grads["w2"]) == (pytest.approx(1.0), pytest.approx(-2.0))


def test_a_value_used_twice():
    grads = {v.label: v.grad for v in _traced(PRESETS[2].source)}
    assert grads["a"] == 2.0


def test_the_mlp_preset_size():
    source = PRESETS[3].source
    assert len(source) < MAX_SOURCE_CHARS
    program = parse(source)
    n_values = len(topological_order(program.output))
    assert 900 <= n_values <= 1100
    assert program.output.label == "loss"
    for statement in source.splitlines():
        operators = sum(statement.count(c) for c in "+-*/=")
        assert operators < MAX_OPERATORS_PER_STATEMENT, statement


def test_the_mlp_preset_names_its_parameters():
    source = PRESETS[3].source
    assert re.search(r"^w1_0_0 = -?\d\.\d{4}$", source, re.M)
    assert re.search(r"^h1_0 = tanh\(w1_0_0\*x0 \+ w1_0_1\*x1 \+ b1_0\)$", source, re.M)
    assert re.search(r"^h2_15 = tanh\(", source, re.M)
    assert re.search(r"^y = w3_0_0\*h2_0 \+ .* \+ b3_0$", source, re.M)
    assert source.rstrip().endswith("loss = (y - t)**2")
    assert parse(source).inputs == {}  # every name is assigned a number


def test_the_mlp_preset_is_deterministic():
    assert mlp_loss_source() == mlp_loss_source() == PRESETS[3].source
    assert mlp_loss_source(seed=MLP_SEED + 1) != PRESETS[3].source


def test_the_generator_scales():
    program = parse(mlp_loss_source((3, 4, 1)))
    assert "w2_0_3" in program.values and "h1_3" in program.values


def test_the_output_layer_has_one_neuron():
    with pytest.raises(ValueError):
        mlp_loss_source((2, 4, 2))
