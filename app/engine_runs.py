"""Engine work (parse, trace, DOT) off the event loop, bounded per server and per client.

A program at the engine's caps takes up to ~0.5 s of CPU in Python. Run on Starlette's
shared thread pool (40 threads), a flood of them would starve the threads static files need;
here at most `ENGINE_THREADS` run at once (the rest queue), and one client address has at most
`PER_CLIENT` runs in progress. Past that share a page is still served, without the server's
run: the browser runs the program itself (as it does for any edit), and /graph.svg answers 429.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

import anyio
from starlette.requests import Request

ENGINE_THREADS = 2  # the CPU work is under the GIL anyway: more threads only add waiting
PER_CLIENT = 2  # engine runs in progress for one client address

P = ParamSpec("P")
T = TypeVar("T")


class EngineGate:
    def __init__(self, threads: int = ENGINE_THREADS, per_client: int = PER_CLIENT):
        self.threads = threads
        self.per_client = per_client
        self._limiter: anyio.CapacityLimiter | None = None  # made on the event loop
        self._busy: dict[str, int] = {}

    @contextmanager
    def share(self, client: str) -> Iterator[bool]:
        """Whether `client` may run engine work now; counts it while inside."""
        if self._busy.get(client, 0) >= self.per_client:
            yield False
            return
        self._busy[client] = self._busy.get(client, 0) + 1
        try:
            yield True
        finally:
            self._busy[client] -= 1
            if not self._busy[client]:
                del self._busy[client]

    async def run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.threads)

        def call() -> T:
            return function(*args, **kwargs)

        return await anyio.to_thread.run_sync(call, limiter=self._limiter)


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""
