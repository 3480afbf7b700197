"""The record's structure (version 7) against the DOT written from it and the graph it came
from: each node's rank, consumers and op node id, each edge's id. The page reads these and
works none of them out again (docs/trace-format.md), so they must say what the DOT draws."""

import re
from collections import defaultdict

from hypothesis import given, settings

from engine import Value, parse, trace
from engine.record.dot import dot_source
from engine.record.graph_record import RECORD_VERSION
from engine.worker.playground import run
from tests.engine.conftest import examples
from tests.engine.expressions import Expr, expressions

_NODE = re.compile(r"^\t(n\d+(?:_op)?) \[.* id=(\S+?)[ \]]")
_EDGE = re.compile(r'^\t(\S+) -> (\S+) \[id="([^"]+)"\]$')


def drawn(dot: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    """The DOT's nodes (in order) and its edges (from, to, id), read from its lines."""
    nodes, edges = [], []
    for line in dot.splitlines():
        if edge := _EDGE.match(line):
            edges.append((edge[1], edge[2], edge[3]))
        elif node := _NODE.match(line):
            assert node[1] == node[2]  # the statement's name is its SVG id
            nodes.append(node[1])
    return nodes, edges


def dot_ranks(dot: str) -> dict[str, int]:
    """Ranks worked out from the DOT alone, as the page did before the record carried them: the
    longest path over the drawn nodes (Kahn's order), then each leaf just before its first use."""
    nodes, edges = drawn(dot)
    ins, outs = defaultdict(list), defaultdict(list)
    for a, b, _ in edges:
        outs[a].append(b)
        ins[b].append(a)
    waiting = {n: len(ins[n]) for n in nodes}
    order = [n for n in nodes if not waiting[n]]
    for n in order:  # grows as it goes: a breadth-first walk
        for m in outs[n]:
            waiting[m] -= 1
            if not waiting[m]:
                order.append(m)
    assert len(order) == len(nodes)
    rank: dict[str, int] = {}
    for n in order:
        rank[n] = max((rank[m] + 1 for m in ins[n]), default=0)
    for n in order:
        if not ins[n] and outs[n]:
            rank[n] = max(0, min(rank[m] for m in outs[n]) - 1)
    return rank


def check(record: dict) -> None:
    """Every structural field agrees with the DOT and with the nodes' children."""
    assert record["version"] == RECORD_VERSION == 7
    dot = dot_source(record)
    nodes, edges = drawn(dot)
    ids = [n["id"] for n in record["nodes"]]
    ops = [n["op_id"] for n in record["nodes"] if "op_id" in n]
    assert sorted(nodes) == sorted(ids + ops)
    for n in record["nodes"]:
        assert ("op_id" in n) == (not n["leaf"])
        if not n["leaf"]:
            assert n["op_id"] in nodes and (n["op_id"], n["id"]) in {(a, b) for a, b, _ in edges}
            assert {a for a, b, _ in edges if b == n["op_id"]} == set(n["children"])
    assert sorted((e["from"], e["to"], e["id"]) for e in record["edges"]) == sorted(edges)
    assert len({e["id"] for e in record["edges"]}) == len(edges)
    rank = dot_ranks(dot)
    for n in record["nodes"]:
        assert n["rank"] == rank[n["id"]], n["id"]
        if "op_id" in n:
            assert rank[n["op_id"]] == n["rank"] - 1  # an op node sits just before its value
    users = {i: [n["id"] for n in record["nodes"] if i in n["children"]] for i in ids}
    for n in record["nodes"]:
        assert n["consumers"] == users[n["id"]]
        assert len(set(n["consumers"])) == len(n["consumers"])
    named = [n["id"] for n in record["nodes"] if n["leaf"] and n["label"].isidentifier()]
    assert record["named_leaves"] == named


SHAPES = {
    "a value used twice by one op": "a = 2.0\nb = a + a",
    "a hub": "+".join(["x"] * 30),
    "a chain with inputs used at every link": "x = x*c + d\n" * 12,
    "a leaf first used late": "a = 1.0\nb = a*2\nc = b*3\nd = c*4\ne = d + z",
    "a single value": "x = 3.0",
    "sums over shared inputs": "s0 = x0 + x1 + x2\ns1 = x0 + x2\ny = s0*s1",
}


def test_the_structure_agrees_with_the_dot_for_each_shape():
    for name, source in SHAPES.items():
        result = run(source)
        assert result["ok"], name
        check(result["trace"])
        assert result["dot"] == dot_source(result["trace"])


@settings(max_examples=examples(150))
@given(expressions())
def test_the_structure_agrees_with_the_dot_for_any_expression(expr: Expr):
    program = parse(f"x = 0.5\ny = -1.5\nout = {expr.text}")
    check(trace(program))


def test_consumers_are_in_topological_order_and_name_each_user_once():
    record = run("a = 2.0\nb = a + a\nc = a * b\nd = c + a")["trace"]
    by_shown = {n["shown"]: n for n in record["nodes"]}
    ids = {n["id"]: n["shown"] for n in record["nodes"]}
    assert [ids[i] for i in by_shown["a"]["consumers"]] == ["b", "c", "d"]
    assert by_shown["d"]["consumers"] == []
    assert by_shown["d"]["rank"] == 6  # a, (+), b, (*), c, (+), d


def test_named_leaves_are_the_leaves_a_learner_named_and_only_those():
    """A number the program wrote, a computed value and a label that is no identifier name
    nothing: the What-if fields offer the record's named leaves (engine.record.walked)."""
    record = run("a = 2.0\nb = a * 3 + w\nc = b * b")["trace"]
    shown = {n["id"]: n["shown"] for n in record["nodes"]}
    assert [shown[i] for i in record["named_leaves"]] == ["a", "w"]
    v = Value(1.0, label="x 1") * Value(2.0, label="y")
    assert [n["label"] for n in trace(v)["nodes"] if n["id"] in trace(v)["named_leaves"]] == ["y"]
