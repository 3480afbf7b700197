"""The program on screen as code a learner can keep: a `.py` that builds the same graph with
a small `Value` class carried in the file (app/portable_value.py, so it runs anywhere, Colab
included) or micrograd's `Value` (when the program uses only what micrograd has), and runs the
backward pass, and a Jupyter notebook of that code, one cell per group of statements. A program
in full Python is kept as the learner wrote it (python_notebook: what it imports comes along).

The playground's language is Python syntax already; this only spells out what the language
does implicitly: a name used before it is assigned is an input `Value(1.0)`, a number assigned
to a name is a leaf `Value`, `tanh(x)` is `x.tanh()`, an assignment labels its value, and the
last statement is the output.
"""

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from app import portable_value
from engine.language.grammar import FUNCTIONS
from engine.record.tracing import DEFAULT_MODE

MICROGRAD_METHODS = {"relu"}  # micrograd 0.1.0's Value has relu and + - * / ** (number) only


def _without_docstring(text: str) -> str:
    first = ast.parse(text).body[1]  # the statement after the module's docstring
    return "\n".join(text.splitlines()[first.lineno - 1 :]).strip()


# The Value class a download carries: the module's source, less its docstring.
PORTABLE_VALUE = _without_docstring(Path(portable_value.__file__).read_text())
PORTABLE_NOTE = "# Value: the playground's engine, small enough to carry (micrograd's names)"
# A notebook's cell that lets a program's own `from engine import Value` find the class above.
ENGINE_MODULE = [
    "import sys, types",
    "",
    "# `from engine import Value` in the program below finds the class above",
    'engine = types.ModuleType("engine")',
    "engine.Value, engine.draw_dot = Value, draw_dot",
    'sys.modules["engine"] = engine',
]
MICROGRAD_INSTALL = "%pip install micrograd"
_IMPORTS = re.compile(r"^\s*(?:from|import)\s+(engine|micrograd)\b", re.MULTILINE)
MICROGRAD_IMPORT = "from micrograd.engine import Value"
OVERWRITE_NOTE = (
    "# The playground showed this graph with the seeds' `=` bug (each _backward overwrote its\n"
    "# inputs' grads). This file runs the correct `+=` engine; see the playground for the bug."
)


class DoesNotFit(ValueError):
    """The program uses something micrograd's Value lacks (or does not parse)."""


def _number(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd | ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def _value_call(args: list[ast.expr], keywords: list[ast.keyword] | None = None) -> ast.Call:
    return ast.Call(ast.Name("Value", ast.Load()), args, keywords or [])


class _Rewrite(ast.NodeTransformer):
    """tanh(x) -> x.tanh(); 2.0 * 3.0 -> Value(2.0) * 3.0 (the engine makes both Values)."""

    def __init__(self, micrograd: bool):
        self.micrograd = micrograd

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in FUNCTIONS and node.args:
            node = ast.Call(ast.Attribute(node.args[0], func.id, ast.Load()), node.args[1:], [])
            func = node.func
        if isinstance(func, ast.Attribute) and self.micrograd:
            if func.attr not in MICROGRAD_METHODS:
                raise DoesNotFit(f"micrograd's Value has no .{func.attr}()")
        if isinstance(func, ast.Name) and func.id == "Value" and self.micrograd:
            node.keywords = []  # micrograd's Value takes no label
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow) and self.micrograd and not _number(node.right):
            raise DoesNotFit("micrograd's ** takes a number exponent only")
        if _number(node.left) and _number(node.right):
            node.left = _value_call([node.left])
        return node


@dataclass
class Program:
    """The translated statements, in groups, and what the closing cells need."""

    groups: list[list[str]] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # every named value, in order of definition
    output: str = "out"


def translate(source: str, micrograd: bool = False) -> Program:
    """Raises SyntaxError for text that is not Python, DoesNotFit for micrograd misfits."""
    tree = ast.parse(source)
    lines = source.splitlines()
    rewrite = _Rewrite(micrograd)
    program = Program()
    defined: set[str] = set()
    previous_end, previous_leaf = 0, None
    for stmt in tree.body:
        gap = lines[previous_end : stmt.lineno - 1]
        comments = [line.strip() for line in gap if line.strip().startswith("#")]
        leaf = isinstance(stmt, ast.Assign) and _number(stmt.value)
        new_group = any(not line.strip() for line in gap) or (previous_leaf and not leaf)
        if new_group or not program.groups:
            program.groups.append([])
        code = _statement(stmt, rewrite, program, defined, micrograd)
        program.groups[-1] += comments + code
        previous_end, previous_leaf = stmt.end_lineno or stmt.lineno, leaf
    program.groups = [group for group in program.groups if group]
    return program


