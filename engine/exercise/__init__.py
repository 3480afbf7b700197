"""Exercises: a learner's own engine judged by a teacher's checks, each failure placed on the
graph — which `_backward()` call went wrong, with both numbers and the rule in words.

`run_checks(code, check, setup)` (and `run_checks_json`) is the one entry: the page's engine
worker and the teacher's CLI call it. The check block calls the functions of `api` (documented
in docs/exercise-checks.md). Comes after worker/ in the engine's folder order: it runs code
with the runner's machinery and judges grads by the gradient check's rule of close enough.
"""

from engine.exercise.run import run_checks, run_checks_json

__all__ = ["run_checks", "run_checks_json"]
