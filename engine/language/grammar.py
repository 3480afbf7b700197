"""What the expression language accepts — its functions and operators — and the words for
what it does not: Python it leaves out, a module's name written before a function, a misspelt
function."""

import ast
import difflib

from engine import numeric
from engine.language.positions import at

FUNCTIONS = {"tanh": 1, "exp": 1, "log": 1, "relu": 1, "sigmoid": 1, "gelu": 1, "max": 2}
BINARY = {ast.Add: "__add__", ast.Sub: "__sub__", ast.Mult: "__mul__", ast.Div: "__truediv__"}
AUGMENTED = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)  # x += 1, ..., x **= 2
SYMBOLS = {
    ast.FloorDiv: "//", ast.Mod: "%", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>",
    ast.BitOr: "|", ast.BitXor: "^", ast.BitAnd: "&", ast.Not: "not", ast.Invert: "~",
}  # fmt: skip
NOT_ALLOWED = {
    ast.Lambda: "lambdas", ast.ListComp: "comprehensions", ast.SetComp: "comprehensions",
    ast.DictComp: "comprehensions", ast.GeneratorExp: "generator expressions",
    ast.JoinedStr: "f-strings", ast.Subscript: "indexing with [...]", ast.Compare: "comparisons",
    ast.BoolOp: "'and' and 'or'", ast.IfExp: "'if ... else'", ast.List: "lists",
    ast.Tuple: "tuples", ast.Dict: "dicts", ast.Set: "sets", ast.Starred: "'*' unpacking",
    ast.NamedExpr: "':='", ast.Await: "'await'", ast.Yield: "'yield'", ast.YieldFrom: "'yield'",
}  # fmt: skip
HELP = "use numbers, names, + - * / **, and " + ", ".join(FUNCTIONS)
# Names a learner may write a function's module as, from Python, NumPy or PyTorch habits.
MODULES = frozenset({"math", "cmath", "np", "numpy", "torch", "F", "nn", "random"})


def number_literal(node: ast.AST) -> float | None:
    """The value of `2`, `-3.0` or `+1e-3` written as a literal; None for anything else."""
    sign = 1.0
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        sign = -1.0 if isinstance(node.op, ast.USub) else 1.0
        node = node.operand
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        number = numeric.to_float(node.value)
        if number in (numeric.INF, -numeric.INF):
            raise at(node, "this number is too large (the largest is about 1.8e308)")
        return sign * number
    return None


def suggest(name: str) -> str:
    close = difflib.get_close_matches(name, list(FUNCTIONS), n=1)
    return (
        f" — did you mean '{close[0]}'?" if close else f"; the functions are {', '.join(FUNCTIONS)}"
    )
