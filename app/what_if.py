"""The `values` URL option (what-if numbers for named leaves, JSON) checked before any page,
oEmbed answer or embed code is built from it: an object of finite numbers, or a 400 that
says what is wrong. (Python's `json` reads NaN and Infinity, overflows a 400-digit integer
into an error when made a float, and runs out of stack on 2,000 nested brackets.)"""

import json
import math

MAX_DEPTH = 20  # brackets open at once; the option is one flat object


def _constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a value can be set to; use finite numbers")


def read_values(text: str | None) -> dict[str, object]:
    """The option as an object (`{}` when absent), or ValueError that says, for the learner,
    what is wrong with it. The one reader of the option: pages, oEmbed and embed code."""
    if not text:
        return {}
    depth = deepest = 0
    for ch in text:  # brackets inside strings count too: no valid option nests at all
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise ValueError(
            f'values: brackets are nested {deepest} deep; write an object like {{"x1": 3}}'
        )
    try:
        values = json.loads(text, parse_constant=_constant, parse_int=float)
    except ValueError as error:  # JSONDecodeError is one
        raise ValueError(f'values: not JSON like {{"x1": 3}}: {error}') from None
    if not isinstance(values, dict):
        raise ValueError(f'values: want an object like {{"x1": 3}}, not {type(values).__name__}')
    for name, number in values.items():
        if isinstance(number, float) and not math.isfinite(number):
            raise ValueError(
                f"values: {name[:40]!r} is too large to be a number; use finite numbers"
            )
    return values


def values_problem(text: str | None) -> str | None:
    """Why `text` is not a what-if values option; None when it is one (or absent)."""
    try:
        read_values(text)
    except ValueError as error:
        return str(error)
    return None
