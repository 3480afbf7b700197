"""The program's own modules, found while it runs: the groups a graph folds into.

A module is any object whose class has a callable `parameters()` and is called through a
`__call__` written in Python: engine.nn's Neuron, Layer and MLP and a learner's own classes
alike, told by behaviour, never by name. Each call of a module is one group instance, and the
values made while it runs (directly, not inside a module it calls) belong to it; calls nest as
they run (MLP ⊃ Layer ⊃ Neuron). engine.record.observe reports the calls and the values' births
to a `Groups`; `Groups.record(graph)` gives the record's `groups` (docs/trace-format.md).

Values are told apart by id, and ids are reused once a value dies (a training loop's old
graphs). So once the first module call is seen, every value born is noted — in a group, or
taken out of the one a dead value with its id was in — and the id of a live value always
names its own birth. Before that no birth is watched: a program without modules runs as before.
A watched birth costs a callback that reads the new value's `self` from its frame (measured on
an engine.nn MLP(2, [16, 16, 1]) on 5 points: its own run 14 -> 23 ms in CPython 3.13, 31 -> 59
ms in Pyodide 3.14, the whole run and record +4-7%).
"""

import itertools
import weakref
from collections.abc import Mapping
from typing import Any

from engine import nodes

_JOIN = " · "  # between a group's name and its child's: "Layer 1 · Neuron 3"


class Module:
    """A module object, as the groups know it: its parameters (read once, at its first call)
    and its place in call order. Both held weakly where the class allows (else strongly):
    holding a model would keep its values alive against the node cap."""

    __slots__ = ("ref", "params", "serial")

    def __init__(self, obj: Any, serial: int):
        self.ref = _weak(obj)
        self.params = [_weak(p) for p in _parameters(obj)]
        self.serial = serial

    def obj(self) -> Any:
        return _target(self.ref)

    def alive(self) -> list[Any]:
        """Its parameters still alive, in `parameters()` order."""
        return [p for p in map(_target, self.params) if p is not None]


class Call:
    """One call of a module: one group instance."""

    __slots__ = (
        "serial",
        "kind",
        "module",
        "parent",
        "seen",
        "counts",
        "position",
        "output",
        "done",
    )

    def __init__(self, serial: int, kind: str, module: Module, parent: "Call | None"):
        self.serial = serial  # calls start in this order: a parent before its children
        self.kind = kind  # the module's class name
        self.module = module
        self.parent = parent
        # The modules this call called: module serial -> [its position among this call's
        # children of its class (1-based), how many times it was called]; and how many of
        # each class it called (class name -> count). Both made on first use.
        self.seen: dict[int, list[int]] | None = None
        self.counts: dict[str, int] | None = None
        self.position: list[int] | None = None  # the parent's entry for this module
        self.output: Any = None  # what __call__ returned: a weakref, or the node's id
        self.done = 0  # which of the module's calls in the parent this is (1-based)


