"""Which layout draws a graph, decided once from its shape before any layout runs: Graphviz,
or the page's layered layout where Graphviz would be slow or fail. The estimate of how long
`dot` will take is also what the server uses to refuse or downgrade /graph.svg.

Graphviz's cost follows the graph's shape more than its size. `dot` ranks the graph (left to
right here), then routes every edge that spans several ranks through one virtual node per rank
it crosses, and crossing minimisation works on all of them. A value used by many later ops (a
hub: `x + x + ... + x`) has edges spanning up to the whole graph, so 150 terms make ~11,000
virtual nodes for 300 real ones and take 16 s. So the estimate counts real plus virtual nodes,
with ranks from the longest path (dot's ranking can only shorten edges, so this errs high).

Every graph record carries the decision (`layout`, `layout_note`: engine.record.graph_record,
docs/trace-format.md), so the page lays a graph out as it says and never estimates again.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.record.dot import layout_attributes

# Fitted to dot 2.43 on 2 cores (`python -m bench.layout_cost_fit` prints the table): hub
# graphs under dot's default attributes grow with the cube of the virtual nodes, under the
# faster attributes `engine.drawing` uses for bigger graphs with the square; long chains with
# ranks x nodes. Estimates are for a quiet machine; under load dot takes 2-4x longer.
_DEFAULT_VIRTUAL = 1900  # virtual nodes that take ~1 s with the default attributes
_FAST_VIRTUAL = 5000  # ... with the fast ones
_RANK_NODES = 1_700_000  # ranks x drawn nodes that take ~1 s
FAST_ATTRIBUTES = layout_attributes(10**9)  # what the biggest graphs get: the cheapest layout
# The page's Graphviz is WASM: past about a second the learner waits, and it overflows its
# stack on long chains (6,000 drawn nodes did) whatever the estimate.
GRAPHVIZ_SECONDS = 1.0
GRAPHVIZ_MAX_DRAWN = 3000


@dataclass(frozen=True)
class LayoutCost:
    drawn: int  # value and op nodes
    edges: int
    virtual: int  # extra nodes dot makes for edges that span ranks
    max_degree: int  # the most edges at one node
    ranks: int

    @property
    def nodes(self) -> int:
        return self.drawn + self.virtual

    @property
    def uses_default_attributes(self) -> bool:
        return not layout_attributes(self.drawn)

    def prefers_fast(self, budget: float) -> bool:
        """Whether to draw with the fast attributes: the default ones are estimated to take
        over a quarter of the budget, and the fast ones less."""
        return self.seconds() > budget / 4 and self.seconds(fast=True) < self.seconds()

    def seconds(self, fast: bool = False) -> float:
        """Estimated dot time with the attributes draw_dot picks (or the fast ones)."""
        chains = self.drawn * self.ranks / _RANK_NODES
        if self.uses_default_attributes and not fast:
            return chains + (self.virtual / _DEFAULT_VIRTUAL) ** 3
        return chains + (self.virtual / _FAST_VIRTUAL) ** 2


def ranks(nodes: Sequence[Mapping[str, Any]]) -> list[int]:
    """Each value's rank (column) in the drawn graph, for nodes in topological order: the
    longest path from the inputs, counting op nodes (a value sits one rank after its op node,
    which sits one after its latest input), and a leaf just before its first use, as dot's
    ranking would place it. The record carries them (`rank`); the layered layout and the
    cost below read them there."""
    rank: dict[str, int] = {}
    for node in nodes:  # longest path; a value sits one rank after its op node
        children = node["children"]
        rank[node["id"]] = 2 + max(rank[c] for c in children) if children else 0
    # A leaf is placed just before its first use, as dot's ranking would place it.
    first_use: dict[str, int] = {}
    for node in nodes:
        for child in node["children"]:
            op_rank = rank[node["id"]] - 1
            first_use[child] = min(first_use.get(child, op_rank), op_rank)
    for node in nodes:
        if not node["children"] and node["id"] in first_use:
            rank[node["id"]] = first_use[node["id"]] - 1
    return [rank[node["id"]] for node in nodes]


def layout_cost(record: Mapping[str, Any]) -> LayoutCost:
    """The cost measures of a trace's graph (the graph `engine.draw_trace` draws), from the
    ranks it carries."""
    nodes = record["nodes"]  # topological order: inputs first
    rank = {node["id"]: node["rank"] for node in nodes}
    drawn = edges = virtual = 0
    degree: dict[str, int] = {}
    for node in nodes:
        drawn += 1
        children = node["children"]
        if not children:
            continue
        drawn += 1  # its op node
        op_rank = rank[node["id"]] - 1
        edges += len(children) + 1
        for child in children:
            virtual += op_rank - rank[child] - 1
            degree[child] = degree.get(child, 0) + 1
        degree[node["op_id"]] = len(children) + 1
    columns = 1 + max(rank.values(), default=0)
    return LayoutCost(drawn, edges, virtual, max(degree.values(), default=0), columns)


# The layered layout's note, in words, wherever it is drawn: `why` it is not Graphviz. The page
# is sent these (app/page_data.py `layout_notes`) for what only it can know: that Graphviz
# failed anyway, with its `error`, and that the layout named an input beside each use.
LAYERED_NOTE = "Drawn with the quick layered layout: {why}."
GRAPHVIZ_FAILED = "Graphviz failed ({error})"
STUBS_NOTE = "An input used many times is named beside each use."


def page_notes() -> dict[str, str]:
    """The words the page adds to a layout's note (static/js/shared/layout-choice.js)."""
    failed = LAYERED_NOTE.format(why=GRAPHVIZ_FAILED)
    return {"graphviz_failed": failed, "stubs": STUBS_NOTE}


def layout_choice(cost: LayoutCost) -> dict[str, str]:
    """`{layout, layout_note}`: "graphviz", or "layered" with the reason in words. Graphviz
    draws nicer pictures, so it keeps every graph it lays out fast."""
    if cost.drawn > GRAPHVIZ_MAX_DRAWN:
        why = f"{cost.drawn:,} boxes are more than Graphviz can lay out here"
    elif cost.seconds() > GRAPHVIZ_SECONDS:
        why = f"Graphviz would take about {math.ceil(cost.seconds())} s on this graph"
    else:
        return {"layout": "graphviz", "layout_note": ""}
    return {"layout": "layered", "layout_note": LAYERED_NOTE.format(why=why)}
