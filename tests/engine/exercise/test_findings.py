"""engine.exercise.findings: a finding placed on its probe's record, as JSON."""

import json
import math

from engine import Value
from engine.exercise.findings import Finding, located, result
from engine.record.graph_record import graph_record
from engine.record.walked import walk


def test_a_finding_is_placed_by_the_records_ids():
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    out = a * b
    graph = walk(out)
    record = graph_record(out, graph=graph)
    found = Finding("grad", "words", out, a, 0, math.inf, -1.5, "b.data × out.grad")
    placed = located(found, "a*b", record, graph)
    assert placed["node"] == record["output"] and placed["input"] == graph.ids[id(a)]
    assert (placed["got"], placed["expected"], placed["step"]) == ("inf", -1.5, 0)
    json.dumps(placed, allow_nan=False)  # non-finite numbers are text, as in the record


def test_a_node_outside_the_graph_is_no_id():
    out = Value(1.0) + Value(2.0)
    graph = walk(out)
    placed = located(Finding("no-inputs", "x", Value(5.0)), "p", graph_record(out), graph)
    assert placed["node"] is None and placed["got"] is None


def test_a_result():
    assert result(False, "condition", "m") == {
        "passed": False,
        "kind": "condition",
        "message": "m",
        "located": None,
    }
