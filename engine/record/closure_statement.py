"""One statement of a learner's `_backward` closure, read for engine.record.closure_lines.

A plain statement sets `<free variable>.grad` with `=`, `+=` or `-=`, or a local
(`t = out.data`), from names and numbers: what it sets, how, its right-hand side as the learner
wrote it, and where in that text it reads a free variable or a local (`other.data`, `out.grad`,
`t`). Anything else — another attribute, a local set twice, a lambda or a comprehension with
names of their own — is not plain, and the closure is not quoted.
"""

import ast
from dataclasses import dataclass

_OPS = {ast.Add: "+=", ast.Sub: "-="}
_LOOSE = (ast.IfExp, ast.Lambda, ast.BoolOp, ast.Compare, ast.NamedExpr)  # need brackets


@dataclass(frozen=True, slots=True)
class Use:
    """A free variable read in a statement: `name.attr` (attr "" for the name alone)."""

    start: int  # offsets into the statement's right-hand side text
    end: int
    name: str
    attr: str


@dataclass(frozen=True, slots=True)
class Statement:
    """A plain statement: what the quote needs to put names and numbers in."""

    line: int  # 1-based, in the function's own text
    end_line: int
    target: str  # the free variable whose grad it sets, or the local it sets
    op: str  # "=", "+=", "-=", or "let" (a local)
    rhs: str  # its right-hand side, as the learner wrote it, on one line
    uses: tuple[Use, ...]
    loose: bool  # the right-hand side needs brackets after `+` (a conditional, a comparison)
    sums: bool  # ... or after `-` (a sum too)
    simple: bool  # the right-hand side is one name, attribute or number: no brackets as a local


def read(stmt: ast.stmt, text: list[str], free: set[str], local: set[str]) -> Statement | None:
    """`stmt` of the closure whose dedented lines are `text`, if it is plain: `free` its free
    variables' names, `local` the locals set by the statements before it."""
    if isinstance(stmt, ast.AugAssign) and type(stmt.op) in _OPS:
        target, op = stmt.target, _OPS[type(stmt.op)]
    elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target, op = stmt.targets[0], "="
    else:
        return None
    if op == "=" and isinstance(target, ast.Name):
        if target.id in free or target.id in local:
            return None  # a local set twice reads differently before and after
        sets, op = target.id, "let"
    elif (
        isinstance(target, ast.Attribute)
        and target.attr == "grad"
        and isinstance(target.value, ast.Name)
        and target.value.id in free
    ):
        sets = target.value.id
    else:
        return None
    value = stmt.value
    start = _offset(text, value.lineno, value.col_offset)
    end = _offset(text, value.end_lineno, value.end_col_offset)  # type: ignore[arg-type]
    source = "\n".join(text)
    uses = []
    for node in ast.walk(value):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name, attr = node.value.id, node.attr
        elif isinstance(node, ast.Name) and not _under_attribute(node, value):
            name, attr = node.id, ""
        else:
            continue
        if name not in free and name not in local:
            continue  # a global (`math`) or a builtin (`float`): quoted as it is
        if attr not in ("", "data", "grad") or (attr and name in local):
            return None
        uses.append(
            Use(
                _offset(text, node.lineno, node.col_offset) - start,
                _offset(text, node.end_lineno, node.end_col_offset) - start,  # type: ignore[arg-type]
                name,
                attr,
            )
        )
    for node in ast.walk(value):
        if isinstance(node, (ast.Lambda, ast.comprehension, ast.NamedExpr)):
            return None  # names of their own
    uses.sort(key=lambda u: u.start)
    return Statement(
        line=stmt.lineno,
        end_line=stmt.end_lineno or stmt.lineno,
        target=sets,
        op=op,
        rhs=source[start:end],
        uses=tuple(uses),
        loose=isinstance(value, _LOOSE),
        sums=isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)),
        simple=isinstance(value, (ast.Name, ast.Attribute, ast.Constant)),
    )


def _under_attribute(name: ast.Name, root: ast.AST) -> bool:
    """`out` in `out.grad`: the attribute is the use, not the name."""
    return any(isinstance(n, ast.Attribute) and n.value is name for n in ast.walk(root))


def _offset(text: list[str], line: int, col: int) -> int:
    """A character offset into "\\n".join(text) from ast's line and UTF-8 byte column."""
    before = sum(len(t) + 1 for t in text[: line - 1])
    return before + len(text[line - 1].encode()[:col].decode(errors="replace"))
