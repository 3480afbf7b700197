"""The CLI with the engine's own runner (engine.exercise.run_checks) on the built-in chapter:
the one test of app/exercises that runs real code. It needs engine.exercise, which comes with
the engine's checking API (branch h25-check)."""

import io
from pathlib import Path

from app.exercises.__main__ import main

ROOT = Path(__file__).resolve().parents[3]


def test_the_built_in_chapter_passes_with_the_engines_runner():
    out = io.StringIO()
    status = main(["check", str(ROOT / "exercises")], out=out)
    lines = out.getvalue().splitlines()
    assert status == 0, lines
    assert any(
        line.startswith(f"ok {ROOT / 'exercises' / '01-value.md'} (value):") for line in lines
    )
