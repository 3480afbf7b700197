"""A runner for the CLI's tests: engine.exercise.run_checks's answers, chosen by the code run,
with every call kept."""

from typing import Any


def answer(*checks: tuple[bool, str], error: dict | None = None, kind: str = "condition"):
    """run_checks's answer for these (passed, message) checks."""
    return {
        "passed": bool(checks) and all(passed for passed, _ in checks),
        "total": len(checks),
        "failed": sum(not passed for passed, _ in checks),
        "checks": [
            {"passed": passed, "message": message, "kind": kind, "located": None}
            for passed, message in checks
        ],
        "error": error,
        "output": "",
    }


PASSES = answer((True, "x is 2"), (True, "x is an int"))
FAILS = answer((False, "x is 2"), (True, "x is an int"))


class FakeRunner:
    def __init__(self, answers: dict[str, Any], default: Any = None):
        self.answers = answers
        self.default = default
        self.calls: list[tuple[str, str, str]] = []

    def __call__(self, code: str, check: str, setup: str) -> Any:
        self.calls.append((code, check, setup))
        return self.answers.get(code, self.default)
