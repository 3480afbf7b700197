"""The server under load: legitimate clients alone, then beside each attack in turn.

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
38 s. Two more attacks from the audit of 2026-11-25: an /oembed flood (each attacker its own
address, the same hub programs as links) and a rotating-address flood (every request from a
new address, a ~19,500-value program to /), each to the server's own per-address budget a
newcomer. Each attack also runs alone for half the time, to measure its server CPU (the
server's and its dot children's) per request. Everything is bounded: a fixed duration, a 30 s
timeout per request, and the server is stopped at the end.
"""

import argparse
import asyncio
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

import httpx

from bench import report
from bench.servers import free_port, running
from bench.stats import percentile

SECTION = "## Server under load"
PROSE = (
    "One server for every row. Legitimate clients, each from its own loopback address, cycle "
    "through the default page, its /graph.svg, and a page and a /graph.svg of a program unique "
    "to each request. The attacks, each beside the same clients in turn: slow layouts (all "
    "from one address: unique hub programs, 40 uses of one value and the 251-term sum that "
    "once took 38 s of dot, to both / and /graph.svg); the same programs as /oembed links "
    "(each attacker its own address); and a rotating-address flood (every request from a new "
    'loopback address, a ~19,500-value program to /). "Attack CPU / request" is the server\'s '
    "CPU time (its own and its dot children's) per attack request with the attackers alone, "
    'for half as long; "legit pages deferred" counts legitimate pages sent without the '
    "server's run (the browser runs the program)."
)
DETAIL = (
    "the load generator runs on the same cores as the server, and other work shares the machine"
)
HOW_TO_READ = (
    "How to read it: every client sends its next request as soon as the last one is answered "
    "(no think time), so every run saturates the one server process and its latency is mostly "
    "queueing (about clients / throughput): compare each attack's row with the unattacked one "
    "above it. The attackers are also a plain request flood at full speed, which a proxy's "
    "rate limit would stop. What the defences guarantee is in the other columns: no legitimate "
    "request without an answer, every 503/429 with Retry-After, no dot alive past its "
    "deadline, none left over. The server's limits are described in docs/server.md. The "
    "slow-layout test (`tests/app/test_attack.py`, 4 clients beside 10 attackers for 20 s) "
    "prints its own figures with `pytest -s`."
)
REQUEST_TIMEOUT = 30.0
ATTACK_ADDRESS = "127.0.0.2"


@dataclass
class Server:
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


def legit_address(client: int) -> str:
    return f"127.0.1.{1 + client % 250}"


def legit_requests(client: int, n: int) -> list[str]:
    unique = f"x = {client}.{n}\nw = -3.0\nb = 0.5\no = tanh(x*w + b)\n"
    query = urlencode({"src": unique})
    return ["/", "/graph.svg", f"/?{query}", f"/graph.svg?{query}"]


def hub_program(attacker: int, n: int) -> str:
    name = f"v{attacker}x{n}"
    terms = 40 if n % 2 else 251  # just under the budget, and the 38 s sum
    return "+".join([name] * terms)


def attack_request(attacker: int, n: int) -> str:
    src = hub_program(attacker, n)
    return f"/graph.svg?{urlencode({'src': src})}" if n % 4 < 2 else f"/?{urlencode({'src': src})}"


def oembed_request(attacker: int, n: int) -> str:
    link = "http://127.0.0.1/?" + urlencode({"src": hub_program(attacker, n)})
    return f"/oembed?{urlencode({'url': link})}"


# ~19,500 values (under the engine's 20,000) in 13 KB: 0.5-2 s of the server's Python each
HUGE = "\n".join(f"y{i}=" + "*".join(["x"] * 250) for i in range(26)) + "\n"
HUGE += "+".join(f"y{i}" for i in range(26))


def huge_request(attacker: int, n: int) -> str:
    return "/?src=" + quote(f"# {attacker}.{n}\n{HUGE}", safe="*=")


def rotating_address(attacker: int, n: int) -> str:
    """A new loopback address for every request (16 x 250 of them, then round again)."""
    k = attacker * 100_003 + n
    return f"127.0.{10 + k // 250 % 16}.{1 + k % 250}"


@dataclass(frozen=True)
class Attack:
    name: str
    what: str  # for the table
    request: Callable[[int, int], str]
    address: Callable[[int, int], str]


ATTACKS = {
    "layout": Attack(
        "layout", "slow layouts to / and /graph.svg, one address", attack_request,
        lambda a, n: ATTACK_ADDRESS,
    ),
    "oembed": Attack(
        "oembed", "/oembed of the same, an address each", oembed_request,
        lambda a, n: f"127.0.2.{1 + a % 250}",
    ),
    "rotating": Attack(
        "rotating", "19,500-value programs to /, a new address per request", huge_request,
        rotating_address,
    ),
}  # fmt: skip


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    missing_retry_after: int = 0  # 503s and 429s without Retry-After
    deferred: int = 0  # pages sent without the server's run (the browser would run it)
    errors: int = 0  # no response at all (timeout, reset)

    def add(self, seconds: float, response: httpx.Response | None) -> None:
        if response is None:
            self.errors += 1
            return
        self.latencies.append(seconds)
        self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
        if response.status_code in (429, 503) and "retry-after" not in response.headers:
            self.missing_retry_after += 1
        if response.status_code == 200 and b'"deferred":"' in response.content:
            self.deferred += 1


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


