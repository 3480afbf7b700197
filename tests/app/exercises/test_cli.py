"""`python -m app.exercises`: its arguments, its exit status and its output stream; the
runner passed in (the real one is tested in test_cli_real.py)."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from app.exercises.__main__ import main
from tests.app.exercises.fake_runner import FAILS, PASSES, FakeRunner
from tests.app.exercises.markup import SOLUTION, STARTER, exercise_text

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def folder(tmp_path):
    Path(tmp_path, "01-two.md").write_text(exercise_text())
    return tmp_path


def test_check_writes_its_lines_and_says_all_good(folder):
    out = io.StringIO()
    status = main(["check", str(folder)], FakeRunner({SOLUTION: PASSES, STARTER: FAILS}), out)
    assert status == 0
    assert out.getvalue().splitlines()[-1] == "1 exercise checked: all good"


def test_problems_found_exit_1(folder):
    out = io.StringIO()
    assert main(["check", str(folder)], FakeRunner({}, default=FAILS), out) == 1
    assert out.getvalue().startswith(f"{folder}/01-two.md:")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["publish", "."], "invalid choice: 'publish'"),
        (["check"], "the following arguments are required: DIR_OR_FILE"),
        (["check", "/no/such/folder"], "not found: /no/such/folder"),
    ],
)
def test_a_usage_error_exits_2_and_says_why_on_stderr(argv, says, capsys):
    runner = FakeRunner({})
    assert main(argv, runner, io.StringIO()) == 2
    assert says in capsys.readouterr().err
    assert runner.calls == []


def test_help_exits_0(capsys):
    assert main(["check", "--help"], FakeRunner({}), io.StringIO()) == 0
    assert "0 all good, 1 problems found, 2 usage error" in capsys.readouterr().out


def test_it_runs_as_a_module():
    done = subprocess.run(
        [sys.executable, "-m", "app.exercises", "check", "/no/such/folder"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "not found" in done.stderr
