"""A slow-layout attack on the real server: 10 connections from one address sending unique
graphs built to be slow to lay out, beside legitimate clients, for 20 s (bench/server_load.py
does the same for longer and reports the figures in docs/benchmarks.md)."""

import pytest

from app.settings import Settings
from bench.load_generator import load
from bench.watched_server import server

pytestmark = pytest.mark.needs_dot
SECONDS = 20
HANG_CEILING = 5.0  # seconds: catches a hang only; the measured p99 is in docs/benchmarks.md


def test_legitimate_clients_are_served_beside_slow_layout_attackers():
    with server() as srv:
        figures = load(srv, clients=4, attackers=10, seconds=SECONDS)
    print(figures)  # shown with -s; the real figures come from the bench
    assert figures["attack_requests"] > 10  # the attack did run
    assert figures["legit_no_answer"] == 0
    statuses = figures["legit_statuses"]
    assert set(statuses) <= {200, 429, 503}, statuses
    assert statuses.get(200, 0) >= 0.8 * figures["legit_requests"], statuses
    assert set(figures["attack_statuses"]) <= {200, 422, 429, 503}, figures["attack_statuses"]
    assert figures["missing_retry_after"] == 0
    # No dot outlives its request by more than 1 s: a request waits at most the dot timeout.
    assert figures["longest_dot_s"] <= Settings().dot_timeout + 1
    assert figures["dots_left_after_1s"] == 0
    # Named for what it is: with 2 shared cores a p99 under 1 s is the goal (see the bench),
    # but only a hang is a failure here.
    assert figures["legit_p99_ms"] <= 1000 * HANG_CEILING, figures
