"""Where an error of the expression language is, as the learner's editor counts: the node's
line and columns (in characters: `ast` counts UTF-8 bytes), and how Python's own syntax error
reads in the language's words."""

import ast

from engine.errors import ExpressionError


def in_characters(e: ExpressionError, lines: list[bytes]) -> ExpressionError:
    """`e` with its columns counted in characters; `ast` counts UTF-8 bytes."""
    if not 1 <= e.line <= len(lines):
        return e
    line = lines[e.line - 1]

    def chars(col: int) -> int:
        past_end = max(col - 1 - len(line), 0)  # e.g. just after the last character
        return len(line[: col - 1].decode(errors="replace")) + 1 + past_end

    return ExpressionError(e.message, e.line, chars(e.col), chars(e.end_col))


def syntax_message(e: SyntaxError) -> str:
    message = (e.msg or "invalid syntax").rstrip(".")
    if message == "invalid syntax":
        return "this is not a valid expression here; check for a missing operator or bracket"
    return message


def at(node: ast.AST, message: str) -> ExpressionError:
    line = getattr(node, "lineno", 1)
    col = getattr(node, "col_offset", 0) + 1
    end = getattr(node, "end_col_offset", None)
    same_line = getattr(node, "end_lineno", line) == line
    return ExpressionError(message, line, col, end + 1 if end is not None and same_line else None)


def beyond(node: ast.AST, message: str) -> ExpressionError:
    """Python the language does not have (text outside a label, `.attr`, `%`, ...): in the
    browser's worker such a program runs as Python instead (engine.worker.playground)."""
    error = at(node, message)
    error.beyond = True
    return error
