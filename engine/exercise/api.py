"""The functions a check block calls (docs/exercise-checks.md), and what they found.

A `Checks` is made for one run: it knows the learner's code (to quote their lines), the check's
text (to name a probe by its expression), and the observer that records the learner's calls.
Each function adds one result and returns whether it passed, so a check may go on only if an
earlier one held. The learner's code raising inside a check is a failed check with its message
and line, never an exception out of the check block.
"""

import numbers
from collections.abc import Callable, Sequence
from typing import Any

from engine import nodes
from engine.exercise import compare as comparing
from engine.exercise import findings, missing
from engine.graph import topological_order
from engine.numeric import format_number
from engine.record import observe
from engine.record.graph_record import graph_record
from engine.record.tracing import rule_calls
from engine.record.walked import WalkedGraph
from engine.value import Value, backward_pass
from engine.worker import micrograd, report
from engine.worker.gradient_check import close
from engine.worker.runner import Cell

CHECK = "<check>"  # the file name a check block is compiled under: not watched, not the learner's
SETUP = "<setup>"
_NOT_THEIRS = (Value, micrograd.Value)  # what `Value` names when the learner defined none


class Checks:
    """One run's check functions, the context they need, and their results in order."""

    def __init__(
        self,
        namespace: dict[str, Any],
        code: Cell,
        check: Cell | None,
        observer: observe.Observer | None,
        limit: int,
    ):
        self.namespace = namespace
        self.code = code
        self.check_lines = check.lines if check is not None else []
        self.observer = observer
        self.limit = limit
        self.results: list[dict[str, Any]] = []
        self.error: dict[str, Any] | None = None  # the first report of the learner's code raising

    def functions(self) -> dict[str, Callable[..., Any]]:
        """What the check block finds in its namespace."""
        return {
            "check": self.check,
            "same": self.same,
            "compare": self.compare,
            "grads": self.grads,
            "finite_difference": self.finite_difference,
            "run_closures": run_closures,
        }

    # --- the functions -------------------------------------------------------------------

    def check(self, condition: Any, message: str = "") -> bool:
        """Free-form: passes when `condition` is true; `message` says what was expected."""
        passed = bool(condition)
        text = message or ("the condition holds" if passed else "a condition of the check failed")
        return self.add(findings.result(passed, "condition", text))

    def same(self, actual: Any, expected: float, message: str = "") -> bool:
        """`actual` (a number, or a value's data) is `expected`, by the one rule of close
        enough (engine.worker.gradient_check.close)."""
        try:
            got = _number(getattr(actual, "data", actual))
        except Exception:  # a learner's property may raise anything
            got = None
        passed = got is not None and close(got, float(expected))
        shown = format_number(got) if got is not None else repr(actual)
        what = message or "the value"
        text = f"{what}: {shown}" + ("" if passed else f", expected {format_number(expected)}")
        return self.add(findings.result(passed, "condition", text))

    def compare(self, build: Callable[[Any], Any], cls: type | None = None, **options: Any) -> bool:
        """Every value and grad of `build(V)` with the learner's class against engine.Value's
        (engine.exercise.compare); options: backward, name, names, passes."""
        return self.add(comparing.compare(self, build, cls, **options))

    def grads(self, build: Callable[[Any], Any], cls: type | None = None, **options: Any) -> bool:
        """The grads of the expression's leaves against engine.Value's."""
        return self.add(comparing.leaf_grads(self, build, cls, **options))

    def finite_difference(
        self, build: Callable[[Any], Any], cls: type | None = None, **options: Any
    ) -> bool:
        """The grads of the expression's leaves against central finite differences of the
        learner's own forward pass."""
        return self.add(comparing.finite_differences(self, build, cls, **options))

    # --- for engine.exercise.compare -------------------------------------------------------

    def add(self, result: dict[str, Any]) -> bool:
        self.results.append(result)
        return result["passed"]

    def learner_class(self, cls: type | None) -> type | None:
        """The class a comparison builds with: `cls`, else the namespace's `Value` if the
        learner defined one."""
        found = cls if cls is not None else self.namespace.get("Value")
        if not isinstance(found, type) or (cls is None and found in _NOT_THEIRS):
            return None
        return found

    def probe_name(self, build: Callable[..., Any], name: str | None) -> str:
        """The probe as the check wrote it: a lambda's body (`V(2.0) * V(-3.0)`), a function's
        name, or the name given."""
        if name:
            return name
        code = getattr(build, "__code__", None)
        if code is None:
            return getattr(build, "__name__", "the expression")
        if code.co_name != "<lambda>" or code.co_filename != CHECK:
            return code.co_name
        spans = [p for p in code.co_positions() if None not in p and p[2] != p[3]]
        if not spans:
            return "the expression"
        start = min((p[0], p[2]) for p in spans)
        end = max((p[1], p[3]) for p in spans)
        lines = self.check_lines[start[0] - 1 : end[0]]
        if not lines:
            return "the expression"
        data = [line.encode() for line in lines]
        data[-1] = data[-1][: end[1]]
        data[0] = data[0][start[1] :]
        return " ".join(b.decode(errors="replace").strip() for b in data)

    def failure(self, exc: Exception, cls: type | None, doing: str) -> dict[str, Any]:
        """The learner's code raised while `doing` (`building a*b`, `running backward()`): which
        operation is missing, or the error with the learner's line."""
        error = {**report.error(exc, self.code.lines, self.limit), "cell": "code"}
        at = f" (line {error['line']} of your code)"
        if error["line"] is None:  # raised in the check's own lines
            error = {**report.error(exc, self.check_lines, self.limit, CHECK), "cell": "check"}
            at = f" (line {error['line']} of the check)" if error["line"] else ""
        if self.error is None:
            self.error = error
        sources = {observe.CELL: self.code.lines, CHECK: self.check_lines}
        failed, filename, _ = missing.where(exc, sources)
        lacking = missing.operation(exc, cls, failed, doing) if cls is not None else None
        if lacking:
            where = at if filename == observe.CELL else ""
            text = lacking[0].upper() + lacking[1:]
            return findings.result(False, "missing-op", f"{text}{where}.")
        return findings.result(False, "error", f"While {doing}: {error['message']}{at}")

    def record(
        self, root: Any, steps: Sequence[Any], graph: WalkedGraph, title: str
    ) -> dict[str, Any]:
        """The probe graph's record with the calls of one pass, as the page draws it."""
        source = "\n".join(self.code.lines)
        return graph_record(root, steps, title=title, source=source, graph=graph)


def _number(x: Any) -> float | None:
    if isinstance(x, numbers.Real):
        return float(x)
    return None


def run_closures(out: Any) -> None:
    """The backward pass, done for the learner before they write backward(): `out.grad = 1`,
    then every value's own `_backward()` in reverse topological order."""
    order = topological_order(out, nodes.children)
    backward_pass(order, out, zero=False, call_all=rule_calls())  # engine.Value's loop, unzeroed
