"""Random programs over inputs x and y, written three ways from one tree: source text for
`engine.parse`, a sympy expression (the exact oracle), and the kinks to keep away from."""

from dataclasses import dataclass, field

import sympy
from hypothesis import strategies as st

X, Y = sympy.symbols("x y", real=True)


@dataclass
class Expr:
    text: str
    sym: sympy.Expr
    kinks: list[sympy.Expr] = field(default_factory=list)  # must stay away from 0


def _leaf() -> st.SearchStrategy[Expr]:
    numbers = st.sampled_from([0.5, 1.5, 2.0, 3.0, -1.25])
    return st.one_of(
        st.just(Expr("x", X)),
        st.just(Expr("y", Y)),
        numbers.map(lambda c: Expr(repr(c), sympy.Float(c))),
    )


def _kinks(*parts: Expr) -> list[sympy.Expr]:
    return [k for p in parts for k in p.kinks]


def _unary(a: Expr, op: str) -> Expr:
    t, s = a.text, a.sym
    match op:
        case "tanh":
            return Expr(f"tanh({t})", sympy.tanh(s), a.kinks)
        case "exp":  # bounded argument: no overflow in the oracle or the engine
            return Expr(f"exp(tanh({t}))", sympy.exp(sympy.tanh(s)), a.kinks)
        case "log":  # positive argument
            return Expr(f"log({t}*{t} + 0.5)", sympy.log(s * s + sympy.Float(0.5)), a.kinks)
        case "sigmoid":
            return Expr(f"sigmoid({t})", 1 / (1 + sympy.exp(-s)), a.kinks)
        case "relu":
            return Expr(f"relu({t})", sympy.Max(0, s), [*a.kinks, s])
        case "gelu":
            return Expr(f"gelu({t})", s * (1 + sympy.erf(s / sympy.sqrt(2))) / 2, a.kinks)
        case "neg":
            return Expr(f"-({t})", -s, a.kinks)
        case "square":
            return Expr(f"({t})**2", s**2, a.kinks)
        case "cube":
            return Expr(f"({t})**3", s**3, a.kinks)
        case "sqrt":  # fractional exponent on a positive base
            return Expr(f"({t}*{t} + 1)**0.5", sympy.sqrt(s * s + 1), a.kinks)
    raise AssertionError(op)


def _binary(a: Expr, b: Expr, op: str) -> Expr:
    ta, tb, sa, sb = a.text, b.text, a.sym, b.sym
    kinks = _kinks(a, b)
    match op:
        case "+":
            return Expr(f"({ta} + {tb})", sa + sb, kinks)
        case "-":
            return Expr(f"({ta} - {tb})", sa - sb, kinks)
        case "*":
            return Expr(f"({ta} * {tb})", sa * sb, kinks)
        case "/":  # denominator kept away from zero
            return Expr(f"({ta} / ({tb}*{tb} + 0.5))", sa / (sb * sb + sympy.Float(0.5)), kinks)
        case "pow":  # a Value exponent on a positive base
            base = sa * sa + 1
            return Expr(f"(({ta}*{ta} + 1) ** tanh({tb}))", base ** sympy.tanh(sb), kinks)
        case "max":
            return Expr(f"max({ta}, {tb})", sympy.Max(sa, sb), [*kinks, sa - sb])
    raise AssertionError(op)


UNARY = ["tanh", "exp", "log", "sigmoid", "relu", "gelu", "neg", "square", "cube", "sqrt"]
BINARY = ["+", "-", "*", "/", "pow", "max"]


def expressions(
    max_leaves: int = 6, unary: list[str] = UNARY, binary: list[str] = BINARY
) -> st.SearchStrategy[Expr]:
    """Programs of these operations (a learner's class may have only some of them)."""
    return st.recursive(
        _leaf(),
        lambda inner: st.one_of(
            st.builds(_unary, inner, st.sampled_from(unary)),
            st.builds(_binary, inner, inner, st.sampled_from(binary)),
        ),
        max_leaves=max_leaves,
    )


points = st.floats(min_value=-2.0, max_value=2.0, allow_nan=False).map(lambda v: round(v, 3))


def as_python(x: float, y: float) -> str:
    """The start of a Python program in which an Expr's text runs on engine Values (the program
    imports Value or is run with it): the expression language's functions as calls of the
    Value's methods, then x and y as labelled Values."""
    functions = "".join(
        f"def {f}(a): return _v(a).{f}()\n"
        for f in ("tanh", "exp", "log", "relu", "sigmoid", "gelu")
    )
    return (
        "def _v(a): return a if isinstance(a, Value) else Value(a)\n"
        f"{functions}def max(a, b): return _v(a).max(b)\n"
        f"x = Value({x!r}, label='x')\ny = Value({y!r}, label='y')\n"
    )
