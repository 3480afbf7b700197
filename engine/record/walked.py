"""A graph walked once: its nodes in topological order, their ids, and how text refers to them.

The record (engine.record.graph_record), the step texts (engine.record.step_texts) and the
worker's live graph (engine.worker.session) all read one walk; what a learner named is decided
here once (`leaf_name`): the What-if fields, descent's parameters and the record's
`named_leaves` follow it.
"""

from collections.abc import Mapping
from typing import Any

from engine import nodes
from engine.graph import node_ids, topological_order
from engine.language.names import MAX_LABEL, bracketed, expression, number_text, shorten

MAX_NODES = 20_000  # values one drawn graph may have


def leaf_name(v: Any, names: Mapping[int, str]) -> str:
    """The name of `v` if it is a named leaf, else "": the one rule of what a learner named —
    its label, else the variable holding it (`names`: id -> name), when that is an identifier
    (a link's `values=` and `params=` carry only those). The What-if fields and descent's
    parameters are the leaves it names."""
    if nodes.children(v):
        return ""
    return _named(nodes.label(v) or names.get(id(v), ""))


def _named(label: str) -> str:
    return label if label.isidentifier() else ""


class WalkedGraph:
    """A walked graph: its nodes in order, their ids, and how text refers to them."""

    def __init__(
        self, root: Any, names: Mapping[int, str] | None, limit: int, literals: bool = True
    ):
        self.root = root
        self.literals = literals
        self.order = topological_order(root, nodes.children, limit)
        self.ids = node_ids(self.order)
        self.kids = {id(v): nodes.children(v) for v in self.order}
        self.ops = {id(v): nodes.op(v) for v in self.order}  # read once: a step reads it twice
        given = names or {}
        self.labels = {id(v): nodes.label(v) or given.get(id(v), "") for v in self.order}
        self.numbers: set[int] = set()  # unnamed leaves, shown as their number
        self.shown: dict[int, str] = {}  # what a learner reads: never an id (engine.language.names)
        # How a line of text refers to each node: as shown, in brackets if it is an expression
        # or a number (`(2).grad`, not `2.grad`). Made for every node at once: a record names
        # them all, and step texts read them ~5 times a step.
        self.names: dict[int, str] = {}
        for v in self.order:  # inputs first, so each name is made from its inputs' names
            key = id(v)
            label = self.labels[key]
            shown = self.shown[key] = shorten(label, MAX_LABEL) if label else self._unnamed(v)
            self.names[key] = f"({shown})" if key in self.numbers else bracketed(shown)

    def _unnamed(self, v: Any) -> str:
        kids = self.kids[id(v)]
        if not kids:
            self.numbers.add(id(v))
            return number_text(nodes.data(v))
        op = self.ops[id(v)]
        negates = (  # micrograd's -a is a * -1; -1 alone stays 1*(-1), not a second "-1"
            op == "*"
            and len(kids) == 2
            and id(kids[1]) in self.numbers
            and id(kids[0]) not in self.numbers
            and nodes.data(kids[1]) == -1.0
        )
        # Each input shortened first: a learner's long label used by many values costs no more
        # than a short one.
        parts = [shorten(self.shown[id(k)]) for k in kids]
        return shorten(expression(op, parts, negates))

    def constant(self, v: Any) -> bool:
        """Drawn as its number alone, with no grad field: an unnamed leaf that is known to be
        a number the program wrote (`literals`), like the 2 in `loss * 2`."""
        return self.literals and id(v) in self.numbers

    def has(self, node: Any) -> bool:
        uid = self.ids.get(id(node))
        return uid is not None and self.order[int(uid[1:])] is node

    def leaf_name(self, v: Any) -> str:
        """Its name if `v` is a named leaf (leaf_name), else ""."""
        return _named(self.labels[id(v)]) if not self.kids[id(v)] else ""

    def name(self, v: Any) -> str:
        """How a line of text refers to a node (`names`)."""
        return self.names[id(v)]


def walk(
    root: Any, names: Mapping[int, str] | None = None, limit: int = MAX_NODES, literals: bool = True
) -> WalkedGraph:
    """The graph of `root`, walked once: for `graph_record(graph=...)` and `touched`."""
    return WalkedGraph(root, names, limit, literals)
