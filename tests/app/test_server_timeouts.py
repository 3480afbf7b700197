"""The real server on 127.0.0.1 against idle and slow connections: a request's head is due
within PLAYGROUND_HEADER_TIMEOUT (then a 408 and the connection closes), and an idle
connection closes after PLAYGROUND_KEEP_ALIVE. A handful of sockets, a few seconds."""

import socket
import time

import pytest

from bench.watched_server import server

HEADER_TIMEOUT = 1.0
KEEP_ALIVE = 1.0
CEILING = 5.0  # seconds: a socket still open by then was never timed out


@pytest.fixture(scope="module")
def address():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PLAYGROUND_HEADER_TIMEOUT", str(HEADER_TIMEOUT))
        patch.setenv("PLAYGROUND_KEEP_ALIVE", str(KEEP_ALIVE))
        with server() as srv:
            host, port = srv.base.removeprefix("http://").split(":")
            yield host, int(port)


def read_until_closed(s: socket.socket) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and when it closed."""
    s.settimeout(CEILING)
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    return data, time.monotonic()


def test_a_connection_that_sends_nothing_gets_a_408_and_is_closed(address):
    with socket.create_connection(address) as s:
        opened = time.monotonic()
        data, closed = read_until_closed(s)
    assert data.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), data[:200]
    assert b"content-security-policy" in data.lower()
    assert HEADER_TIMEOUT * 0.9 <= closed - opened < CEILING


def test_slow_heads_are_cut_off_at_the_deadline(address):
    """Slowloris: each socket sends its head a byte at a time, never finishing it."""
    sockets = [socket.create_connection(address) for _ in range(5)]
    opened = time.monotonic()
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000
    answers: dict[int, bytes] = {}
    try:
        for s in sockets:
            s.setblocking(False)
        for byte in head:  # one byte per socket every 50 ms: the attack's own pace
            if len(answers) == len(sockets) or time.monotonic() - opened > CEILING:
                break
            for n, s in enumerate(sockets):
                if n in answers:
                    continue
                try:
                    answers[n] = s.recv(65536)  # the 408, or b"" once closed
                except BlockingIOError:
                    s.send(bytes([byte]))  # nothing from the server yet: one more byte
                except ConnectionResetError:
                    answers[n] = b"(reset)"
            time.sleep(0.05)
    finally:
        for s in sockets:
            s.close()
    assert len(answers) == len(sockets), "a slow head was still being read after 5 s"
    # Each was closed; a reset can overtake the 408 only if a byte crossed the close.
    assert all(a.startswith(b"HTTP/1.1 408") or a == b"(reset)" for a in answers.values())
    assert sum(a.startswith(b"HTTP/1.1 408") for a in answers.values()) >= 3, answers


def test_an_idle_keep_alive_connection_is_closed(address):
    with socket.create_connection(address) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answered = time.monotonic()
        data, closed = read_until_closed(s)
    assert data.startswith(b"HTTP/1.1 200 OK\r\n")
    assert data.count(b"HTTP/1.1") == 1  # no 408 after it: the idle time is keep-alive's
    assert closed - answered < CEILING


def test_a_head_in_pieces_within_the_deadline_is_served(address):
    with socket.create_connection(address) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\n")
        s.sendall(b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data, _ = read_until_closed(s)
    assert data.startswith(b"HTTP/1.1 200 OK\r\n")
