"""Expressions of the language, built into values: numbers, names, `+ - * / **`, the
functions, and `Value(2.0, label='x1')` — each node checked against the whitelist
(engine.language.grammar) as it is built, since nothing is ever `eval`ed.

`Expressions` holds what a program has built so far (its names, its inputs, how many values it
made); engine.language.parser builds the statements around it. A value an operator makes is
labelled with its text when that is short, so the graph reads like the program.
"""

import ast
from collections.abc import Mapping

from engine import numeric
from engine.language import names
from engine.language.grammar import (
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
from engine.language.prescan import text_problem
from engine.value import Value

DEFAULT_INPUT = 1.0  # the value of a name that is used but never assigned
MAX_VALUES = 20_000  # values one program may create
MAX_LABEL = 40  # an explicit Value(..., label='...')


class Expressions:
    """A program's values so far, and each expression built into new ones."""

    def __init__(self, source: str, input_values: Mapping[str, float]):
        self.source = source
        self.lines = source.encode().split(b"\n")  # ast offsets count UTF-8 bytes
        self.input_values = input_values
        self.values: dict[str, Value] = {}  # every name -> its latest value
        self.inputs: dict[str, Value] = {}  # names used but never assigned
        self.named: set[Value] = set()  # values with a name or label of their own
        self.count = 0  # values made so far

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

    def label_text(self, node: ast.AST) -> str:
        """A label as written: text in quotes, short, and nothing a page can't show."""
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            raise at(node, "a label is text in quotes, like 'x1'")
        if len(node.value) > MAX_LABEL:
            raise at(node, f"a label has at most {MAX_LABEL} characters")
        problem = text_problem(node.value)
        if problem is not None:
            raise at(node, f"in this label, {problem[1]}")
        return node.value
