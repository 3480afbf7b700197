"""The title of a page, its link preview and its embed: it names the graph on screen.

An expression program's graph is its output's; a Python program is never run on the server, so
its title names the value whose `.backward()` it calls (read from its syntax), if any. Once the
reader's browser has run it, the page names the graph chosen under "Graph of" with the same
words (the format is sent in the page's data, static/js/page-title.js).
"""

import ast

from app.presets import DEFAULT_SOURCE
from engine import ExpressionError, parse
from engine.playground import is_python_only

GRAPH_TITLE = "Backward pass of {name}, step by step (autograd playground)"
PROGRAM_TITLE = "A Python program, step by step (autograd playground)"


def graph_title(name: str) -> str:
    return GRAPH_TITLE.format(name=name)


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


def output_name(source: str) -> str | None:
    """The name of the graph the page shows first: the output's label (the default program's
    when this one has an error: the page shows that instead), the `.backward()` of a Python
    program, or None when there is no name to give."""
    if is_python(source):
        return python_output(source)
    try:
        return parse(source).output.label or None
    except ExpressionError:
        return parse(DEFAULT_SOURCE).output.label or None


def is_python(source: str) -> bool:
    """The worker runs this as Python (engine.playground.run_in_worker's test): syntax the
    expression language does not have, or valid Python it refused as beyond it. The server only
    ever reads its syntax."""
    if is_python_only(source):
        return True
    try:
        ast.parse(source)
        parse(source)
    except ExpressionError as error:
        return error.beyond
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return False


def page_title(source: str) -> str:
    name = output_name(source)
    if name:
        return graph_title(name)
    return PROGRAM_TITLE if is_python(source) else graph_title("the program")
