"""An exercise's checks run on a learner's code: the one entry the page's worker and the
teacher's CLI call.

`setup` (the exercise's hidden code), then the learner's `code`, then the `check` block run
like three notebook cells in one namespace, with the runner's machinery (engine.worker.runner:
the node limit, output kept, errors placed in the learner's own lines). Only the learner's
cell is watched: its `_backward()` calls are what the checks judge. The check block finds the
checking functions in its namespace (engine.exercise.api).
"""

import json
from typing import Any

from engine.exercise import api, findings
from engine.record import observe
from engine.record.graph_record import MAX_NODES
from engine.record.recorder import Recorder
from engine.worker import cell, report, runner
from engine.worker.runner import Cell


def run_checks(code: str, check: str, setup: str = "", limit: int = MAX_NODES) -> dict[str, Any]:
    """{passed, total, failed, checks: [{passed, kind, message, located}], error, output}: see
    docs/exercise-checks.md."""
    out = report.Output()
    rec = Recorder(limit=limit)
    cells: list[tuple[str, str, Cell | dict[str, Any]]] = []
    for name, filename, source in (
        ("setup", api.SETUP, setup),
        ("code", observe.CELL, code),
        ("check", api.CHECK, check),
    ):
        try:
            cells.append((name, filename, Cell(source, filename)))
        except (SyntaxError, ValueError) as exc:
            lines = runner.lines_of(source)
            error = report.error(Cell.syntax_error(exc, filename), lines, limit, filename)
            cells.append((name, filename, error))
    namespace = cell.namespace(lambda root, *args, **kwargs: cell._Digraph())
    learner = cells[1][2]
    with runner.watching(rec, limit) as observer:
        checks = api.Checks(
            namespace,
            learner if isinstance(learner, Cell) else Cell(""),
            cells[2][2] if isinstance(cells[2][2], Cell) else None,
            observer,
            limit,
        )
        for name, filename, compiled in cells:
            if isinstance(compiled, dict):
                _stopped(checks, name, compiled)
                break
            if name == "check":  # the check block's names: the learner's, and the functions
                namespace.update(checks.functions())
            _, exc = runner.run_cell(compiled, namespace, out)
            if exc is not None and name != "setup" and isinstance(exc, Exception):
                doing = "running your code" if name == "code" else "running the checks"
                checks.add(checks.failure(exc, checks.learner_class(None), doing))
                break
            if exc is not None:
                _stopped(checks, name, report.error(exc, compiled.lines, limit, filename))
                break
    failed = sum(not c["passed"] for c in checks.results)
    return {
        "passed": bool(checks.results) and not failed,
        "total": len(checks.results),
        "failed": failed,
        "checks": checks.results,
        "error": checks.error,
        "output": out.text(),
    }


_WHOSE = {
    "setup": "The exercise's setup raised (not your code)",
    "code": "Your code raised",
    "check": "The check stopped",
}


def _stopped(checks: api.Checks, name: str, error: dict[str, Any]) -> None:
    """A cell raised (or did not compile): a failed check saying where, and the error."""
    at = f" (line {error['line']})" if error.get("line") else ""
    message = f"{_WHOSE[name]}: {error['message']}{at}"
    error = {**error, "cell": name}
    if checks.error is None:
        checks.error = error
    checks.results.append(findings.result(False, "error", message))


def run_checks_json(code: str, check: str, setup: str = "") -> str:
    """`run_checks` for the worker, which passes strings across the Pyodide boundary."""
    return json.dumps(run_checks(code, check, setup), allow_nan=False, separators=(",", ":"))
