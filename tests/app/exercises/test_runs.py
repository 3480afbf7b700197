"""The CLI's runner: engine.exercise when it is there, said when it is not, and a time limit
that stops a loop which never ends."""

import signal
import sys
import time

import pytest

from app.exercises import runs
from app.exercises.verify import RunnerMissing, RunStopped


def test_without_engine_exercise_it_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "engine.exercise", None)  # what a missing package imports as
    with pytest.raises(RunnerMissing, match="engine.exercise cannot be imported"):
        runs.run_checks("x = 1", "check(x == 1)", "")


def test_a_run_in_time_gives_its_answer():
    assert runs.within(5, lambda: 42) == 42


def test_a_run_over_time_is_stopped_even_if_it_catches_everything():
    def forever():
        n = 0
        while True:
            try:
                n += 1
            except Exception:  # a learner's catch-all does not swallow the limit
                pass

    started = time.perf_counter()
    with pytest.raises(RunStopped, match="ran over 0.2 s"):
        runs.within(0.2, forever)
    assert time.perf_counter() - started < 5


def test_the_alarm_clock_is_left_as_it_was():
    before = signal.getsignal(signal.SIGALRM)
    runs.within(5, lambda: None)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before