class Groups:
    """The module calls of one program run and which call made each value."""

    def __init__(self) -> None:
        self.active = False  # a module call has been seen: every birth is noted from then on
        self.stack: list[tuple[Any, Any, Call, bool]] = []  # (frame, code, call, owns it)
        self.made_in: dict[int, Call] = {}  # id(value) -> the call that made it
        self._serials = itertools.count()
        self._modules: dict[int, Module] = {}  # id(object) -> Module (which holds the object)
        self._is_module: dict[type, bool] = {}

    def is_module(self, obj: Any) -> bool:
        cls = type(obj)
        known = self._is_module.get(cls)
        if known is None:
            try:
                known = callable(getattr(cls, "parameters", None))
            except Exception:  # a class whose attribute lookup raises is no module
                known = False
            self._is_module[cls] = known
        return known

    def entered(self, code: Any, frame: Any, obj: Any) -> None:
        """A `__call__` of `obj` started in `frame`. A module's `super().__call__(x)` inside
        its own `__call__` stays the same call; the same code called again on the same
        object (recursion) is a call of its own."""
        self.active = True
        stack = self.stack
        if stack:
            _, top_code, top, _ = stack[-1]
            if top.module.obj() is obj and top_code is not code:
                stack.append((frame, code, top, False))
                return
        module = self._module(obj)
        parent = stack[-1][2] if stack else None
        call = Call(next(self._serials), type(obj).__name__, module, parent)
        if parent is not None:
            if parent.seen is None or parent.counts is None:
                parent.seen, parent.counts = {}, {}
            entry = parent.seen.get(module.serial)
            if entry is None:
                position = parent.counts[call.kind] = parent.counts.get(call.kind, 0) + 1
                entry = parent.seen[module.serial] = [position, 0]
            entry[1] += 1
            call.position = entry
            call.done = entry[1]
        stack.append((frame, code, call, True))

    def left(self, frame: Any, returned: Any) -> None:
        """The `__call__` running in `frame` returned `returned` (None: it raised)."""
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][0] is frame:
                _, _, call, owns = stack[i]
                del stack[i:]  # and any call whose return was not seen
                if owns and nodes.is_node(returned):
                    call.output = _weak(returned, id)
                return

    def born(self, obj: Any) -> None:
        """A value (or another object of a node class) is being made now."""
        if self.stack:
            self.made_in[id(obj)] = self.stack[-1][2]
        else:
            self.made_in.pop(id(obj), None)

    def stop(self) -> None:
        """The program ended, perhaps inside a module call."""
        self.stack.clear()

    def _module(self, obj: Any) -> Module:
        module = self._modules.get(id(obj))
        if module is None or module.obj() is not obj:  # new, or a dead module's id reused
            module = self._modules[id(obj)] = Module(obj, next(self._serials))
        return module

    def record(self, order: list[Any], ids: Mapping[int, str]) -> list[dict[str, Any]]:
        """The record's `groups` for the graph whose nodes are `order` (ids: id -> node id)."""
        if not self.active:
            return []
        members: dict[Call, list[str]] = {}
        for v in order:
            call = self.made_in.get(id(v))
            if call is not None:
                members.setdefault(call, []).append(ids[id(v)])
        present = set(members)
        for call in list(members):
            parent = call.parent
            while parent is not None and parent not in present:
                present.add(parent)
                parent = parent.parent
        calls = sorted(present, key=lambda c: c.serial)
        names = _names(calls)
        gid = {call: f"g{i}" for i, call in enumerate(calls)}
        return [
            {
                "id": gid[call],
                "name": names[call][0],
                "kind": call.kind,
                "parent": gid[call.parent] if call.parent is not None else None,
                "call": names[call][1],
                "nodes": members.get(call, []),
                "output": self._output(call, order, ids),
                "params": [ids[id(p)] for p in call.module.alive() if _in(p, order, ids)],
            }
            for call in calls
        ]

    def _output(self, call: Call, order: list[Any], ids: Mapping[int, str]) -> str | None:
        out = call.output
        if isinstance(out, weakref.ref):
            node = out()
            return ids[id(node)] if node is not None and _in(node, order, ids) else None
        if out is None or out not in ids:
            return None
        # An id alone: the node with it is this call's output if this call or one inside it
        # made that node (an id reused by a later value belongs to another birth).
        made = self.made_in.get(out)
        while made is not None and made is not call:
            made = made.parent
        return ids[out] if made is call else None


def _weak(obj: Any, otherwise: Any = None) -> Any:
    """A weak reference to `obj`, or `otherwise(obj)` (the object itself by default) for a
    class whose instances take none (`__slots__` without `__weakref__`)."""
    try:
        return weakref.ref(obj)
    except TypeError:
        return obj if otherwise is None else otherwise(obj)


def _target(held: Any) -> Any:
    return held() if isinstance(held, weakref.ref) else held


def _in(node: Any, order: list[Any], ids: Mapping[int, str]) -> bool:
    uid = ids.get(id(node))
    return node is not None and uid is not None and order[int(uid[1:])] is node


def _parameters(obj: Any) -> list[Any]:
    """The nodes among `obj.parameters()`; none when it raises or returns no list of them."""
    try:
        return [p for p in obj.parameters() if nodes.is_node(p)]
    except Exception:
        return []


def _names(calls: list[Call]) -> dict[Call, tuple[str, int]]:
    """Each call's name in a learner's words and the index of its top-level call.

    A call inside another is its class and its position among the modules of that class its
    parent called ("Neuron 3"), after its parent's name unless the parent is at the top level
    ("Layer 1 · Neuron 3"), and "(call k)" when its parent called that same module more than
    once. At the top level, one module object of a class is its class name ("MLP"), several are
    numbered in order of their first call ("MLP 2"); a module called more than once in this
    graph says which call ("MLP (call 7)"), and `call` is that index from 0 — the datapoint's
    index when a program calls its model once per point. Every call inside it has its `call`.
    """
    names: dict[Call, tuple[str, int]] = {}
    tops = [c for c in calls if c.parent is None]
    objects: dict[int, list[Call]] = {}  # module serial -> its top-level calls, in order
    for c in tops:
        objects.setdefault(c.module.serial, []).append(c)
    per_kind: dict[str, list[int]] = {}  # class name -> its top-level module objects, in order
    for serial, its in objects.items():
        per_kind.setdefault(its[0].kind, []).append(serial)
    for kind, serials in per_kind.items():
        for number, serial in enumerate(serials, start=1):
            base = kind if len(serials) == 1 else f"{kind} {number}"
            its = objects[serial]
            for index, c in enumerate(its):
                names[c] = (base if len(its) == 1 else f"{base} (call {index + 1})", index)
    for c in calls:  # parents come first: their names are made
        if c.parent is None:
            continue
        position, times = c.position  # type: ignore[misc]
        own = f"{c.kind} {position}" + (f" (call {c.done})" if times > 1 else "")
        parent_name, index = names[c.parent]
        names[c] = (own if c.parent.parent is None else parent_name + _JOIN + own, index)
    return names
