"""Cheap checks on the raw text, before `ast.parse` sees it.

`ast.parse` can run out of stack on deep input (a 3,000-term sum raises RecursionError,
100,000 minus signs a MemoryError) and reads non-ASCII look-alikes as names. One linear pass
here rejects all of that with a position, in microseconds.
"""

import unicodedata

from engine.errors import ExpressionError

MAX_SOURCE_CHARS = 50_000
MAX_NESTING = 50  # open brackets at once
MAX_OPERATORS_PER_STATEMENT = 250  # bounds the parse tree's depth
MAX_NUMBER_CHARS = 40

_OPERATOR_CHARS = "+-*/%@&|^~<>=!"
_NUMBER_CHARS = frozenset("0123456789.eE")


def position(source: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of `source[index]`."""
    line = source.count("\n", 0, index) + 1
    return line, index - (source.rfind("\n", 0, index) + 1) + 1


def _error(source: str, index: int, message: str, length: int = 1) -> ExpressionError:
    line, col = position(source, index)
    return ExpressionError(message, line, col, col + length)


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "unnamed character")
    return f"'{ch}' (U+{ord(ch):04X} {name})"


def _number_end(source: str, i: int) -> int:
    """Index just past the number-like token starting at `i` (digits, letters, '.', '_')."""
    n = len(source)
    while i < n and (source[i].isalnum() or source[i] in "._"):
        if source[i] in "eE" and i + 1 < n and source[i + 1] in "+-":
            i += 1
        i += 1
    return i


def _check_number(source: str, start: int, end: int) -> None:
    text = source[start:end]
    if end - start > MAX_NUMBER_CHARS:
        raise _error(
            source,
            start,
            f"this number has {end - start} characters; the limit is {MAX_NUMBER_CHARS}",
            1,
        )
    if set(text) <= _NUMBER_CHARS | {"+", "-"}:
        return
    lower = text.lower()
    if lower.startswith(("0x", "0o", "0b")):
        message = f"'{text}' is not a decimal number; write numbers like 16 or 0.5"
    elif lower.endswith("j"):
        message = f"'{text}' is a complex number; only real numbers are supported"
    elif "_" in text:
        message = f"write '{text}' without underscores"
    else:
        message = f"'{text}' is not a number; a name cannot start with a digit"
    raise _error(source, start, message, end - start)


def prescan(source: str) -> None:
    """Raise ExpressionError for text that must not reach the parser."""
    if len(source) > MAX_SOURCE_CHARS:
        raise _error(
            source,
            MAX_SOURCE_CHARS,
            f"the program is {len(source):,} characters; the limit is {MAX_SOURCE_CHARS:,}",
        )
    depth = 0
    operators = 0
    i, n = 0, len(source)
    while i < n:
        ch = source[i]
        if ch == "#":
            end = source.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in "'\"":
            end = source.find(ch, i + 1)
            newline = source.find("\n", i + 1)
            if end < 0 or 0 <= newline < end:
                raise _error(source, i, "this quote is never closed on its line")
            i = end + 1
            continue
        if ch.isdigit() or (ch == "." and i + 1 < n and source[i + 1].isdigit()):
            if i == 0 or not (source[i - 1].isalnum() or source[i - 1] == "_"):
                end = _number_end(source, i)
                _check_number(source, i, end)
                i = end
                continue
        if ord(ch) > 127:
            hint = " that looks like a letter" if ch.isalpha() else ""
            raise _error(
                source,
                i,
                f"{_describe(ch)} is a non-ASCII character{hint}; "
                "use plain ASCII letters, digits and operators",
            )
        if ord(ch) < 32 and ch not in "\t\n\r":
            raise _error(source, i, f"control character U+{ord(ch):04X} is not allowed")
        if ch in "([{":
            depth += 1
            if depth > MAX_NESTING:
                raise _error(
                    source,
                    i,
                    f"brackets are nested more than {MAX_NESTING} deep; "
                    "use assignments to split the expression",
                )
        elif ch in ")]}":
            depth = max(depth - 1, 0)
        elif ch in _OPERATOR_CHARS or ch == ".":
            operators += 1
            if operators > MAX_OPERATORS_PER_STATEMENT:
                raise _error(
                    source,
                    i,
                    f"this statement has more than {MAX_OPERATORS_PER_STATEMENT} operators; "
                    "split it into several assignments",
                )
        elif ch == ";" or (ch == "\n" and depth == 0):
            operators = 0
        i += 1
