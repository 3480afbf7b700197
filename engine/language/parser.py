"""The playground's expression language: Python syntax, a whitelist, and no `eval`.

    x1 = 2.0; w1 = -3.0          # numbers assigned to names are the graph's leaves
    n = x1*w1 + b                # `b` is never assigned: an input with value DEFAULT_INPUT
    o = n.tanh()                 # or tanh(n); the last statement is the output

Text is checked by `engine.language.prescan`, parsed by `ast.parse`, and every node is checked
against
the whitelist while the graph is built. Any problem raises `ExpressionError` with a position.
"""

import ast
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine import numeric
from engine.errors import ExpressionError
from engine.language import names, positions
from engine.language.grammar import (
    AUGMENTED,
    BINARY,
    FUNCTIONS,
    HELP,
    MODULES,
    NOT_ALLOWED,
    SYMBOLS,
    number_literal,
    suggest,
)
from engine.language.positions import at, beyond
from engine.language.prescan import prescan, text_problem
from engine.value import Value

# CPython 3.11 keeps the AST constructor's recursion counter in interpreter-wide state, so two
# threads parsing at once can corrupt it: under load the server once got "SystemError: AST
# constructor recursion depth mismatch (before=27, after=-52)" (see python/cpython#106905).
# Parses take milliseconds (the prescan caps their depth): one at a time costs nothing.
_PARSE_LOCK = threading.Lock()

DEFAULT_INPUT = 1.0  # the value of a name that is used but never assigned
MAX_VALUES = 20_000  # values one program may create
MAX_LABEL = 40  # an explicit Value(..., label='...')


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


