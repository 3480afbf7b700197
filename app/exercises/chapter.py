"""A chapter: a folder of exercise files, in the order of their names (`01-value.md`,
`02-inputs.md`, …), each id once, each `after` naming an exercise that comes before it — the
code a learner carries over flows forward through the chapter, never back.

A README.md in the folder is the chapter's own page on a code host, not an exercise.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from app.exercises.exercise import MAX_BYTES, Exercise, read_exercise
from app.exercises.front_matter import read_front_matter
from app.exercises.problems import InvalidExercise, Problem, Problems


@dataclass(frozen=True)
class Chapter:
    folder: Path
    exercises: tuple[Exercise, ...]  # in the chapter's order

    def by_id(self, exercise_id: str) -> Exercise | None:
        return next((e for e in self.exercises if e.id == exercise_id), None)


@dataclass(frozen=True)
class Heading:
    """What the chapter's order needs of an exercise: its file, id, `after`, and their lines."""

    path: Path
    id: str
    after: str | None
    lines: dict[str, int]


def exercise_files(folder: Path) -> list[Path]:
    return sorted(
        p for p in folder.iterdir() if p.suffix == ".md" and p.is_file() and _not_readme(p)
    )


def _not_readme(path: Path) -> bool:
    return path.name.lower() != "readme.md"


def load_chapter(folder: Path) -> Chapter:
    """Every exercise of `folder`; InvalidExercise lists every problem of every file."""
    exercises, problems = [], []
    for path in exercise_files(folder):
        try:
            exercises.append(read_exercise(path))
        except InvalidExercise as invalid:
            problems.extend(invalid.problems)
    if not problems:
        problems = order_problems([heading(e) for e in exercises])
    if problems:
        raise InvalidExercise(problems)
    return Chapter(folder, tuple(exercises))


def heading(exercise: Exercise) -> Heading:
    return Heading(exercise.path, exercise.id, exercise.after, exercise.lines)


def read_heading(path: Path) -> Heading | None:
    """The front matter alone, for the order of a chapter one file of which is checked; None
    when it cannot be read (that file's own check says why)."""
    try:
        text = path.read_bytes()[:MAX_BYTES].decode("utf-8", errors="replace")
    except OSError:
        return None
    front = read_front_matter(text.removeprefix("\ufeff").splitlines(), Problems(path))
    return Heading(path, front.id, front.after, front.lines) if front else None


def order_problems(headings: Sequence[Heading]) -> list[Problem]:
    """Ids used twice, and `after` naming no exercise or one that does not come before."""
    problems = []
    first: dict[str, Heading] = {}
    for h in headings:
        if h.id in first:
            other = first[h.id]
            problems.append(
                Problem(
                    h.path,
                    h.lines["id"],
                    f"the id {h.id!r} is already {other.path.name}'s (line {other.lines['id']})",
                )
            )
        else:
            first[h.id] = h
    position = {h.id: i for i, h in reversed(list(enumerate(headings)))}
    for i, h in enumerate(headings):
        if h.after is None:
            continue
        where = h.lines["after"]
        if h.after == h.id:
            problems.append(Problem(h.path, where, "an exercise cannot come after itself"))
        elif h.after not in position:
            problems.append(Problem(h.path, where, f"after = {h.after!r} names no exercise here"))
        elif position[h.after] > i:
            later = headings[position[h.after]].path.name
            problems.append(
                Problem(
                    h.path,
                    where,
                    f"after = {h.after!r} names an exercise that comes later ({later}): "
                    "a chapter runs in the order of its file names",
                )
            )
    return problems
