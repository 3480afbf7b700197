"""The built-in chapter (exercises/) reads, each exercise after the one before; the engine's
chapter tests read its code blocks as app.exercises does; and docs/exercises.md's example is
its first file as it is, so that what a teacher copies is what the CLI checks."""

import re
from pathlib import Path

from app.exercises.chapter import load_chapter
from tests.engine.exercise.chapter_blocks import blocks

ROOT = Path(__file__).resolve().parents[3]


def test_the_built_in_chapter_reads_each_exercise_after_the_one_before():
    chapter = load_chapter(ROOT / "exercises")
    first = chapter.exercises[0]
    assert (first.path.name, first.id, first.after) == ("01-value.md", "value", None)
    assert "<math" in first.prompt_html
    assert len(chapter.exercises) >= 8
    for before, exercise in zip(chapter.exercises, chapter.exercises[1:], strict=False):
        assert exercise.after == before.id, exercise.path.name
    for exercise in chapter.exercises:
        assert len(exercise.hints_html) >= 2, exercise.id


def test_the_engine_tests_read_the_blocks_app_exercises_reads():
    """tests/engine/exercise/chapter_blocks.py can't import app (nor run it in Pyodide)."""
    for exercise in load_chapter(ROOT / "exercises").exercises:
        read = {"starter": exercise.starter, "check": exercise.check, "solution": exercise.solution}
        if exercise.setup is not None:
            read["setup"] = exercise.setup
        assert blocks(exercise.path) == {name: b.code for name, b in read.items()}, exercise.id


def test_the_docs_example_is_the_first_exercise():
    docs = (ROOT / "docs" / "exercises.md").read_text()
    example = re.search(r"^````markdown\n(.*?)^````$", docs, re.S | re.M)
    assert example is not None
    assert example.group(1) == (ROOT / "exercises" / "01-value.md").read_text()
