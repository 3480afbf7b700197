"""Run a learner's real Python the way a notebook cell runs, and record what it did.

For the browser's worker only: the server never runs a learner's Python (docs/security.md).
`run_program(source)` returns what the program printed, its error (with line and column in the
learner's text and a traceback of their frames only), and the graph records of its candidate
roots and `draw_dot()` snapshots, each with the `_backward()` calls the program made on it —
or, for a graph the program never ran backward on, the standard pass. Its parts — a `Cell`
compiled, `watching` (limits and recording) and `run_cell` — also run an exercise's code and
checks in one namespace (engine.exercise).

Limits that hold against hostile programs: at most MAX_NODES values alive at once (checked as
values are made: a program stops with a message past it), RecursionError and MemoryError
become messages, output is capped, and KeyboardInterrupt (Pyodide's interrupt) stops a run
cleanly. Wall-clock time is the worker's job: it terminates a run that takes too long.
"""

import ast
import contextlib
import gc
import math
import random
from collections.abc import Iterator
from typing import Any

from engine import creations, nodes, value
from engine.graph import GraphTooLarge
from engine.record import collector, creators, observe, recorder
from engine.record.graph_record import MAX_NODES
from engine.record.recorder import Recorder
from engine.worker import cell, report, toplevel
from engine.worker import graphs as offered

SEED = 0  # random is seeded so that a program draws the same graph every run


def _live_nodes() -> int:
    """Values of any node class alive now (after a collection). What is known of the program's
    dead values (engine.record.creators) is forgotten on the way."""
    gc.collect()
    seen: dict[type, bool] = {}
    count = 0
    learners: set[int] = set()
    for obj in gc.get_objects():
        kind = type(obj)
        is_node = seen.get(kind)
        if is_node is None:
            is_node = seen[kind] = issubclass(kind, value.Value) or (
                kind.__module__ == "__main__" and nodes.is_node(obj)
            )
        if is_node:
            count += 1
            if kind.__module__ == "__main__":
                learners.add(id(obj))
    creators.prune(learners)
    return count


def _split_last_expression(tree: ast.Module) -> tuple[ast.Module, ast.Expression | None]:
    """A cell's last expression is its value, as in a notebook."""
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body[-1].value)
        return ast.Module(tree.body[:-1], type_ignores=[]), last
    return tree, None


def lines_of(source: str) -> list[str]:
    """A program's lines, whatever its line endings."""
    return source.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class Cell:
    """A program's text compiled as a notebook cell: its statements, then its last expression
    (the cell's value). `filename` is what its frames carry: observe.CELL for the learner's
    code, whose calls are watched; another name for code run beside it (an exercise's check)."""

    def __init__(self, source: str, filename: str = observe.CELL):
        self.filename = filename
        self.lines = lines_of(source)
        # SyntaxError, or ValueError for a NUL byte: the caller reports either
        tree = ast.parse("\n".join(self.lines), filename)
        self.own_names = toplevel.assigned_names(tree)
        body, last = _split_last_expression(tree)
        self.code = compile(body, filename, "exec")
        self.last = compile(last, filename, "eval") if last is not None else None

    @staticmethod
    def syntax_error(exc: SyntaxError | ValueError, filename: str = observe.CELL) -> SyntaxError:
        """What `Cell(...)` raised, as a SyntaxError the report can place."""
        if isinstance(exc, SyntaxError):
            return exc
        return SyntaxError(str(exc), (filename, 1, 1, "", 1, 2))


