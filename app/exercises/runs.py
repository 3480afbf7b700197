"""The one place the teacher's CLI runs an exercise's code: engine.exercise.run_checks, the
same function the page's engine worker calls (docs/exercise-checks.md), with a time limit.

Imported by app/exercises/__main__.py only, and it imports the engine's exercise package only
when called: the server never loads the runner (tests/app/test_layering.py). The code it runs
is the teacher's own (a solution and a starter), on the teacher's machine; the time limit is
there so that a loop that never ends is a problem said, not a CI job that hangs.
"""

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from app.exercises.verify import RunnerMissing, RunStopped

TIME_LIMIT = 10.0  # seconds for one run: the built-in exercises take well under one
T = TypeVar("T")


def run_checks(code: str, check: str, setup: str) -> dict[str, Any]:
    """{passed, total, failed, checks: [{passed, message, kind, located}], error, output}."""
    try:
        from engine.exercise import run_checks as engine_run_checks
    except ImportError as exc:
        raise RunnerMissing(f"engine.exercise cannot be imported ({exc})") from exc
    return within(TIME_LIMIT, lambda: engine_run_checks(code, check, setup))


class _OverTime(BaseException):
    """Raised into whatever runs when time is up: not an Exception, so that code which catches
    every Exception cannot swallow it."""


def within(seconds: float, run: Callable[[], T]) -> T:
    """`run()`, or RunStopped once it has run `seconds` (where there is an alarm clock to
    stop it with: the main thread of a Unix process)."""
    try:
        with _alarm(seconds):
            return run()
    except _OverTime:
        raise RunStopped(f"it ran over {seconds:g} s (a loop that never ends?)") from None


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def late(signum: int, frame: Any) -> None:
        raise _OverTime

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
