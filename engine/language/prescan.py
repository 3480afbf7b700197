"""Cheap checks on the raw text, before `ast.parse` sees it.

`ast.parse` can run out of stack on deep input (a 3,000-term sum raises RecursionError,
100,000 minus signs a MemoryError) and reads non-ASCII look-alikes as names. One linear pass
here rejects all of that with a position, in microseconds. The operator cap counts a
statement as the parser sees it: across backslash continuations and open brackets.

It also rejects, anywhere in the text (comments and quotes included), every code point that
UTF-8, XML or DOT cannot carry: a lone surrogate cannot be encoded at all, NUL and other
controls end or break a DOT string, and U+FFFE/U+FFFF and the other noncharacters are not
allowed in XML (the SVG). `text_problem` checks a label's decoded text the same way.
"""

import re
import unicodedata

from engine.errors import ExpressionError

MAX_SOURCE_CHARS = 50_000
MAX_NESTING = 50  # open brackets at once
MAX_OPERATORS_PER_STATEMENT = 250  # bounds the parse tree's depth
MAX_NUMBER_CHARS = 40
MAX_NAME_CHARS = 40  # a label's length (engine.language.expressions.MAX_LABEL): a name becomes one

# Tab and line breaks are the only controls a program may contain. Noncharacters:
# U+FDD0..U+FDEF and the last two code points of every plane.
_UNCARRIED = re.compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
    + "".join(rf"\U{plane:04x}fffe\U{plane:04x}ffff" for plane in range(17))
    + "]"
)

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


def text_problem(text: str) -> tuple[int, str] | None:
    """(index, message) of the first code point UTF-8, XML or DOT cannot carry, or None."""
    found = _UNCARRIED.search(text)
    if found is None:
        return None
    code = ord(found.group())
    if 0xD800 <= code <= 0xDFFF:
        what = "a lone surrogate (half of a UTF-16 pair), not a character"
    elif code < 0x20 or 0x7F <= code <= 0x9F:
        what = "a control character"
    else:
        what = "a noncharacter, which XML cannot carry"
    return found.start(), f"U+{code:04X} is {what}; remove it"


def _number_end(source: str, i: int) -> int:
    """Index just past the number-like token starting at `i` (digits, letters, '.', '_').
    A '.' after the number already has one (or an exponent) starts an attribute: `2.0.exp()`."""
    n = len(source)
    seen_point = False
    while i < n and (source[i].isalnum() or source[i] in "._"):
        if source[i] == ".":
            if seen_point:
                break
            seen_point = True
        if source[i] in "eE" and source[i - 1].isdigit():
            seen_point = True
            if i + 1 < n and source[i + 1] in "+-":
                i += 1
        i += 1
    return i


def _string_end(source: str, i: int) -> int:
    """Index just past the quoted text starting at `i`, backslash escapes included."""
    quote = source[i]
    j = i + 1
    while j < len(source):
        ch = source[j]
        if ch == "\\":
            j += 2
            continue
        if ch == quote:
            return j + 1
        if ch == "\n":
            break
        j += 1
    raise _error(source, i, "this quote is never closed on its line")


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
    elif "." in text and text[: text.index(".")].isdigit() and text[-1].isalpha():
        whole = text[: text.index(".")]
        method = text[len(whole) + 1 :]
        message = f"write {whole}.0.{method}() or {method}({whole}): '{whole}.' is a number"
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
    problem = text_problem(source)
    if problem is not None:
        raise _error(source, *problem)
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
            i = _string_end(source, i)
            continue
        if ch == "\\" and source.startswith(("\r\n", "\n", "\r"), i + 1):
            # a backslash continuation: the next line is the same statement to the parser
            i += 3 if source.startswith("\r\n", i + 1) else 2
            continue
        if ch.isalpha() or ch == "_":
            end = i + 1
            while end < n and (source[end].isalnum() or source[end] == "_"):
                end += 1
            if end - i > MAX_NAME_CHARS and source[i:end].isascii():
                raise _error(source, i, f"a name has at most {MAX_NAME_CHARS} characters", end - i)
            if source[i:end].isascii():
                i = end
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
        elif depth == 0 and ch in ";\n":
            operators = 0
        i += 1
