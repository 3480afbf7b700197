"""The playground's expression language: Python syntax, a whitelist, and no `eval`.

    x1 = 2.0; w1 = -3.0          # numbers assigned to names are the graph's leaves
    n = x1*w1 + b                # `b` is never assigned: an input with value DEFAULT_INPUT
    o = n.tanh()                 # or tanh(n); the last statement is the output

Text is checked by `engine.language.prescan`, parsed by `ast.parse`, and every node is checked
against the whitelist while the graph is built: the statements here, the expressions in them
by `engine.language.expressions`. Any problem raises `ExpressionError` with a position.
"""

import ast
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.errors import ExpressionError
from engine.language import positions
from engine.language.expressions import DEFAULT_INPUT, MAX_LABEL, MAX_VALUES, Expressions
from engine.language.grammar import AUGMENTED, FUNCTIONS, HELP, SYMBOLS
from engine.language.positions import at
from engine.language.prescan import prescan
from engine.value import Value

# The language's face: the limits are decided with the expressions they limit.
__all__ = ["DEFAULT_INPUT", "MAX_LABEL", "MAX_VALUES", "Program", "parse"]

# CPython 3.11 keeps the AST constructor's recursion counter in interpreter-wide state, so two
# threads parsing at once can corrupt it: under load the server once got "SystemError: AST
# constructor recursion depth mismatch (before=27, after=-52)" (see python/cpython#106905).
# Parses take milliseconds (the prescan caps their depth): one at a time costs nothing.
_PARSE_LOCK = threading.Lock()


@dataclass
class Program:
    """A parsed program: its output value, and the values its names refer to."""

    source: str
    output: Value
    values: dict[str, Value] = field(default_factory=dict)  # every name -> its latest value
    inputs: dict[str, Value] = field(default_factory=dict)  # names used but never assigned


def parse(source: str, inputs: Mapping[str, float] | None = None) -> Program:
    """Build the graph that `source` describes. `inputs` sets unassigned names' values."""
    if not isinstance(source, str):
        raise ExpressionError("the program must be text")
    source = source.replace("\r\n", "\n").replace("\r", "\n")  # one kind of line break
    prescan(source)
    try:
        with _PARSE_LOCK:
            tree = ast.parse(source, mode="exec")
    except SyntaxError as e:
        line, col = e.lineno or 1, e.offset or 1
        end = (
            e.end_offset
            if e.end_lineno == e.lineno and e.end_offset and e.end_offset > col
            else None
        )
        raise ExpressionError(positions.syntax_message(e), line, col, end) from None
    except (RecursionError, MemoryError, ValueError, OverflowError):
        raise ExpressionError("the program is too deeply nested to read") from None
    builder = _Builder(source, inputs or {})
    try:
        return builder.build(tree)
    except ExpressionError as e:
        raise positions.in_characters(e, builder.lines) from None


class _Builder(Expressions):
    """A program's statements: assignments name values, the last expression is the output."""

    def build(self, tree: ast.Module) -> Program:
        output = None
        for stmt in tree.body:
            output = self.statement(stmt) or output
        if output is None:
            raise ExpressionError("the program is empty; type an expression like tanh(x*w + b)")
        return Program(self.source, output, self.values, self.inputs)

    def statement(self, stmt: ast.stmt) -> Value | None:
        if isinstance(stmt, ast.Expr):
            marked = self.output_marker(stmt.value)
            return marked if marked is not None else self.expr(stmt.value)
        if isinstance(stmt, ast.Assign):
            if len(stmt.targets) != 1:
                raise at(stmt, "assign one name at a time, like n = x*w + b")
            target = stmt.targets[0]
            if isinstance(target, ast.Attribute):
                return self.set_label(target, stmt.value)
            return self.assign(target, self.expr(stmt.value))
        if isinstance(stmt, ast.AugAssign):
            if not isinstance(stmt.op, AUGMENTED):
                raise at(
                    stmt,
                    f"'{SYMBOLS.get(type(stmt.op), '?')}=' is not supported; {HELP}",
                )
            binop = ast.BinOp(
                left=ast.Name(id=self.name_of(stmt.target), ctx=ast.Load()),
                op=stmt.op,
                right=stmt.value,
            )
            ast.copy_location(binop, stmt)
            ast.copy_location(binop.left, stmt.target)
            return self.assign(stmt.target, self.expr(binop))
        keyword = type(stmt).__name__.lower()
        raise at(
            stmt,
            f"only expressions and assignments (like n = x*w + b) are allowed, not '{keyword}'",
        )

    def name_of(self, target: ast.AST) -> str:
        if not isinstance(target, ast.Name):
            raise at(target, "the left side of '=' must be a name, like n")
        if target.id in FUNCTIONS or target.id == "Value":
            raise at(target, f"'{target.id}' is a function name; pick another name")
        return target.id

    def assign(self, target: ast.AST, value: Value) -> Value:
        name = self.name_of(target)
        if value not in self.named:  # a new value takes the name; `b = a` is only an alias
            value.label = name
            self.named.add(value)
        self.values[name] = value
        return value

    def set_label(self, target: ast.Attribute, value_node: ast.AST) -> Value:
        """micrograd's `n.label = 'n'`, so the seeds' code can be pasted as it is."""
        if not (target.attr == "label" and isinstance(target.value, ast.Name)):
            raise at(target, "only a name can be assigned, like n = x*w + b")
        value = self.expr(target.value)
        value.label = self.label_text(value_node)
        self.named.add(value)
        return value

    def output_marker(self, node: ast.AST) -> Value | None:
        """`o.backward()` and `draw_dot(o)` from the seeds' code: they name the output."""
        if isinstance(node, ast.Call) and not node.args and isinstance(node.func, ast.Attribute):
            if node.func.attr == "backward" and isinstance(node.func.value, ast.Name):
                return self.expr(node.func.value)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "draw_dot"
        ):
            if len(node.args) == 1 and isinstance(node.args[0], ast.Name) and not node.keywords:
                return self.expr(node.args[0])
        return None
