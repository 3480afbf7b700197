"""Run a learner's real Python the way a notebook cell runs, and record what it did.

For the browser's worker only: the server never runs a learner's Python (docs/security.md).
`run_program(source)` returns what the program printed, its error (with line and column in the
learner's text and a traceback of their frames only), and the graph records of its candidate
roots and `draw_dot()` snapshots, each with the `_backward()` calls the program made on it —
or, for a graph the program never ran backward on, the standard pass.

Limits that hold against hostile programs: at most MAX_NODES values alive at once (checked as
values are made: a program stops with a message past it), RecursionError and MemoryError
become messages, output is capped, and KeyboardInterrupt (Pyodide's interrupt) stops a run
cleanly. Wall-clock time is the worker's job: it terminates a run that takes too long.
"""

import ast
import contextlib
import gc
import io
import math
import random
import traceback
from typing import Any

from engine import nodes, value
from engine.graph import GraphTooLarge, topological_order
from engine.record import collector, creators, observe, recorder
from engine.record.dot import dot_source
from engine.record.graph_record import MAX_NODES, graph_record, touched, walk
from engine.record.recorder import Recorder
from engine.record.tracing import standard_pass
from engine.worker import cell, toplevel

MAX_OUTPUT = 100_000  # characters of printed output kept
MAX_GRAPHS = 12  # graphs offered under "Graph of"
SEED = 0  # random is seeded so that a program draws the same graph every run


class NodeLimit(BaseException):
    """Too many values alive at once. A BaseException, so `except Exception` can't swallow it."""


class _Output(io.TextIOBase):
    """stdout and stderr of the program, kept up to MAX_OUTPUT characters."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.truncated = False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        room = MAX_OUTPUT - self.size
        if len(text) > room:
            self.truncated = True
            text = text[: max(room, 0)]
        self.parts.append(text)
        self.size += len(text)
        return len(text)

    def text(self) -> str:
        note = f"\n… output cut at {MAX_OUTPUT:,} characters" if self.truncated else ""
        return "".join(self.parts) + note


def _char_col(line: str, byte_col: int | None) -> int | None:
    """A UTF-8 byte offset within `line` as a 1-based character column."""
    if byte_col is None:
        return None
    return len(line.encode()[:byte_col].decode(errors="replace")) + 1


def _error(exc: BaseException, lines: list[str], limit: int) -> dict[str, Any]:
    """The exception as the page shows it: message, position in the learner's text, and the
    traceback of their own frames."""
    if isinstance(exc, SyntaxError) and exc.filename == observe.CELL:
        line = exc.lineno or 1
        col = exc.offset or 1
        end = exc.end_offset if exc.end_lineno == exc.lineno and exc.end_offset else col + 1
        text = f"{type(exc).__name__}: {exc.msg}"
        return {"type": type(exc).__name__, "message": text, "line": line, "col": col,
                "end_col": max(end, col + 1), "traceback": text}  # fmt: skip
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == observe.CELL]
    message = _message(exc, limit)
    line = col = end_col = None
    if isinstance(exc, RecursionError) and len(frames) > 1:
        frames.pop()  # the call that hit the limit: its `def` line says nothing
    if frames:
        last = frames[-1]
        line = last.lineno
        source_line = lines[line - 1] if line and 0 < line <= len(lines) else ""
        col = _char_col(source_line, last.colno)
        end_col = _char_col(source_line, last.end_colno) if last.end_lineno == line else None
    stack = _stack(frames, lines)
    return {
        "type": type(exc).__name__,
        "message": message,
        "line": line,
        "col": col,
        "end_col": end_col if end_col and col and end_col > col else (col + 1 if col else None),
        "traceback": f"Traceback (your code, most recent call last):\n{stack}{message}",
    }


def _stack(frames: list[traceback.FrameSummary], lines: list[str]) -> str:
    """The learner's frames, the same line called over and over said once (like Python)."""
    out: list[str] = []
    repeats = 0
    for i, f in enumerate(frames):
        if i and (f.lineno, f.name) == (frames[i - 1].lineno, frames[i - 1].name):
            repeats += 1
            continue
        if repeats:
            out.append(f"  [the line above repeated {repeats} more times]\n")
            repeats = 0
        text = lines[f.lineno - 1].strip() if f.lineno and f.lineno <= len(lines) else ""
        where = "the program" if f.name == "<module>" else f.name
        out.append(f"  line {f.lineno}, in {where}\n    {text}\n")
    if repeats:
        out.append(f"  [the line above repeated {repeats} more times]\n")
    return "".join(out[-20:])


