"""DOT text for a graph record, written with the standard library: record nodes
`{ label | data ... | grad ... }` with an op node feeding each computed value, as micrograd's
`draw_dot` draws them. Ids are the record's (`n0`, op nodes `n3_op`, edges `e-n0-n3-0`), read
from it; SVG ids match.

Drawn to be read whole on a small screen: top to bottom, each record's label, data and grad
stacked (micrograd lays them side by side, left to right: the neuron was then 1,778 units wide,
6 px text when fitted in a laptop's panel), with little room between nodes. The default neuron
is then about 400 x 470 units: fitted whole, its text is 11.4 CSS px on a 390 px phone and
12.5 px at 1280 x 800 (tests/browser/test_fit.py).
"""

import re
from collections.abc import Mapping
from typing import Any

# A backslash before each record special (and a line break as a space): one translate call,
# not a loop over characters (at 20,000 values that loop was most of the DOT's time).
_RECORD_ESCAPES = str.maketrans({"\n": " ", "\r": " ", **{ch: "\\" + ch for ch in '{}|<>"\\ '}})
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|-?[0-9]*\.?[0-9]+")

# Beyond this many drawn nodes (values + ops) Graphviz's default crossing minimisation and
# network simplex get slow: DESIGN.md quotes 32 s for a 982-value MLP loss (0.38 s with these
# limits); with Graphviz 2.43 here our MLP preset took 0.73 s and 0.43 s (docs/benchmarks.md),
# and a 2,000-value graph of dense sums over shared inputs still took minutes.
LARGE_GRAPH = 400
_LARGE_GRAPH_ATTRS = {"mclimit": "0.01", "nslimit": "0.1", "nslimit1": "0.1", "splines": "false"}
_MEDIUM_GRAPH = 120
_MEDIUM_GRAPH_ATTRS = {"mclimit": "0.3", "nslimit": "2", "nslimit1": "2"}

RANKDIRS = ("LR", "TB", "RL", "BT")
RANKDIR = "TB"  # the page's; a notebook's draw_dot keeps micrograd's LR
# Inches, as Graphviz takes them (Graphviz's defaults: nodesep 0.25, ranksep 0.5, node margin
# 0.11,0.055, height 0.5): a 12-point line with 2 points above and below it, 4 points either side;
# an op's ellipse 0.3 inches tall.
DRAWING_ATTRS = {"nodesep": "0.1", "ranksep": "0.2", "pad": "0.02"}
NODE_ATTRS = {"fontname": "Courier", "fontsize": "12", "margin": "0.06,0.03", "height": "0.3"}
EDGE_ATTRS = {"arrowsize": "0.6"}
# A graph with modules (a record's `groups`) is first drawn folded when, drawn whole, it would
# pass this many nodes (values, op nodes): the page then opens groups breadth first while the
# drawing stays within it (static/js/graph/folding.js firstOpen), so that a network's first
# view is its layers and neurons, not a wall of values.
FOLD_FIRST_NODES = 40


def escape_record(text: str) -> str:
    """User text as literal record-label text: a backslash before `{ } | < > " \\` and space."""
    return text.translate(_RECORD_ESCAPES)


def layout_attributes(n_drawn: int) -> dict[str, str]:
    """Graph attributes that keep `dot` fast at this size."""
    if n_drawn > LARGE_GRAPH:
        return dict(_LARGE_GRAPH_ATTRS)
    if n_drawn > _MEDIUM_GRAPH:
        return dict(_MEDIUM_GRAPH_ATTRS)
    return {}


def graph_attributes(record: Mapping[str, Any], rankdir: str = RANKDIR) -> dict[str, str]:
    if rankdir not in RANKDIRS:
        raise ValueError(f"rankdir must be LR, TB, RL or BT, not {rankdir!r}")
    nodes = record["nodes"]
    n_drawn = len(nodes) + sum(1 for n in nodes if not n["leaf"])
    return {"rankdir": rankdir, **DRAWING_ATTRS, **layout_attributes(n_drawn)}


