"""Graphviz `dot` as a subprocess: a timeout, a cap on how many run at once, and a small cache.

The `graphviz` package's `pipe()` has no timeout, and a big graph can keep `dot` busy for
minutes (a 2,000-value program of long sums over shared inputs took almost 5), so this runs
the binary itself. Callers are sync routes, which FastAPI runs on worker threads.
"""

import subprocess
import threading
from functools import lru_cache, partial

# A picture for link previews and `<img>`: at most 24 x 24 inches (2,304 px at 96 dpi), so a
# big graph gives a readable thumbnail rather than a 30,000-pixel-wide one.
PNG = ("-Tpng", "-Gsize=24,24")


class DotError(Exception):
    """dot could not produce the image; `status` is the HTTP status that fits."""

    def __init__(self, message: str, status: int = 503):
        super().__init__(message)
        self.status = status


class DotRenderer:
    def __init__(self, binary: str = "dot", timeout: float = 10.0, concurrency: int = 4):
        self.binary = binary
        self.timeout = timeout
        self._slots = threading.BoundedSemaphore(concurrency)
        # Keyed by the DOT text: the same graph requested by many readers of a course page is
        # laid out once. Errors are raised, so they are never cached.
        self.svg = lru_cache(maxsize=32)(self._render)
        self.png = lru_cache(maxsize=32)(partial(self._render, output=PNG))

    def _render(self, dot_source: str, output: tuple[str, ...] = ("-Tsvg",)) -> bytes:
        if not self._slots.acquire(timeout=self.timeout):
            raise DotError("the server is busy drawing other graphs; try again in a moment")
        try:
            done = subprocess.run(
                [self.binary, *output],
                input=dot_source.encode(),
                capture_output=True,
                timeout=self.timeout,
                check=False,
            )
        except FileNotFoundError:
            raise DotError(f"Graphviz '{self.binary}' is not installed on this server") from None
        except subprocess.TimeoutExpired:
            raise DotError(
                f"laying out this graph took longer than {self.timeout:g} s; try a smaller program"
            ) from None
        finally:
            self._slots.release()
        if done.returncode != 0:
            detail = done.stderr.decode(errors="replace").strip()[:500]
            raise DotError(f"dot failed (exit {done.returncode}): {detail}", status=500)
        return done.stdout
