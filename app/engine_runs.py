"""Engine work (parse, trace, DOT) off the event loop, bounded per server and per client.

A program at the engine's caps takes up to ~0.5 s of CPU in Python. Run on Starlette's
shared thread pool (40 threads), a flood of them would starve the threads static files need;
here at most `ENGINE_THREADS` run at once (the rest queue). One client address has at most
`PER_CLIENT` runs in progress, and a budget of engine time: each run's CPU time is charged to
its address, which earns it back at `RATE` seconds per second up to `BURST` — so an address
sending the costliest programs it can gets a tenth of a core, while a reader loading a few
pages never notices. Past its share a page is still served, without the server's run: the
browser runs the program itself (as it does for any edit); the other routes answer 429.

Rotating addresses would each start with a full burst, so the server keeps the same account
for all of them: engine time earned back at `SERVER_RATE` (a share of the cores) up to
`SERVER_BURST`. While the server owes more than that, or its engine threads already have a
queue, work that is big (a program over `SMALL_PROGRAM` characters) or comes from an address
that has spent engine time recently (`LIGHT`) is refused first: pages go out without the
server's run, the other routes answer 503. Small programs from quiet addresses (a reader
opening a link) still get the server's run, and never wait behind big ones: big work takes at
most all but one engine thread.
"""

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
from starlette.requests import Request
from starlette.responses import PlainTextResponse

ENGINE_THREADS = 2  # the CPU work is under the GIL anyway: more threads only add waiting
PER_CLIENT = 2  # engine runs in progress for one client address
RATE = 0.1  # seconds of engine time an address earns per second
BURST = 1.0  # seconds of engine time an address may owe before it must wait
# The server as a whole: half of one core's time earned back per second (the event loop, dot
# and the other core's work need the rest), and the recent past it may run over by.
SERVER_RATE = 0.5
SERVER_BURST = 3.0
QUEUE = 2  # runs waiting for an engine thread, beyond which the server counts as busy
SMALL_PROGRAM = 2_000  # characters: the neuron is 95, the MLP preset 10,915
LIGHT = 0.05  # seconds owed: an address that has spent about this little recently is quiet


@dataclass(frozen=True)
class Refusal:
    """Why engine work is not run now: `status` 429 (this address) or 503 (the server)."""

    status: int
    message: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Retry-After": "1"}


class Refused(Exception):
    """A request is answered without its work: `status`, the message for the learner, and
    headers (Retry-After)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.headers = headers or {}

    def response(self) -> PlainTextResponse:
        return PlainTextResponse(str(self), status_code=self.status, headers=self.headers)


MINE = Refusal(429, "You are already running other programs on this server; try again in a moment.")
BUSY = Refusal(503, "The server is busy running other programs; try again in a moment.")

T = TypeVar("T")


class EngineGate:
    def __init__(
        self,
        threads: int = ENGINE_THREADS,
        per_client: int = PER_CLIENT,
        rate: float = RATE,
        burst: float = BURST,
        server_rate: float = SERVER_RATE,
        server_burst: float = SERVER_BURST,
    ):
        self.threads = threads
        self.per_client = per_client
        self.rate = rate
        self.burst = burst
        self.server_rate = server_rate
        self.server_burst = server_burst
        self._limiter: anyio.CapacityLimiter | None = None  # made on the event loop
        self._big_limiter: anyio.CapacityLimiter | None = None
        self._busy: dict[str, int] = {}
        self._owed: dict[str, tuple[float, float]] = {}  # address -> (seconds owed, as of)
        self._server_owed = (0.0, 0.0)
        self.in_progress = 0  # runs admitted and not finished, on a thread or waiting for one

    def owed(self, client: str) -> float:
        """Seconds of engine time `client` still owes, after what it has earned back."""
        seconds, since = self._owed.get(client, (0.0, 0.0))
        return max(0.0, seconds - (time.monotonic() - since) * self.rate)

    def server_owed(self) -> float:
        """The same for the whole server, at `server_rate`."""
        seconds, since = self._server_owed
        return max(0.0, seconds - (time.monotonic() - since) * self.server_rate)

    def charge(self, client: str, seconds: float) -> None:
        now = time.monotonic()
        self._owed[client] = (self.owed(client) + seconds, now)
        self._server_owed = (self.server_owed() + seconds, now)
        if len(self._owed) > 10_000:  # forget addresses that owe nothing
            self._owed = {c: v for c, v in self._owed.items() if self.owed(c) > 0}

    def busy(self) -> bool:
        """Whether the server has spent more than its share of engine time lately, or has a
        queue for its engine threads."""
        queued = self.in_progress - self.threads
        return self.server_owed() > self.server_burst or queued >= QUEUE

    def refusal(self, client: str, size: int = 0) -> Refusal | None:
        """Why `client` may not start engine work on a program of `size` characters now."""
        if self._busy.get(client, 0) >= self.per_client or self.owed(client) > self.burst:
            return MINE
        if self.busy() and (size > SMALL_PROGRAM or self.owed(client) > LIGHT):
            return BUSY
        return None

    @contextmanager
    def share(self, client: str, size: int = 0) -> Iterator[Refusal | None]:
        """None if `client` may run engine work on a program of `size` characters now (it is
        counted while inside), else why not."""
        refusal = self.refusal(client, size)
        if refusal is not None:
            yield refusal
            return
        self._busy[client] = self._busy.get(client, 0) + 1
        self.in_progress += 1
        try:
            yield None
        finally:
            self.in_progress -= 1
            self._busy[client] -= 1
            if not self._busy[client]:
                del self._busy[client]

    async def run_in_share(
        self, client: str, function: Callable[..., T], *args: Any, size: int = 0
    ) -> T:
        """`run()` within `share()`; raises Refused when there is none."""
        with self.share(client, size) as refusal:
            if refusal is not None:
                raise Refused(refusal.status, refusal.message, refusal.headers)
            return await self.run(client, function, *args, size=size)

    async def run(self, client: str, function: Callable[..., T], *args: Any, size: int = 0) -> T:
        """`function(*args)` on an engine thread; its CPU time is charged to `client`. Work on
        a big program (over SMALL_PROGRAM characters) takes at most all but one thread, so a
        small program never waits behind big ones."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.threads)
            self._big_limiter = anyio.CapacityLimiter(max(self.threads - 1, 1))

        def call() -> T:
            started = time.thread_time()
            try:
                return function(*args)
            finally:
                self.charge(client, time.thread_time() - started)

        if size <= SMALL_PROGRAM:
            return await anyio.to_thread.run_sync(call, limiter=self._limiter)
        async with self._big_limiter:
            return await anyio.to_thread.run_sync(call, limiter=self._limiter)


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""
