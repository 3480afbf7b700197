"""Graphviz `dot` as a subprocess under control: a deadline, a kill, caps, and caches.

The `graphviz` package's `pipe()` has no timeout, and a small program can keep `dot` busy for
minutes (`x+x+...+x` with 251 terms: 38 s), so this runs the binary itself:

- each run is its own process group at a lower CPU priority, killed (the whole group) when its
  deadline passes or when the client that asked has gone;
- at most `concurrency` runs at once on the server; of those, runs the caller marks
  `expensive` (estimated by `engine.record.layout_choice` to take over `EXPENSIVE`) take at most all
  but one slot, so cheap graphs always find one, and at most `per_client` of them per client
  address; a request that finds no slot soon is answered 503 (server busy) or 429 (this client
  busy), both with Retry-After. (The per-address cap counts only expensive runs: a classroom
  behind one NAT address asking for ordinary graphs is not one attacker.)
- results are cached by DOT text (the last `cache_size`, at most `cache_bytes` in all), failures
  too (for `failure_ttl` seconds), so asking again for a graph that timed out costs nothing.

`engine.record.layout_choice`'s estimate refuses most slow graphs before they get here; the deadline
catches the rest.
"""

import asyncio
import contextlib
import math
import os
import signal
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

Disconnected = Callable[[], Awaitable[bool]]
SVG = ("-Tsvg",)
# A picture for link previews and `<img>`: at most 24 x 24 inches (2,304 px at 96 dpi), so a
# big graph gives a readable thumbnail rather than a 30,000-pixel-wide one.
PNG = ("-Tpng", "-Gsize=24,24")
_POLL = 0.05  # seconds between checks that the client is still there
EXPENSIVE = 0.1  # seconds: a layout estimated longer counts against its client's share


