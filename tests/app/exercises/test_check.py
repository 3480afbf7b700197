"""The check command's logic, with a fake runner: what it reads, what it runs, what it writes
and its exit status."""

from pathlib import Path

import pytest

from app.exercises.check import check_paths
from app.exercises.verify import RunnerMissing
from tests.app.exercises.fake_runner import FAILS, PASSES, FakeRunner
from tests.app.exercises.markup import SOLUTION, STARTER, exercise_text

GOOD = FakeRunner({SOLUTION: PASSES, STARTER: FAILS})


def front(exercise_id: str, after: str | None = None) -> str:
    return f'id = "{exercise_id}"\ntitle = "T"\n' + (f'after = "{after}"\n' if after else "")


def chapter(folder: Path, fronts: dict[str, str]) -> Path:
    for name, text in fronts.items():
        Path(folder, name).write_text(exercise_text(front=text))
    return folder


def run(paths: list[Path], runner=GOOD) -> tuple[int, list[str]]:
    lines: list[str] = []
    return check_paths(paths, runner, lines.append), lines


def test_a_good_chapter(tmp_path):
    chapter(tmp_path, {"01-a.md": front("a"), "02-b.md": front("b", after="a")})
    status, lines = run([tmp_path])
    assert status == 0
    assert lines == [
        f"ok {tmp_path}/01-a.md (a): the solution passes 2 checks, the starter fails 1 of 2",
        f"ok {tmp_path}/02-b.md (b): the solution passes 2 checks, the starter fails 1 of 2",
        "2 exercises checked: all good",
    ]


def test_problems_are_listed_one_a_line_with_file_and_line(tmp_path):
    chapter(tmp_path, {"01-a.md": front("a"), "02-b.md": front("a", after="zz")})
    Path(tmp_path, "03-c.md").write_text(exercise_text(prompt="See $x^a^b$."))
    status, lines = run([tmp_path])
    assert status == 1
    assert lines == [
        f"{tmp_path}/02-b.md:2: the id 'a' is already 01-a.md's (line 2)",
        f"{tmp_path}/02-b.md:4: after = 'zz' names no exercise here",
        f"{tmp_path}/03-c.md:6: the formula $x^a^b$ cannot be shown: two superscripts in a "
        "row (x^a^b): write x^{a^b}",
        f"ok {tmp_path}/01-a.md (a): the solution passes 2 checks, the starter fails 1 of 2",
        "3 exercises checked: 1 good, 3 problems",
    ]


def test_only_exercises_that_read_are_run(tmp_path):
    chapter(tmp_path, {"01-a.md": front("a"), "02-b.md": 'id = "B"\ntitle = "T"\n'})
    runner = FakeRunner({SOLUTION: PASSES, STARTER: FAILS})
    run([tmp_path], runner)
    assert len(runner.calls) == 2  # the solution and the starter of 01-a.md


def test_a_failing_run_is_a_problem(tmp_path):
    chapter(tmp_path, {"01-a.md": front("a")})
    status, lines = run([tmp_path], FakeRunner({SOLUTION: FAILS, STARTER: FAILS}))
    assert status == 1
    assert lines[0] == f"{tmp_path}/01-a.md:13: the solution fails a check: x is 2"


def test_one_file_is_checked_against_its_folders_order(tmp_path):
    chapter(tmp_path, {"01-a.md": front("a"), "02-b.md": front("b", after="a")})
    Path(tmp_path, "03-broken.md").write_text('+++\nid = "c"\ntitle = "C"\n+++\nno blocks')
    status, lines = run([Path(tmp_path, "02-b.md")])
    assert (status, lines[-1]) == (0, "1 exercise checked: all good")
    chapter(tmp_path, {"00-first.md": front("b")})
    status, lines = run([Path(tmp_path, "02-b.md")])
    assert lines[0] == f"{tmp_path}/02-b.md:2: the id 'b' is already 00-first.md's (line 2)"


def test_a_folder_without_exercises_is_a_problem(tmp_path):
    status, lines = run([tmp_path])
    assert status == 1
    assert lines == [
        f"{tmp_path}: no exercise files (*.md) in this folder",
        "0 exercises checked: 0 good, 1 problem",
    ]


def test_without_the_engines_runner_it_says_so_and_fails(tmp_path):
    chapter(tmp_path, {"01-a.md": front("a")})

    def missing(code, check, setup):
        raise RunnerMissing("engine.exercise cannot be imported (No module named x)")

    status, lines = run([tmp_path], missing)
    assert status == 1
    assert lines == [
        "cannot run the exercises' code: engine.exercise cannot be imported (No module named x)"
    ]


@pytest.mark.parametrize("count", [1, 2])
def test_several_paths_are_checked_in_turn(tmp_path, count):
    folders = [Path(tmp_path, str(i)) for i in range(count)]
    for i, folder in enumerate(folders):
        folder.mkdir()
        chapter(folder, {"01-a.md": front(f"a{i}")})
    status, lines = run(folders)
    assert status == 0 and len(lines) == count + 1
