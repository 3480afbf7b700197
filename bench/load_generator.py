"""The load: legitimate clients and attackers sending requests for a fixed time, each its
next as soon as the last is answered, and what they saw tallied (bench/server_load.py).

Legitimate clients, each from its own loopback address (127.0.1.x), cycle through four
requests: the default page and its /graph.svg (cached after the first time), and a page and a
/graph.svg of a small program made unique per request (nothing cached). Attackers send one of
bench/attacks.py's attacks. Every request has a 30 s timeout.
"""

import asyncio
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

import httpx

from bench.attacks import ATTACKS, Attack
from bench.stats import percentile
from bench.watched_server import Server

REQUEST_TIMEOUT = 30.0


def legit_address(client: int) -> str:
    return f"127.0.1.{1 + client % 250}"


def legit_requests(client: int, n: int) -> list[str]:
    unique = f"x = {client}.{n}\nw = -3.0\nb = 0.5\no = tanh(x*w + b)\n"
    query = urlencode({"src": unique})
    return ["/", "/graph.svg", f"/?{query}", f"/graph.svg?{query}"]


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
