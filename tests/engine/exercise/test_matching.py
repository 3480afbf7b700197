"""engine.exercise.matching: the learner's nodes paired with the reference's."""

from engine import Value as Reference
from engine import nodes
from engine.exercise import matching, probe


class Mine:
    """Inputs in a set, as micrograd keeps them; ops with the learner's own names; its own
    negation (one input, where engine.Value multiplies by -1)."""

    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self._prev = set(children)
        self._op = op

    def __add__(self, other):
        return Mine(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        return Mine(self.data * other.data, (self, other), "mul")

    def __neg__(self):
        return Mine(-self.data, (self,), "neg")


def _pairs(build, cls=Mine):
    mine, mine_leaves = probe.build(build, cls)
    ref, ref_leaves = probe.build(build, Reference)
    return mine, ref, matching.pair(mine, ref, mine_leaves, ref_leaves), mine_leaves


def test_leaves_pair_by_the_order_they_were_made_and_the_rest_from_the_output_down():
    def build(V):
        a, b, c = V(2.0), V(-3.0), V(4.0)
        e = a * b
        return (e + c) * e  # the output's inputs: (e + c, e) for the reference, a set mine

    mine, ref, pairs, leaves = _pairs(build)
    assert len(pairs.mine) == 6 and pairs.dropped == []
    for v in [mine, *leaves]:
        assert pairs.mine[id(v)] is not None
    e = next(k for k in nodes.children(mine) if nodes.op(k) == "mul")
    assert pairs.mine[id(e)].data == -6.0 and pairs.mine[id(e)]._op == "*"


def test_wrong_data_does_not_pair_the_wrong_nodes():
    class Wrong(Mine):
        def __mul__(self, other):  # adds instead
            return Wrong(self.data + other.data, (self, other), "mul")

        def __add__(self, other):
            return Wrong(self.data + other.data, (self, other), "add")

    def build(V):
        a, b, c = V(2.0), V(-3.0), V(4.0)
        e = a * b
        return (e + c) * e

    mine, _, pairs, _ = _pairs(build, Wrong)
    e = next(k for k in nodes.children(mine) if nodes.op(k) == "mul")
    assert pairs.mine[id(e)]._op == "*"  # paired by the leaves it is made from


def test_another_way_to_build_the_same_thing_is_no_missing_input():
    mine, _, pairs, leaves = _pairs(lambda V: -V(2.0) * V(3.0))
    assert len(pairs.dropped) == 1  # neg(a) has 1 input, a * -1 has 2
    reached = {id(v) for v in probe_order(mine)}
    assert matching.left_out(pairs, reached, leaves) is None


def test_a_result_that_records_no_inputs_is_found():
    class Forgets(Mine):
        def __add__(self, other):
            return Forgets(self.data + other.data, (), "add")

    mine, _, pairs, leaves = _pairs(lambda V: V(2.0) + V(3.0), Forgets)
    node, lost = matching.left_out(pairs, {id(v) for v in probe_order(mine)}, leaves)
    assert node is mine and lost == leaves


def probe_order(root):
    from engine.graph import topological_order

    return topological_order(root, nodes.children)


def test_distinct_keeps_the_first_of_each_input():
    a, b = Mine(1.0), Mine(2.0)
    assert matching.distinct([a, b, a]) == [a, b]
