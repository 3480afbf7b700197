"""An exercise judged by running it, as a teacher would before publishing: the solution passes
every check, the starter fails at least one, and every check says something.

The runner is passed in (`run(code, check, setup)`, engine.exercise.run_checks's shape), so
this logic is tested with a fake and used with the engine. What it answers is data from code
that ran, read as such: a malformed answer is a problem, never an exception here.
"""

from collections.abc import Callable
from typing import Any

from app.exercises.exercise import Exercise
from app.exercises.problems import Problem

Runner = Callable[[str, str, str], dict[str, Any]]


class RunnerMissing(RuntimeError):
    """A runner has nothing to run the code with (engine.exercise is not there)."""


class RunStopped(RuntimeError):
    """A runner stopped one run (it took too long): a problem of that run's code."""


def verify(exercise: Exercise, run: Runner) -> tuple[list[Problem], str]:
    """The problems found, and the runs in words for a good exercise's line."""
    setup = exercise.setup.code if exercise.setup else ""
    found: list[Problem] = []

    def problem(line: int, message: str) -> None:
        found.append(Problem(exercise.path, line, message))

    solved = _run(run, exercise.solution.code, exercise.check.code, setup)
    started = _run(run, exercise.starter.code, exercise.check.code, setup)
    for who, result in (("solution", solved), ("starter", started)):
        if isinstance(result, str):
            problem(getattr(exercise, who).line, f"the {who}'s run {result}")
            continue
        for number, check in enumerate(result["checks"], start=1):
            if not check["message"].strip():
                problem(exercise.check.line, f"check {number} says nothing on the {who}")
    if isinstance(solved, str) or isinstance(started, str):
        return found, ""
    setup_error = _setup_error(exercise, solved) or _setup_error(exercise, started)
    if setup_error:
        problem(*setup_error)
        return found, ""
    if solved["total"] == 0:
        problem(exercise.check.line, "the check block makes no check")
    for check in solved["checks"]:
        if not check["passed"]:
            where = _error_line(exercise, solved["error"]) if check.get("kind") in _RAISED else None
            message = f"the solution fails a check: {_line(check['message'])}"
            problem(where or exercise.check.line, message)
    if started["failed"] == 0:
        problem(exercise.starter.line, "the starter passes every check: nothing left to do")
    summary = (
        f"the solution passes {solved['total']} checks, "
        f"the starter fails {started['failed']} of {started['total']}"
    )
    return found, summary


_RAISED = {"error", "missing-op"}  # a check failed because code raised: the error has its line


def _setup_error(exercise: Exercise, result: dict[str, Any]) -> tuple[int, str] | None:
    """The hidden setup raising is the exercise's fault whoever's code followed it."""
    error = result["error"]
    if error is None or error.get("cell") != "setup":
        return None
    where = _error_line(exercise, error) or 1
    return where, f"the setup raised: {_line(error['message'])}"


def _error_line(exercise: Exercise, error: dict[str, Any] | None) -> int | None:
    """The file line of a run's error: its line in the cell it names (setup, the code run,
    the check block), counted from that block's first line."""
    if error is None:
        return None
    blocks = {"setup": exercise.setup, "code": exercise.solution, "check": exercise.check}
    block = blocks.get(error.get("cell", ""))
    line = error.get("line")
    if block is None:
        return None
    return block.line + line - 1 if isinstance(line, int) and line >= 1 else block.line


_SHAPE = (
    ("passed", bool, "true or false"),
    ("total", int, "a whole number"),
    ("failed", int, "a whole number"),
    ("checks", list, "a list"),
)


def _run(run: Runner, code: str, check: str, setup: str) -> dict[str, Any] | str:
    """The run's answer, or what went wrong with it in words."""
    try:
        answer = run(code, check, setup)
    except RunStopped as stopped:
        return f"stopped: {stopped}"
    read = _read(answer)
    return read if isinstance(read, dict) else f"gave a malformed answer: {read}"


def _read(result: Any) -> dict[str, Any] | str:
    """The runner's answer if it has the documented shape, else what is wrong with it."""
    if not isinstance(result, dict):
        return f"a {type(result).__name__}, not a dict"
    for key, kind, what in _SHAPE:
        if not isinstance(result.get(key), kind):
            return f"{key} is not {what}"
    for check in result["checks"]:
        if not isinstance(check, dict) or not isinstance(check.get("passed"), bool):
            return "a check is not {passed, message, ...}"
        if not isinstance(check.get("message"), str):
            return "a check's message is not text"
    error = result.get("error")
    if error is not None and not isinstance(error, dict):
        return "error is neither null nor {message, line, ...}"
    if error is not None and not isinstance(error.get("message"), str):
        return "error is neither null nor {message, line, ...}"
    return result


def _line(message: str) -> str:
    """A message on one line of a terminal or a CI log."""
    return " ".join(message.split())
