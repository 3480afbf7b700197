"""What one check found, and how it reads as JSON (docs/exercise-checks.md lists the kinds).

A failure the graph can show is *located*: the probe's graph record (the learner's graph, with
the `_backward()` calls of the pass that went wrong), the index of the wrong call in its
`backward` steps, the node and input it concerns, both numbers and the rule in words.
"""

from dataclasses import dataclass
from typing import Any

from engine.record.numbers import number
from engine.record.walked import WalkedGraph


@dataclass
class Finding:
    kind: str  # "grad", "overwrite", "order", ... (the docs' table)
    message: str
    node: Any = None  # the learner's node it concerns
    input: Any = None  # the input of `node` whose grad is wrong, if it is one
    step: int | None = None  # index of the wrong call in the pass's recorded calls
    got: float | None = None
    expected: float | None = None
    rule: str = ""  # the chain rule with its numbers: `b.data × out.grad = ... = 1.0000`


def result(passed: bool, kind: str, message: str, located: Any = None) -> dict[str, Any]:
    return {"passed": passed, "kind": kind, "message": message, "located": located}


def located(
    found: Finding, probe: str, record: dict[str, Any], graph: WalkedGraph
) -> dict[str, Any]:
    """The finding placed on the probe's record (ids are the record's)."""

    def uid(v: Any) -> str | None:
        return graph.ids.get(id(v)) if v is not None and graph.has(v) else None

    return {
        "probe": probe,
        "record": record,
        "step": found.step,
        "node": uid(found.node),
        "input": uid(found.input),
        "got": None if found.got is None else number(found.got),
        "expected": None if found.expected is None else number(found.expected),
        "rule": found.rule,
    }
