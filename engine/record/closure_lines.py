"""A learner's own `_backward` closure, quoted line by line with its names and numbers put in.

`self.grad += other.data * out.grad`, run on `d = ... * f` under `L`, reads
`d.grad += f.data × L.grad = 0.0000 + (-2.0000) × 1.0000 = -2.0000`. The free variables
(`self`, `other`, `out`, a number like `t` or `k`) are mapped to what they held at the call
(`Step.free`, read by engine.record.observe from the closure's cells); every number is one the
recorder already read around the real call (`Step.datas`, `before`, `after`, `out_grad`).
Nothing here runs the learner's code, and nothing computes a derivative: a line's result is
the grad the recorder read after the call.

Quoted only when the closure is plain (engine.record.closure_statement reads each statement):
each statement sets `<free variable>.grad` with `=`, `+=` or `-=`, or a local (`t = out.data`,
`local = 1 - t**2`), from names and numbers of its free variables, its locals set before (and
globals like `math`). A local's line reads `t = o.data = 0.7071`; a later line that reads it
puts in its numbers as written
(`x.grad += (1 - t**2) × o.grad = 0.0000 + (1 - 0.7071**2) × 1.0000 = 0.5000`): substituted,
never computed. Anything else (a branch, a loop, a local set twice, a print, an attribute other
than `data` and `grad`) gives None, and the page says what the step did without the quote.
"""

import ast
import math
import re
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from engine.numeric import format_number
from engine.record import closure_statement
from engine.record.closure_statement import Statement
from engine.record.numbers import bracket, shown

UNKNOWN = "…"  # a grad the closure changed earlier in the same call: not read in between
_TIMES = re.compile(r"(?<!\*)\*(?!\*)")  # `*`, not `**`


def statements(code: Any, lines: Sequence[str]) -> tuple[Statement, ...] | None:
    """The closure of `code` in the program `lines`, as statements to quote; None when its
    text can't be read or is not plain (see the module's docstring)."""
    first = code.co_firstlineno
    if code.co_name == "<lambda>" or not 1 <= first <= len(lines):
        return None
    block = _block(lines, first - 1)
    try:
        tree = ast.parse(textwrap.dedent("\n".join(block)))
    except SyntaxError:
        return None
    fn = tree.body[0] if tree.body else None
    if not isinstance(fn, ast.FunctionDef) or fn.name != code.co_name:
        return None
    args = fn.args
    if args.args or args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg:
        return None
    free = set(code.co_freevars)
    text = textwrap.dedent("\n".join(block)).split("\n")
    found = []
    local: set[str] = set()  # locals set so far: readable by the statements after them
    for stmt in fn.body:
        if isinstance(stmt, ast.Pass) or (
            isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
        ):
            continue  # a docstring
        quoted = closure_statement.read(stmt, text, free, local)
        if quoted is None:
            return None
        if quoted.op == "let":
            local.add(quoted.target)
        found.append(quoted)
    if not any(s.op != "let" for s in found):
        return None
    return tuple(found)


def _block(lines: Sequence[str], start: int) -> list[str]:
    """The def at `lines[start]` and its indented body (blank lines inside kept)."""
    head = lines[start]
    indent = len(head) - len(head.lstrip())
    block = [head]
    for line in lines[start + 1 :]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        block.append(line)
    while block and not block[-1].strip():
        block.pop()
    return block


def _shown(x: float | None) -> str:
    return "None" if x is None else shown(x)


def _constant(x: float) -> str:
    """A number free variable (`k`, `t`): an integer as the learner wrote it (`2`)."""
    if math.isfinite(x) and x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return format_number(x)


def _in_call(before: str, after: str) -> bool:
    """`float(other)`: a number alone in brackets needs none of its own."""
    return before.rstrip().endswith("(") and after.lstrip().startswith(")")


def quote(
    found: tuple[Statement, ...],
    free_names: Sequence[str],
    held: Sequence[int | float | None],
    name_of: Callable[[int], str],
    number_of: Callable[[int, str], float | None],
    after: Callable[[int], float | None],
) -> list[tuple[Statement, int | None, str]] | None:
    """Each statement as `(statement, input slot it set, text)` (slot None: a local), or None
    if a name can't be put in. `held`: `Step.free`; `name_of(slot)` a node's name (-1: the node
    itself); `number_of(slot, "data" | "grad")` what the recorder read at the call (None: the
    grad was None); `after(slot)` its grad after the call."""
    roles = dict(zip(free_names, held, strict=True))
    last = {}
    for i, s in enumerate(found):
        if s.op != "let":
            last[roles.get(s.target)] = i
    grads: dict[int, str] = {}  # an input's grad now, as text, once a statement changed it
    lets: dict[str, tuple[str, bool]] = {}  # a local → its numbers as written, and if one term
    quoted: list[tuple[Statement, int | None, str]] = []
    for i, s in enumerate(found):
        slot = None if s.op == "let" else roles.get(s.target)
        if s.op != "let" and (type(slot) is not int or slot < 0):
            return None  # not one of the node's inputs
        names, numbers = [], []
        at = 0
        for use in s.uses:
            role = roles.get(use.name)
            literal = _TIMES.sub("×", s.rhs[at : use.start])
            names.append(literal)
            numbers.append(literal)
            at = use.end
            bare = _in_call(s.rhs[: use.start], s.rhs[use.end :])
            if use.name in lets:
                names.append(use.name)
                text, single = lets[use.name]
                if bare:
                    numbers.append(text)
                else:
                    numbers.append(bracket(text) if single else f"({text})")
            elif type(role) is int:
                base = name_of(role)
                names.append(f"{base}.{use.attr}" if use.attr else base)
                kind = use.attr or "data"  # a float subclass's node is its own number
                if kind == "grad" and role in grads:
                    numbers.append(grads[role])
                else:
                    numbers.append(_number(number_of(role, kind), bare))
            elif isinstance(role, float) and not use.attr:
                names.append(use.name)
                numbers.append(_constant(role) if bare else bracket(_constant(role)))
            else:
                return None
        tail = _TIMES.sub("×", s.rhs[at:])
        rhs_names = _one_line("".join(names) + tail)
        rhs_numbers = _one_line("".join(numbers) + tail)
        if s.op == "let":
            held_text = _unbracketed(rhs_numbers) if s.simple else rhs_numbers
            lets[s.target] = (held_text, s.simple)
            worked = "" if rhs_names == held_text else f" = {held_text}"
            quoted.append((s, None, f"{s.target} = {rhs_names}{worked}"))
            continue
        assert slot is not None
        target = f"{name_of(slot)}.grad"
        current = grads.get(slot, _shown(number_of(slot, "grad")))
        if s.op == "=":
            worked = rhs_numbers
        else:
            wrap = s.loose or (s.op == "-=" and s.sums)
            operand = f"({rhs_numbers})" if wrap else rhs_numbers
            worked = f"{current} {s.op[0]} {operand}"
        text = f"{target} {s.op} {rhs_names} = {worked}"
        if last[slot] == i:
            now = after(slot)
            grads[slot] = _shown(now)
            result = "None" if now is None else format_number(now)
            if result != worked and grads[slot] != worked:
                text += f" = {result}"
        else:
            grads[slot] = UNKNOWN
        quoted.append((s, slot, text))
    return quoted


def _number(x: float | None, bare: bool) -> str:
    if x is None:
        return "None"
    return format_number(x) if bare else _shown(x)


def _unbracketed(text: str) -> str:
    """A local that is one number: kept without the brackets a negative got as an operand."""
    return text[1:-1] if text.startswith("(-") and text.endswith(")") else text


def _one_line(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text)
