"""Gradients of generated programs against exact symbolic derivatives and finite differences."""

import math

import sympy
from hypothesis import assume, given, settings

from engine import parse
from tests.engine.conftest import examples
from tests.engine.expressions import Expr, X, Y, expressions, points


def _engine_grads(e: Expr, x: float, y: float) -> tuple[float, float, float]:
    program = parse(e.text, {"x": x, "y": y})
    program.output.backward()
    gx = program.inputs["x"].grad if "x" in program.inputs else 0.0
    gy = program.inputs["y"].grad if "y" in program.inputs else 0.0
    return program.output.data, gx, gy


def _away_from_kinks(e: Expr, at: dict) -> bool:
    return all(abs(float(k.subs(at))) > 1e-3 for k in e.kinks)


def _close(a: float, b: float, rel: float, abs_: float) -> bool:
    return math.isclose(a, b, rel_tol=rel, abs_tol=abs_)


@settings(max_examples=examples(700))
@given(expressions(), points, points)
def test_gradients_match_symbolic_derivatives(e: Expr, x: float, y: float):
    at = {X: x, Y: y}
    assume(_away_from_kinks(e, at))
    data, gx, gy = _engine_grads(e, x, y)
    exact = float(e.sym.subs(at).evalf(30))
    assume(math.isfinite(data) and abs(data) < 1e8)
    assert _close(data, exact, 1e-9, 1e-12), (e.text, data, exact)
    for grad, var in ((gx, X), (gy, Y)):
        expected = float(sympy.diff(e.sym, var).subs(at).evalf(30))
        assert _close(grad, expected, 1e-8, 1e-10), (e.text, var, grad, expected)


@settings(max_examples=examples(400))
@given(expressions(), points, points)
def test_gradients_match_central_differences(e: Expr, x: float, y: float):
    h = 1e-6
    kink_margin = {X: x, Y: y}
    assume(_away_from_kinks(e, kink_margin))
    data, gx, gy = _engine_grads(e, x, y)
    assume(math.isfinite(data) and abs(data) < 1e6)
    fx = (_engine_grads(e, x + h, y)[0] - _engine_grads(e, x - h, y)[0]) / (2 * h)
    fy = (_engine_grads(e, x, y + h)[0] - _engine_grads(e, x, y - h)[0]) / (2 * h)
    scale = 1 + abs(data)
    assert _close(gx, fx, 1e-4, 1e-5 * scale), (e.text, gx, fx)
    assert _close(gy, fy, 1e-4, 1e-5 * scale), (e.text, gy, fy)
