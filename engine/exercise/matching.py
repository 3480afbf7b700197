"""Which node of the learner's graph is which node of the reference's.

The leaves the check's expression made pair up by the order they were made in
(engine.exercise.probe). The rest pair up from the outputs down: a node's inputs pair in order,
or the other way round when only that agrees with their datas (a class that keeps its inputs in
a set orders them by birth). Where the two disagree about a node's inputs, pairing stops there:
a learner's `-` written as its own op is a different graph below that node, not a mistake.
What the learner's node leaves out of its inputs is noted (`dropped`): its closure still runs,
but a backward pass that walks the inputs never reaches them.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import nodes
from engine.graph import topological_order
from engine.worker.gradient_check import close


@dataclass
class Pairs:
    mine: dict[int, Any] = field(default_factory=dict)  # id(learner's node) -> reference node
    theirs: dict[int, Any] = field(default_factory=dict)  # id(reference node) -> learner's node
    # (learner's node, reference node, reference inputs it does not record), from the output down
    dropped: list[tuple[Any, Any, list[Any]]] = field(default_factory=list)

    def add(self, m: Any, r: Any) -> None:
        self.mine[id(m)] = r
        self.theirs[id(r)] = m

    def fits(self, m: Any, r: Any) -> bool:
        """m and r may be paired: neither is paired with another node."""
        a, b = self.mine.get(id(m)), self.theirs.get(id(r))
        return (a is None or a is r) and (b is None or b is m)


def distinct(kids: Sequence[Any]) -> list[Any]:
    """Inputs without repeats, in order: `a + a` has one input, in a tuple or in a set."""
    seen: set[int] = set()
    out = []
    for k in kids:
        if id(k) not in seen:
            seen.add(id(k))
            out.append(k)
    return out


class _Below:
    """Which of the expression's own leaves (by the order they were made) each node is made
    from: the surest sign of which node is which, even where a data or an op is wrong."""

    def __init__(self, leaves: Sequence[Any]):
        self.index = {id(v): i for i, v in enumerate(leaves)}
        self.known: dict[int, frozenset[int]] = {}

    def __call__(self, v: Any) -> frozenset[int]:
        if id(v) not in self.known:
            for u in topological_order(v, self._unknown):  # inputs first, each once
                own = {self.index[id(u)]} if id(u) in self.index else set()
                kids = (self.known[id(k)] for k in nodes.children(u))
                self.known[id(u)] = frozenset(own.union(*kids))
        return self.known[id(v)]

    def _unknown(self, v: Any) -> list[Any]:
        return [k for k in nodes.children(v) if id(k) not in self.known]


def _likeness(pairs: Pairs, below: tuple[_Below, _Below], m: Any, r: Any) -> int:
    """How much m looks like r: made from the same leaves, then the same op, data and
    number of inputs. -1: one of them is paired with another node."""
    if not pairs.fits(m, r):
        return -1
    return (
        4 * (below[0](m) == below[1](r))
        + 2 * (nodes.op(m) == nodes.op(r))
        + close(nodes.data(m), nodes.data(r))
        + (len(nodes.children(m)) == len(nodes.children(r)))
    )


def pair(mine: Any, ref: Any, mine_leaves: Sequence[Any], ref_leaves: Sequence[Any]) -> Pairs:
    """The learner's graph of `mine` paired with the reference graph of `ref`."""
    pairs = Pairs()
    for m, r in zip(mine_leaves, ref_leaves, strict=False):
        pairs.add(m, r)
    below = (_Below(mine_leaves), _Below(ref_leaves))
    todo = [(mine, ref)]
    done: set[int] = set()
    while todo:
        m, r = todo.pop()
        if id(m) in done or not pairs.fits(m, r):
            continue
        done.add(id(m))
        pairs.add(m, r)
        km, kr = distinct(nodes.children(m)), distinct(nodes.children(r))
        if len(km) < len(kr):  # what it records pairs with its likest; the rest is left out
            rest = list(kr)
            for k in km:
                scores = [_likeness(pairs, below, k, x) for x in rest]
                if scores and max(scores) > 0:
                    todo.append((k, rest.pop(scores.index(max(scores)))))
            pairs.dropped.append((m, r, rest))
            continue
        if len(km) != len(kr):
            continue  # the graphs differ below here
        if len(km) == 2:
            ahead = sum(_likeness(pairs, below, a, b) for a, b in zip(km, kr, strict=True))
            swapped = sum(_likeness(pairs, below, a, b) for a, b in zip(km, kr[::-1], strict=True))
            if swapped > ahead:
                kr = kr[::-1]
        todo.extend(zip(reversed(km), reversed(kr), strict=True))
    return pairs


def left_out(
    pairs: Pairs, reached: set[int], mine_leaves: Sequence[Any]
) -> tuple[Any, list[Any]] | None:
    """(the learner's node that leaves inputs out, the leaves of the check's expression no
    backward pass can reach because of it), or None when every leaf is reached. A node with
    fewer inputs than the reference's but every leaf reached is another way to build the
    same thing (a `neg` of its own instead of `* -1`), not a mistake."""
    lost = [m for m in mine_leaves if id(m) not in reached]
    if not lost:
        return None
    lost_ref = {id(pairs.mine[id(m)]) for m in lost if id(m) in pairs.mine}
    for m, _, rest in pairs.dropped:
        below = {id(v) for k in rest for v in topological_order(k, nodes.children)}
        if below & lost_ref:
            return m, [k for k in lost if id(pairs.mine.get(id(k))) in below]
    return None
