"""engine.creations: the count behind the node cap — engine.Value's and a learner's classes'
creations alike, the callback told at each creation from the `every`-th on until it watches
again, and nothing after `watch(math.inf)`."""

import math

import pytest

from engine import Value, creations


class Cap(Exception):
    pass


@pytest.fixture(autouse=True)
def unwatched():
    yield
    creations.watch(math.inf)


def test_the_callback_is_told_after_every_so_many_creations():
    told = []
    creations.watch(3, told.append)
    Value(1.0)
    creations.count()  # a learner's own value, as engine.record.observe counts it
    assert told == []
    Value(2.0)
    assert len(told) == 1
    first = told[0]
    creations.watch(2, told.append)  # what the runner's callback does: watch again
    Value(4.0) * 2  # the 4.0, the 2 and the product: told at the 2, and again at the product
    assert told == [first, first + 2, first + 3]


def test_the_callback_may_stop_the_program_that_made_the_value():
    def stop(made: int) -> None:
        raise Cap(made)

    creations.watch(1, stop)
    with pytest.raises(Cap):
        Value(1.0)


def test_nothing_is_told_once_unwatched():
    told = []
    creations.watch(1, told.append)
    creations.watch(math.inf)
    for i in range(10):
        Value(i)
    assert told == []
