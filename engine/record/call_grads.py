"""Each datapoint's part of the parameters' grads: the record's `call_grads`.

When a program calls its model once per datapoint (`[model(x) for x in xs]`), a weight's
grad is the sum of what each point's copy of the network added to it. The record's backward
steps say what each `_backward()` call added to each input's grad (`before` → `after`) and its
groups say which top-level call made the node whose `_backward()` ran (the group's `call`);
summing the increments per call gives each point's part. It is worked out here, from the
record's own steps, so that the page shows the numbers in the engine's one format
(engine.numeric.format_number) and works none of them out again (docs/trace-format.md).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from engine.numeric import format_number
from engine.record.numbers import number


def call_grads(
    groups: Sequence[Mapping[str, Any]], backward: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """One entry per top-level call, in call order, when the groups have more than one:
    `{call, grads: {param id: {grad, grad_text, last_step}}}` for the parameters of that
    call's top-level groups. `grad` sums what the steps of that call's nodes added to the
    parameter's grad; `last_step` is the index of the last of those steps that changed it
    (null if none did). `[]` for a graph with fewer than two calls."""
    calls = sorted({g["call"] for g in groups if g["parent"] is None})
    if len(calls) < 2:
        return []
    call_of = {node: g["call"] for g in groups for node in g["nodes"]}
    params: dict[int, dict[str, None]] = {c: {} for c in calls}  # call -> its params, in order
    for g in groups:
        if g["parent"] is None:
            params[g["call"]].update(dict.fromkeys(g["params"]))
    sums: dict[int, dict[str, float]] = {c: dict.fromkeys(params[c], 0.0) for c in calls}
    last: dict[int, dict[str, int]] = {c: {} for c in calls}
    for step in backward:
        call = call_of.get(step["node"]) if step["kind"] == "backward" else None
        if call is None:
            continue
        own, when = sums[call], last[call]
        for change in step["changes"]:
            node = change["node"]
            if node not in own:
                continue
            before, after = float(change["before"]), float(change["after"])
            own[node] += after - before
            if after != before:
                when[node] = step["index"]
    return [
        {
            "call": c,
            "grads": {
                p: {"grad": number(x), "grad_text": format_number(x), "last_step": last[c].get(p)}
                for p, x in sums[c].items()
            },
        }
        for c in calls
    ]
