"""A step-by-step record of the forward and backward pass, for the page to replay.

Every backward step is one real call of a node's `_backward()` closure — the same closures
`Value.backward()` calls — with each input's grad read before and after. The format is
documented in docs/trace-format.md; bump TRACE_VERSION when it changes.
"""

import math
from collections import Counter
from typing import Any

from engine.graph import node_ids, topological_order
from engine.language import Program
from engine.numeric import format_number
from engine.value import RULES, Value

TRACE_VERSION = 1
MODES = ("correct", "overwrite", "accumulate")

_STORE_GRAD = Value.grad.__set__  # type: ignore[attr-defined]  # the slot's own setter


class _Overwriting(Value):
    """A child whose grad reads as 0 inside `_backward`, so `+=` acts like the seeds' `=` bug."""

    __slots__ = ()

    @property  # type: ignore[override]
    def grad(self) -> float:
        return 0.0

    @grad.setter
    def grad(self, value: float) -> None:
        _STORE_GRAD(self, value)


def number(x: float) -> float | str:
    """A float for JSON: non-finite values become the strings "inf", "-inf", "nan"."""
    return x if math.isfinite(x) else format_number(x)


def _name(v: Value, ids: dict[Value, str]) -> str:
    """How the chain-rule line refers to a node: its label, in brackets if it is an expression."""
    if not v.label:
        return ids[v]
    return v.label if v.label.isidentifier() else f"({v.label})"


def _bracket(text: str) -> str:
    return f"({text})" if text.startswith("-") else text


def _shown(x: float) -> str:
    return _bracket(format_number(x))


class _Formatted:
    """`{a.data}` and `{a.grad}` in a rule's numbers template."""

    def __init__(self, v: Value):
        self.data = _shown(v.data)
        self.grad = _shown(v.grad)


def _rule(op: str) -> tuple[tuple[str, str], ...]:
    return RULES[op] if op in RULES else RULES["**k"]


def _lines(node: Value, ids: dict[Value, str], overwrite: bool) -> list[dict[str, str]]:
    """The chain-rule line for each input slot, in words and with the numbers filled in."""
    names = {"out": _name(node, ids)}
    values = {"out": _Formatted(node)}
    for key, child in zip("ab", node._children, strict=False):
        names[key], values[key] = _name(child, ids), _Formatted(child)
    k = node._op[2:] if node._op.startswith("**") and node._op != "**" else ""
    if k:
        km1 = format_number(float(k) - 1).rstrip("0").rstrip(".")
        values.update(k=_bracket(k), km1=_bracket(km1))  # type: ignore[arg-type]
    lines = []
    for (rule, numbers), child in zip(_rule(node._op), node._children, strict=True):
        text = rule.format(**names, k=k)
        if overwrite:
            text = text.replace(" += ", " = ", 1)
        lines.append({"child": ids[child], "rule": text, "numbers": numbers.format(**values)})
    return lines


def _explain(lines: list[dict[str, str]], change: dict[str, Any], overwrite: bool) -> str:
    """`x1.grad += w1.data * o.grad  ->  0.0000 + (-3.0000) * 0.5000 = -1.5000`."""
    mine = [line for line in lines if line["child"] == change["node"]]
    rules = "; ".join(line["rule"] for line in mine)
    terms = " + ".join(line["numbers"] for line in mine)
    if overwrite:
        return f"{rules}  →  {change['after_text']}"
    return f"{rules}  →  {_bracket(change['before_text'])} + {terms} = {change['after_text']}"


