"""What the page asks of Python: text in, graph records and their DOT out, as plain JSON.

`run` is the safe expression language only: the server calls it for the first paint and
`/graph.svg`, and it never executes the learner's text. `run_in_worker` is what the browser's
Pyodide worker calls: a program the language accepts runs exactly as on the server (so both
produce the same bytes); any other valid Python runs as real Python through engine.worker.runner.
"""

import ast
import builtins
import json
from collections.abc import Mapping
from typing import Any

from engine import nodes
from engine.errors import ExpressionError
from engine.graph import topological_order
from engine.language.grammar import FUNCTIONS
from engine.language.parser import parse
from engine.record import replay
from engine.record.dot import dot_source
from engine.record.numbers import number
from engine.record.tracing import DEFAULT_MODE, MODES, trace
from engine.worker import whatif, whatif_code


def run(
    source: str, mode: str = DEFAULT_MODE, inputs: Mapping[str, float] | None = None
) -> dict[str, Any]:
    """`{ok: true, language, trace, dot, inputs}`, or `{ok: false, language, error}`.

    `trace` is the graph record (engine.record.graph_record) and `dot` its DOT, as in a Python
    run's result
    (see `run_in_worker`), which also lists every graph the program made.
    """
    if mode not in MODES:
        mode = DEFAULT_MODE
    try:
        program = parse(source, inputs)
        # Values for names the program assigns (what-if): the same graph, data redone.
        assigned = whatif.clean(
            {k: x for k, x in (inputs or {}).items() if k not in program.inputs}
        )
        root = whatif.with_values(program.output, assigned) if assigned else program.output
    except ExpressionError as e:
        return {"ok": False, "language": "expression", "error": e.to_json()}
    except replay.ReplayError as e:
        return {"ok": False, "language": "expression", "error": {"message": str(e), "line": None}}
    record = trace(root, mode)
    dot = dot_source(record)
    names = {id(v): name for name, v in program.values.items()}
    code = whatif.code_numbers(program.output, names) if assigned else {}
    return {
        "ok": True,
        "language": "expression",
        "trace": record,
        "dot": dot,
        "inputs": {name: number(v.data) for name, v in program.inputs.items()},
        "what_if": whatif.fields(record, code, program.inputs),
    }


_WARM_UP = """
class V:
    def __init__(self, data, children=()):
        self.data, self.grad, self._prev = data, 0.0, set(children)
        self._backward = lambda: None
    def __mul__(self, other):
        out = V(self.data * other.data, (self, other))
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out
a, b = V(2.0), V(3.0)
c = a * b
c.grad = 1.0
c._backward()
print(a.grad)
"""


def warm_up() -> None:
    """Run a small program of each kind once, right after the worker is ready: the first run
    imports the runner's modules and warms the interpreter (in Pyodide the first run of a
    learner's class took ~0.8 s, later ones ~30 ms), so the learner's first paste is quick."""
    from engine.worker import session

    run_in_worker(_WARM_UP)
    run_in_worker("x = 2.0\ny = x * x + x")
    session.forget()  # the learner's first action reruns their own program


# The syntax the expression language is written in. A program made only of these that the
# language refuses has a mistake in it (the language says where); one that uses anything else
# (def, class, for, import, lambda, ...) is Python, for the browser's worker.
_LANGUAGE_SYNTAX = (
    ast.Module, ast.Expr, ast.Assign, ast.AugAssign, ast.BinOp, ast.UnaryOp, ast.Call,
    ast.Name, ast.Constant, ast.Attribute, ast.keyword, ast.expr_context, ast.operator,
    ast.unaryop,
)  # fmt: skip

# Names that only Python knows: `print(b)` or `sum(xs)` in a program whose syntax fits the
# language still means Python. Dunder names (`__import__`) stay the language's to refuse.
_PYTHON_NAMES = frozenset(
    name for name in dir(builtins) if not name.startswith("_") and name not in FUNCTIONS
)