def _message(exc: BaseException, limit: int) -> str:
    if isinstance(exc, NodeLimit):
        return (
            f"Stopped: more than {limit:,} values alive at once. The page draws graphs up to "
            "that size; build a smaller graph (fewer points or steps)."
        )
    if isinstance(exc, RecursionError):
        return (
            "RecursionError: maximum recursion depth exceeded — a function that calls itself "
            "without end, or a recursive walk over a very deep graph."
        )
    if isinstance(exc, MemoryError):
        return "MemoryError: the program ran out of memory."
    if isinstance(exc, KeyboardInterrupt):
        return "Stopped."
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


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


def run_program(
    source: str, *, limit: int = MAX_NODES, seed: int = SEED, keep: dict | None = None
) -> dict[str, Any]:
    """Run `source` as a notebook cell. See the module's docstring for what comes back.
    `keep`, if given, receives `roots`, the live root of each graph (None for a snapshot),
    and `names` (id -> variable name), so that the worker can act on them
    (engine.worker.session)."""
    source = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = source.split("\n")
    out = _Output()
    rec = Recorder(limit=limit)
    last_value: Any = None
    error = None
    try:
        tree = ast.parse(source, observe.CELL)
        own_names = toplevel.assigned_names(tree)
        body, last = _split_last_expression(tree)
        code = compile(body, observe.CELL, "exec")
        last_code = compile(last, observe.CELL, "eval") if last is not None else None
    except (SyntaxError, ValueError) as exc:
        if not isinstance(exc, SyntaxError):
            exc = SyntaxError(str(exc), (observe.CELL, 1, 1, "", 1, 2))
        return _result(out, _error(exc, lines, limit), [], None)

    def draw_dot(root: Any, format: str = "svg", rankdir: str = "LR") -> Any:  # noqa: A002
        if not nodes.is_node(root):
            raise TypeError(f"draw_dot needs a Value, not {type(root).__name__}")
        rec.snapshot(root)
        return cell._Digraph()

    namespace = cell.namespace(draw_dot)
    random.seed(seed)
    nodes.birth.clear()
    creators.clear()

    def check(made: int) -> None:
        rec.age()
        live = _live_nodes()
        if live > limit:
            raise NodeLimit
        value.watch_creations(max(limit - live, limit // 4), check)

    stop = observe.install(observe.Observer(rec))
    previous, recorder.ACTIVE = recorder.ACTIVE, rec
    value.watch_creations(limit, check)
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(out),
            collector.for_graphs(),
        ):
            exec(code, namespace)  # noqa: S102 - the learner's program, in the worker only
            if last_code is not None:
                last_value = eval(last_code, namespace)  # noqa: S307
    except (Exception, NodeLimit, KeyboardInterrupt, GraphTooLarge, SystemExit) as exc:
        error = _error(exc, lines, limit)
    finally:
        value.watch_creations(math.inf)
        recorder.ACTIVE = previous
        stop()
    named = _named_nodes(namespace, own_names)
    graphs = _graphs(rec, named, last_value, source, limit)
    if keep is not None:
        keep["roots"] = [g.get("root") for g in graphs]
        keep["orders"] = [g.pop("order", None) for g in graphs]
        keep["names"] = {key: name for key, (name, _) in named.items()}
    for g in graphs:
        g.pop("root", None)
        g.pop("order", None)
    chosen = _chosen(graphs)
    note = "" if graphs else _not_nodes(namespace, last_value)
    return _result(out, error, graphs, chosen, rec.dropped, note)


def _result(
    out: _Output,
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


def _not_nodes(namespace: dict[str, Any], last_value: Any) -> str:
    """A program that made values but no graph: why its values are not nodes, in its terms
    (`your values keep their inputs in `srcs`; the page reads ...`), or ""."""
    for obj in (last_value, *reversed(namespace.values())):
        if nodes.looks_like_value(obj):
            why = nodes.diagnose(obj)
            if why:
                return f"No graph to draw: {why}."
    return ""


def _named_nodes(namespace: dict[str, Any], own: frozenset[str]) -> dict[int, tuple[str, Any]]:
    """The program's own top-level variables bound to nodes: id(node) -> (first name, node).
    A loop variable names nothing (engine.worker.toplevel)."""
    named: dict[int, tuple[str, Any]] = {}
    for name, obj in namespace.items():
        if name in own and not name.startswith("_") and nodes.is_node(obj):
            named.setdefault(id(obj), (name, obj))
    return named


def _roots(named: dict[int, tuple[str, Any]], limit: int) -> list[Any]:
    """Named nodes that are no other named node's input, biggest graph first."""

    class _All:  # one walk over every named graph, to find who is whose input
        pass

    everything = [obj for _, obj in named.values()]
    if len(everything) < 2:  # one named node is a root: no walk needed (20,000 values: 50 ms)
        return everything
    try:
        order = topological_order(
            _All(), lambda n: everything if isinstance(n, _All) else nodes.children(n), limit * 4
        )
    except GraphTooLarge:
        return everything[-MAX_GRAPHS:]
    inside = {id(k) for v in order[:-1] for k in nodes.children(v)}
    sizes: dict[int, int] = {}
    for i, v in enumerate(order[:-1]):  # graph size ~ the position of its root, cheaply
        sizes[id(v)] = i
    roots = [obj for obj in everything if id(obj) not in inside]
    return sorted(roots, key=lambda r: sizes.get(id(r), 0), reverse=True)


def _graphs(
    rec: Recorder,
    named: dict[int, tuple[str, Any]],
    last_value: Any,
    source: str,
    limit: int,
) -> list[dict[str, Any]]:
    """The graphs offered under "Graph of", the one the program most likely meant first."""
    names = {key: name for key, (name, _) in named.items()}
    titled: list[tuple[Any, str]] = []
    if nodes.is_node(rec.last_target):
        titled.append((rec.last_target, "the last backward() or draw_dot() target"))
    if nodes.is_node(last_value):
        titled.append((last_value, "the last expression"))
    titled.extend((root, "") for root in _roots(named, limit))
    covered: set[int] = set()  # nodes of the graphs already offered: no graph inside another
    live: list[tuple[Any, str, Any]] = []  # (root, title, its walk or None: too big)
    for root, fallback in titled:
        if id(root) in covered or len(live) == MAX_GRAPHS:
            continue
        try:
            walked = walk(root, names, literals=False)
        except GraphTooLarge:
            walked = None
        if walked is not None and len(walked.order) <= limit:
            covered.update(walked.ids)
        else:
            covered.add(id(root))
        live.append((root, names.get(id(root)) or nodes.label(root) or fallback, walked))

    graphs: list[dict[str, Any]] = []
    untouched = []
    for root, title, walked in live:
        if walked is None:
            graphs.append({**_too_big(root, title, limit), "root": None})
        elif touched(walked, rec.steps) or all(not kids for kids in walked.kids.values()):
            record = graph_record(root, rec.steps, title=title, source=source, graph=walked)
            graphs.append(_graph(record, "root", root, walked.order))
        else:  # recorded once the others are: the standard pass changes grads they may share
            untouched.append((len(graphs), root, title, walked))
            graphs.append({})
    for index, root, title, walked in untouched:
        own = Recorder(limit=limit)
        seed = standard_pass(root, own, limit=limit, order=walked.order)
        record = graph_record(
            root,
            own.steps,
            title=title,
            mode="correct",
            seed=seed,
            source=source,
            graph=walked,
        )
        graphs[index] = _graph(record, "standard", root, walked.order)
        graphs[index]["note"] = (
            "The program never ran a backward pass on this graph: this is the standard one "
            "(zero every grad, set the output's to 1, call each _backward in reverse "
            "topological order)."
        )
    counts: dict[str, int] = {}
    for snap in rec.snapshots:
        title = names.get(id(snap.root)) or nodes.label(snap.root) or "a value"
        counts[title] = counts.get(title, 0) + 1
        numbered = f"draw_dot({title})" + (f" #{counts[title]}" if counts[title] > 1 else "")
        record = graph_record(snap.root, names=names, title=numbered, snapshot=snap, literals=False)
        graphs.append(_graph(record, "snapshot"))
    return graphs


def _graph(
    record: dict[str, Any], kind: str, root: Any = None, order: list[Any] | None = None
) -> dict[str, Any]:
    return {"title": record["title"], "kind": kind, "record": record,
            "dot": dot_source(record), "note": "", "root": root, "order": order}  # fmt: skip


def _too_big(root: Any, title: str, limit: int) -> dict[str, Any]:
    note = f"The graph of {title} has more than {limit:,} values: too big to draw."
    return {"title": title, "kind": "too big", "record": None, "dot": None, "note": note}


def _chosen(graphs: list[dict[str, Any]]) -> int | None:
    """The last draw_dot/backward target, else the last expression's value, else the named
    root with the biggest graph: `_graphs` lists them in that order."""
    drawable = [i for i, g in enumerate(graphs) if g["record"] is not None]
    live = [i for i in drawable if graphs[i]["kind"] != "snapshot"]
    return live[0] if live else (drawable[0] if drawable else None)
