"""engine.worker.whatif_code: a learner's own program run again with a what-if number written where
their code makes the leaf, so names, the program's own steps and its Output stay one run's."""

import pytest

from engine.record import creators
from engine.worker.playground import run, run_in_worker
from engine.worker.runner import run_program
from engine.worker.whatif_code import Site, find, rewrite
from tests.programs import learners, program

OWN_CLASS = program("own_class_what_if")


def sites_of(source: str, names: list[str]) -> dict[str, Site]:
    keep: dict = {}
    run_program(source, keep=keep)
    variables = keep["names"]
    leaves = {}
    for key, name in variables.items():
        if name in names:
            leaves[name] = next(
                v for root in keep["roots"] if root is not None for v in _walk(root) if id(v) == key
            )
    return find(source, leaves, variables)


def _walk(root):
    seen, stack = [], [root]
    while stack:
        v = stack.pop()
        if all(v is not s for s in seen):
            seen.append(v)
            stack.extend(getattr(v, "_prev", ()))
    return seen


def test_a_number_written_on_one_line_is_found_and_rewritten():
    sites = sites_of(OWN_CLASS, ["a", "b"])
    assert sites["a"].code == 2.0 and not sites["a"].why
    assert sites["b"].code is None
    assert "b is not a number written in the code: line 18" in sites["b"].why
    changed = rewrite(OWN_CLASS, sites, {"a": -7.5, "b": 1.0})
    assert "a = V(-7.5)\n" in changed
    assert 'b = V(float("3"))' in changed  # a value that can't be set stays as written
    assert changed.count("\n") == OWN_CLASS.count("\n")  # lines keep their numbers


def test_tuples_labels_and_values_made_elsewhere():
    source = OWN_CLASS.split("a = V(2.0)")[0] + (
        "def make(x):\n    return V(x)\na, b = V(2.0), V(3)\nc = make(4.0)\nd = a * b * c\n"
    )
    sites = sites_of(source, ["a", "b", "c"])
    assert (sites["a"].code, sites["b"].code) == (2.0, 3.0)
    assert "made inside make()" in sites["c"].why
    assert "a, b = V(5.0), V(3)\n" in rewrite(source, sites, {"a": 5.0})
    assert rewrite(source, sites, {"a": 2.0}) == source  # the code's own number: no change


def test_micrograd_values_with_labels():
    source = program("neuron_by_hand")
    result = run_in_worker(source, "correct", {"x1": 3.0})
    fields = {f["name"]: f for f in result["what_if"]}
    assert fields["x1"]["code"] == 2.0 and fields["w1"]["code"] == -3.0
    # w1.grad = x1 * (1 - o**2) at x1 = 3: the program's own print, from the rerun
    assert "w1 0.1685" in result["output"]


def test_a_what_if_run_keeps_names_steps_and_output():
    plain = run_in_worker(OWN_CLASS)
    changed = run_in_worker(OWN_CLASS, "correct", {"a": 5.0})
    labels = [(n["label"], n["data"]) for n in changed["trace"]["nodes"]]
    assert labels == [("a", 5.0), ("b", 3.0), ("c", 15.0)]
    assert len(changed["trace"]["backward"]) == len(plain["trace"]["backward"]) == 1
    assert changed["output"] == "c 15.0\n"
    assert changed["what_if"] == plain["what_if"]  # the fields are the code's
    assert creators.MADE  # the rerun's values are the live ones


def test_expression_fields_say_the_codes_numbers():
    fields = run("w1 = 2.0\nz = w1 * x", "correct", {"w1": 7.0, "x": 3.0})["what_if"]
    assert fields == [
        {"name": "w1", "code": 2.0, "why": ""},
        {"name": "x", "code": 1.0, "why": ""},  # never assigned: the language's default
    ]


CORPUS = learners.programs()


@pytest.mark.parametrize("name", CORPUS)
def test_every_learners_class_reruns_with_a_what_if_value(name: str):
    """Each settable leaf of the corpus takes its new value, and the graph keeps its names and
    the program's own steps; a leaf that can't be set says why."""
    source = CORPUS[name]
    plain = run_in_worker(source)
    for field in plain["what_if"]:
        if field["why"]:
            assert field["code"] is None
            assert "change the code to try another value" in field["why"]
            continue
        x = field["code"] + 1
        changed = run_in_worker(source, "correct", {field["name"]: x})
        before, after = plain["trace"], changed["trace"]
        assert [n["label"] for n in after["nodes"]] == [n["label"] for n in before["nodes"]]
        assert len(after["backward"]) == len(before["backward"])
        assert [n["data"] for n in after["nodes"] if n["label"] == field["name"]] == [x]
        assert changed["what_if"] == plain["what_if"]
