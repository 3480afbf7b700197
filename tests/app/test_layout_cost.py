"""app.layout_cost: the measures of a graph dot will lay out, and the time they predict."""

import pytest

from app.layout_cost import FAST_ATTRIBUTES, layout_cost
from app.presets import NEURON, mlp_loss_source
from engine.playground import run


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
