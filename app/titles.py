"""The title of a page, its link preview and its embed: it names the graph on screen.

An expression program's graph is its output's; a Python program is never run on the server, so
its title names the value whose `.backward()` it calls (read from its syntax), if any. Once the
reader's browser has run it, the page names the graph chosen under "Graph of" with the same
words (the format is sent in the page's data, static/js/page/page-title.js).
"""

import ast
from dataclasses import dataclass

from app.presets import DEFAULT_SOURCE
from engine import ExpressionError, parse
from engine.worker.playground import is_python_only

GRAPH_TITLE = "Backward pass of {name}, step by step (autograd playground)"
PROGRAM_TITLE = "A Python program, step by step (autograd playground)"


@dataclass(frozen=True)
class Named:
    """What a title says of a program: whether it is full Python, and its graph's name."""

    python: bool
    name: str | None  # None: no name to give

    @property
    def title(self) -> str:
        if self.name:
            return GRAPH_TITLE.format(name=self.name)
        return PROGRAM_TITLE if self.python else GRAPH_TITLE.format(name="the program")


def is_python_error(source: str, error: ExpressionError) -> bool:
    """The language refused `source` because it is Python for the worker to run
    (the worker's own test, in engine/worker/playground.py), not because it has a mistake."""
    return error.beyond or is_python_only(source)


def named(source: str) -> Named:
    """Parses the program once (engine work: call it on an engine thread). A program with an
    error is named as the default program, which its page shows instead."""
    try:
        return Named(False, parse(source).output.label or None)
    except ExpressionError as error:
        if is_python_error(source, error):
            return Named(True, python_output(source))
    return Named(False, parse(DEFAULT_SOURCE).output.label or None)


def python_output(source: str) -> str | None:
    """The name in the program's last `NAME.backward()` call, or None (the program is parsed
    as Python, never run)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    calls = [
        node.func.value.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "backward"
        and isinstance(node.func.value, ast.Name)
    ]
    return calls[-1] if calls else None
