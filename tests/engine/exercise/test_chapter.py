"""The built-in chapter's checks (exercises/NN-name.md: starter, setup, check, solution, read
by chapter_blocks): each solution passes every check, each starter fails one with a message,
and each wrong solution in chapter/NN-name/ (wrong_*.diff, the solution changed; read by
wrong_solutions) — a known mistake, written the way learners write it — fails first with its
own kind and message, located on the right probe, node, input and call. In CPython and inside
Pyodide (tests/pyodide/run.sh).

A wrong solution says what it expects in its first lines: `# kind:`, `# probe:`, `# node:` and
`# input:` (as the record shows them), `# step:` (the index of the call in the record's
backward steps), `# says:` (part of the message).
"""

from pathlib import Path

import pytest

from engine.exercise import run_checks
from tests.engine.exercise.chapter_blocks import blocks, exercise_files
from tests.engine.exercise.wrong_solutions import CHAPTER, Wrong, wrong_solutions

EXERCISES = exercise_files()
WRONG = [
    pytest.param(ex, w, id=f"{ex.stem}-{w.name}") for ex in EXERCISES for w in wrong_solutions(ex)
]
KNOWN_MISTAKES = {"overwrite", "swapped", "no-out-grad", "tanh-x", "not-zeroed", "not-seeded",
                  "order", "recursion", "no-inputs", "missing-op"}  # fmt: skip


def _run(exercise: Path, code: str) -> dict:
    block = blocks(exercise)
    return run_checks(code, block["check"], block.get("setup", ""))


def test_the_chapter_has_eight_exercises_each_with_three_wrong_solutions():
    assert len(EXERCISES) >= 8
    for ex in EXERCISES:
        assert len(wrong_solutions(ex)) >= 3, ex.name
    assert sorted(p.name for p in CHAPTER.iterdir()) == [ex.stem for ex in EXERCISES]


def test_every_known_mistake_has_a_wrong_solution():
    kinds = {w.expected["kind"] for ex in EXERCISES for w in wrong_solutions(ex)}
    assert kinds >= KNOWN_MISTAKES


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda p: p.stem)
def test_the_solution_passes_every_check(exercise):
    result = _run(exercise, blocks(exercise)["solution"])
    failed = [c["message"] for c in result["checks"] if not c["passed"]]
    assert failed == [] and result["passed"] and result["error"] is None
    assert result["total"] >= 3


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda p: p.stem)
def test_the_starter_fails_with_a_message(exercise):
    result = _run(exercise, blocks(exercise)["starter"])
    assert not result["passed"]
    first = next(c for c in result["checks"] if not c["passed"])
    assert len(first["message"]) > 20


def _shown(record: dict, uid: str) -> str:
    return next(n["shown"] for n in record["nodes"] if n["id"] == uid)


@pytest.mark.parametrize(("exercise", "wrong"), WRONG)
def test_each_wrong_solution_fails_with_its_mistake_located(exercise: Path, wrong: Wrong):
    want = wrong.expected
    result = _run(exercise, wrong.code)
    assert not result["passed"]
    first = next(c for c in result["checks"] if not c["passed"])
    assert first["kind"] == want["kind"], first["message"]
    assert want["says"] in first["message"]
    located = first["located"]
    if "probe" in want:
        where = located["probe"] if located else first["message"]
        assert want["probe"] in where
    if "node" in want:
        assert _shown(located["record"], located["node"]) == want["node"]
    if "input" in want:
        assert _shown(located["record"], located["input"]) == want["input"]
    if "step" in want:
        step = int(want["step"])
        assert located["step"] == step
        assert located["record"]["backward"][step]["node"] == located["node"]