def trace(source: Program | Value, mode: str = "correct") -> dict[str, Any]:
    """Run the backward pass of `source` (a Program or a root Value) one `_backward()` at a time.

    mode: "correct" zeroes every grad and seeds the output with 1.0, then accumulates with
    `+=`; "overwrite" makes each `_backward` overwrite its inputs' grads (the seeds' `=` bug);
    "accumulate" first runs a whole backward pass, then traces a second one without zeroing.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    root = source.output if isinstance(source, Program) else source
    order = topological_order(root)
    ids = node_ids(order)
    if mode == "accumulate":
        root.backward()
    nodes = [_node(v, ids) for v in order]
    seed = _seed_step(root, order, ids, zero=mode != "accumulate")
    steps = [seed]
    contributions: Counter[Value] = Counter()
    for node in reversed(order):
        if node._children:
            steps.append(_backward_step(node, ids, contributions, overwrite=mode == "overwrite"))
        else:
            node._backward()  # a leaf's closure does nothing; called all the same, like backward()
    for i, step in enumerate(steps):
        step["index"] = i
    grad_texts: dict[str, list[str]] = {n["id"]: [n["grad_text"]] for n in nodes}
    for step in steps:
        for change in step["changes"]:
            grad_texts[change["node"]].append(change["after_text"])
    for n in nodes:
        n["grad_widest"] = max(grad_texts[n["id"]], key=len)
    return {
        "version": TRACE_VERSION,
        "mode": mode,
        "output": ids[root],
        "nodes": nodes,
        "edges": _edges(order, ids),
        "forward": [
            {"node": ids[v], "data": number(v.data), "data_text": format_number(v.data)}
            for v in order
        ],
        "backward": steps,
        "grads": {ids[v]: number(v.grad) for v in order},
        "accumulates": [ids[v] for v in order if contributions[v] > 1],
        "nonfinite": _nonfinite(nodes, steps),
    }


def _node(v: Value, ids: dict[Value, str]) -> dict[str, Any]:
    return {
        "id": ids[v],
        "label": v.label,
        "name": _name(v, ids),
        "op": v._op,
        "data": number(v.data),
        "data_text": format_number(v.data),
        "grad": number(v.grad),
        "grad_text": format_number(v.grad),
        "children": [ids[c] for c in v._children],
        "leaf": not v._children,
    }


def _edges(order: list[Value], ids: dict[Value, str]) -> list[dict[str, Any]]:
    """The drawn edges, with the ids `draw_dot` gives them."""
    edges = []
    for v in order:
        if v._children:
            uid = ids[v]
            for slot, child in enumerate(v._children):
                edges.append(
                    {"id": f"e-{ids[child]}-{uid}-{slot}", "from": ids[child], "to": uid + "_op"}
                )
            edges.append({"id": f"e-{uid}_op-{uid}", "from": uid + "_op", "to": uid})
    return edges


def _change(node_id: str, before: float, after: float) -> dict[str, Any]:
    return {
        "node": node_id,
        "before": number(before),
        "after": number(after),
        "before_text": format_number(before),
        "after_text": format_number(after),
    }


def _seed_step(
    root: Value, order: list[Value], ids: dict[Value, str], zero: bool
) -> dict[str, Any]:
    before = {v: v.grad for v in order}
    if zero:
        for v in order:
            v.grad = 0.0
    root.grad = 1.0
    name = _name(root, ids)
    changes = []
    for v in order:
        if before[v] != v.grad or v is root:
            change = _change(ids[v], before[v], v.grad)
            change["explain"] = f"{_name(v, ids)}.grad = {change['after_text']}"
            changes.append(change)
    rule = f"{name}.grad = 1.0"
    if zero:
        say = f"Set every grad to 0, then {name}.grad = 1: d{name}/d{name} = 1."
    else:
        say = f"Did not zero the grads from the last pass; set {name}.grad = 1."
    return {
        "kind": "seed",
        "node": ids[root],
        "rule": rule,
        "lines": [],
        "changes": changes,
        "say": say,
    }


def _backward_step(
    node: Value, ids: dict[Value, str], contributions: Counter[Value], overwrite: bool
) -> dict[str, Any]:
    children = list(dict.fromkeys(node._children))  # distinct, in order
    lines = _lines(node, ids, overwrite)
    before = [c.grad for c in children]
    if overwrite:
        for c in children:
            c.__class__ = _Overwriting
        try:
            node._backward()
        finally:
            for c in children:
                c.__class__ = Value
    else:
        node._backward()
    changes = []
    for child, was in zip(children, before, strict=True):
        contributions[child] += node._children.count(child)
        change = _change(ids[child], was, child.grad)
        change["contributions"] = contributions[child]
        change["explain"] = _explain(lines, change, overwrite)
        changes.append(change)
    name = _name(node, ids)
    updates = "; ".join(
        f"{_name(c, ids)}.grad {ch['before_text']} → {ch['after_text']}"
        for c, ch in zip(children, changes, strict=True)
    )
    say = f"{name}: ran the {node._op} node's _backward. {updates}."
    return {
        "kind": "backward",
        "node": ids[node],
        "op": node._op,
        "lines": lines,
        "changes": changes,
        "say": say,
    }


def _nonfinite(nodes: list[dict[str, Any]], steps: list[dict[str, Any]]) -> list[str]:
    """Ids of nodes whose data, or grad at any step, is inf or nan."""
    bad = {n["id"] for n in nodes if isinstance(n["data"], str) or isinstance(n["grad"], str)}
    bad.update(c["node"] for step in steps for c in step["changes"] if isinstance(c["after"], str))
    return [n["id"] for n in nodes if n["id"] in bad]
