"""DotRenderer: dot as a subprocess with a deadline, a kill, caps on concurrent runs, and caches
of successes and failures."""

import asyncio
import os
import shutil
import stat
import time
from pathlib import Path

import pytest

from app.dot import DotError, DotRenderer

SMALL = 'digraph { a [id=a label="{a|data\\ 1.0000}" shape=record] }'


def script(path: Path, body: str) -> str:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def render(renderer: DotRenderer, source: str = SMALL, **kwargs) -> bytes:
    return asyncio.run(renderer.svg(source, **kwargs))


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")


@pytest.mark.needs_dot
def test_renders_svg_with_the_ids():
    svg = render(DotRenderer(shutil.which("dot") or "dot"))
    assert b'<g id="a" class="node">' in svg


def test_a_missing_binary(tmp_path):
    with pytest.raises(DotError, match="not installed") as caught:
        render(DotRenderer(str(tmp_path / "no-dot")))
    assert caught.value.status == 503
    assert caught.value.retry_after is not None


def test_a_timeout_kills_the_whole_process_group(tmp_path):
    pids = tmp_path / "pids"
    # dot and a child of its own: both must be gone when the deadline passes.
    slow = script(tmp_path / "dot", f"sleep 30 & echo $! > {pids}; echo $$ >> {pids}; wait")
    started = time.monotonic()
    with pytest.raises(DotError, match="longer than 0.3 s") as caught:
        render(DotRenderer(slow), timeout=0.3)
    assert time.monotonic() - started < 5  # a hang-catching ceiling, not a timing
    assert caught.value.status == 503
    for pid in map(int, pids.read_text().split()):
        assert not alive(pid), pid


def test_a_timeout_is_remembered_for_a_while(tmp_path):
    counter = tmp_path / "runs"
    slow = script(tmp_path / "dot", f"echo run >> {counter}; exec sleep 30")
    renderer = DotRenderer(slow, failure_ttl=60)

    async def twice():
        with pytest.raises(DotError):
            await renderer.svg(SMALL, timeout=0.2)
        with pytest.raises(DotError, match="longer than 0.2 s") as again:
            await renderer.svg(SMALL, timeout=0.2)
        return again.value

    again = asyncio.run(twice())
    assert counter.read_text().count("run") == 1
    assert again.status == 503 and 1 <= again.retry_after <= 60


def test_a_remembered_failure_expires(tmp_path):
    counter = tmp_path / "runs"
    slow = script(tmp_path / "dot", f"echo run >> {counter}; exec sleep 30")
    renderer = DotRenderer(slow, failure_ttl=0.1)

    async def twice():
        for _ in range(2):
            with pytest.raises(DotError):
                await renderer.svg(SMALL, timeout=0.2)
            await asyncio.sleep(0.15)

    asyncio.run(twice())
    assert counter.read_text().count("run") == 2


def test_a_client_that_leaves_stops_its_dot(tmp_path):
    pid_file = tmp_path / "pid"
    slow = script(tmp_path / "dot", f"echo $$ > {pid_file}; exec sleep 30")
    renderer = DotRenderer(slow)
    started = time.monotonic()

    async def gone() -> bool:
        return time.monotonic() - started > 0.3

    with pytest.raises(DotError) as caught:
        render(renderer, timeout=20, disconnected=gone)
    assert time.monotonic() - started < 5  # a hang-catching ceiling
    assert caught.value.retry_after == 0  # not remembered: the graph may be fine
    assert not alive(int(pid_file.read_text()))
    assert not renderer.running


def test_a_failure_reports_dots_message(tmp_path):
    failing = script(tmp_path / "dot", "echo 'syntax error in line 1' >&2; exit 1")
    with pytest.raises(DotError, match="syntax error in line 1") as caught:
        render(DotRenderer(failing))
    assert caught.value.status == 500


def test_output_is_cached_by_dot_source(tmp_path):
    counter = tmp_path / "runs"
    fake = script(tmp_path / "dot", f"echo run >> {counter}; cat")
    renderer = DotRenderer(fake)
    assert render(renderer) == SMALL.encode()
    assert render(renderer) == SMALL.encode()
    assert counter.read_text().count("run") == 1


def test_the_cache_is_bounded_in_bytes(tmp_path):
    renderer = DotRenderer(script(tmp_path / "dot", "cat"), cache_bytes=100)
    first, second = "digraph { a }" + " " * 50, "digraph { b }" + " " * 50
    render(renderer, first)
    render(renderer, second)
    assert [dot for _, dot in renderer._cache] == [second]  # keyed by (output, DOT)


def refused_beside_a_slow_draw(renderer, first: dict, second: dict, match: str) -> DotError:
    """While a first draw (svg()'s arguments `first`) hangs, a second (`second`) is refused
    with `match`; that refusal, once the first is cancelled."""

    async def two():
        slow = asyncio.ensure_future(renderer.svg("digraph { a }", timeout=2, **first))
        await asyncio.sleep(0.1)
        with pytest.raises(DotError, match=match) as caught:
            await renderer.svg("digraph { b }", **second)
        slow.cancel()
        with pytest.raises(asyncio.CancelledError):
            await slow
        return caught.value

    return asyncio.run(two())


def test_too_many_at_once_is_busy_with_retry_after(tmp_path):
    renderer = DotRenderer(script(tmp_path / "dot", "exec sleep 30"), concurrency=1)
    other = {"client": "b", "wait": 0.1}
    busy = refused_beside_a_slow_draw(renderer, {"client": "a"}, other, "busy")
    assert busy.status == 503 and busy.retry_after
    assert not renderer.running  # the cancelled run was killed too


def test_one_client_gets_a_429_past_its_share(tmp_path):
    renderer = DotRenderer(script(tmp_path / "dot", "exec sleep 30"), concurrency=4, per_client=1)
    mine = {"client": "x", "expensive": True}
    limited = refused_beside_a_slow_draw(renderer, mine, mine, "already drawing")
    assert limited.status == 429 and limited.retry_after


def test_cheap_graphs_always_find_a_slot_beside_expensive_ones(tmp_path):
    renderer = DotRenderer(script(tmp_path / "dot", "read line; exec sleep 30"), concurrency=2)

    async def run():
        hog = asyncio.ensure_future(
            renderer.svg("digraph { a }\n", timeout=5, client="x", expensive=True)
        )
        await asyncio.sleep(0.1)
        with pytest.raises(DotError, match="busy"):  # no second expensive slot, for anyone
            await renderer.svg("digraph { b }\n", client="y", expensive=True, wait=0.1)
        with pytest.raises(DotError, match="longer than 0.2 s"):  # a cheap one got a slot
            await renderer.svg("digraph { c }\n", client="y", timeout=0.2, wait=0.1)
        hog.cancel()
        with pytest.raises(asyncio.CancelledError):
            await hog

    asyncio.run(run())
    assert not renderer.running
