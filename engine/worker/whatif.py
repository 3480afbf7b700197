"""What if a leaf had another value? The same graph, its forward pass redone from the new leaf
values with the graph's own operators (engine.record.replay), ready for a new backward pass.

Leaves are named as the learner named them: by label, else by the variable that holds them
(engine.record.walked.leaf_name, the one rule).
`fields` says what the page's What-if panel offers: each named leaf and its number in the code,
the number a value set there is compared with (a learner's own class: engine.worker.whatif_code).
"""

from collections.abc import Mapping
from typing import Any

from engine import nodes
from engine.graph import topological_order
from engine.language.parser import DEFAULT_INPUT
from engine.record import replay
from engine.record.numbers import number
from engine.record.walked import leaf_name

MAX_VALUES = 200  # names one request may set


def leaf_names(order: list[Any], names: Mapping[int, str] | None = None) -> dict[int, str]:
    """Position -> name of every named leaf (leaf_name)."""
    names = names or {}
    found = {}
    for i, v in enumerate(order):
        name = leaf_name(v, names)
        if name:
            found[i] = name
    return found


def with_values(
    root: Any, values: Mapping[str, float], names: Mapping[int, str] | None = None
) -> Any:
    """`root` itself if no named leaf of its graph is in `values`, else the root of a rebuilt
    graph with those leaves set (same shape, so the same ids)."""
    order = topological_order(root, nodes.children)
    leaves = {
        i: float(values[name]) for i, name in leaf_names(order, names).items() if name in values
    }
    if not leaves:
        return root
    return replay.rebuild(order, leaves, register=True)[-1]


def fields(
    record: Mapping[str, Any], code: Mapping[str, float], inputs: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The What-if fields of an expression program's `record`: each named leaf with its number
    in the code (`code`: name -> number before any what-if value; an input the code never
    assigns has the language's default). The language labels every value it names, so a
    named leaf's label is its name."""
    by_id = {n["id"]: n for n in record["nodes"]}
    out = []
    for n in (by_id[uid] for uid in record["named_leaves"]):
        name = n["label"]
        x = DEFAULT_INPUT if name in inputs else code.get(name, n["data"])
        out.append({"name": name, "code": number(x) if isinstance(x, float) else x, "why": ""})
    return out


def code_numbers(root: Any, names: Mapping[int, str] | None = None) -> dict[str, float]:
    """name -> data of each named leaf of `root`'s graph, as the code made it."""
    order = topological_order(root, nodes.children)
    return {name: nodes.data(order[i]) for i, name in leaf_names(order, names).items()}


def clean(values: object) -> dict[str, float]:
    """name -> number from untrusted JSON: identifiers and finite-or-not floats only."""
    if not isinstance(values, dict):
        return {}
    out = {}
    for name, x in list(values.items())[:MAX_VALUES]:
        if isinstance(name, str) and name.isidentifier() and len(name) <= 40:
            if isinstance(x, int | float) and not isinstance(x, bool):
                out[name] = float(x)
    return out
