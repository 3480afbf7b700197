"""Watching a learner's own node classes while their program runs.

The runner compiles a program under the file name CELL. In that code, three kinds of function
matter: a no-argument closure (a node's `_backward`, or `backward`: one recorded step per
call), an `__init__` (a value is born: counted for the node cap, and its birth orders set
children), and a whole-graph method `backward(self)` (its receiver is a candidate root).
In any code, a `__call__` may be a module's (engine.record.groups: the values made while it
runs are its group), and once one has run, each engine.Value born is noted for the groups.
Everything else is ignored — in Python 3.12+ through `sys.monitoring`, which stops reporting a
function after its first call is declined, so unwatched code runs at full speed (measured in
Pyodide 314: 200k calls 0.015 s with it, 0.015 s without); CPython 3.11 only has
`sys.setprofile`, about 7x slower for every call, and is used only there.

engine.Value needs none of this: it records its own calls (see engine.value).
"""

import itertools
import sys
from collections.abc import Callable
from typing import Any

from engine import creations, nodes
from engine.record import creators
from engine.record.groups import Groups
from engine.record.recorder import Recorder, Step
from engine.value import Value as _EngineValue

CELL = creators.CELL
_PASS_NAMES = ("backward", "backprop", "backpropagate")
_GENERATED = "<string>"  # where a dataclass's generated __init__ lives
_VALUE_INIT = _EngineValue.__init__.__code__  # every engine.Value is born here
_SUSPENDS = 0x20 | 0x80 | 0x200  # CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR


def classify(code: Any) -> str:
    """ "rule", "method" (a rule written as a method `_backward(self)`), "init", "pass",
    "draw", "module" (a `__call__`, perhaps a module's), "born" (engine.Value's `__init__`),
    or "" for code the observer ignores."""
    if code.co_name == "__call__" and code.co_argcount and not code.co_flags & _SUSPENDS:
        return "module"  # in any file: engine.nn's modules are a learner's too
    if code is _VALUE_INIT:
        return "born"
    if code.co_name == "__init__" and code.co_filename == _GENERATED:
        return "init"  # a dataclass's, perhaps: `started` checks whose class it is
    if code.co_filename != CELL:
        return ""
    if code.co_name == "__init__":
        return "init"
    if code.co_name == "__new__":
        return "new"  # a subclass of float makes its values here: seen when it returns
    if code.co_argcount == 0 and code.co_kwonlyargcount == 0 and code.co_freevars:
        return "rule"
    if code.co_name in nodes.METHOD_RULES and code.co_argcount == 1:
        return "method"
    if code.co_name in _PASS_NAMES and code.co_argcount >= 1:
        return "pass"
    if code.co_name == "draw_dot" and code.co_argcount >= 1:
        return "draw"  # the learner's own draw_dot: a snapshot, like ours
    return ""


def _cells_match(fn: Any, values: list[Any]) -> bool:
    cells = fn.__closure__ or ()
    if len(cells) != len(values):
        return False
    try:
        return all(c.cell_contents is v for c, v in zip(cells, values, strict=True))
    except ValueError:  # an empty cell
        return False


def _held(v: Any, node: Any, kids: tuple[Any, ...]) -> int | float | None:
    """What a closure's free variable held at its call (see `Step.free`): read from the cell
    the call already read, never by calling anything of the learner's."""
    if v is node and node is not None:
        return -1
    for i, k in enumerate(kids):
        if v is k:
            return i
    if type(v) in (int, float, bool) or (nodes.is_number(v) and not nodes.is_node(v)):
        return nodes.as_float(v)
    return None


