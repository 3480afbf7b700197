"""Every learner's engine: the corpus in tests/programs/learners/, each a complete program with
its own Value class (inputs in a dict default, a list, `parents`, `inputs`, ...; no `_op`;
`grad` None; int, bool and Fraction data; `__slots__`; a dataclass; an unhashable `__eq__`;
rules named `_backward`, `backward`, `_backward_fn`, `grad_fn` or written as methods; ...).

The oracle is the learner's own code: the program is run as plain Python (nothing watching),
and the page's graph of it must have the same leaves with the same data and grads. Then the
gradient check, which reruns the learner's own operators, must agree with those grads. A
program whose values the page can't read must get a message naming what was found.
"""

import contextlib
import io
import math
import re

import pytest

from engine.record.graph_record import grads_at
from engine.worker.playground import act, run_in_worker
from tests.programs import learners

PROGRAMS = learners.programs()
LOOP_VARIABLES = {"v", "node", "child", "kid", "p"}  # the corpus's helpers' loop variables


def _header(source: str, key: str) -> str:
    found = re.search(rf"^# {key}: (.*)$", source, re.M)
    return found.group(1).strip() if found else ""


def _plain(source: str) -> dict:
    """The program run as plain Python: its top-level variables."""
    namespace: dict = {"__name__": "__main__"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, "<plain>", "exec"), namespace)  # noqa: S102 - our own corpus
    return namespace


def _number(obj) -> float:
    data = getattr(obj, "data", obj)
    return float(data)


def _grad(obj) -> float:
    return 0.0 if obj.grad is None else float(obj.grad)


def test_the_corpus_is_big_enough():
    assert len(PROGRAMS) >= 40


@pytest.mark.parametrize("name", PROGRAMS)
def test_each_program_is_drawn_with_its_own_numbers_or_told_why_not(name):
    source = PROGRAMS[name]
    result = run_in_worker(source)
    assert result["language"] == "python"
    assert result["ok"], result["error"]
    message = _header(source, "expect: message")
    if message:
        assert result["graphs"] == []
        assert message in result["note"], result["note"]
        assert "the page reads" in result["note"]
        return
    assert result["note"] == ""
    root, leaves = _header(source, "root"), _header(source, "leaves").split()
    plain = _plain(source)
    record = result["graphs"][result["chosen"]]["record"]
    assert record["title"] == root
    final = grads_at(record, len(record["backward"]))
    by_label = {n["label"]: n for n in record["nodes"] if n["label"]}
    for name in leaves:
        node = by_label.get(name)
        assert node is not None, f"{name} is missing from the graph"
        assert node["leaf"]
        assert node["data"] == _number(plain[name])
        assert final[node["id"]] == _grad(plain[name]), name
    out = next(n for n in record["nodes"] if n["id"] == record["output"])
    assert out["label"] == root and out["data"] == _number(plain[root])
    assert final[out["id"]] == _grad(plain[root])
    assert not LOOP_VARIABLES & set(by_label), "a loop variable named a value"
    for label, node in by_label.items():  # every name is the program's, for that very value
        assert label in plain and node["data"] == _number(plain[label]), label

    check = act(result["chosen"], "check", {})
    assert check["ok"], check
    rows = {r["name"]: r for r in check["rows"]}
    assert set(leaves) <= set(rows)
    assert check["mismatches"] == [], check["rows"]
    for name in leaves:
        assert math.isclose(rows[name]["numeric"], _grad(plain[name]), rel_tol=1e-4, abs_tol=1e-6)
