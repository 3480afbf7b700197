"""What if a leaf of a learner's own Python program had another value? Their program runs again
with the new number written where their code makes that leaf (`w1 = Value(2.0)` becomes
`w1 = Value(7.0)`), so the graph's names, the program's own `_backward()` calls and its Output
are those of one run, as if the learner had typed the number. (Rebuilding the graph instead,
as engine.worker.whatif does for the expression language, loses what only a run gives: the names of
its variables, its own calls, its printed text.)

A leaf can be set this way when one top-level line of the program makes it from a number
written there: `w1 = Value(2.0)`, `x1 = Value(-3, label="x1")`, `a, b = V(1.0), V(2.0)`. Any
other leaf (made inside a function, from a computed argument, by a name assigned twice) has a
`why`, which the page shows in place of a field that would silently do something else.
"""

import ast
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.record import creators
from engine.record.numbers import number


@dataclass(frozen=True, slots=True)
class Site:
    """Where the code writes a leaf's number: its line and the byte span of the argument."""

    name: str
    line: int = 0  # 1-based; 0 when there is no such place
    start: int = 0  # UTF-8 byte offsets within the line (as `ast` counts them)
    end: int = 0
    code: float | None = None  # the number written there
    why: str = ""  # why the leaf can't be set ("" when it can)


def _data_argument(call: ast.Call) -> ast.expr | None:
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == "data"), None)


def _number(node: ast.expr) -> float | None:
    try:
        x = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if isinstance(x, int | float) and not isinstance(x, bool):
        try:
            return float(x)
        except OverflowError:
            return None
    return None


def _made_by(statement: ast.stmt) -> list[tuple[str, ast.Call]]:
    """(name, call) for each call in a top-level `statement` that makes a value of that name:
    the value assigned to a name (also in `a, b = V(1), V(2)`), or a call with `label=` a name."""
    found: list[tuple[str, ast.Call]] = []
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return found  # a body that runs later, or many times: not one line's
    if isinstance(statement, ast.Assign | ast.AnnAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        value = statement.value
        for target in targets:
            if isinstance(target, ast.Name) and isinstance(value, ast.Call):
                found.append((target.id, value))
            elif isinstance(target, ast.Tuple | ast.List) and isinstance(
                value, ast.Tuple | ast.List
            ):
                for t, v in zip(target.elts, value.elts, strict=False):
                    if isinstance(t, ast.Name) and isinstance(v, ast.Call):
                        found.append((t.id, v))
    for node in ast.walk(statement):
        if isinstance(node, ast.Call):
            for k in node.keywords:
                if k.arg == "label" and isinstance(k.value, ast.Constant):
                    if isinstance(k.value.value, str):
                        found.append((k.value.value, node))
    return found


def find(
    source: str, leaves: Mapping[str, Any], variables: Mapping[int, str] | None = None
) -> dict[str, Site]:
    """name -> Site for each named leaf of the last run (`leaves`: name -> the leaf; the
    variables that hold values: id -> name, as the runner found them)."""
    variables = variables or {}
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {name: Site(name, why=f"{name}: the program does not parse") for name in leaves}
    makers: dict[str, list[tuple[ast.stmt, ast.Call]]] = {}
    for statement in tree.body:
        for name, call in _made_by(statement):
            makers.setdefault(name, []).append((statement, call))
    sites = {}
    for name, leaf in leaves.items():
        made = creators.MADE.get(id(leaf))
        if made is not None and made.where:
            sites[name] = Site(
                name,
                why=f"{name} is made inside {made.where}() (line {made.line}), not by a line of "
                "the program's own: change the code to try another value",
            )
            continue
        calls = {
            id(call): (statement, call)
            for key in {name, variables.get(id(leaf), name)}
            for statement, call in makers.get(key, [])
            if made is None or statement.lineno <= made.line <= (statement.end_lineno or 0)
        }
        if len(calls) != 1:
            lines_of = sorted({s.lineno for s, _ in calls.values()})
            where = (
                f": lines {', '.join(map(str, lines_of))} all make it"
                if calls
                else "; it is made in a loop or a function"
            )
            sites[name] = Site(
                name,
                why=f"{name} is not made by one line of the program{where}: change the code "
                "to try another value",
            )
            continue
        statement, call = next(iter(calls.values()))
        arg = _data_argument(call)
        code = _number(arg) if arg is not None else None
        if arg is None or code is None or arg.lineno != arg.end_lineno:
            text = ast.get_source_segment(source, arg) if arg is not None else ""
            made_from = f" from {text}" if text and len(text) <= 60 else ""
            sites[name] = Site(
                name,
                why=f"{name} is not a number written in the code: line {call.lineno} makes it"
                f"{made_from}; change the code to try another value",
            )
            continue
        sites[name] = Site(name, arg.lineno, arg.col_offset, arg.end_col_offset or 0, code)
    return sites


def _literal(x: float) -> str:
    if math.isnan(x):
        return 'float("nan")'
    if math.isinf(x):
        return 'float("inf")' if x > 0 else '-float("inf")'
    return repr(float(x))


def rewrite(source: str, sites: Mapping[str, Site], values: Mapping[str, float]) -> str:
    """`source` with each settable site's number replaced by the one in `values` (lines keep
    their numbers: errors and the steps' lines still point at the learner's text)."""
    lines = source.split("\n")
    edits: dict[int, list[tuple[int, int, str]]] = {}
    for name, x in values.items():
        site = sites.get(name)
        if site is None or site.why or site.code == x:
            continue
        edits.setdefault(site.line, []).append((site.start, site.end, _literal(x)))
    for at, spans in edits.items():
        text = lines[at - 1].encode()
        for start, end, new in sorted(spans, reverse=True):  # right to left: offsets hold
            text = text[:start] + new.encode() + text[end:]
        lines[at - 1] = text.decode()
    return "\n".join(lines)


def fields(sites: Mapping[str, Site]) -> list[dict[str, Any]]:
    """What the page's What-if panel offers: each name, its number in the code (or null) and
    why it can't be set ("" when it can)."""
    return [
        {"name": s.name, "code": None if s.code is None else number(s.code), "why": s.why}
        for s in sites.values()
    ]