class DotError(Exception):
    """dot could not produce the image; `status` is the HTTP status that fits, and
    `retry_after` (seconds) when asking again later may work."""

    def __init__(self, message: str, status: int = 503, retry_after: int | None = None):
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class DotRenderer:
    def __init__(
        self,
        binary: str = "dot",
        timeout: float = 5.0,
        concurrency: int = 3,
        per_client: int = 1,
        failure_ttl: float = 10.0,
        cache_size: int = 64,
        cache_bytes: int = 32 * 1024 * 1024,  # an MLP-sized SVG is ~0.5 MB
    ):
        self.binary = binary
        self.timeout = timeout
        self.concurrency = concurrency
        self.per_client = per_client
        self.failure_ttl = failure_ttl
        self.cache_size = cache_size
        self.cache_bytes = cache_bytes
        self._cache_bytes = 0
        self._slots: asyncio.Semaphore | None = None  # made on the event loop that uses it
        self._expensive_slots: asyncio.Semaphore | None = None
        self._busy: dict[str, int] = {}  # client address -> runs in progress
        self._cache: OrderedDict[tuple, bytes] = OrderedDict()  # (output, DOT) -> bytes
        self._failures: dict[tuple[tuple, float], tuple[float, DotError]] = {}
        self.running: set[int] = set()  # process ids of live dot runs (tests and the bench)

    async def svg(self, dot_source: str, **options) -> bytes:
        """The SVG of `dot_source` (see `render`)."""
        return await self.render(dot_source, SVG, **options)

    async def png(self, dot_source: str, **options) -> bytes:
        """A PNG of `dot_source` for link previews and `<img>` (see `render`)."""
        return await self.render(dot_source, PNG, **options)

    async def render(
        self,
        dot_source: str,
        output: tuple[str, ...] = (),
        *,
        timeout: float | None = None,
        client: str = "",
        disconnected: Disconnected | None = None,
        wait: float = 1.0,
        expensive: bool = False,
    ) -> bytes:
        """`dot_source` drawn with dot's `output` options (SVG, PNG); raises DotError. `wait` is
        how long to queue for a slot."""
        output = output or SVG
        timeout = self.timeout if timeout is None else timeout
        key = (output, dot_source)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        self._raise_cached_failure(key, timeout)
        if not expensive:
            svg = await self._remember(key, timeout, disconnected, wait, ())
        else:
            if self._busy.get(client, 0) >= self.per_client:
                raise DotError(
                    "you are already drawing a big graph on this server; try again in a moment",
                    status=429,
                    retry_after=2,
                )
            self._busy[client] = self._busy.get(client, 0) + 1
            try:
                if self._expensive_slots is None:
                    self._expensive_slots = asyncio.Semaphore(max(self.concurrency - 1, 1))
                outer = (self._expensive_slots,)
                svg = await self._remember(key, timeout, disconnected, wait, outer)
            finally:
                self._busy[client] -= 1
                if not self._busy[client]:
                    del self._busy[client]
        self._cache[key] = svg
        self._cache_bytes += len(svg)
        while len(self._cache) > self.cache_size or self._cache_bytes > self.cache_bytes:
            self._cache_bytes -= len(self._cache.popitem(last=False)[1])
        return svg

    async def _remember(self, key, timeout, disconnected, wait, outer) -> bytes:
        """Run in a slot (after the `outer` semaphores); a failure of the graph is remembered."""
        try:
            return await self._run_in_slots(key, timeout, disconnected, wait, outer)
        except DotError as error:
            if error.retry_after is None:  # a property of the graph, not of the moment
                self._failures[(key, timeout)] = (time.monotonic(), error)
            raise

    def _raise_cached_failure(self, key: tuple, timeout: float) -> None:
        now = time.monotonic()
        for old, (when, _) in list(self._failures.items()):
            if now - when > self.failure_ttl:
                del self._failures[old]
        cached = self._failures.get((key, timeout))
        if cached is not None:
            when, error = cached
            left = max(1, math.ceil(self.failure_ttl - (now - when)))
            raise DotError(str(error), error.status, retry_after=left)

    async def _run_in_slots(self, key, timeout, disconnected, wait, outer) -> bytes:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.concurrency)
        deadline = time.monotonic() + wait
        held: list[asyncio.Semaphore] = []
        try:
            for semaphore in (*outer, self._slots):
                left = deadline - time.monotonic()
                if semaphore.locked():
                    if left <= 0:
                        raise TimeoutError
                    await asyncio.wait_for(semaphore.acquire(), left)
                else:
                    await semaphore.acquire()  # free: returns at once
                held.append(semaphore)
        except TimeoutError:
            for semaphore in held:
                semaphore.release()
            raise DotError(
                "the server is busy drawing other graphs; try again in a moment",
                retry_after=2,
            ) from None
        try:
            return await self._run(key, timeout, disconnected)
        finally:
            for semaphore in held:
                semaphore.release()

    async def _run(self, key: tuple, timeout: float, disconnected: Disconnected | None):
        output_options, dot_source = key
        try:
            process = await asyncio.create_subprocess_exec(
                self.binary,
                *output_options,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                start_new_session=True,  # its own process group: killed as one
            )
        except (FileNotFoundError, PermissionError):
            raise DotError(
                f"Graphviz '{self.binary}' is not installed on this server", retry_after=60
            ) from None
        self.running.add(process.pid)
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, process.pid, 10)  # pages before layouts
        output = asyncio.ensure_future(process.communicate(dot_source.encode()))
        deadline = time.monotonic() + timeout
        try:
            while not output.done():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise DotError(
                        f"laying out this graph took longer than {timeout:g} s; "
                        "try a smaller program, or open it in the playground"
                    )
                await asyncio.wait({output}, timeout=min(_POLL, left))
                if not output.done() and disconnected is not None and await disconnected():
                    raise DotError("the client went away", status=499, retry_after=0)
            stdout, stderr = output.result()
        finally:
            if process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
            output.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await output
            await process.wait()
            self.running.discard(process.pid)
        if process.returncode != 0:
            detail = stderr.decode(errors="replace").strip()[:500]
            raise DotError(f"dot failed (exit {process.returncode}): {detail}", status=500)
        return stdout
