"""What if a leaf of a learner's own Python program had another value? Their program runs again
with the new number written where their code makes that leaf (`w1 = Value(2.0)` becomes
`w1 = Value(7.0)`), so the graph's names, the program's own `_backward()` calls and its Output
are those of one run, as if the learner had typed the number. (Rebuilding the graph instead,
as engine.whatif does for the expression language, loses what only a run gives: the names of
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

from engine import creators
from engine.record import number


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


def _calls_for(statement: ast.stmt, names: set[str]) -> list[ast.Call]:
    """The calls in a top-level `statement` that make a value named one of `names`: the value
    assigned to the name (also in `a, b = V(1), V(2)`), or a call with `label=` that name."""
    found: list[ast.Call] = []
    if isinstance(statement, ast.Assign | ast.AnnAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        value = statement.value
        for target in targets:
            if isinstance(target, ast.Name) and target.id in names:
                if isinstance(value, ast.Call):
                    found.append(value)
            elif isinstance(target, ast.Tuple | ast.List) and isinstance(
                value, ast.Tuple | ast.List
            ):
                for t, v in zip(target.elts, value.elts, strict=False):
                    if isinstance(t, ast.Name) and t.id in names and isinstance(v, ast.Call):
                        found.append(v)
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return found  # a call in a body that runs later, or many times: not one line's
    for node in ast.walk(statement):
        if isinstance(node, ast.Call) and node not in found:
            for k in node.keywords:
                if (
                    k.arg == "label"
                    and isinstance(k.value, ast.Constant)
                    and k.value.value in names
                ):
                    found.append(node)
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
    lines = source.split("\n")
    sites = {}
    for name, leaf in leaves.items():
        names = {name, variables.get(id(leaf), name)}
        made = creators.MADE.get(id(leaf))
        if made is not None and made.where:
            sites[name] = Site(
                name,
                why=f"{name} is made inside {made.where}() (line {made.line}), not by a line of "
                "the program's own: change the code to try another value",
            )
            continue
        calls = [
            (statement, call)
            for statement in tree.body
            for call in _calls_for(statement, names)
            if made is None or statement.lineno <= made.line <= (statement.end_lineno or 0)
        ]
        if len(calls) != 1:
            where = "; it is made in a loop or a function" if not calls else ""
            lines_of = sorted({s.lineno for s, _ in calls})
            if len(calls) > 1:
                where = f": lines {', '.join(map(str, lines_of))} all make it"
            sites[name] = Site(
                name,
                why=f"{name} is not made by one line of the program{where}: change the code "
                "to try another value",
            )
            continue
        statement, call = calls[0]
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
        line = lines[arg.lineno - 1].encode()
        sites[name] = Site(name, arg.lineno, arg.col_offset, arg.end_col_offset or 0, code)
        assert line[arg.col_offset : arg.end_col_offset]  # the span is in the line
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
