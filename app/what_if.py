"""The `values` URL option (what-if numbers for named leaves, JSON) checked before any page,
oEmbed answer or embed code is built from it: an object of finite numbers, or a 400 that
says what is wrong. (Python's `json` reads NaN and Infinity, overflows a 400-digit integer
into an error when made a float, and runs out of stack on 2,000 nested brackets.)"""

import json
import math

MAX_DEPTH = 20  # brackets open at once; the option is one flat object


def _constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a value can be set to; use finite numbers")


def values_problem(text: str | None) -> str | None:
    """Why `text` is not a what-if values option, for the learner; None when it is one (or
    absent)."""
    if not text:
        return None
    depth = deepest = 0
    for ch in text:  # brackets inside strings count too: no valid option nests at all
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        return f'values: brackets are nested {deepest} deep; write an object like {{"x1": 3}}'
    try:
        values = json.loads(text, parse_constant=_constant, parse_int=float)
    except ValueError as error:  # JSONDecodeError is one
        return f'values: not JSON like {{"x1": 3}}: {error}'
    if not isinstance(values, dict):
        return f'values: want an object like {{"x1": 3}}, not {type(values).__name__}'
    for name, number in values.items():
        if isinstance(number, float) and not math.isfinite(number):
            return f"values: {name[:40]!r} is too large to be a number; use finite numbers"
    return None
