"""A recorded `_backward()` call as a step of the record: which grads it changed (before and
after, as numbers and text), the chain-rule lines of engine.Value's operations with their numbers
(engine/record/rules.py), a learner's own closure quoted with names and numbers put in
(engine/record/closure_lines.py), and what the step says in words. The engine's own zeroing and
seed are a step too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine import nodes
from engine.numeric import format_number
from engine.record import closure_lines
from engine.record.numbers import bracket, number, shown
from engine.record.recorder import Step
from engine.record.rules import RULES
from engine.record.walked import WalkedGraph
from engine.value import Value


def _change(node_id: str, before: float, after: float) -> dict[str, Any]:
    return {
        "node": node_id,
        "before": number(before),
        "after": number(after),
        "before_text": format_number(before),
        "after_text": format_number(after),
    }


def seed_step(
    g: WalkedGraph, before: Mapping[int, float], after: Mapping[int, float], mode: str
) -> dict[str, Any]:
    """The engine's own zeroing and seeding, shown as the first step."""
    changes = []
    for v in g.order:
        was, now = before[id(v)], after[id(v)]
        if v is g.root or not _same(was, now):
            change = _change(g.ids[id(v)], was, now)
            change["explain"] = f"{g.name(v)}.grad = {change['after_text']}"
            changes.append(change)
    name = g.name(g.root)
    if mode == "accumulate":
        say = f"Did not zero the grads from the last pass; set {name}.grad = 1."
    else:
        say = f"Set every grad to 0, then {name}.grad = 1: d{name}/d{name} = 1."
    return {
        "kind": "seed",
        "node": g.ids[id(g.root)],
        "rule": f"{name}.grad = 1.0",
        "lines": [],
        "changes": changes,
        "say": say,
    }


def _same(a: float, b: float) -> bool:
    return a == b or (a != a and b != b)


class _Formatted:
    """`{a.data}` and `{a.grad}` in a rule's numbers template, as the rule read them: each
    formatted only if the template uses it (`+` reads one number of six)."""

    __slots__ = ("_data", "_grad")

    def __init__(self, data: float, grad: float):
        self._data = data
        self._grad = grad

    @property
    def data(self) -> str:
        return shown(self._data)

    @property
    def grad(self) -> str:
        return shown(self._grad)


def _rule_lines(
    g: WalkedGraph, node: Any, kids: tuple[Any, ...], step: Step, overwrite: bool
) -> list[dict[str, str]]:
    """engine.Value's chain-rule line for each input slot, in words and with numbers."""
    op = g.ops[id(node)]
    rules = RULES.get(op) or (RULES["**k"] if op.startswith("**") else None)
    if rules is None or len(rules) != len(kids):
        return []
    datas = step.datas or (nodes.data(node), *map(nodes.data, kids))
    named = g.names
    names = {"out": named[id(node)]}
    values = {"out": _Formatted(datas[0], step.out_grad)}
    for key, child, data, grad in zip("ab", kids, datas[1:], step.before, strict=False):
        names[key], values[key] = named[id(child)], _Formatted(data, grad)
    k = op[2:] if op.startswith("**") and op != "**" else ""
    if k:
        km1 = format_number(float(k) - 1).rstrip("0").rstrip(".")
        values.update(k=bracket(k), km1=bracket(km1))  # type: ignore[arg-type]
    lines = []
    for (rule, numbers), child in zip(rules, kids, strict=True):
        text = rule.format(**names, k=k)
        if overwrite:
            text = text.replace(" += ", " = ", 1)
        lines.append({"child": g.ids[id(child)], "rule": text, "numbers": numbers.format(**values)})
    return lines


def source_lines(source: str) -> list[str]:
    return source.splitlines()


def _code_text(node: Any, lines_of: list[str]) -> dict[str, Any] | None:
    """The learner's own closure: where it is in their program, and its text."""
    fn = nodes.rule(node)
    code = getattr(fn, "__code__", None)
    if code is None or not lines_of:
        return None
    numbers = [line for _, _, line in code.co_lines() if line is not None]
    first, last = code.co_firstlineno, max(numbers, default=code.co_firstlineno)
    if not 1 <= first <= last <= len(lines_of):
        return None
    return {"line": first, "end_line": last, "text": "\n".join(lines_of[first - 1 : last])}


