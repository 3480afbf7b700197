"""How a learner sees a value that has no name of its own.

A constant is shown as its number (`2`, `0.5`); a computed value without a label as the
expression it was made from (`x1*w1 + b`, `tanh(n)`), shortened with an ellipsis when long.
Node ids (`n3`) are keys for the record, the DOT and the SVG, never text a learner reads.
Names are made children first (the record walks in topological order), so nothing recurses.
"""

import math

MAX_NAME = 28  # characters of an expression shown as a name; longer ones lose their middle
MAX_LABEL = 48  # characters of a learner's own label shown (a Python program's may be any size)
ELLIPSIS = "…"
_INFIX = frozenset({"+", "-", "*", "/", "**"})


def number_text(x: float) -> str:
    """A constant as a learner would write it: `2`, `0.5`, `-3`, `1e-05`, `inf`."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == 0:
        return "0"
    return format(x, ".6g")


def shorten(text: str, limit: int = MAX_NAME) -> str:
    """`text` in at most `limit` characters, its middle left out: a long call keeps its
    function and brackets, `tanh(x1*w1 + x2*…w4 + x5*w5)`; anything else its start and end,
    so that two long sums that differ in their last term still read differently."""
    if len(text) <= limit:
        return text
    opening = text.find("(", 0, limit - 6)  # only where the function name would fit
    if opening > 0 and text.endswith(")") and text[:opening].isidentifier():
        return f"{text[:opening]}({_middle_out(text[opening + 1 : -1], limit - opening - 2)})"
    return _middle_out(text, limit)


def _middle_out(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    keep = limit - len(ELLIPSIS)
    start = (keep + 1) // 2
    return text[:start] + ELLIPSIS + text[len(text) - (keep - start) :]


def is_atom(text: str) -> bool:
    """Reads as one thing inside a longer expression: a name, a number >= 0, or a call."""
    if text.isidentifier():
        return True
    try:
        if float(text) >= 0:
            return True
    except ValueError:
        pass
    head, bracket, rest = text.partition("(")
    return bool(bracket) and head.isidentifier() and _closes_at_end(rest)


def _closes_at_end(rest: str) -> bool:
    """`rest` (after an opening bracket) closes that bracket with its last character."""
    depth = 1
    for i, ch in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return i == len(rest) - 1
    return False


def bracketed(text: str) -> str:
    """`text` as a part of a longer expression: in brackets unless it is an atom."""
    return text if is_atom(text) else f"({text})"


def expression(op: str, parts: list[str], negates: bool = False) -> str:
    """The text of a value computed by `op` from inputs shown as `parts`: `a*b`, `a + b`,
    `a**2`, `tanh(a)`, `-a` (`negates`: `a * -1`, micrograd's negation). Not shortened."""
    if negates and len(parts) == 2:
        return f"-{bracketed(parts[0])}"
    if op in _INFIX and len(parts) == 2:
        a, b = parts
        if op == "+":  # the lowest precedence: only a negative right side needs brackets
            return f"{a} + {b if not b.startswith('-') else bracketed(b)}"
        if op == "-":
            return f"{a} - {b if ' ' not in b and not b.startswith('-') else bracketed(b)}"
        return f"{bracketed(a)}{op}{bracketed(b)}"
    if op.startswith("**") and len(parts) == 1:
        return f"{bracketed(parts[0])}{op}"
    return f"{op or 'f'}({', '.join(parts)})"
