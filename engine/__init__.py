"""A micrograd-compatible scalar autograd engine, a safe expression language, and a tracer.

Standard library only, so the same code runs in CPython and in Pyodide. `draw_dot` needs the
`graphviz` package and is imported on first use.
"""

from engine.errors import ExpressionError
from engine.value import Value

__all__ = ["ExpressionError", "Value", "draw_dot", "parse", "Program", "trace"]


def __getattr__(name: str):
    if name == "draw_dot":
        from engine.drawing import draw_dot

        return draw_dot
    if name in ("parse", "Program"):
        from engine.language import parser as language

        return getattr(language, name)
    if name == "trace":
        from engine.record.tracing import trace

        return trace
    raise AttributeError(f"module 'engine' has no attribute {name!r}")
