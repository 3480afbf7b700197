"""Counting the values a program makes, so that a runaway one can be stopped.

engine.worker.runner caps the values alive at once: it asks to be told every so many
creations (`watch`), then counts the live ones. `engine.Value` counts each value it makes;
engine.record.observe counts those of a learner's own node classes. A global and one
comparison: cheap enough for the hottest line of the engine.
"""

import math
from collections.abc import Callable

_made = 0
_check_at: float = math.inf
_on_check: Callable[[int], None] | None = None


def watch(every: float, callback: Callable[[int], None] | None = None) -> None:
    """Call `callback(made)` at each creation once `every` more values (of any node class)
    have been made, until it watches again (or stops the program); `watch(math.inf)` stops."""
    global _check_at, _on_check
    _check_at = _made + every
    _on_check = callback


def count() -> None:
    """One more value made. The callback may raise (the node cap's exception), into the
    program that made it."""
    global _made
    _made += 1
    if _made >= _check_at:
        _on_check(_made)  # type: ignore[misc]
