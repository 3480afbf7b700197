"""The server under load: legitimate clients alone, then beside each attack in turn.

    .venv/bin/python -m bench.server_load [--clients 50] [--seconds 60] [--attackers 10]

Starts the server (bench/watched_server.py), then runs each scenario for a fixed time
(bench/load_generator.py: the clients and the attackers; bench/attacks.py: what the attackers
send) and prints, and writes into docs/benchmarks.md (its own section, "Server under load"),
the legitimate clients' throughput and latency, every status seen, how long any `dot` process
lived (sampled with `ps` every 0.2 s) and the server's RSS. Each attack also runs alone for half
the time, to measure its server CPU (the server's and its dot children's) per request.
Everything is bounded: a fixed duration, a 30 s timeout per request, and the server is stopped
at the end.
"""

import argparse
import sys

from bench import report
from bench.attacks import ATTACKS
from bench.load_generator import load
from bench.watched_server import server

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
