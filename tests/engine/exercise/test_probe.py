"""engine.exercise.probe: the leaves a check's expression makes, and their names."""

from engine import Value
from engine.exercise import probe


def test_leaves_are_made_with_the_class_and_remembered_in_order():
    out, leaves = probe.build(lambda V: V(2.0) * V(3.0, label="b") + 1, Value)
    assert [v.data for v in leaves] == [2.0, 3.0] and leaves[1].label == "b"
    assert out.data == 7.0


def test_one_leaf_can_be_moved():
    out, leaves = probe.build(lambda V: V(2.0) * V(3.0), Value, move=(1, 5.0))
    assert out.data == 10.0 and leaves[1].data == 5.0


def test_names_are_the_checks_then_letters_it_did_not_use():
    assert probe.leaf_names(4, "x1 a") == ["x1", "a", "b", "c"]
    assert probe.leaf_names(2, ["w"]) == ["w", "a"]
    assert probe.leaf_names(28, None)[-2:] == ["a1", "b1"]


def test_the_class_is_reachable_through_v():
    assert probe.Leaves(Value).__name__ == "Value"
