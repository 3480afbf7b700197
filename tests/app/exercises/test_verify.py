"""An exercise judged by its runs: the solution passes, the starter fails, every check says
something; the exercise's faults placed at their lines, a malformed answer said, not raised."""

import pytest

from app.exercises.verify import RunStopped, verify
from tests.app.exercises.fake_runner import FAILS, PASSES, FakeRunner, answer
from tests.app.exercises.markup import CHECK, SOLUTION, STARTER, exercise_text, parsed

SETUP_BLOCKS = (
    "```python setup\nimport math\n```\n\n"
    f"```python starter\n{STARTER}```\n\n"
    f"```python check\n{CHECK}```\n\n"
    f"```python solution\n{SOLUTION}\n```\n"
)
EXERCISE = parsed(
    exercise_text(blocks=SETUP_BLOCKS)
)  # setup at 9, starter 13, check 17, solution 21


def problems_of(solved, started):
    found, summary = verify(EXERCISE, FakeRunner({SOLUTION + "\n": solved, STARTER: started}))
    return [(p.line, p.message) for p in found], summary


def test_a_good_exercise_has_no_problem_and_says_its_runs():
    runner = FakeRunner({SOLUTION + "\n": PASSES, STARTER: FAILS})
    found, summary = verify(EXERCISE, runner)
    assert found == []
    assert summary == "the solution passes 2 checks, the starter fails 1 of 2"
    assert runner.calls == [
        (SOLUTION + "\n", CHECK, "import math\n"),
        (STARTER, CHECK, "import math\n"),
    ]


def test_each_check_the_solution_fails_is_a_problem_at_the_check_block():
    solved = answer((False, "x is 2"), (True, "ok"), (False, "x is\n  even"))
    assert problems_of(solved, FAILS)[0] == [
        (17, "the solution fails a check: x is 2"),
        (17, "the solution fails a check: x is even"),
    ]


def test_a_solution_that_raises_is_placed_at_its_line():
    error = {"message": "NameError: name 'y' is not defined", "line": 2, "cell": "code"}
    solved = answer((False, "Your code raised: NameError ..."), error=error, kind="error")
    assert problems_of(solved, FAILS)[0] == [
        (22, "the solution fails a check: Your code raised: NameError ...")
    ]


def test_a_check_block_that_raises_is_placed_at_its_line():
    error = {"message": "ZeroDivisionError", "line": 1, "cell": "check"}
    solved = answer((False, "The check stopped: ZeroDivisionError"), error=error, kind="error")
    assert problems_of(solved, FAILS)[0][0][0] == 17


def test_a_setup_that_raises_is_the_exercises_fault_said_once():
    error = {"message": "ImportError: no module named nope", "line": 1, "cell": "setup"}
    raised = answer((False, "The exercise's setup raised"), error=error, kind="error")
    assert problems_of(raised, raised)[0] == [
        (9, "the setup raised: ImportError: no module named nope")
    ]


def test_a_starter_that_passes_is_a_problem_at_the_starter():
    assert problems_of(PASSES, PASSES)[0] == [
        (13, "the starter passes every check: nothing left to do")
    ]


def test_a_starter_that_raises_is_a_learners_failed_check_not_a_problem():
    error = {"message": "TypeError", "line": 1, "cell": "code"}
    started = answer((False, "Value has no __radd__"), error=error, kind="missing-op")
    assert problems_of(PASSES, started)[0] == []


def test_a_check_block_that_checks_nothing_is_a_problem():
    assert (17, "the check block makes no check") in problems_of(answer(), FAILS)[0]


def test_a_check_that_says_nothing_is_a_problem():
    silent = answer((False, " "), (True, "x is an int"))
    assert problems_of(PASSES, silent)[0] == [(17, "check 1 says nothing on the starter")]


@pytest.mark.parametrize(
    ("malformed", "says"),
    [
        (None, "a NoneType, not a dict"),
        ({**PASSES, "total": "2"}, "total is not a whole number"),
        ({**PASSES, "checks": [{"passed": True, "message": 3}]}, "message is not text"),
        ({**PASSES, "checks": ["ok"]}, "a check is not {passed, message, ...}"),
        ({**PASSES, "error": "boom"}, "error is neither null nor"),
        ({**PASSES, "error": {"line": 3}}, "error is neither null nor"),
    ],
)
def test_a_malformed_answer_is_said_not_raised(malformed, says):
    found, summary = problems_of(malformed, FAILS)
    ((line, message),) = found
    assert line == 21 and message.startswith("the solution's run gave a malformed answer: ")
    assert says in message
    assert summary == ""


def test_a_run_stopped_is_a_problem_of_its_block():
    def stops(code, check, setup):
        if code == STARTER:
            raise RunStopped("it ran over 10 s (a loop that never ends?)")
        return PASSES

    found, _ = verify(EXERCISE, stops)
    assert [(p.line, p.message) for p in found] == [
        (13, "the starter's run stopped: it ran over 10 s (a loop that never ends?)")
    ]
