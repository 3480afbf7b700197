"""The server under load: legitimate clients alone, then beside slow-layout attackers.

    .venv/bin/python -m bench.server_load [--clients 50] [--seconds 60] [--attackers 10]

Starts `python -m app.server` on a free loopback port (its default settings), then runs each
scenario for a fixed time and prints, and writes into docs/benchmarks.md (its own section,
"Server under load"), the legitimate clients' throughput and latency, every status seen, how
long any `dot` process lived (sampled with `ps` every 0.2 s) and the server's RSS.

Legitimate clients (each from its own loopback address, 127.0.1.x) cycle through four
requests: the default page and its /graph.svg (cached after the first time), and a page and a
/graph.svg of a small program made unique per request (nothing cached). Attackers (all from
127.0.0.2, so the per-address caps see them as one client, as they would see one machine) send
programs built to be slow to lay out and unique per request: a value used by 40 sums (just
under the cost model's budget with dot's default attributes) and a 251-term sum that once took
38 s. Everything is bounded: a fixed duration, a 30 s timeout per
request, and the server is stopped at the end.
"""

import argparse
import asyncio
import re
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import httpx

from bench import doc
from bench.servers import _process, free_port
from bench.stats import machine, percentile

SECTION = "## Server under load"
REQUEST_TIMEOUT = 30.0
ATTACK_ADDRESS = "127.0.0.2"


@dataclass
class Server:
    base: str
    pid: int
    dot_lifetimes: dict[int, list[float]] = field(default_factory=dict)  # pid -> [first, last]

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
    with _process(command, f"{base}/healthz") as process:
        yield Server(base, process.pid)


def legit_address(client: int) -> str:
    return f"127.0.1.{1 + client % 250}"


def legit_requests(client: int, n: int) -> list[str]:
    unique = f"x = {client}.{n}\nw = -3.0\nb = 0.5\no = tanh(x*w + b)\n"
    query = urlencode({"src": unique})
    return ["/", "/graph.svg", f"/?{query}", f"/graph.svg?{query}"]


def attack_request(attacker: int, n: int) -> str:
    name = f"v{attacker}x{n}"
    terms = 40 if n % 2 else 251  # just under the budget, and the 38 s sum
    src = "+".join([name] * terms)
    return f"/graph.svg?{urlencode({'src': src})}" if n % 4 < 2 else f"/?{urlencode({'src': src})}"


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    missing_retry_after: int = 0  # 503s and 429s without Retry-After
    errors: int = 0  # no response at all (timeout, reset)

    def add(self, seconds: float, response: httpx.Response | None) -> None:
        if response is None:
            self.errors += 1
            return
        self.latencies.append(seconds)
        self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
        if response.status_code in (429, 503) and "retry-after" not in response.headers:
            self.missing_retry_after += 1


async def _client(base: str, address: str, paths, stop: float, tally: Tally) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=address, retries=0)
    async with httpx.AsyncClient(
        base_url=base, transport=transport, timeout=REQUEST_TIMEOUT
    ) as client:
        n = 0
        while time.monotonic() < stop:
            for path in paths(n):
                if time.monotonic() >= stop:
                    break
                started = time.monotonic()
                try:
                    response = await client.get(path)
                except httpx.HTTPError:
                    response = None
                tally.add(time.monotonic() - started, response)
            n += 1


