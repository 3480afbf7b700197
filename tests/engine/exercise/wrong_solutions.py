"""The built-in chapter's wrong solutions (chapter/NN-name/wrong_*), read into the programs a
learner would have typed.

Each is a known mistake in one exercise, and most are its solution with a line or two changed:
so a wrong solution is stored as that change, `wrong_name.diff`, and whoever edits a solution
need not edit its three or four copies. Its first lines say what the checks should find
(`# kind:`, `# probe:`, `# node:`, `# input:`, `# step:`, `# says:`; tests/engine/exercise/
test_chapter.py reads them), then `--- solution` (or `--- starter`) names the exercise's block
it changes, then one or more hunks, each an `@@` line followed by lines as in a unified diff:
`-` a line of the block, `+` the line that replaces it, ` ` a line kept (an empty line is a
blank one kept). A hunk has no line numbers: its kept and `-` lines, together, must stand
exactly once in the block as the hunks before it left it, or reading the file fails and says
so. A wrong solution that is not a small change stays a whole program, `wrong_name.py`: its
lines after those first ones.

Standard library only, and paths from this file: a browser test may import it to send a wrong
solution through the page, and this folder runs inside Pyodide too (tests/pyodide/run.sh).
"""

import re
from dataclasses import dataclass
from pathlib import Path

from tests.engine.exercise.chapter_blocks import blocks

CHAPTER = Path(__file__).resolve().parent / "chapter"  # a folder per exercise file
_EXPECTED = re.compile(r"# (kind|probe|node|input|step|says): (.*)")
_BASES = ("solution", "starter")


@dataclass(frozen=True)
class Wrong:
    """One wrong solution: `name` its file's stem, `expected` what its first lines say the
    checks find, `code` the whole program."""

    name: str
    expected: dict[str, str]
    code: str


def wrong_solutions(exercise_file: Path, chapter: Path = CHAPTER) -> list[Wrong]:
    """The wrong solutions of one exercise file, by name."""
    paths = sorted((chapter / exercise_file.stem).glob("wrong_*"), key=lambda p: p.stem)
    names = [p.stem for p in paths]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"{exercise_file.stem}: two wrong solutions named {', '.join(twice)}")
    return [_read(path, exercise_file) for path in paths]


def _read(path: Path, exercise_file: Path) -> Wrong:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    expected = {}
    while lines and (found := _EXPECTED.fullmatch(lines[0].rstrip("\n"))):
        expected[found[1]] = found[2]
        lines.pop(0)
    if not {"kind", "says"} <= expected.keys():
        raise ValueError(f"{path}: its first lines must say `# kind:` and `# says:`")
    if path.suffix == ".py":
        return Wrong(path.stem, expected, "".join(lines))
    if path.suffix != ".diff":
        raise ValueError(f"{path}: a wrong solution is a .diff or a whole .py program")
    base = lines.pop(0).rstrip("\n") if lines else ""
    if base not in {f"--- {name}" for name in _BASES}:
        raise ValueError(f"{path}: after the first lines, `--- solution` or `--- starter`")
    code = blocks(exercise_file)[base.removeprefix("--- ")].splitlines(keepends=True)
    for number, (old, new) in enumerate(_hunks(path, [line.rstrip("\n") for line in lines]), 1):
        code = _replace(code, old, new, f"{path}, hunk {number}")
    return Wrong(path.stem, expected, "".join(code))


def _hunks(path: Path, lines: list[str]) -> list[tuple[list[str], list[str]]]:
    """Each hunk as (the lines it finds, the lines it puts there)."""
    if not lines or lines[0] != "@@":
        raise ValueError(f"{path}: the change starts with an `@@` line")
    hunks: list[tuple[list[str], list[str]]] = []
    for line in lines:
        if line == "@@":
            hunks.append(([], []))
            continue
        old, new = hunks[-1]
        sign, text = line[:1], line[1:] + "\n"
        if sign not in {"", " ", "-", "+"}:
            raise ValueError(f"{path}: {line!r} is no hunk line (` `, `-` or `+` first)")
        if sign != "+":
            old.append(text)
        if sign != "-":
            new.append(text)
    return hunks


def _replace(code: list[str], old: list[str], new: list[str], where: str) -> list[str]:
    """`code` with the one run of lines `old` replaced by `new`."""
    if not old:
        raise ValueError(f"{where}: nothing to find (give a kept line beside the `+` lines)")
    found = [i for i in range(len(code)) if code[i : i + len(old)] == old]
    if len(found) != 1:
        raise ValueError(f"{where}: its lines stand {len(found)} times in the block, not once")
    return code[: found[0]] + new + code[found[0] + len(old) :]