async def _attacker(base: str, attack: Attack, a: int, stop: float, tally: Tally) -> None:
    """One attacker: each request from `attack.address(a, n)` (a new connection when that
    changes)."""
    n = 0
    while time.monotonic() < stop:
        address = attack.address(a, n)
        transport = httpx.AsyncHTTPTransport(local_address=address, retries=0)
        async with httpx.AsyncClient(
            base_url=base, transport=transport, timeout=REQUEST_TIMEOUT
        ) as client:
            while time.monotonic() < stop and attack.address(a, n) == address:
                started = time.monotonic()
                try:
                    response = await client.get(attack.request(a, n))
                except httpx.HTTPError:
                    response = None
                tally.add(time.monotonic() - started, response)
                n += 1


def load(srv: Server, clients: int, attackers: int, seconds: float, attack: str = "layout") -> dict:
    """Run the clients (and `attackers` of `attack`) for `seconds`; return the figures."""
    legit, hostile = Tally(), Tally()
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
        tasks += [_attacker(srv.base, ATTACKS[attack], a, stop, hostile) for a in range(attackers)]
        await asyncio.gather(*tasks)

    srv.dot_lifetimes.clear()
    watcher.start()
    started, cpu_before = time.monotonic(), srv.cpu_seconds()
    asyncio.run(everyone())
    elapsed = time.monotonic() - started
    cpu = srv.cpu_seconds() - cpu_before
    time.sleep(1.0)  # a dot still running a second after its request is a leak
    left = srv.dot_children()
    done.set()
    watcher.join()
    ok = legit.latencies or [0.0]
    return {
        "attack": attack if attackers else "",
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
        "legit_deferred": legit.deferred,
        "attack_requests": len(hostile.latencies),
        "attack_statuses": dict(sorted(hostile.statuses.items())),
        "missing_retry_after": legit.missing_retry_after + hostile.missing_retry_after,
        "server_cpu_s": round(cpu, 1),
        "cpu_ms_per_attack": round(1000 * cpu / len(hostile.latencies))
        if hostile.latencies
        else None,
        "longest_dot_s": round(srv.longest_dot(), 1),
        "dots_left_after_1s": len(left),
        "rss_mb_before": round(rss_before, 1),
        "rss_mb_after": round(srv.rss_mb(), 1),
    }


def markdown(runs: list[dict]) -> str:
    rows = [
        "| attack | clients | attackers | legit req/s | p50 | p99 | max | legit statuses "
        "| legit pages deferred | attack statuses | attack CPU / request | longest dot "
        "| RSS before → after |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | --- |",
    ]
    for r in runs:
        statuses = ", ".join(f"{k}: {v}" for k, v in r["legit_statuses"].items())
        attack = ", ".join(f"{k}: {v}" for k, v in r["attack_statuses"].items()) or "—"
        what = ATTACKS[r["attack"]].what if r["attack"] else "none"
        cpu = f"{r['solo_cpu_ms']} ms" if r.get("solo_cpu_ms") is not None else "—"
        rows.append(
            f"| {what} | {r['clients']} | {r['attackers']} | {r['legit_per_s']} "
            f"| {r['legit_p50_ms']} ms | {r['legit_p99_ms']} ms | {r['legit_max_ms']} ms "
            f"| {statuses} | {r['legit_deferred']} | {attack} | {cpu} | {r['longest_dot_s']} s "
            f"| {r['rss_mb_before']} → {r['rss_mb_after']} MB |"
        )
    notes = [
        f"- 503/429 without Retry-After: {sum(r['missing_retry_after'] for r in runs)}; "
        f"legit requests with no answer: {sum(r['legit_no_answer'] for r in runs)}; "
        f"dot processes alive 1 s after the clients stopped: "
        f"{sum(r['dots_left_after_1s'] for r in runs)}.",
    ]
    return "\n".join([HOW_TO_READ, "", *rows, "", *notes])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--attackers", type=int, default=10)
    parser.add_argument("--attacks", nargs="*", choices=list(ATTACKS), default=list(ATTACKS))
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    facts = report.started(".venv/bin/python -m bench.server_load", "Graphviz")
    runs = []
    with server() as srv:
        print(f"server_load: {args.clients} clients, no attack…", file=sys.stderr)
        runs.append(load(srv, args.clients, 0, args.seconds))
        print(runs[-1], file=sys.stderr)
        for attack in args.attacks:
            print(f"server_load: {args.attackers} attackers ({attack}) alone…", file=sys.stderr)
            solo = load(srv, 0, args.attackers, args.seconds / 2, attack)
            print(f"server_load: … beside {args.clients} clients", file=sys.stderr)
            runs.append(load(srv, args.clients, args.attackers, args.seconds, attack))
            runs[-1]["solo_cpu_ms"] = solo["cpu_ms_per_attack"]
            print(runs[-1], file=sys.stderr)
    text = report.section(SECTION, report.ended(facts), PROSE, markdown(runs), DETAIL)
    report.publish(text, write=not args.no_write)


if __name__ == "__main__":
    main()
