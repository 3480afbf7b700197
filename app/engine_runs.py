"""Engine work (parse, trace, DOT) off the event loop, bounded per server and per client.

A program at the engine's caps takes up to ~0.5 s of CPU in Python. Run on Starlette's
shared thread pool (40 threads), a flood of them would starve the threads static files need;
here at most `ENGINE_THREADS` run at once (the rest queue). One client address has at most
`PER_CLIENT` runs in progress, and a budget of engine time: each run's CPU time is charged to
its address, which earns it back at `RATE` seconds per second up to `BURST` — so an address
sending the costliest programs it can gets a tenth of a core, while a reader loading a few
pages never notices. Past its share a page is still served, without the server's run: the
browser runs the program itself (as it does for any edit); /graph.svg answers 429.
"""

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

import anyio
from starlette.requests import Request

ENGINE_THREADS = 2  # the CPU work is under the GIL anyway: more threads only add waiting
PER_CLIENT = 2  # engine runs in progress for one client address
RATE = 0.1  # seconds of engine time an address earns per second
BURST = 1.0  # seconds of engine time an address may owe before it must wait

P = ParamSpec("P")
T = TypeVar("T")


class EngineGate:
    def __init__(
        self,
        threads: int = ENGINE_THREADS,
        per_client: int = PER_CLIENT,
        rate: float = RATE,
        burst: float = BURST,
    ):
        self.threads = threads
        self.per_client = per_client
        self.rate = rate
        self.burst = burst
        self._limiter: anyio.CapacityLimiter | None = None  # made on the event loop
        self._busy: dict[str, int] = {}
        self._owed: dict[str, tuple[float, float]] = {}  # address -> (seconds owed, as of)

    def owed(self, client: str) -> float:
        """Seconds of engine time `client` still owes, after what it has earned back."""
        seconds, since = self._owed.get(client, (0.0, 0.0))
        return max(0.0, seconds - (time.monotonic() - since) * self.rate)

    def charge(self, client: str, seconds: float) -> None:
        self._owed[client] = (self.owed(client) + seconds, time.monotonic())
        if len(self._owed) > 10_000:  # forget addresses that owe nothing
            self._owed = {c: v for c, v in self._owed.items() if self.owed(c) > 0}

    @contextmanager
    def share(self, client: str) -> Iterator[bool]:
        """Whether `client` may run engine work now; counts it while inside."""
        if self._busy.get(client, 0) >= self.per_client or self.owed(client) > self.burst:
            yield False
            return
        self._busy[client] = self._busy.get(client, 0) + 1
        try:
            yield True
        finally:
            self._busy[client] -= 1
            if not self._busy[client]:
                del self._busy[client]

    async def run(
        self, client: str, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """`function(*args, **kwargs)` on an engine thread; its CPU time is charged to `client`."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.threads)

        def call() -> T:
            started = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.charge(client, time.thread_time() - started)

        return await anyio.to_thread.run_sync(call, limiter=self._limiter)


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""