def backward_step(
    g: WalkedGraph,
    node: Any,
    kids: tuple[Any, ...],
    step: Step,
    contributions: Counter[int],
    mode: str,
    lines_of: list[str],
    quoted: dict[Any, Any],
) -> dict[str, Any]:
    overwrite = mode == "overwrite"
    lines = _rule_lines(g, node, kids, step, overwrite) if isinstance(node, Value) else []
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for i, k in enumerate(kids):
        first.setdefault(id(k), i)
        last[id(k)] = i
    changes = []
    for key, i in first.items():
        child = kids[i]
        contributions[key] += sum(1 for k in kids if k is child)
        change = _change(g.ids[key], step.before[i], step.after[last[key]])
        change["contributions"] = contributions[key]
        change["explain"] = _explain(g, child, lines, change, overwrite)
        changes.append(change)
    named = g.names
    name = named[id(node)]
    updates = "; ".join(
        f"{named[id(kids[i])]}.grad {ch['before_text']} → {ch['after_text']}"
        for i, ch in zip(first.values(), changes, strict=True)
    )
    op = g.ops[id(node)]
    what = f"the {op} node's _backward" if op else "its _backward"
    result = {
        "kind": "backward",
        "node": g.ids[id(node)],
        "op": op,
        "lines": lines,
        "changes": changes,
        "say": f"{name}: ran {what}. {updates}." if updates else f"{name}: ran {what}.",
        "out_grad": number(step.out_grad),
        "out_grad_text": format_number(step.out_grad),
    }
    if not isinstance(node, Value):
        code = _code_text(node, lines_of)
        if code is not None:
            result["code"] = code
        ran = _ran(g, node, kids, step, lines_of, quoted)
        if ran:
            result["ran"] = ran
    return result


def _ran(
    g: WalkedGraph,
    node: Any,
    kids: tuple[Any, ...],
    step: Step,
    lines_of: list[str],
    quoted: dict[Any, Any],
) -> list[dict[str, Any]]:
    """The learner's closure, each statement that ran with names and numbers put in
    (engine.record.closure_lines); [] when it can't be quoted."""
    code = step.code
    if code is None or not step.free or len(step.free) != len(code.co_freevars):
        return []
    if code not in quoted:  # each closure's text is read once per record
        quoted[code] = closure_lines.statements(code, lines_of)
    found = quoted[code]
    if found is None:
        return []
    datas = step.datas or (nodes.data(node), *map(nodes.data, kids))
    nones = step.nones

    def name_of(slot: int) -> str:
        return g.names[id(node if slot < 0 else kids[slot])]

    def number_of(slot: int, kind: str) -> float | None:
        if kind == "data":
            return datas[slot + 1] if slot + 1 < len(datas) else None
        if slot in nones:
            return None
        return step.out_grad if slot < 0 else step.before[slot]

    def after(slot: int) -> float | None:
        return step.after[slot]

    lines = closure_lines.quote(found, code.co_freevars, step.free, name_of, number_of, after)
    if lines is None:
        return []
    first = code.co_firstlineno - 1
    return [
        {
            "line": first + s.line,
            "end_line": first + s.end_line,
            "child": None if slot is None else g.ids[id(kids[slot])],
            "text": text,
        }
        for s, slot, text in lines
    ]


def _explain(
    g: WalkedGraph, child: Any, lines: list[dict[str, str]], change: dict[str, Any], overwrite: bool
) -> str:
    """`x1.grad += w1.data * o.grad  →  0.0000 + (-3.0000) * 0.5000 = -1.5000`."""
    mine = [line for line in lines if line["child"] == change["node"]]
    if not mine:  # a learner's closure: what it did, in numbers
        return f"{g.names[id(child)]}.grad: {change['before_text']} → {change['after_text']}"
    rules = "; ".join(line["rule"] for line in mine)
    terms = " + ".join(line["numbers"] for line in mine)
    if overwrite:
        return f"{rules}  →  {change['after_text']}"
    return f"{rules}  →  {bracket(change['before_text'])} + {terms} = {change['after_text']}"
