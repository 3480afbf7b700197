"""The cyclic garbage collector around graph building.

Each value with a closure is a reference cycle (`out._backward` holds `out`), so code that
builds graphs makes cycles by the thousand, and at CPython's default first threshold (700) the
collector scans them again and again while the graph is still being used: in a 70,000-value
training step it took more time than the maths (bench/recording.py, bench/learn_bench.py).
"""

import contextlib
import gc
from collections.abc import Iterator

GC_THRESHOLD = 20_000  # the first generation's threshold while a learner's program runs


@contextlib.contextmanager
def for_graphs() -> Iterator[None]:
    """A learner's run: the collector still runs, at GC_THRESHOLD; restored after."""
    old = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """One step of our own (a descent round, a training step): no collection while the step's
    graph is built and used, then one collection of the young generations, which frees the
    previous step's graph (now unreachable) without scanning the whole heap. A no-op when the
    collector is already off."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect(1)
