"""A probe graph: a check's expression built with a class, its leaves known, its backward passes
recorded one by one.

A check writes an expression once, as a function of a class: `lambda V: V(2.0) * V(-3.0)`. It is
built with the learner's class and with engine.Value, the reference. `V` is a `Leaves`: calling
it makes a value of the class and remembers it, so that the two graphs' leaves pair up by the
order they were made in (whatever the learner's operators made along the way), a finite
difference can move one leaf, and the leaves take the check's names.
"""

import contextlib
import string
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.record import observe, recorder
from engine.record.recorder import Recorder


class Leaves:
    """The `V` a check's expression is built with: `V(2.0)` is `cls(2.0)`, remembered in order.
    `move=(k, x)` makes the k-th leaf with data x instead (a finite difference's nudge).
    Anything else (`V.some_class_attribute`) is the class's."""

    def __init__(self, cls: type, move: tuple[int, float] | None = None):
        self.cls = cls
        self.made: list[Any] = []
        self._move = move

    def __call__(self, data: Any, *args: Any, **kwargs: Any) -> Any:
        if self._move is not None and len(self.made) == self._move[0]:
            data = self._move[1]
        made = self.cls(data, *args, **kwargs)
        self.made.append(made)
        return made

    def __getattr__(self, name: str) -> Any:
        return getattr(self.cls, name)


def build(expression: Callable[[Any], Any], cls: type, move: tuple[int, float] | None = None):
    """(the expression's output, the leaves it made) with `cls`; raises what the build raised."""
    leaves = Leaves(cls, move)
    return expression(leaves), leaves.made


def leaf_names(count: int, names: str | Sequence[str] | None) -> list[str]:
    """Names for the leaves a build made, in order: the check's (`"x1 w1 b"` or a list), then
    a, b, c, ... for the rest (never one the check gave)."""
    given = names.split() if isinstance(names, str) else list(names or [])
    spare = (c for c in _letters() if c not in given)
    return [given[i] if i < len(given) else next(spare) for i in range(count)]


def _letters() -> Iterator[str]:
    yield from string.ascii_lowercase
    n = 1
    while True:
        yield from (f"{c}{n}" for c in string.ascii_lowercase)
        n += 1


@contextlib.contextmanager
def recording(observer: observe.Observer | None) -> Iterator[Recorder]:
    """Every `_backward()` call the learner's code makes meanwhile goes to a recorder of its
    own (one backward pass of one probe), then the run's recorder takes over again."""
    rec = Recorder()
    previous = (observer.recorder if observer else None), recorder.ACTIVE
    if observer is not None:
        observer.recorder = rec
    recorder.ACTIVE = rec
    try:
        yield rec
    finally:
        if observer is not None:
            observer.recorder = previous[0]  # type: ignore[assignment]
        recorder.ACTIVE = previous[1]


@contextlib.contextmanager
def unrecorded() -> Iterator[None]:
    """The reference's own work (engine.Value builds and passes): nothing recorded."""
    previous, recorder.ACTIVE = recorder.ACTIVE, None
    try:
        yield
    finally:
        recorder.ACTIVE = previous
