"""The built-in chapter (exercises/) reads, and docs/exercises.md's example is its first file
as it is, so that what a teacher copies is what the CLI checks."""

import ast
import re
from pathlib import Path

from app.exercises.chapter import load_chapter

ROOT = Path(__file__).resolve().parents[3]
API = {"same", "compare", "grads", "finite_difference", "run_closures"}  # the engine's others


def test_the_built_in_chapter_reads():
    chapter = load_chapter(ROOT / "exercises")
    first = chapter.exercises[0]
    assert (first.path.name, first.id, first.after) == ("01-value.md", "value", None)
    assert len(first.hints_html) >= 2 and "<math" in first.prompt_html


def test_the_first_exercise_checks_with_check_alone():
    check = load_chapter(ROOT / "exercises").exercises[0].check.code
    called = {
        node.func.id
        for node in ast.walk(ast.parse(check))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "check" in called and not called & API


def test_the_docs_example_is_the_first_exercise():
    docs = (ROOT / "docs" / "exercises.md").read_text()
    example = re.search(r"^````markdown\n(.*?)^````$", docs, re.S | re.M)
    assert example is not None
    assert example.group(1) == (ROOT / "exercises" / "01-value.md").read_text()
