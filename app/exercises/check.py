"""`python -m app.exercises check PATH…`: a folder (a chapter) or single files, checked as a
teacher would before publishing. Every file reads (front matter, blocks, prompt, hints, each
formula), ids are unique and each `after` comes before, and running the code shows the
solution passing every check and the starter failing one.

What it writes is for a terminal and a CI log alike: one `file:line: problem` a line (the
form editors and CI annotate), one `ok` line per good exercise, then a count.
"""

from collections.abc import Callable
from pathlib import Path

from app.exercises.chapter import exercise_files, heading, order_problems, read_heading
from app.exercises.exercise import Exercise, read_exercise
from app.exercises.problems import InvalidExercise, Problem
from app.exercises.verify import Runner, RunnerMissing, verify


def check_paths(paths: list[Path], run: Runner, write: Callable[[str], None]) -> int:
    """0 when every exercise is good, 1 when a problem was found (each written)."""
    problems = 0
    goods: list[str] = []
    checked = 0
    for path in paths:
        files = exercise_files(path) if path.is_dir() else [path]
        if not files:
            write(f"{path}: no exercise files (*.md) in this folder")
            problems += 1
            continue
        checked += len(files)
        try:
            found, good = _check(path, files, run)
        except RunnerMissing as missing:
            write(f"cannot run the exercises' code: {missing}")
            return 1
        for problem in sorted(found, key=lambda p: (str(p.path), p.line)):
            write(str(problem))
        problems += len(found)
        goods += good
    for line in goods:
        write(line)
    write(_count(checked, len(goods), problems))
    return 1 if problems else 0


def _check(path: Path, files: list[Path], run: Runner) -> tuple[list[Problem], list[str]]:
    """The problems of `files`, and an `ok` line for each good one."""
    exercises, found = _read_all(files)
    found += _order(path, files, exercises)
    summaries = {}
    for exercise in exercises:  # those that read; the others are not run
        ran, summaries[exercise.path] = verify(exercise, run)
        found += ran
    bad = {p.path for p in found}
    good = [f"ok {e.path} ({e.id}): {summaries[e.path]}" for e in exercises if e.path not in bad]
    return found, good


def _read_all(files: list[Path]) -> tuple[list[Exercise], list[Problem]]:
    exercises, problems = [], []
    for path in files:
        try:
            exercises.append(read_exercise(path))
        except InvalidExercise as invalid:
            problems.extend(invalid.problems)
    return exercises, problems


def _order(path: Path, files: list[Path], exercises: list[Exercise]) -> list[Problem]:
    """The chapter's order problems of the files checked: a folder's among themselves, a
    single file's among its folder's exercises (read for their front matter only)."""
    read = {e.path: heading(e) for e in exercises}
    chapter = files if path.is_dir() else exercise_files(path.parent)
    if path not in chapter:
        chapter = sorted([*chapter, path])
    headings = [read.get(p) or read_heading(p) for p in chapter]
    found = order_problems([h for h in headings if h is not None])
    return [p for p in found if p.path in files]


def _count(checked: int, good: int, problems: int) -> str:
    files = f"{checked} exercise{'s' if checked != 1 else ''}"
    if not problems:
        return f"{files} checked: all good"
    return f"{files} checked: {good} good, {problems} problem{'s' if problems != 1 else ''}"
