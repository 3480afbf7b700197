"""The built-in chapter's code blocks (exercises/*.md), read with the smallest reader that
finds them.

app.exercises is the one reader of the exercise format (docs/exercises.md), but tests/engine
imports no app and runs inside Pyodide too, where app's dependencies are not: so the
chapter's engine tests take the named fenced blocks with one pattern, and
tests/app/exercises/test_builtin_chapter.py checks that it reads what app.exercises reads,
file by file.
"""

import re
from pathlib import Path

EXERCISES = Path(__file__).resolve().parents[3] / "exercises"
_BLOCK = re.compile(r"^```(?:python )?(starter|setup|check|solution)\n(.*?)^```$", re.M | re.S)


def exercise_files() -> list[Path]:
    """The chapter's files, in its order (a README.md is the folder's page, not an exercise)."""
    return sorted(p for p in EXERCISES.glob("*.md") if p.name != "README.md")


def blocks(path: Path) -> dict[str, str]:
    """Each named block's code, by its name."""
    return dict(_BLOCK.findall(path.read_text(encoding="utf-8")))
