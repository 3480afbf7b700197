"""Walking a graph of values: iteratively, with a visited set, in a stable order.

No recursion anywhere: micrograd's recursive sort dies at depth ~1000, and a shared
subexpression reached by 2**30 paths must still be visited once.
"""

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any

_OWN_CHILDREN = attrgetter("_children")


class GraphTooLarge(Exception):
    """The graph has more values than the caller's limit."""

    def __init__(self, limit: int):
        super().__init__(f"the graph has more than {limit:,} values")
        self.limit = limit


def topological_order(
    root: Any,
    children: Callable[[Any], Iterable[Any]] = _OWN_CHILDREN,
    limit: int | None = None,
) -> list[Any]:
    """Every node reachable from `root`, each after all of its children (`root` last).

    The same order as micrograd's recursive `build_topo`: children in order, depth first,
    post-order. `children` reads a node's inputs (`engine.nodes.children` for any
    micrograd-shaped class); past `limit` nodes, raises GraphTooLarge.
    """
    if children is _OWN_CHILDREN and limit is None:
        return _own_order(root)
    order = []
    visited = {id(root)}
    stack = [(root, iter(children(root)))]
    while stack:
        node, kids = stack[-1]
        for child in kids:
            if id(child) not in visited:
                visited.add(id(child))
                if limit is not None and len(visited) > limit:
                    raise GraphTooLarge(limit)
                stack.append((child, iter(children(child))))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def _own_order(root: Any) -> list[Any]:
    """The same walk for engine.Value, the hot path of every backward(): its values hash by
    identity, so the visited set holds them directly (no id() call per edge)."""
    order = []
    visited = {root}
    stack = [(root, iter(root._children))]
    while stack:
        node, kids = stack[-1]
        for child in kids:
            if child not in visited:
                visited.add(child)
                stack.append((child, iter(child._children)))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def node_ids(order: Iterable[Any]) -> dict[int, str]:
    """Stable ids `n0, n1, ...` in topological order, shared by the record, the DOT and the SVG.

    Keyed by `id(node)`: a learner's class may define `__eq__` or `__hash__` any way it likes.
    """
    return {id(node): f"n{i}" for i, node in enumerate(order)}