def is_python_only(source: str) -> bool:
    """Python (parsed, never run) that goes beyond the expression language: syntax it does not
    have, or a name only Python defines."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(
        not isinstance(node, _LANGUAGE_SYNTAX)
        or (isinstance(node, ast.Name) and node.id in _PYTHON_NAMES)
        for node in ast.walk(tree)
    )


def _beyond_language(source: str, inputs: Mapping[str, float] | None) -> bool:
    """The language refused valid Python for using what it does not have (`' ' * 10`): a
    program for the runner, not a mistake in an expression."""
    try:
        ast.parse(source)
        parse(source, inputs)
    except ExpressionError as e:
        return e.beyond
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return False


def run_in_worker(
    source: str,
    mode: str = DEFAULT_MODE,
    inputs: Mapping[str, float] | None = None,
    *,
    dots: bool = True,
) -> dict[str, Any]:
    """`run`, or for Python outside the language, engine.worker.runner's result (output, error,
    `graphs` and `chosen`) with the chosen graph's record and DOT as `trace` and `dot` (`dots`
    false: a Python run's DOTs are None, engine.worker.runner.run_program)."""
    from engine.worker import session  # the browser's worker only, like the runner
    from engine.worker.runner import run_program

    result = run(source, mode, inputs)
    if result["ok"]:
        program = parse(source, inputs)  # cheap; the live graph the learner will act on
        assigned = whatif.clean(
            {k: x for k, x in (inputs or {}).items() if k not in program.inputs}
        )
        root = whatif.with_values(program.output, assigned) if assigned else program.output
        names = {id(v): name for name, v in program.values.items()}
        session.remember([root], names, source, [result["trace"]])
    if result["ok"] or not (is_python_only(source) or _beyond_language(source, inputs)):
        return result
    keep: dict[str, Any] = {}
    values = whatif.clean(dict(inputs or {}))
    sites = _SITES[1] if values and _SITES and _SITES[0] == source else None
    ran = None
    if sites is None:  # the program as written: where it writes its leaves' numbers
        ran = run_program(source, keep=keep, dots=dots)
        sites = _sites(source, keep)
    rewritten = whatif_code.rewrite(source, sites, values)
    if ran is None or rewritten != source:  # what-if: it runs with the numbers written in
        keep = {}
        ran = run_program(rewritten, keep=keep, dots=dots)
    records = [g["record"] for g in ran["graphs"]]
    roots, names = keep.get("roots", []), keep.get("names", {})
    orders = keep.get("orders") or [None] * len(roots)  # each root's walk, made by the runner
    chosen = ran["chosen"]
    session.remember(roots, names, source, records, orders)
    ran["language"] = "python"
    ran["inputs"] = {}
    ran["what_if"] = whatif_code.fields(sites)
    if chosen is not None:
        ran["trace"] = ran["graphs"][chosen]["record"]
        ran["dot"] = ran["graphs"][chosen]["dot"]
    return ran


def _sites(source: str, keep: Mapping[str, Any]) -> dict[str, whatif_code.Site]:
    """Where the program just run writes each named leaf of its live graphs (the first graph
    to name a leaf wins), remembered for its exact text: a what-if edit of the same program
    then runs it once, not twice."""
    names = keep.get("names", {})
    leaves: dict[str, Any] = {}
    for root, order in zip(keep.get("roots", []), keep.get("orders") or [], strict=False):
        if root is None:
            continue
        order = order or topological_order(root, nodes.children)
        for i, name in whatif.leaf_names(order, names).items():
            leaves.setdefault(name, order[i])
    sites = whatif_code.find(source, leaves, names)
    _SITES[:] = [source, sites]
    return sites


_SITES: list[Any] = []  # [source, its sites] of the last Python program run without what-if


def _load_inputs(inputs_json: str) -> dict[str, Any]:
    try:
        inputs = json.loads(inputs_json) if inputs_json else {}
    except ValueError:
        inputs = {}
    return inputs if isinstance(inputs, dict) else {}


def _dump(result: dict[str, Any]) -> str:
    return json.dumps(result, allow_nan=False, separators=(",", ":"))


def run_json(source: str, mode: str = DEFAULT_MODE, inputs_json: str = "{}") -> str:
    """`run` for callers that speak strings."""
    return _dump(run(source, mode, _load_inputs(inputs_json)))


def run_in_worker_json(source: str, mode: str = DEFAULT_MODE, inputs_json: str = "{}") -> str:
    """`run_in_worker` for the worker, which passes JSON across the Pyodide boundary. A Python
    run's `trace` is its chosen graph's, sent once, in `graphs` (the page's engine-client.js
    points it back): at 20,000 values it is half the text. Its graphs carry no DOT: the page
    writes its own from each record (graph/record-dot.js) and drops any it is sent."""
    result = run_in_worker(source, mode, _load_inputs(inputs_json), dots=False)
    if result.get("language") == "python":
        result = {k: v for k, v in result.items() if k not in ("trace", "dot")}
    return _dump(result)


def act(graph: int, action: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """What the learner does to the live graph `graph` of the last run (engine.worker.session):
    manual_start, call {node}, undo, reset, check {grads}, parameters, descend {params, rate,
    steps}; and train {restart, steps} (engine.worker.moons, on no graph of the run).
    `{ok: true, ...}` or `{ok: false, error: {message}}`."""
    from engine.worker import moons, session

    try:
        if action == "train":  # micrograd's two-moons demo: not about the graph on screen
            restart = bool(args.get("restart", False))
            return {"ok": True, **moons.train(restart, int(args.get("steps", 1)))}
        s = session.session(int(graph))
        match action:
            case "manual_start":
                answer = s.manual_start()
            case "call":
                answer = s.call(str(args["node"]))
            case "undo":
                answer = s.undo()
            case "reset":
                answer = s.reset()
            case "check":
                answer = s.gradient_check(args.get("grads"))
            case "parameters":
                answer = {"parameters": s.parameters(), "names": s.parameter_names()}
            case "descend":
                params = args.get("params") or s.parameters()
                answer = s.descend(params, float(args["rate"]), int(args["steps"]))
                answer["dot"] = dot_source(answer["record"])
            case _:
                raise ValueError(f"unknown action {action!r}")
    except session.GraphGone as e:  # the worker restarted, or has not run this program yet
        return {"ok": False, "error": {"message": str(e), "gone": True}}
    except (LookupError, ValueError, TypeError, replay.ReplayError) as e:
        return {"ok": False, "error": {"message": str(e)}}
    return {"ok": True, **answer}


def act_json(graph: int, action: str, args_json: str = "{}") -> str:
    """`act` for the worker."""
    return _dump(act(graph, action, _load_inputs(args_json)))