def stacked(fields: tuple[str, ...], rankdir: str) -> str:
    """A record label with its (escaped) fields one above the other: a record's fields run
    across the rank direction, so top to bottom they are grouped in `{ }` to turn them, and
    left to right they already stack."""
    label = "|".join(escape_record(t) for t in fields)
    return f"{{{label}}}" if rankdir in ("TB", "BT") else label


def body_lines(
    record: Mapping[str, Any],
    grad_texts: Mapping[str, str] | None = None,
    *,
    name_unlabelled: bool = True,
    rankdir: str = RANKDIR,
) -> list[str]:
    """One line per node and edge. Without `grad_texts` (node id -> text), each grad field is
    laid out with the longest text the record will put there, so that a page can step it with
    no new layout. `name_unlabelled` shows a value without a label by the name the step texts
    use (a constant as its number alone); a notebook's draw_dot leaves the field blank, like
    micrograd's."""
    lines = []
    edges = iter(record["edges"])  # per computed value: one from each input, then op -> value
    for n in record["nodes"]:
        uid = n["id"]
        grad = n["grad_widest"] if grad_texts is None else grad_texts[uid]
        if name_unlabelled and n["constant"]:  # drawn as its number: no grad to follow
            fields: tuple[str, ...] = (n["shown"],)
            kind = "value leaf constant"
        else:
            name = n["shown"] if name_unlabelled else n["label"]
            fields = (name, f"data {n['data_text']}", f"grad {grad}")
            kind = "value leaf" if n["leaf"] else "value"
        label = stacked(fields, rankdir)
        lines.append(f'\t{uid} [label="{label}" class="{kind}" id={uid} shape=record]\n')
        if not n["leaf"]:
            op, op_id = escape_record(n["op"]), n["op_id"]
            inputs = [next(edges) for _ in n["children"]]
            out = next(edges)
            lines.append(f'\t{op_id} [label="{op}" class=op id={op_id}]\n')
            lines.append(f'\t{op_id} -> {uid} [id="{out["id"]}"]\n')
            for edge in inputs:
                lines.append(f'\t{edge["from"]} -> {op_id} [id="{edge["id"]}"]\n')
    return lines


def _attrs(attrs: Mapping[str, str]) -> str:
    """`k=v ...`, a value that is not a plain DOT id (a point `0.06,0.03`) in quotes."""
    return " ".join(f"{k}={v}" if _PLAIN.fullmatch(v) else f'{k}="{v}"' for k, v in attrs.items())


def dot_source(
    record: Mapping[str, Any],
    rankdir: str = RANKDIR,
    grad_texts: Mapping[str, str] | None = None,
    *,
    name_unlabelled: bool = True,
) -> str:
    """The whole digraph, as `graphviz.Digraph(...).source` would write it."""
    head = [
        "digraph {\n",
        f"\tgraph [{_attrs(graph_attributes(record, rankdir))}]\n",
        f"\tnode [{_attrs(NODE_ATTRS)}]\n",
        f"\tedge [{_attrs(EDGE_ATTRS)}]\n",
    ]
    body = body_lines(record, grad_texts, name_unlabelled=name_unlabelled, rankdir=rankdir)
    return "".join(head + body + ["}\n"])


def page_style() -> dict[str, Any]:
    """What the page needs to write the same DOT from a record (static/js/graph/record-dot.js): the
    page never lays out DOT that a learner's program could have written, so it writes its own,
    with these attributes decided here. The server sends them in the page's data."""
    return {
        "rankdir": RANKDIR,
        "graph": dict(DRAWING_ATTRS),
        "node": dict(NODE_ATTRS),
        "edge": dict(EDGE_ATTRS),
        # a folded graph is laid out by Graphviz up to LARGE_GRAPH drawn nodes, whatever the
        # whole graph's layout: folded, its cost is its boxes'
        "fold": {"first_nodes": FOLD_FIRST_NODES, "graphviz_max": LARGE_GRAPH},
        # [more than this many drawn nodes, then these graph attributes], largest first
        "sizes": [
            [LARGE_GRAPH, dict(_LARGE_GRAPH_ATTRS)],
            [_MEDIUM_GRAPH, dict(_MEDIUM_GRAPH_ATTRS)],
        ],
    }
