"""IEEE float arithmetic that never raises, like PyTorch's scalar ops.

Python's `math` functions raise on overflow and domain errors, and `float ** float` can
return a complex number. A learner's graph must keep going instead, so every primitive in
`engine.value` computes through these helpers:

    overflow          -> +inf or -inf       exp(1000) = inf, 2.0 ** 5000 = inf
    pole              -> +inf or -inf       log(0) = -inf, 1 / 0 = inf, 0 ** -1 = inf
    undefined         -> nan                log(-1) = nan, (-8) ** 0.5 = nan, 0 / 0 = nan
    nan in            -> nan out (except where IEEE says otherwise, e.g. nan ** 0 = 1)
"""

import math

INF = math.inf
NAN = math.nan


def to_float(x: object) -> float:
    """A number as a float; an int too large for a float becomes +-inf."""
    try:
        return float(x)  # type: ignore[arg-type]
    except OverflowError:
        return INF if x > 0 else -INF  # type: ignore[operator]


def exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def log(x: float) -> float:
    if x > 0 or x != x:  # positive, +inf or nan
        return math.log(x)
    return -INF if x == 0 else NAN


def _is_odd_integer(y: float) -> bool:
    return math.isfinite(y) and y == int(y) and int(y) % 2 == 1


def pow(x: float, y: float) -> float:  # noqa: A001 - the maths name
    """x ** y with C99 `pow` semantics: a negative base and a fractional exponent give nan."""
    try:
        return math.pow(x, y)
    except OverflowError:
        return -INF if x < 0 and _is_odd_integer(y) else INF
    except ValueError:
        if x == 0 and y < 0:  # pole: 0 ** -1 = inf, (-0.0) ** -1 = -inf
            return -INF if math.copysign(1.0, x) < 0 and _is_odd_integer(y) else INF
        return NAN  # negative base, fractional exponent


def div(x: float, y: float) -> float:
    """x / y with IEEE semantics: 1 / 0 = inf, -1 / 0 = -inf, 0 / 0 = nan."""
    try:
        return x / y
    except ZeroDivisionError:
        if x == 0 or x != x:
            return NAN
        return INF if (x > 0) == (math.copysign(1.0, y) > 0) else -INF


def format_number(x: float) -> str:
    """The one display format for data and grad, shared by the DOT, the trace and the page.

    Like micrograd's `%.4f`, switching to `%.4e` where `%.4f` would be too long to read.
    """
    if x != x:
        return "nan"
    if x in (INF, -INF):
        return "inf" if x > 0 else "-inf"
    if x != 0 and (abs(x) >= 1e6 or abs(x) < 1e-4):
        return f"{x:.4e}"
    return f"{x:.4f}"


def exponent_text(k: float) -> str:
    """A number exponent as the op `**k` names it: `2`, `-1`, `0.5` (an integer without `.0`)."""
    return str(int(k)) if k.is_integer() and abs(k) < 1e15 else repr(k)
