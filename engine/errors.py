"""The one exception the expression language raises."""


class ExpressionError(ValueError):
    """A problem in the learner's text, with where it is (1-based line and columns)."""

    def __init__(self, message: str, line: int = 1, col: int = 1, end_col: int | None = None):
        super().__init__(f"line {line}, column {col}: {message}")
        self.message = message
        self.line = line
        self.col = col
        self.end_col = end_col if end_col is not None else col + 1
        # Python beyond the language (not a mistake in it): the worker runs it as Python
        self.beyond = False

    def to_json(self) -> dict:
        return {
            "message": self.message,
            "line": self.line,
            "col": self.col,
            "end_col": self.end_col,
        }
