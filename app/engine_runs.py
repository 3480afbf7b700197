"""Engine work (parse, trace, DOT) off the event loop, a bounded number at a time.

A program at the engine's caps takes up to ~0.5 s of CPU in Python. Run on Starlette's
shared thread pool (40 threads), a flood of them would starve the threads static files need;
here at most `ENGINE_THREADS` run at once and the rest queue, so a page's own scripts and
styles are never behind someone's 50,000-character program.
"""

from collections.abc import Callable
from typing import ParamSpec, TypeVar

import anyio
from starlette.requests import Request

ENGINE_THREADS = 2  # the CPU work is under the GIL anyway: more threads only add waiting

P = ParamSpec("P")
T = TypeVar("T")


async def in_engine_thread(
    request: Request, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    state = request.app.state
    limiter = getattr(state, "engine_limiter", None)
    if limiter is None:
        limiter = state.engine_limiter = anyio.CapacityLimiter(ENGINE_THREADS)

    def call() -> T:
        return function(*args, **kwargs)

    return await anyio.to_thread.run_sync(call, limiter=limiter)


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""
