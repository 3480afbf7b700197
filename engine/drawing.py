"""micrograd's `draw_dot`: the graph of a value as a `graphviz.Digraph`, for Jupyter.

The only module of `engine` that imports `graphviz`. The DOT text itself comes from the graph
record (engine.record.dot), so the notebook, the server and the page draw the same graph.
"""

import graphviz

from engine.record.dot import EDGE_ATTRS, NODE_ATTRS, body_lines, graph_attributes
from engine.record.graph_record import graph_record


def draw_dot(root, format: str = "svg", rankdir: str = "LR") -> graphviz.Digraph:  # noqa: A002
    """A Digraph of every value reachable from `root` (any micrograd-shaped object):
    `{ label | data | grad }` records, with an op node feeding each computed value. It renders
    inline in Jupyter. `format` and `rankdir` are micrograd's arguments; the fields are stacked
    as on the page (engine.record.dot), whichever way the graph runs.

    Node ids are `n0, n1, ...` in topological order (op nodes `n3_op`), and SVG ids match.
    """
    record = graph_record(root)
    dot = graphviz.Digraph(
        format=format,
        graph_attr=graph_attributes(record, rankdir),
        node_attr=NODE_ATTRS,
        edge_attr=EDGE_ATTRS,
    )
    texts = {n["id"]: n["grad_text"] for n in record["nodes"]}
    dot.body.extend(body_lines(record, texts, name_unlabelled=False, rankdir=rankdir))
    return dot
