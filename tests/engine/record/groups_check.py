"""What every record's `groups` must satisfy, and reading them: shared by the groups' tests."""

from collections import Counter
from typing import Any

from engine.worker.runner import run_program


def run(source: str, graph: int | None = None) -> dict[str, Any]:
    """The record of the chosen graph (or of graph number `graph`) of a program that ran."""
    result = run_program(source)
    assert result["ok"], result["error"]
    index = result["chosen"] if graph is None else graph
    return result["graphs"][index]["record"]


def check(record: dict[str, Any]) -> None:
    """The shape docs/trace-format.md promises, for any record."""
    groups = record["groups"]
    nodes = {n["id"]: n for n in record["nodes"]}
    index = {g["id"]: i for i, g in enumerate(groups)}
    assert [g["id"] for g in groups] == [f"g{i}" for i in range(len(groups))]
    held = Counter(uid for g in groups for uid in g["nodes"])
    assert all(times == 1 for times in held.values()), "a node in two groups"
    assert set(held) <= set(nodes)
    by_id = {g["id"]: g for g in groups}
    for i, g in enumerate(groups):
        assert set(g) == {"id", "name", "kind", "parent", "call", "nodes", "output", "params"}
        parent = g["parent"]
        if parent is None:
            assert " · " not in g["name"]
        else:
            assert index[parent] < i, "a child before its parent"
            assert g["call"] == by_id[parent]["call"]
            if by_id[parent]["parent"] is not None:
                assert g["name"].startswith(by_id[parent]["name"] + " · ")
        assert g["name"].split(" · ")[-1].startswith(g["kind"])
        assert set(g["params"]) <= set(nodes)
        assert g["output"] is None or g["output"] in nodes
        assert g["nodes"] or any(c["parent"] == g["id"] for c in groups), "an empty group"
    # The nodes of a group are listed in the record's (topological) order.
    order = {uid: i for i, uid in enumerate(nodes)}
    for g in groups:
        assert [order[u] for u in g["nodes"]] == sorted(order[u] for u in g["nodes"])


def under(record: dict[str, Any], group_id: str) -> set[str]:
    """The nodes of a group and of every group inside it."""
    groups = record["groups"]
    inside = {group_id}
    for g in groups:  # parents come first
        if g["parent"] in inside:
            inside.add(g["id"])
    return {uid for g in groups if g["id"] in inside for uid in g["nodes"]}


def named(record: dict[str, Any], name: str) -> dict[str, Any]:
    found = [g for g in record["groups"] if g["name"] == name]
    assert len(found) == 1, (name, [g["name"] for g in record["groups"]])
    return found[0]