def load(srv: Server, clients: int, attackers: int, seconds: float) -> dict:
    """Run the clients (and attackers) for `seconds`; return the figures."""
    legit, attack = Tally(), Tally()
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.2):
            srv.sample_dots()

    watcher = threading.Thread(target=watch, daemon=True)
    rss_before = srv.rss_mb()

    async def everyone() -> None:
        stop = time.monotonic() + seconds
        tasks = [
            _client(srv.base, legit_address(c), lambda n, c=c: legit_requests(c, n), stop, legit)
            for c in range(clients)
        ]
        tasks += [
            _client(srv.base, ATTACK_ADDRESS, lambda n, a=a: [attack_request(a, n)], stop, attack)
            for a in range(attackers)
        ]
        await asyncio.gather(*tasks)

    srv.dot_lifetimes.clear()
    watcher.start()
    started = time.monotonic()
    asyncio.run(everyone())
    elapsed = time.monotonic() - started
    time.sleep(1.0)  # a dot still running a second after its request is a leak
    left = srv.dot_children()
    done.set()
    watcher.join()
    ok = legit.latencies or [0.0]
    return {
        "clients": clients,
        "attackers": attackers,
        "seconds": round(elapsed, 1),
        "legit_requests": len(legit.latencies),
        "legit_per_s": round(len(legit.latencies) / elapsed, 1),
        "legit_p50_ms": round(1000 * percentile(ok, 50)),
        "legit_p99_ms": round(1000 * percentile(ok, 99)),
        "legit_max_ms": round(1000 * max(ok)),
        "legit_statuses": dict(sorted(legit.statuses.items())),
        "legit_no_answer": legit.errors,
        "attack_requests": len(attack.latencies),
        "attack_statuses": dict(sorted(attack.statuses.items())),
        "missing_retry_after": legit.missing_retry_after + attack.missing_retry_after,
        "longest_dot_s": round(srv.longest_dot(), 1),
        "dots_left_after_1s": len(left),
        "rss_mb_before": round(rss_before, 1),
        "rss_mb_after": round(srv.rss_mb(), 1),
    }


def markdown(command: str, about: dict, runs: list[dict]) -> str:
    rows = [
        "| clients | attackers | legit req/s | p50 | p99 | max | legit statuses "
        "| attack statuses | longest dot | RSS before → after |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | --- |",
    ]
    for r in runs:
        statuses = ", ".join(f"{k}: {v}" for k, v in r["legit_statuses"].items())
        attack = ", ".join(f"{k}: {v}" for k, v in r["attack_statuses"].items()) or "—"
        rows.append(
            f"| {r['clients']} | {r['attackers']} | {r['legit_per_s']} | {r['legit_p50_ms']} ms "
            f"| {r['legit_p99_ms']} ms | {r['legit_max_ms']} ms | {statuses} | {attack} "
            f"| {r['longest_dot_s']} s | {r['rss_mb_before']} → {r['rss_mb_after']} MB |"
        )
    notes = [
        f"- 503/429 without Retry-After: {sum(r['missing_retry_after'] for r in runs)}; "
        f"legit requests with no answer: {sum(r['legit_no_answer'] for r in runs)}; "
        f"dot processes alive 1 s after the clients stopped: "
        f"{sum(r['dots_left_after_1s'] for r in runs)}.",
    ]
    return "\n".join(
        [
            SECTION,
            "",
            f"Produced by `{command}` on {time.strftime('%Y-%m-%d %H:%M %Z')} "
            f"({about['nproc']} CPUs, load average {about['load_average']} at the start; "
            "the load generator runs on the same cores as the server, and other work shares "
            "the machine). Legitimate clients, each from its own loopback address, cycle "
            "through the default page, its /graph.svg, and a page and a /graph.svg of a "
            "program unique to each request; attackers, all from one other address, send "
            "unique hub programs (40 uses of one value, and the 251-term sum that once took "
            "38 s of dot) to both / and /graph.svg. Written by `bench/server_load.py`, which "
            "replaces only this section; `scripts/bench.sh` keeps it.",
            "",
            "How to read it: every client sends its next request as soon as the last one is "
            "answered (no think time), so both runs saturate the one server process and its "
            "latency is mostly queueing (about clients / throughput); the attackers are also a "
            "plain request flood at full speed, which a proxy's rate limit would stop. What "
            "the defences guarantee is in the other columns: no legitimate request without an "
            "answer, every 503/429 with Retry-After, no dot alive past its deadline, none left "
            "over. The server's limits are described in docs/server.md. The slow-layout test "
            "(`tests/app/test_attack.py`, 4 clients beside 10 attackers for 20 s) prints its "
            "own figures with `pytest -s`.",
            "",
            *rows,
            "",
            *notes,
            "",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--attackers", type=int, default=10)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    command = ".venv/bin/python -m bench.server_load " + " ".join(sys.argv[1:])
    about = machine()
    runs = []
    with server() as srv:
        for attackers in (0, args.attackers):
            print(f"server_load: {args.clients} clients, {attackers} attackers…", file=sys.stderr)
            runs.append(load(srv, args.clients, attackers, args.seconds))
            print(runs[-1], file=sys.stderr)
    text = markdown(command.strip(), about, runs)
    print(text)
    if not args.no_write:
        doc.write_section(SECTION, text)


if __name__ == "__main__":
    main()