@contextlib.contextmanager
def watching(rec: Recorder, limit: int = MAX_NODES, seed: int = SEED) -> Iterator[observe.Observer]:
    """While a learner's code runs: `random` seeded, values counted against `limit` (past it the
    program stops with report.NodeLimit), every `_backward()` call recorded into `rec` (the
    observer's `recorder`, which a caller may point elsewhere for a while)."""
    random.seed(seed)
    nodes.birth.clear()
    creators.clear()

    def check(made: int) -> None:
        rec.age()
        live = _live_nodes()
        if live > limit:
            raise report.NodeLimit
        creations.watch(max(limit - live, limit // 4), check)

    observer = observe.Observer(rec)
    stop = observe.install(observer)
    previous, recorder.ACTIVE = recorder.ACTIVE, rec
    creations.watch(limit, check)
    try:
        yield observer
    finally:
        creations.watch(math.inf)
        recorder.ACTIVE = previous
        stop()


# What stops a learner's cell: its own exceptions and the limits'. Never swallowed elsewhere.
STOPS = (Exception, report.NodeLimit, KeyboardInterrupt, GraphTooLarge, SystemExit)


def run_cell(cell_: Cell, namespace: dict[str, Any], out: report.Output) -> tuple[Any, Any]:
    """Run a compiled cell in `namespace` (inside `watching`), its output into `out`:
    (the value of its last expression, the exception that stopped it or None)."""
    last_value: Any = None
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(out),
            collector.for_graphs(),
        ):
            exec(cell_.code, namespace)  # noqa: S102 - the learner's program, in the worker only
            if cell_.last is not None:
                last_value = eval(cell_.last, namespace)  # noqa: S307
    except STOPS as exc:
        return None, exc
    return last_value, None


def run_program(
    source: str,
    *,
    limit: int = MAX_NODES,
    seed: int = SEED,
    keep: dict | None = None,
    dots: bool = True,
) -> dict[str, Any]:
    """Run `source` as a notebook cell. See the module's docstring for what comes back.
    `keep`, if given, receives `roots`, the live root of each graph (None for a snapshot),
    and `names` (id -> variable name), so that the worker can act on them
    (engine.worker.session). `dots` false: each graph's `dot` is None (the page in the
    browser writes its own from the record: at the moons preset's 7,040 values the DOT was
    2 MB of text and ~0.3 s of the worker's run, all dropped)."""
    out = report.Output()
    rec = Recorder(limit=limit)
    try:
        program = Cell(source)
    except (SyntaxError, ValueError) as exc:
        error = report.error(Cell.syntax_error(exc), lines_of(source), limit)
        return _result(out, error, [], None)

    def draw_dot(root: Any, format: str = "svg", rankdir: str = "LR") -> Any:  # noqa: A002
        if not nodes.is_node(root):
            raise TypeError(f"draw_dot needs a Value, not {type(root).__name__}")
        rec.snapshot(root)
        return cell._Digraph()

    namespace = cell.namespace(draw_dot)
    with watching(rec, limit, seed) as observer:
        last_value, stopped = run_cell(program, namespace, out)
    error = report.error(stopped, program.lines, limit) if stopped is not None else None
    named = offered.named_nodes(namespace, program.own_names)
    source = "\n".join(program.lines)
    graphs = offered.find(rec, named, last_value, source, limit, observer.groups)
    if dots:
        offered.with_dots(graphs)
    if keep is not None:
        keep["roots"] = [g.get("root") for g in graphs]
        keep["orders"] = [g.pop("order", None) for g in graphs]
        keep["names"] = {key: name for key, (name, _) in named.items()}
    for g in graphs:
        g.pop("root", None)
        g.pop("order", None)
    chosen = offered.chosen(graphs)
    note = "" if graphs else offered.why_none(namespace, last_value)
    return _result(out, error, graphs, chosen, rec.dropped, note)


def _result(
    out: report.Output,
    error: dict | None,
    graphs: list[dict],
    chosen: int | None,
    dropped: int = 0,
    note: str = "",
) -> dict[str, Any]:
    return {
        "ok": error is None,
        "output": out.text(),
        "error": error,
        "graphs": [{k: g[k] for k in ("title", "kind", "record", "dot", "note")} for g in graphs],
        "chosen": chosen,
        "dropped_steps": dropped,
        "note": note,
    }