class Observer:
    """Turns the three kinds of calls into what the recorder keeps."""

    def __init__(self, recorder: Recorder):
        self.recorder = recorder
        self.groups = Groups()
        self.kinds: dict[Any, str] = {}
        # (code, frame, step or None, kids) of the rules running now, innermost last
        self.open: list[tuple[Any, Any, Step | None, tuple[Any, ...]]] = []
        self.births = itertools.count()

    def kind(self, code: Any) -> str:
        kind = self.kinds.get(code)
        if kind is None:
            kind = self.kinds[code] = classify(code)
        return kind

    def started(self, kind: str, code: Any, frame: Any) -> bool:
        """Note a call; False when calls of this code never matter (not a class of the
        program's own)."""
        if kind == "rule":
            self.rule_started(code, frame)
            return True
        if kind == "new":
            return True
        if kind == "born":  # watched only once a module has run (engine.record.groups)
            if not self.groups.active:
                return False
            self.groups.born(frame.f_locals.get("self"))
            return True
        first = frame.f_locals.get(code.co_varnames[0]) if code.co_varnames else None
        if kind == "module":
            if self.groups.is_module(first):
                self.groups.entered(code, frame, first)
            return True  # the next object called may be a module
        if kind == "method":
            self.method_started(code, frame, first)
        elif kind == "init":
            if code.co_filename != CELL and type(first).__module__ != "__main__":
                self.kinds[code] = ""
                return False
            nodes.birth[id(first)] = next(self.births)
            creators.note(first, frame.f_back)
            if self.groups.active:
                self.groups.born(first)
            creations.count()  # may raise the node cap's exception, into the program
        elif kind == "pass" and nodes.is_node(first):
            self.recorder.backward_target(first)
        elif kind == "draw" and nodes.is_node(first):
            self.recorder.snapshot(first)
        return True

    def made(self, obj: Any, frame: Any) -> None:
        """A `__new__` of the program's returned `obj` (made in `frame`)."""
        if nodes.is_node(obj):
            nodes.birth[id(obj)] = next(self.births)
            creators.note(obj, frame.f_back)
            if self.groups.active:
                self.groups.born(obj)
            creations.count()

    def method_started(self, code: Any, frame: Any, node: Any) -> None:
        """A rule written as a method of the node's class: the node is `self`."""
        fn = nodes.rule(node) if nodes.is_node(node) else None
        if fn is None or getattr(fn, "__code__", None) is not code:
            self.open.append((code, frame, None, ()))  # keeps `ended` paired; records nothing
            return
        kids = nodes.children(node)
        step = Step(node, (), (), nodes.grad(node), None)
        step.before = tuple(nodes.grad(k) for k in kids)
        step.datas = (nodes.data(node), *map(nodes.data, kids))
        self.open.append((code, frame, step, kids))

    def rule_started(self, code: Any, frame: Any) -> None:
        local = frame.f_locals
        values = [local.get(name) for name in code.co_freevars]
        node = None
        for v in values:
            if nodes.is_node(v):
                fn = nodes.rule(v)
                if fn is not None and fn.__code__ is code and _cells_match(fn, values):
                    node = v
                    break
        nones: list[int] = []
        if node is not None:
            kids = nodes.children(node)
            own = nodes.raw_grad(node)
            if own is None:
                nones.append(-1)
            step = Step(node, (), (), nodes.as_grad(own), None, code=code)
        else:  # the closure does not hold its own node: found later from its cells
            kids = tuple(v for v in values if nodes.is_node(v))
            cells = tuple(id(v) for v in values)
            step = Step(None, (), (), 0.0, None, code=code, cells=cells, watched=kids)
        raw = [nodes.raw_grad(k) for k in kids]  # each grad read once, as before the call
        nones.extend(i for i, g in enumerate(raw) if g is None)
        step.before = tuple(map(nodes.as_grad, raw))
        step.nones = tuple(nones)
        step.datas = (nodes.data(node) if node is not None else 0.0, *map(nodes.data, kids))
        step.free = tuple(_held(v, node, kids) for v in values)
        self.open.append((code, frame, step, kids))

    def ended(self, code: Any, frame: Any | None) -> None:
        if not self.open or self.open[-1][0] is not code:
            return
        if frame is not None and self.open[-1][1] is not frame:
            return
        _, _, step, kids = self.open.pop()
        if step is None:
            return
        step.after = tuple(nodes.grad(k) for k in kids)
        self.recorder.add(step)


def install(observer: Observer) -> Callable[[], None]:
    """Start watching; returns the function that stops it."""
    if hasattr(sys, "monitoring"):
        stop = _install_monitoring(observer)
    else:
        stop = _install_profile(observer)

    def stop_all() -> None:
        stop()
        observer.groups.stop()

    return stop_all


def _install_monitoring(observer: Observer) -> Callable[[], None]:  # Python 3.12+
    mon = sys.monitoring
    events = mon.events
    tool = next(
        (t for t in (mon.PROFILER_ID, mon.OPTIMIZER_ID, 3, 4) if mon.get_tool(t) is None), None
    )
    if tool is None:
        return _install_profile(observer)
    mon.use_tool_id(tool, "autograd-playground")
    kind_of = observer.kind
    groups = observer.groups
    returning: set[Any] = set()  # rule code whose returns are watched

    born = groups.born
    disable = mon.DISABLE
    getframe = sys._getframe

    def on_start(code, offset):
        if code is _VALUE_INIT:  # the hottest start, once a module has run: inline
            if not groups.active:
                return disable
            born(getframe(1).f_locals["self"])
            return None
        kind = kind_of(code)
        if not kind:
            return mon.DISABLE
        if kind in ("rule", "method", "new", "module") and code not in returning:
            returning.add(code)
            mon.set_local_events(tool, code, events.PY_RETURN)
        was_active = groups.active
        if not observer.started(kind, code, sys._getframe(1)):
            return mon.DISABLE
        if groups.active and not was_active:
            mon.restart_events()  # the first module call: engine.Value's births, disabled so far

    def on_return(code, offset, retval):
        kind = kind_of(code)
        if kind == "new":
            observer.made(retval, sys._getframe(1))
        elif kind == "module":
            groups.left(sys._getframe(1), retval)
        else:
            observer.ended(code, None)

    def on_unwind(code, offset, exception):
        if groups.stack and kind_of(code) == "module":
            groups.left(sys._getframe(1), None)
        if observer.open and observer.open[-1][0] is code:
            observer.ended(code, None)

    mon.register_callback(tool, events.PY_START, on_start)
    mon.register_callback(tool, events.PY_RETURN, on_return)
    mon.register_callback(tool, events.PY_UNWIND, on_unwind)
    mon.set_events(tool, events.PY_START | events.PY_UNWIND)

    def stop() -> None:
        mon.set_events(tool, 0)
        for code in returning:
            mon.set_local_events(tool, code, 0)
        for event in (events.PY_START, events.PY_RETURN, events.PY_UNWIND):
            mon.register_callback(tool, event, None)
        mon.free_tool_id(tool)
        mon.restart_events()

    return stop


def _install_profile(observer: Observer) -> Callable[[], None]:  # CPython 3.11
    kind_of = observer.kind
    groups = observer.groups

    def profile(frame, event, arg):
        if event == "call":
            kind = kind_of(frame.f_code)
            if kind:
                observer.started(kind, frame.f_code, frame)
        elif event == "return":  # a raise too, with arg None
            kind = kind_of(frame.f_code)
            if kind == "new":
                observer.made(arg, frame)
            elif kind == "module":
                groups.left(frame, arg)
            elif observer.open:
                observer.ended(frame.f_code, frame)

    previous = sys.getprofile()
    sys.setprofile(profile)
    return lambda: sys.setprofile(previous)
