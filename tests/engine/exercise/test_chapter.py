"""The built-in chapter's checks (exercises/NN-name.md: starter, setup, check, solution, read
by chapter_blocks): each solution passes every check, each starter fails one with a message,
and each wrong solution in chapter/NN-name/wrong_*.py — a known mistake, written the way
learners write it — fails first with its own kind and message, located on the right probe,
node, input and call. In CPython and inside Pyodide (tests/pyodide/run.sh).

A wrong solution says what it expects in its first lines: `# kind:`, `# probe:`, `# node:` and
`# input:` (as the record shows them), `# step:` (the index of the call in the record's
backward steps), `# says:` (part of the message).
"""

import re
from pathlib import Path

import pytest

from engine.exercise import run_checks
from tests.engine.exercise.chapter_blocks import blocks, exercise_files

CHAPTER = Path(__file__).parent / "chapter"  # the wrong solutions, a folder per exercise file
EXERCISES = exercise_files()
WRONG = [(ex, w) for ex in EXERCISES for w in sorted((CHAPTER / ex.stem).glob("wrong_*.py"))]
KNOWN_MISTAKES = {"overwrite", "swapped", "no-out-grad", "tanh-x", "not-zeroed", "not-seeded",
                  "order", "recursion", "no-inputs", "missing-op"}  # fmt: skip


def _run(exercise: Path, code: str) -> dict:
    block = blocks(exercise)
    return run_checks(code, block["check"], block.get("setup", ""))


def _expected(source: str) -> dict[str, str]:
    return dict(re.findall(r"^# (kind|probe|node|input|step|says): (.*)$", source, re.M))


def test_the_chapter_has_eight_exercises_each_with_three_wrong_solutions():
    assert len(EXERCISES) >= 8
    for ex in EXERCISES:
        assert len(list((CHAPTER / ex.stem).glob("wrong_*.py"))) >= 3, ex.name
    assert sorted(p.name for p in CHAPTER.iterdir()) == [ex.stem for ex in EXERCISES]


def test_every_known_mistake_has_a_wrong_solution():
    kinds = {_expected(w.read_text())["kind"] for _, w in WRONG}
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


@pytest.mark.parametrize(("exercise", "wrong"), WRONG, ids=lambda p: p.stem)
def test_each_wrong_solution_fails_with_its_mistake_located(exercise, wrong):
    source = wrong.read_text()
    want = _expected(source)
    result = _run(exercise, source)
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