class _Builder:
    def __init__(self, source: str, input_values: Mapping[str, float]):
        self.source = source
        self.lines = source.encode().split(b"\n")  # ast offsets count UTF-8 bytes
        self.input_values = input_values
        self.values: dict[str, Value] = {}
        self.inputs: dict[str, Value] = {}
        self.named: set[Value] = set()
        self.count = 0

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

    def label_text(self, node: ast.AST) -> str:
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            raise at(node, "a label is text in quotes, like 'x1'")
        if len(node.value) > MAX_LABEL:
            raise at(node, f"a label has at most {MAX_LABEL} characters")
        problem = text_problem(node.value)
        if problem is not None:
            raise at(node, f"in this label, {problem[1]}")
        return node.value

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

    # --- expressions ----------------------------------------------------------------------

    def new_values(self, node: ast.AST, n: int) -> None:
        self.count += n
        if self.count > MAX_VALUES:
            raise at(node, f"the program makes more than {MAX_VALUES:,} values; that is the limit")

    def expr(self, node: ast.AST) -> Value:
        number = number_literal(node)
        if number is not None:
            self.new_values(node, 1)
            return Value(number)
        if isinstance(node, ast.Name):
            return self.lookup(node)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool | int | float | complex):
                raise at(node, self.constant_message(node.value))
            raise beyond(node, self.constant_message(node.value))
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.UAdd):
                return self.expr(node.operand)
            if isinstance(node.op, ast.USub):
                return self.computed(node, -self.expr(node.operand), 2)
            raise beyond(node, f"'{SYMBOLS[type(node.op)]}' is not supported; {HELP}")
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Attribute):
            raise beyond(node, f"'.{node.attr}' can't be read here; {HELP}")
        what = NOT_ALLOWED.get(type(node), f"'{type(node).__name__}' expressions")
        raise beyond(node, f"{what} are not part of the expression language; {HELP}")

    def constant_message(self, value: object) -> str:
        if isinstance(value, bool):
            return f"{value} is not a number here; write 1 or 0"
        if isinstance(value, complex):
            return "complex numbers are not supported; only real numbers"
        if isinstance(value, str):
            return "text in quotes is only allowed as a label, like Value(2.0, label='x1')"
        return f"{value!r} is not a number; {HELP}"

    def lookup(self, node: ast.Name) -> Value:
        name = node.id
        if name in self.values:
            return self.values[name]
        if name in FUNCTIONS or name == "Value":
            raise at(node, f"'{name}' is a function; call it like {name}(x)")
        try:
            data = numeric.to_float(self.input_values.get(name, DEFAULT_INPUT))
        except (TypeError, ValueError):
            raise at(node, f"the value given for input '{name}' is not a number") from None
        self.new_values(node, 1)
        value = Value(data, label=name)
        self.values[name] = self.inputs[name] = value
        self.named.add(value)
        return value

    def computed(self, node: ast.AST, value: Value, n_values: int) -> Value:
        """A value an operator made: counted, and labelled with its text when that is short."""
        self.new_values(node, n_values)
        if not value.label and value not in self.named:
            text = self.segment(node)
            if text is not None:
                value.label = text
        return value

    def segment(self, node: ast.AST) -> str | None:
        """The source text of `node` on one line, whitespace collapsed, shortened with an
        ellipsis (engine.language.names). Longer or multi-line text: None, and the record names the
        value from its op and inputs instead."""
        if (
            node.lineno != node.end_lineno
            or node.end_col_offset - node.col_offset > 4 * names.MAX_NAME
        ):
            return None
        raw = self.lines[node.lineno - 1][node.col_offset : node.end_col_offset]
        return names.shorten(" ".join(raw.decode(errors="replace").split()))

    def binary(self, node: ast.BinOp) -> Value:
        if isinstance(node.op, ast.Pow):
            exponent = number_literal(node.right)
            if exponent is None and isinstance(node.right, ast.Constant):
                raise at(node.right, "'**' needs a number or value on its right")
            base = self.expr(node.left)
            if exponent is not None:
                return self.computed(node, base**exponent, 1)
            return self.computed(node, base ** self.expr(node.right), 1)
        if type(node.op) not in BINARY:
            raise beyond(
                node,
                f"'{SYMBOLS.get(type(node.op), '?')}' is not supported; {HELP}",
            )
        left, right = self.expr(node.left), self.expr(node.right)
        return self.computed(node, getattr(left, BINARY[type(node.op)])(right), 3)

    def call(self, node: ast.Call) -> Value:
        if any(isinstance(a, ast.Starred) for a in node.args):
            raise beyond(node, f"'*' unpacking is not part of the expression language; {HELP}")
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in MODULES
            and func.value.id not in self.values
        ):  # math.tanh(x): the functions are there without a module
            module, name = func.value.id, func.attr
            if name in FUNCTIONS:
                known = f"write {name}(...) without '{module}.'"
            else:
                known = f"the functions are {', '.join(FUNCTIONS)}"
            raise beyond(func, f"there are no modules here, so no '{module}.{name}'; {known}")
        if isinstance(func, ast.Attribute):  # the seeds' method style: n.tanh()
            if func.attr not in FUNCTIONS:
                raise at(func, f"unknown method '.{func.attr}()'{suggest(func.attr)}")
            if len(node.args) != FUNCTIONS[func.attr] - 1:
                wanted = "no arguments" if FUNCTIONS[func.attr] == 1 else "one argument"
                raise at(node, f".{func.attr}() takes {wanted}, got {len(node.args)}")
            return self.apply(node, func.attr, [func.value, *node.args])
        if not isinstance(func, ast.Name):
            raise beyond(func, f"only named functions can be called; {HELP}")
        if func.id == "Value":
            return self.value_literal(node)
        if func.id not in FUNCTIONS:
            raise at(func, f"unknown function '{func.id}'{suggest(func.id)}")
        return self.apply(node, func.id, list(node.args))

    def apply(self, node: ast.Call, name: str, args: list[ast.AST]) -> Value:
        if node.keywords:
            raise at(node.keywords[0], f"{name}() takes no keyword arguments")
        arity = FUNCTIONS[name]
        if len(args) != arity:
            wanted = "one argument" if arity == 1 else f"{arity} arguments"
            raise at(node, f"{name}() takes {wanted}, got {len(args)}")
        first, *rest = [self.expr(a) for a in args]
        return self.computed(node, getattr(first, name)(*rest), 1)

    def value_literal(self, node: ast.Call) -> Value:
        """`Value(2.0)` or `Value(2.0, label='x1')`, as in the seeds' code."""
        number = number_literal(node.args[0]) if len(node.args) == 1 else None
        if number is None:
            raise at(node, "write Value(number) or Value(number, label='name')")
        label = ""
        for keyword in node.keywords:
            if keyword.arg != "label":
                raise at(keyword, "Value() takes only a label, like Value(2.0, label='x1')")
            label = self.label_text(keyword.value)
        self.new_values(node, 1)
        value = Value(number, label=label)
        if label:
            self.named.add(value)
        return value
