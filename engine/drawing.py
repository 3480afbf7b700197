"""micrograd's `draw_dot`: the graph of a value as Graphviz record nodes.

The only module of `engine` that imports `graphviz`.
"""

from collections.abc import Mapping

import graphviz

from engine.graph import node_ids, topological_order
from engine.numeric import format_number
from engine.value import Value

_RECORD_SPECIALS = frozenset('{}|<>"\\ ')
_LINE_BREAKS = str.maketrans({"\n": " ", "\r": " "})

# Beyond this many drawn nodes (values + ops) Graphviz's default crossing minimisation and
# network simplex get slow: DESIGN.md quotes 32 s for a 982-value MLP loss (0.38 s with these
# limits); with Graphviz 2.43 here our MLP preset took 0.73 s and 0.43 s (docs/benchmarks.md),
# and a 2,000-value graph of dense sums over shared inputs still took minutes.
LARGE_GRAPH = 400
_LARGE_GRAPH_ATTRS = {"mclimit": "0.01", "nslimit": "0.1", "nslimit1": "0.1", "splines": "false"}
_MEDIUM_GRAPH = 120
_MEDIUM_GRAPH_ATTRS = {"mclimit": "0.3", "nslimit": "2", "nslimit1": "2"}


def escape_record(text: str) -> str:
    """User text as literal record-label text: a backslash before `{ } | < > " \\` and space."""
    text = text.translate(_LINE_BREAKS)
    return "".join("\\" + ch if ch in _RECORD_SPECIALS else ch for ch in text)


def value_texts(v: Value) -> tuple[str, str]:
    """The data and grad fields of a value's record, as the page shows them."""
    return f"data {format_number(v.data)}", f"grad {format_number(v.grad)}"


def layout_attributes(n_drawn: int) -> dict[str, str]:
    """Graph attributes that keep `dot` fast at this size."""
    if n_drawn > LARGE_GRAPH:
        return dict(_LARGE_GRAPH_ATTRS)
    if n_drawn > _MEDIUM_GRAPH:
        return dict(_MEDIUM_GRAPH_ATTRS)
    return {}


def draw_dot(
    root: Value,
    rankdir: str = "LR",
    *,
    texts: Mapping[Value, tuple[str, str]] | None = None,
    names: Mapping[Value, str] | None = None,
) -> graphviz.Digraph:
    """A Digraph of every value reachable from `root`: `{ label | data | grad }` records, with
    an op node feeding each computed value. It renders inline in Jupyter.

    Node ids are `n0, n1, ...` in topological order (op nodes `n3_op`), and SVG ids match.
    `texts` replaces the data and grad fields, e.g. with the widest text a trace will show, so
    a page can lay the graph out once and rewrite the numbers in place. `names` fills the
    label field of values that have no label.
    """
    if rankdir not in ("LR", "TB", "RL", "BT"):
        raise ValueError(f"rankdir must be LR, TB, RL or BT, not {rankdir!r}")
    order = topological_order(root)
    ids = node_ids(order)
    n_drawn = len(order) + sum(1 for v in order if v._op)
    dot = graphviz.Digraph(
        format="svg",
        graph_attr={"rankdir": rankdir, **layout_attributes(n_drawn)},
        node_attr={"fontname": "Courier", "fontsize": "12"},
        edge_attr={"arrowsize": "0.6"},
    )
    # Lines written as Digraph.node()/edge() would write them: ids are ours (n0, n3_op) and
    # labels are escaped above, so the per-attribute quoting there is only cost (5x, at 1k nodes).
    body = dot.body
    for v in order:
        uid = ids[v]
        data_text, grad_text = texts[v] if texts and v in texts else value_texts(v)
        name = v.label or (names.get(v, "") if names else "")
        label = "|".join(escape_record(t) for t in (name, data_text, grad_text))
        kind = "value" if v._op else "value leaf"
        body.append(f'\t{uid} [label="{{{label}}}" class="{kind}" id={uid} shape=record]\n')
        if v._op:
            op = escape_record(v._op)
            body.append(f'\t{uid}_op [label="{op}" class=op id={uid}_op]\n')
            body.append(f'\t{uid}_op -> {uid} [id="e-{uid}_op-{uid}"]\n')
            for slot, child in enumerate(v._children):
                cid = ids[child]
                body.append(f'\t{cid} -> {uid}_op [id="e-{cid}-{uid}-{slot}"]\n')
    return dot


def draw_trace(root: Value, trace: Mapping, rankdir: str = "LR") -> graphviz.Digraph:
    """`draw_dot` sized for a whole trace: each grad field laid out with the widest text the
    trace will put there, so stepping never needs a new layout. A value without a label shows
    its id, which is how the trace's chain-rule lines name it."""
    by_id = {n["id"]: n for n in trace["nodes"]}
    order = topological_order(root)
    texts = {}
    names = {}
    for v, uid in node_ids(order).items():
        node = by_id[uid]
        texts[v] = (f"data {node['data_text']}", f"grad {node['grad_widest']}")
        names[v] = node["name"]
    return draw_dot(root, rankdir, texts=texts, names=names)
