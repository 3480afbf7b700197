"""Learners' own engines, each a complete program with its own Value class, as tutorials and
blog posts write one: the generated shapes (g01 ... g32, made by generate.py from one template,
so nothing here repeats them) and the hand-written ones beside this file (h*.py), whose shapes
no template covers. `python -m tests.programs.learners OUT` writes them all to OUT to read."""

from pathlib import Path

from tests.programs.learners.generate import generated

HERE = Path(__file__).parent


def programs() -> dict[str, str]:
    """Every program's text by its name (g01_micrograd_shape ... h09_subclass_and_helpers)."""
    written = {path.stem: path.read_text() for path in HERE.glob("h*.py")}
    return dict(sorted((generated() | written).items()))


def program(name: str) -> str:
    return programs()[name]
