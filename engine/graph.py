"""Walking a graph of values: iteratively, with a visited set, in a stable order.

No recursion anywhere: micrograd's recursive sort dies at depth ~1000, and a shared
subexpression reached by 2**30 paths must still be visited once.
"""

from collections.abc import Iterable
from typing import Any


def topological_order(root: Any) -> list[Any]:
    """Every node reachable from `root`, each after all of its children (`root` last).

    The same order as micrograd's recursive `build_topo`: children in `_children` order,
    depth first, post-order.
    """
    order = []
    visited = {root}
    stack = [(root, iter(root._children))]
    while stack:
        node, children = stack[-1]
        for child in children:
            if child not in visited:
                visited.add(child)
                stack.append((child, iter(child._children)))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def node_ids(order: Iterable[Any]) -> dict[Any, str]:
    """Stable ids `n0, n1, ...` in topological order, shared by the trace, the DOT and the SVG."""
    return {node: f"n{i}" for i, node in enumerate(order)}
