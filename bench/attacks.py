"""What the attackers of the load test send (bench/server_load.py).

Programs built to be slow to lay out and unique per request: a value used by 40 sums (just
under the cost model's budget with dot's default attributes) and a 251-term sum that once took
38 s, to / and /graph.svg from one address (127.0.0.2: the per-address caps see one client, as
they would see one machine); the same programs as /oembed links, each attacker its own
address; and a ~19,500-value program to /, every request from a new address, each to the
server's per-address budget a newcomer (the last two from the audit of 2026-11-25).
"""

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote, urlencode

ATTACK_ADDRESS = "127.0.0.2"


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
