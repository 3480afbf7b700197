"""Numbers as the record carries them: a JSON number, or "inf", "-inf", "nan" (JSON has none of
them); and as a line of text shows one, bracketed when negative (`(-3.0000)`)."""

import math

from engine.numeric import format_number


def number(x: float) -> float | str:
    """A float for JSON: non-finite values become the strings "inf", "-inf", "nan"."""
    return x if math.isfinite(x) else format_number(x)


def bracket(text: str) -> str:
    return f"({text})" if text.startswith("-") else text


def shown(x: float) -> str:
    return bracket(format_number(x))
