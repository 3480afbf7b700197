"""engine.numeric: IEEE results instead of exceptions, and the one display format."""

import math

import pytest

from engine import numeric


@pytest.mark.parametrize(
    ("x", "y", "expected"),
    [
        (2.0, 3.0, 8.0),
        (0.0, -1.0, math.inf),
        (-0.0, -1.0, -math.inf),
        (-0.0, -2.0, math.inf),
        (-8.0, 0.5, math.nan),
        (10.0, 400.0, math.inf),
        (-10.0, 401.0, -math.inf),
        (-10.0, 400.0, math.inf),
        (0.1, -400.0, math.inf),
        (-0.1, -401.0, -math.inf),
        (math.nan, 0.0, 1.0),
    ],
)
def test_pow(x, y, expected):
    result = numeric.pow(x, y)
    assert (math.isnan(result) and math.isnan(expected)) or result == expected


def test_exp_log_div():
    assert numeric.exp(1000.0) == math.inf
    assert numeric.log(0.0) == -math.inf
    assert math.isnan(numeric.log(-1.0))
    assert math.isnan(numeric.log(math.nan))
    assert numeric.div(1.0, 0.0) == math.inf
    assert numeric.div(1.0, -0.0) == -math.inf
    assert math.isnan(numeric.div(0.0, 0.0))
    assert numeric.to_float(10**400) == math.inf and numeric.to_float(-(10**400)) == -math.inf


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (0.0, "0.0000"),
        (-1.5, "-1.5000"),
        (0.70710678, "0.7071"),
        (123456.789, "123456.7890"),
        (1234567.0, "1.2346e+06"),
        (0.00001234, "1.2340e-05"),
        (math.inf, "inf"),
        (-math.inf, "-inf"),
        (math.nan, "nan"),
    ],
)
def test_format_number(x, text):
    assert numeric.format_number(x) == text


@pytest.mark.parametrize(
    ("k", "text"),
    [(2.0, "2"), (-1.0, "-1"), (0.5, "0.5"), (1e20, "1e+20"), (math.inf, "inf"), (math.nan, "nan")],
)
def test_exponent_text_is_the_number_as_the_op_names_it(k, text):
    assert numeric.exponent_text(k) == text
