"""What a learner's program finds already there, and what it may import.

A notebook cell on the course's pages starts with `from micrograd.engine import Value` or
defines everything itself; both must run. micrograd, engine and graphviz resolve to ours: the
page draws graphs itself, so `graphviz.Digraph` is a stand-in that accepts any drawing calls
and `draw_dot(x)` is a snapshot the page can show. Other imports get a message naming what
is available, not a bare ModuleNotFoundError.
"""

import builtins
import importlib
import math
import random
import types
from collections.abc import Callable
from typing import Any

from engine import nn
from engine.value import Value
from engine.worker import micrograd

# Standard-library modules a learner's program may import (pure computation, no I/O).
STDLIB = (
    "math", "random", "itertools", "functools", "collections", "dataclasses", "typing",
    "statistics", "operator", "numbers", "fractions", "decimal", "string", "re", "copy",
    "heapq", "bisect", "enum", "abc", "time", "textwrap", "pprint", "array", "cmath",
)  # fmt: skip
PROVIDED = ("micrograd", "micrograd.engine", "micrograd.nn", "engine", "engine.nn", "graphviz")


class _Digraph:
    """graphviz.Digraph's shape, drawing nothing: the page draws the graph from the values."""

    def __init__(self, *args: Any, **kwargs: Any):
        self.body: list[str] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: None

    def __repr__(self) -> str:
        return "<Digraph: the page draws the graph; pick it under 'Graph of'>"


def _module(name: str, **members: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(members)
    return module


def provided_modules(draw_dot: Callable[..., Any]) -> dict[str, types.ModuleType]:
    """micrograd, engine and graphviz as this program sees them."""
    nn_members = {k: getattr(nn, k) for k in ("Module", "Neuron", "Layer", "MLP")}
    # micrograd means micrograd 0.1.0: backward() accumulates, values take new attributes
    micro_members = {k: getattr(micrograd, k) for k in ("Module", "Neuron", "Layer", "MLP")}
    micro_engine = _module("micrograd.engine", Value=micrograd.Value)
    micro_nn = _module("micrograd.nn", Value=micrograd.Value, random=random, **micro_members)
    ours_nn = _module("engine.nn", Value=Value, **nn_members)
    return {
        "micrograd": _module("micrograd", engine=micro_engine, nn=micro_nn),
        "micrograd.engine": micro_engine,
        "micrograd.nn": micro_nn,
        "engine": _module("engine", Value=Value, draw_dot=draw_dot, nn=ours_nn),
        "engine.nn": ours_nn,
        "graphviz": _module("graphviz", Digraph=_Digraph, Graph=_Digraph),
    }


def _available() -> str:
    return ", ".join(("micrograd (ours)", "engine", *STDLIB))


def importer(modules: dict[str, types.ModuleType]) -> Callable[..., Any]:
    """An `__import__` that knows the provided modules and the allowed standard library."""

    def __import__(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002, N807
        if level:
            raise ImportError("relative imports need a package; this program is one cell")
        if name in modules:
            if fromlist or "." not in name:
                return modules[name]
            return modules[name.split(".")[0]]
        top = name.split(".")[0]
        if top in STDLIB:
            return importlib.import_module(name) if fromlist else importlib.import_module(top)
        raise ImportError(
            f"No module named {name!r} here: a program on this page can import {_available()}.",
            name=name,
        )

    return __import__


def namespace(draw_dot: Callable[..., Any]) -> dict[str, Any]:
    """The globals of a learner's program: a fresh `__main__` with the usual names defined."""
    modules = provided_modules(draw_dot)
    own_builtins = dict(vars(builtins))
    own_builtins["__import__"] = importer(modules)
    for name in ("exit", "quit", "input", "open", "breakpoint", "help"):
        own_builtins.pop(name, None)
    return {
        "__name__": "__main__",
        "__builtins__": own_builtins,
        "Value": Value,
        "draw_dot": draw_dot,
        "math": math,
        "random": random,
        **{k: getattr(nn, k) for k in ("Module", "Neuron", "Layer", "MLP")},
    }
