"""The server under load, and what the load test reads of it: `python -m app.server` (its
default settings) on a free loopback port, its CPU time and RSS from /proc, and how long each
of its `dot` children lived (sampled with `ps` while the clients run)."""

import os
import re
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bench.servers import free_port, running


@dataclass
class Server:
    """The running server: where it answers, and its process (read through /proc and ps)."""

    base: str
    pid: int
    dot_lifetimes: dict[int, list[float]] = field(default_factory=dict)  # pid -> [first, last]

    def cpu_seconds(self) -> float:
        """CPU time of the server and of its children it has waited for (dot)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        utime, stime, cutime, cstime = (int(f) for f in fields[11:15])
        return (utime + stime + cutime + cstime) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024

    def dot_children(self) -> list[int]:
        out = subprocess.run(
            ["ps", "--ppid", str(self.pid), "-o", "pid=,comm="], capture_output=True, text=True
        ).stdout
        return [int(line.split()[0]) for line in out.splitlines() if line.split()[1:] == ["dot"]]

    def sample_dots(self) -> None:
        now = time.monotonic()
        for pid in self.dot_children():
            self.dot_lifetimes.setdefault(pid, [now, now])[1] = now

    def longest_dot(self) -> float:
        return max((last - first for first, last in self.dot_lifetimes.values()), default=0.0)


@contextmanager
def server():
    """`python -m app.server` on a free port; yields a Server."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "app.server", "--port", str(port), "--log-level", "error"]
    with running(command, f"{base}/healthz") as process:
        yield Server(base, process.pid)
