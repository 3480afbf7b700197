"""DOT text for a graph record, written with the standard library: record nodes
`{ label | data ... | grad ... }` with an op node feeding each computed value, as micrograd's
`draw_dot` draws them. Ids are the record's (`n0`, op nodes `n3_op`); SVG ids match.
"""

from collections.abc import Mapping
from typing import Any

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

RANKDIRS = ("LR", "TB", "RL", "BT")
NODE_ATTRS = {"fontname": "Courier", "fontsize": "12"}
EDGE_ATTRS = {"arrowsize": "0.6"}


def escape_record(text: str) -> str:
    """User text as literal record-label text: a backslash before `{ } | < > " \\` and space."""
    text = text.translate(_LINE_BREAKS)
    return "".join("\\" + ch if ch in _RECORD_SPECIALS else ch for ch in text)


def layout_attributes(n_drawn: int) -> dict[str, str]:
    """Graph attributes that keep `dot` fast at this size."""
    if n_drawn > LARGE_GRAPH:
        return dict(_LARGE_GRAPH_ATTRS)
    if n_drawn > _MEDIUM_GRAPH:
        return dict(_MEDIUM_GRAPH_ATTRS)
    return {}


def graph_attributes(record: Mapping[str, Any], rankdir: str = "LR") -> dict[str, str]:
    if rankdir not in RANKDIRS:
        raise ValueError(f"rankdir must be LR, TB, RL or BT, not {rankdir!r}")
    nodes = record["nodes"]
    n_drawn = len(nodes) + sum(1 for n in nodes if not n["leaf"])
    return {"rankdir": rankdir, **layout_attributes(n_drawn)}


def body_lines(
    record: Mapping[str, Any],
    grad_texts: Mapping[str, str] | None = None,
    *,
    name_unlabelled: bool = True,
) -> list[str]:
    """One line per node and edge. Without `grad_texts` (node id -> text), each grad field is
    laid out with the longest text the record will put there, so that a page can step it with
    no new layout. `name_unlabelled` shows a value without a label by the name the step texts
    use (a constant as its number alone); a notebook's draw_dot leaves the field blank, like
    micrograd's."""
    lines = []
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
        label = "|".join(escape_record(t) for t in fields)
        lines.append(f'\t{uid} [label="{{{label}}}" class="{kind}" id={uid} shape=record]\n')
        if not n["leaf"]:
            op = escape_record(n["op"])
            lines.append(f'\t{uid}_op [label="{op}" class=op id={uid}_op]\n')
            lines.append(f'\t{uid}_op -> {uid} [id="e-{uid}_op-{uid}"]\n')
            for slot, cid in enumerate(n["children"]):
                lines.append(f'\t{cid} -> {uid}_op [id="e-{cid}-{uid}-{slot}"]\n')
    return lines


def _attrs(attrs: Mapping[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in attrs.items())


def dot_source(
    record: Mapping[str, Any],
    rankdir: str = "LR",
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
    return "".join(head + body_lines(record, grad_texts, name_unlabelled=name_unlabelled) + ["}\n"])