def _statement(stmt, rewrite, program: Program, defined: set[str], micrograd: bool) -> list[str]:
    for name in _loaded_names(stmt):
        if name not in defined and name not in FUNCTIONS and name not in ("Value", "draw_dot"):
            defined.add(name)
            program.inputs.append(name)
            program.names.append(name)
    if isinstance(stmt, ast.Expr):
        marked = _output_marker(stmt.value)
        if marked:
            program.output = marked
            return []
        stmt = ast.Assign([ast.Name("out", ast.Store())], stmt.value, lineno=stmt.lineno)
    target = stmt.target if isinstance(stmt, ast.AugAssign) else stmt.targets[0]
    if isinstance(target, ast.Attribute):  # n.label = 'n'
        return [] if micrograd else [ast.unparse(stmt)]
    name = target.id
    if name not in defined:
        defined.add(name)
        program.names.append(name)
    program.output = name
    if isinstance(stmt, ast.Assign) and _number(stmt.value):
        label = [] if micrograd else [ast.keyword("label", ast.Constant(name))]
        return [f"{name} = {ast.unparse(_value_call([stmt.value], label))}"]
    code = ast.unparse(rewrite.visit(stmt))
    return [code] if micrograd else [code, f"{name}.label = {name!r}"]


def _loaded_names(stmt: ast.stmt) -> list[str]:
    names = [
        n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    ]
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
        names.insert(0, stmt.target.id)
    return list(dict.fromkeys(names))


def _output_marker(node: ast.AST) -> str | None:
    """`o.backward()` and `draw_dot(o)` name the output, as in the engine's language."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "backward" and isinstance(node.func.value, ast.Name):
            return node.func.value.id
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "draw_dot" and node.args and isinstance(node.args[0], ast.Name):
            return node.args[0].id
    return None


def _inputs_code(program: Program, micrograd: bool) -> list[str]:
    if micrograd:
        return [f"{name} = Value(1.0)" for name in program.inputs]
    return [f"{name} = Value(1.0, label={name!r})" for name in program.inputs]


def _backward_code(output: str, mode: str) -> list[str]:
    code = [
        f"{output}.backward()  # seed {output}.grad = 1, then each _backward() in reverse order"
    ]
    if mode == "accumulate":
        code.append(f"{output}.backward(accumulate=True)  # again, without zeroing: grads add up")
    return code


def _print_code(program: Program) -> list[str]:
    pairs = ", ".join(f"({name!r}, {name})" for name in program.names)
    return [
        f"for name, v in [{pairs}]:",
        '    print(f"{name:>8}  data {v.data:.4f}  grad {v.grad:.4f}")',
    ]


def python_file(source: str, mode: str = DEFAULT_MODE, micrograd: bool = False) -> str:
    """A runnable script. Raises DoesNotFit (micrograd) or SyntaxError."""
    if micrograd and mode != DEFAULT_MODE:
        raise DoesNotFit("micrograd has no second backward pass without zeroing, nor the = bug")
    program = translate(source, micrograd)
    parts = ['"""Made by the autograd playground: the graph on screen, as code."""', ""]
    parts += [MICROGRAD_IMPORT] if micrograd else [PORTABLE_NOTE, PORTABLE_VALUE, "", ""]
    if mode == "overwrite":
        parts += [OVERWRITE_NOTE, ""]
    if program.inputs:
        parts += ["# Inputs: names the program uses without assigning them"]
        parts += [*_inputs_code(program, micrograd), ""]
    for group in program.groups:
        parts += [*group, ""]
    parts += _backward_code(program.output, mode) + [""] + _print_code(program)
    return "\n".join(parts) + "\n"


def notebook(source: str, mode: str = DEFAULT_MODE) -> dict:
    """An nbformat 4 notebook: the import, one cell per statement group, the backward pass,
    the grads printed, and `draw_dot` at the end."""
    program = translate(source)
    cells = [_markdown("# The graph from the autograd playground\n\nRun the cells in order.")]
    if mode == "overwrite":
        cells.append(_markdown(OVERWRITE_NOTE.replace("# ", "")))
    cells.append(_code([PORTABLE_NOTE, PORTABLE_VALUE]))
    if program.inputs:
        cells.append(_code(_inputs_code(program, micrograd=False)))
    cells += [_code(group) for group in program.groups]
    cells += [_code(_backward_code(program.output, mode)), _code(_print_code(program))]
    cells.append(_code([f"draw_dot({program.output})"]))
    return _notebook(cells)


def _notebook(cells: list[dict]) -> dict:
    for number, cell in enumerate(cells):
        cell["id"] = f"cell-{number}"
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": cells,
    }


def python_notebook(source: str) -> dict:
    """A program in full Python as a notebook: its source as written, after what its imports
    need on a fresh kernel (our Value for `engine`, micrograd installed for `micrograd`)."""
    imports = set(_IMPORTS.findall(source))
    cells = [_markdown("# A program from the autograd playground\n\nRun the cells in order.")]
    if "micrograd" in imports:
        cells.append(_code([MICROGRAD_INSTALL]))
    if "engine" in imports:
        cells += [_code([PORTABLE_NOTE, PORTABLE_VALUE]), _code(ENGINE_MODULE)]
    cells.append(_code(source.rstrip("\n").split("\n")))
    return _notebook(cells)


def notebook_json(source: str, mode: str = DEFAULT_MODE, python: bool = False) -> str:
    """`python`: the source is full Python, kept as written (python_notebook)."""
    book = python_notebook(source) if python else notebook(source, mode)
    return json.dumps(book, indent=1, ensure_ascii=False) + "\n"


def _lines(code: list[str]) -> list[str]:
    text = "\n".join(code)
    return [line + "\n" for line in text.split("\n")[:-1]] + [text.split("\n")[-1]]


def _code(code: list[str]) -> dict:
    return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": _lines(code)}  # fmt: skip


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": _lines(text.split("\n"))}
