"""engine.exercise.run: setup, the learner's code and the check block as three cells of one
namespace; what comes back, and what happens when a cell raises."""

import json
from pathlib import Path

from engine.exercise import run_checks, run_checks_json

MICROGRAD = (Path(__file__).parent / "learners" / "micrograd_engine.py").read_text()


def test_a_passing_run_says_so_with_its_output():
    code = MICROGRAD + "\nprint('ready')\n"
    result = run_checks(code, "compare(lambda V: V(2.0) * V(3.0))\ncheck(True, 'always')")
    assert result["passed"] and (result["total"], result["failed"]) == (2, 0)
    assert result["error"] is None and result["output"] == "ready\n"
    assert [c["kind"] for c in result["checks"]] == ["grad", "condition"]
    assert all(c["located"] is None for c in result["checks"])


def test_no_check_at_all_is_not_a_pass():
    result = run_checks(MICROGRAD, "x = 1")
    assert not result["passed"] and result["total"] == 0


def test_the_json_twin_is_the_same_result_as_text():
    code = MICROGRAD.replace("self.grad += other.data", "self.grad += 7")
    check = "compare(lambda V: V(2.0) * V(3.0) + V(2.0))"
    result = json.loads(run_checks_json(code, check))
    (failed,) = result["checks"]
    assert failed["kind"] == "grad" and failed["located"]["record"]["version"] >= 5
    assert result == json.loads(json.dumps(run_checks(code, check)))


def test_the_learners_code_raising_is_a_failed_check_with_their_line():
    code = "class Value:\n    pass\n\nx = 1 / 0\n"
    result = run_checks(code, "check(True, 'never reached')")
    (failed,) = result["checks"]
    assert failed["kind"] == "error" and not result["passed"]
    assert "ZeroDivisionError" in failed["message"] and "line 4 of your code" in failed["message"]
    assert result["error"]["line"] == 4 and result["error"]["cell"] == "code"


def test_a_syntax_error_in_the_code_is_placed_in_it():
    result = run_checks("class Value:\n    def f(self)\n", "check(True)")
    (failed,) = result["checks"]
    assert failed["kind"] == "error" and failed["message"].startswith("Your code raised")
    assert result["error"]["line"] == 2 and result["error"]["cell"] == "code"


def test_the_setup_runs_first_and_its_names_are_there_for_both():
    setup = "GIVEN = 3.0\n"
    code = MICROGRAD + "\nmine = Value(GIVEN) * 2\n"
    result = run_checks(code, "same(mine, 6.0, 'mine')\ncheck(GIVEN == 3.0, 'setup kept')", setup)
    assert result["passed"]


def test_a_setup_that_raises_is_the_exercises_fault():
    result = run_checks(MICROGRAD, "check(True)", "raise ValueError('broken exercise')")
    (failed,) = result["checks"]
    assert failed["message"].startswith("The exercise's setup raised (not your code)")
    assert result["error"]["cell"] == "setup"


def test_a_check_block_that_raises_says_the_checks_line():
    result = run_checks(MICROGRAD, "check(True, 'first')\nx = undefined_name\n")
    first, failed = result["checks"]
    assert first["passed"] and failed["kind"] == "error"
    assert "NameError" in failed["message"] and "line 2 of the check" in failed["message"]
    assert result["error"]["cell"] == "check"


def test_learner_code_called_by_the_check_is_placed_in_the_learners_lines():
    code = MICROGRAD + "\n\ndef helper():\n    return 1 / 0\n"
    result = run_checks(code, "check(helper() == 1, 'helper')")
    (failed,) = result["checks"]
    line = len(MICROGRAD.splitlines()) + 4
    assert f"line {line} of your code" in failed["message"]


def test_a_run_past_the_value_limit_stops_with_the_runners_message():
    code = MICROGRAD + "\nvalues = [Value(i) for i in range(5000)]\n"
    result = run_checks(code, "check(True)", limit=1000)
    (failed,) = result["checks"]
    assert "more than 1,000 values" in failed["message"] and not result["passed"]


def test_no_class_of_the_learners_own():
    result = run_checks("x = 1", "compare(lambda V: V(2.0) + V(1.0))")
    assert result["checks"][0]["kind"] == "no-class"
