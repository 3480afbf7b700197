"""engine.exercise.missing: which operation a learner's class lacks, from what Python raised."""

import pytest

from engine.exercise import missing


class Value:
    def __init__(self, data):
        self.data = data

    def __add__(self, other):
        return Value(self.data + other.data)  # a number has no .data

    def __mul__(self, other):
        if not isinstance(other, Value):
            return NotImplemented
        return Value(self.data * other.data)


def _raised(expression) -> BaseException:
    try:
        expression()
    except Exception as exc:
        return exc
    raise AssertionError("did not raise")


@pytest.mark.parametrize(
    ("expression", "says"),
    [
        (lambda: 2 + Value(1.0), "your Value has no __radd__ (a number on the left)"),
        (lambda: Value(1.0) - Value(2.0), "your Value has no __sub__"),
        (lambda: -Value(1.0), "your Value has no __neg__"),
        (lambda: Value(1.0) ** 2, "your Value has no __pow__"),
        (lambda: Value(1.0) * 2, "your __mul__ can't take a int"),
        (lambda: Value(1.0).tanh(), "your Value has no tanh"),
        (lambda: Value(1.0) + 2, "while building it, a plain number reached `x`: wrap numbers"),
    ],
)
def test_the_missing_operation_is_named(expression, says):
    told = missing.operation(_raised(expression), Value, "x", "building it")
    assert told is not None and told.startswith(says)


def test_other_errors_are_not_a_missing_operation():
    assert missing.operation(ZeroDivisionError("division by zero"), Value, "x", "y") is None
    assert missing.operation(AttributeError("no", name="real2", obj=3), Value, "x", "y") is None


def test_where_quotes_the_innermost_frame_of_the_cells_it_knows():
    source = "y = 1\nz = 2 + Value(1.0)\n"
    namespace = {"Value": Value}
    try:
        exec(compile(source, "<mine>", "exec"), namespace)  # noqa: S102 - our own text
    except TypeError as exc:
        assert missing.where(exc, {"<mine>": source.splitlines()}) == (
            "2 + Value(1.0)",
            "<mine>",
            2,
        )
        assert missing.where(exc, {}) == ("", "", None)
