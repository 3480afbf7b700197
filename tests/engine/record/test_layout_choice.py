"""engine.record.layout_choice: the measures of a graph dot will lay out, the time they predict, and
the layout every record says the page draws it with."""

import math

import pytest

from app.presets import NEURON, mlp_loss_source
from engine.record.layout_choice import FAST_ATTRIBUTES, GRAPHVIZ_MAX_DRAWN, layout_cost
from engine.worker.playground import act, run, run_in_worker
from engine.worker.runner import run_program


def cost_of(source: str):
    return layout_cost(run(source)["trace"])


def test_measures_of_a_small_hub_counted_by_hand():
    # x -> op1 (twice), op1 -> n1, n1 -> op2, x -> op2, op2 -> n2. Ranks: x 0, op1 1, n1 2,
    # op2 3, n2 4; the edge x -> op2 spans ranks 1 and 2: two virtual nodes.
    cost = cost_of("x + x + x")
    assert (cost.drawn, cost.edges, cost.virtual, cost.max_degree, cost.ranks) == (5, 6, 2, 3, 5)


def test_a_leaf_is_ranked_just_before_its_first_use():
    # Constants feeding the end of a chain add no virtual nodes (dot puts them beside their use).
    assert cost_of("a = x\n" + "a = a*1.01 + 1\n" * 50).virtual == 0


def test_virtual_nodes_grow_with_the_square_of_a_hub():
    small, big = cost_of("+".join(["x"] * 20)).virtual, cost_of("+".join(["x"] * 40)).virtual
    assert 3.5 < big / small < 4.5


def test_ordinary_programs_are_cheap_and_hubs_are_not():
    assert cost_of(NEURON).seconds() < 0.01
    assert cost_of(mlp_loss_source()).seconds() < 1.0  # the MLP preset is drawn on the server
    assert cost_of("+".join(["x"] * 251)).seconds(fast=True) > 10  # 38 s measured
    assert cost_of("+".join(["x"] * 60)).seconds() > 1  # > 10 s with the default attributes


def test_the_fast_attributes_are_preferred_only_when_they_help():
    hub = cost_of("+".join(["x"] * 40))
    assert hub.prefers_fast(budget=1.0)  # 0.5 s estimated with the default, 0.1 s fast
    assert not cost_of(NEURON).prefers_fast(budget=1.0)


@pytest.mark.parametrize("name", ["mclimit", "nslimit", "splines"])
def test_fast_attributes_are_the_ones_draw_dot_uses_for_big_graphs(name):
    assert name in FAST_ATTRIBUTES


def test_graphviz_keeps_the_graphs_it_lays_out_fast():
    for source in (NEURON, mlp_loss_source()):
        record = run(source)["trace"]
        assert (record["layout"], record["layout_note"]) == ("graphviz", "")


def test_a_hub_gets_the_layered_layout_and_the_estimate_in_words():
    record = run("+".join(["x"] * 60))["trace"]  # one input used 60 times: seconds in dot
    seconds = layout_cost(record).seconds()
    assert seconds > 1
    assert record["layout"] == "layered"
    assert record["layout_note"] == (
        "Drawn with the quick layered layout: Graphviz would take about "
        f"{math.ceil(seconds)} s on this graph."
    )


def test_too_many_boxes_for_graphviz_wasm_get_the_layered_layout_however_cheap():
    terms, lines = [f"x{i}" for i in range(1024)], []
    while len(terms) > 1:  # a balanced sum: 3,070 boxes in 21 ranks, no edge spans a rank
        pairs = zip(terms[::2], terms[1::2], strict=True)
        terms = [f"s{len(lines) + k}" for k in range(len(terms) // 2)]
        lines += [f"{t} = {a} + {b}" for t, (a, b) in zip(terms, pairs, strict=True)]
    record = run("\n".join(lines))["trace"]
    cost = layout_cost(record)
    assert cost.drawn > GRAPHVIZ_MAX_DRAWN and cost.seconds() < 1
    assert record["layout"] == "layered"
    assert record["layout_note"] == (
        f"Drawn with the quick layered layout: {cost.drawn:,} boxes are more than Graphviz "
        "can lay out here."
    )


def test_every_record_the_page_receives_carries_the_choice():
    python = run_in_worker(
        "from engine import Value\nx = Value(2.0)\ny = x\nfor i in range(100):\n    y = y + x\n"
        "y.backward()\n"
    )
    assert python["language"] == "python"
    for graph in python["graphs"]:
        assert graph["record"]["layout"] == "layered"  # x feeds 100 ops
    assert python["trace"]["layout"] == "layered"
    snapshots = run_program("from engine import Value, draw_dot\nx = Value(2.0)\ndraw_dot(x * 3)")
    assert {g["kind"]: g["record"]["layout"] for g in snapshots["graphs"]}["snapshot"] == "graphviz"
    run_in_worker("w = 2.0\nloss = (w - 1)**2")
    descended = act(0, "descend", {"rate": 0.1, "steps": 1, "params": ["n0"]})
    assert descended["ok"] and descended["record"]["layout"] == "graphviz"
