"""Check gradients: every leaf's grad against a central finite difference of the graph's own
forward operators (engine.record.replay), with the step size chosen where successive estimates
agree best, and a kink (ReLU or max at the switch) told apart; and the one rule of "close
enough" for grads, which the page's Practice applies too.
"""

import math
from collections.abc import Callable
from typing import Any

from engine import nodes
from engine.numeric import format_number
from engine.record import replay
from engine.record.numbers import number

# A grad matches when within this relative error, or this absolute error near 0 (a decision
# made here once; the page shows the verdict it is sent).
TOLERANCE = 1e-4
_STEPS = tuple(10.0**-k for k in range(2, 9))  # finite-difference steps tried, times max(1, |x|)
_ADAPTIVE_MAX_NODES = 2000  # above this, one step size only (each try rebuilds the graph)


def close(a: float, b: float) -> bool:
    """Whether two grads match: equal (nan matches nan), or both finite and within TOLERANCE.
    The page's Practice applies this rule to its answers (static/js/learn/practice.js; both
    are tested on tests/js/learn/close_cases.py)."""
    if a == b or (math.isnan(a) and math.isnan(b)):
        return True
    if not (math.isfinite(a) and math.isfinite(b)):  # inf is no number's neighbour
        return False
    gap = abs(a - b)
    return gap <= TOLERANCE or gap <= TOLERANCE * max(abs(a), abs(b))


def relative_error(a: float, b: float) -> float:
    scale = max(abs(a), abs(b))
    return 0.0 if scale == 0 else abs(a - b) / scale


def check(session: Any, grads: dict[str, Any] | None) -> dict[str, Any]:
    """For every leaf of `session`'s graph: the grad the pass produced (`grads`, id -> value,
    else the live one) against a central finite difference."""
    replay.check_replayable(session.order)
    adaptive = len(session.order) <= _ADAPTIVE_MAX_NODES
    rows = []
    for i, v in enumerate(session.order):
        if nodes.children(v):
            continue
        uid = session.graph.ids[id(v)]
        auto = float(grads[uid]) if grads and uid in grads else nodes.grad(v)
        x = session.leaf_data.get(i, nodes.data(v))
        numeric, kink, one_sided = finite_difference(_output(session, i), x, auto, adaptive)
        ok = close(auto, numeric) or one_sided
        rows.append({
            "node": uid,
            "name": session.graph.name(v),
            "autograd": number(auto), "autograd_text": format_number(auto),
            "numeric": number(numeric), "numeric_text": format_number(numeric),
            "relative_error": number(relative_error(auto, numeric)),
            "ok": ok,
            "kink": kink,  # not differentiable here: a one-sided slope counts as a match
        })  # fmt: skip
    bad = [r["name"] for r in rows if not r["ok"]]
    say = (
        f"Every leaf's grad matches its finite difference ({len(rows)} leaves)."
        if not bad
        else f"{len(bad)} of {len(rows)} leaves do not match: {', '.join(bad)}."
    )
    return {"rows": rows, "tolerance": TOLERANCE, "mismatches": bad, "say": say}


def _output(session: Any, i: int) -> Callable[[float], float]:
    """The output of `session`'s graph as a function of its leaf `i` (the others held)."""
    return lambda t: replay.output(session.order, {**session.leaf_data, i: t})


def finite_difference(
    output: Callable[[float], float], x: float, auto: float, adaptive: bool = True
) -> tuple[float, bool, bool]:
    """(central difference of `output` at x, is there a kink at x, does `auto` match a
    one-sided slope) — the last two decided with `auto`, the grad being checked. `output(t)`
    is the graph's output with one leaf at t; an exercise's check (engine.exercise) rebuilds
    the learner's expression for it."""
    scale = max(1.0, abs(x))
    f0 = output(x)

    def sides(h: float) -> tuple[float, float]:
        return (output(x + h) - f0) / h, (f0 - output(x - h)) / h

    tries = [(h * scale, *sides(h * scale)) for h in (_STEPS if adaptive else (1e-6,))]
    centrals = [(r + left) / 2 for _, r, left in tries]
    chosen = len(tries) - 1
    if adaptive:
        # The step where successive estimates agree best: past it, rounding error wins.
        gaps = [abs(a - b) for a, b in zip(centrals, centrals[1:], strict=False)]
        finite = [(g, j) for j, g in enumerate(gaps) if math.isfinite(g)]
        if finite:
            chosen = min(finite)[1] + 1
    h, right, left = tries[chosen]
    # A kink (ReLU or max at exactly the switch): the one-sided slopes disagree, and the
    # gap does not shrink with the step as a smooth function's (h * f'') does.
    right2, left2 = sides(h / 16)
    kink = not close(left, right) and abs(right2 - left2) > 0.5 * abs(right - left)
    one_sided = kink and (close(auto, left) or close(auto, right))
    return centrals[chosen], kink, one_sided
