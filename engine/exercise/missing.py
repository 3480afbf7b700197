"""Which operation a learner's class lacks, told from what Python raised when an expression was
built with it: `2 + a` raising "unsupported operand type(s) for +: 'int' and 'Value'" means no
`__radd__`; `a.tanh()` raising AttributeError means no `tanh`; `a + 2` failing inside the
learner's `__add__` on `2 .data` means numbers are not wrapped. The expression that failed is
quoted from the code whose frame raised it (the check's, or the learner's own line).
"""

import re
import traceback

_NAMES = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv", "%": "mod",
          "**": "pow", "** or pow()": "pow", "@": "matmul"}  # fmt: skip
_UNARY = {"-": "neg", "+": "pos", "~": "invert"}
_BINARY_FAILED = re.compile(r"unsupported operand type\(s\) for (.+): '(\w+)' and '(\w+)'")
_UNARY_FAILED = re.compile(r"bad operand type for unary (.): '(\w+)'")
_NUMBERS = frozenset({"int", "float", "bool", "Fraction", "Decimal"})


def where(exc: BaseException, sources: dict[str, list[str]]) -> tuple[str, str, int | None]:
    """(the expression that raised, the cell it is in, its line): the innermost frame of the
    cells in `sources` (file name -> lines), quoted as far as its position says."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        lines = sources.get(frame.filename)
        if lines is None or not frame.lineno or frame.lineno > len(lines):
            continue
        line = lines[frame.lineno - 1]
        text = line.strip()
        if (
            frame.colno is not None
            and frame.end_colno is not None
            and frame.end_lineno == frame.lineno
        ):
            text = line.encode()[frame.colno : frame.end_colno].decode(errors="replace")
        return text, frame.filename, frame.lineno
    return "", "", None


def operation(exc: BaseException, cls: type, failed: str, doing: str) -> str | None:
    """What `cls` lacks for the expression `failed` to work, in the learner's words (`doing`:
    what the check was doing, `building a + 2`); None when the exception says nothing of the
    kind."""
    name = cls.__name__
    said = f": {failed} failed" if failed else ""
    text = str(exc)
    if isinstance(exc, TypeError):
        binary = _BINARY_FAILED.search(text)
        if binary:
            op, left, right = binary.groups()
            dunder = _NAMES.get(op, op)
            if left == name and right in _NUMBERS | {name}:
                if hasattr(cls, f"__{dunder}__"):
                    return f"your __{dunder}__ can't take a {right}{said}"
                return f"your {name} has no __{dunder}__{said}"
            if right == name and left in _NUMBERS:
                return f"your {name} has no __r{dunder}__ (a number on the left){said}"
        unary = _UNARY_FAILED.search(text)
        if unary and unary.group(2) == name:
            return f"your {name} has no __{_UNARY.get(unary.group(1), unary.group(1))}__{said}"
    if isinstance(exc, AttributeError) and exc.name:
        obj = getattr(exc, "obj", None)
        if isinstance(obj, cls):
            return f"your {name} has no {exc.name}{said}"
        if type(obj).__name__ in _NUMBERS and exc.name in ("data", "grad"):
            return (
                f"while {doing}, a plain number reached `{failed}`: wrap numbers in a {name} "
                f"first (other = other if isinstance(other, {name}) else {name}(other))"
            )
    return None
