"""app.engine_runs: one client address gets a bounded share of the server's Python."""

import asyncio
import threading
import time

from app.engine_runs import BUSY, MINE, SMALL_PROGRAM, EngineGate


def test_a_client_gets_its_share_and_no_more():
    gate = EngineGate(per_client=2)
    with gate.share("a") as first, gate.share("a") as second, gate.share("a") as third:
        assert (first, second, third) == (None, None, MINE)
        with gate.share("b") as other:
            assert other is None  # another address is not affected
    with gate.share("a") as again:
        assert again is None  # shares are returned


def test_runs_happen_on_a_thread():

    gate = EngineGate()
    main = threading.get_ident()
    assert asyncio.run(gate.run("a", threading.get_ident)) != main


def busy_loop(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_engine_time_is_charged_to_the_client_and_earned_back():
    gate = EngineGate(rate=0.5, burst=0.05)
    asyncio.run(gate.run("a", busy_loop, 0.2))
    assert gate.owed("a") > 0.0  # over its burst, for a moment
    with gate.share("a") as refusal:
        assert refusal == MINE
    with gate.share("b") as other:
        assert other is None
    time.sleep(0.45)  # earns 0.225 s back at rate 0.5
    with gate.share("a") as again:
        assert again is None


def test_past_the_servers_share_big_work_and_busy_addresses_wait_first():
    gate = EngineGate(server_rate=0.0, server_burst=1.0)  # earns nothing back: no clock here
    for n in range(30):  # rotating addresses, each well within its own budget
        gate.charge(f"10.0.0.{n}", 0.04)
    assert gate.busy()
    big = SMALL_PROGRAM + 1
    with gate.share("10.0.1.1", big) as fresh_but_big:
        assert fresh_but_big == BUSY
    with gate.share("10.0.0.1", 10) as small_but_recently_busy:
        assert small_but_recently_busy is None  # 0.04 s owed is still quiet
    gate.charge("10.0.0.2", 0.5)
    with gate.share("10.0.0.2", 10) as small_from_a_spender:
        assert small_from_a_spender == BUSY
    with gate.share("192.0.2.7", 100) as reader:
        assert reader is None  # a quiet address with a small program is still served


def test_a_queue_for_the_engine_threads_counts_as_busy():
    gate = EngineGate(threads=1)
    with gate.share("a"), gate.share("b"):
        assert not gate.busy()
        with gate.share("c"):
            assert gate.busy()
            with gate.share("d", SMALL_PROGRAM + 1) as big:
                assert big == BUSY
    assert not gate.busy()


def test_past_its_share_a_page_is_served_for_the_browser_to_run(client):
    client.app.state.engine.per_client = 0
    html = client.get("/?src=x*2").text
    assert '"deferred":"The server is busy' in html
    assert '"result"' not in html and "<svg width=" not in html  # no server-drawn graph
    image = client.get("/graph.svg?src=x*2")
    assert image.status_code == 429 and image.headers["retry-after"] == "1"


def test_a_small_program_never_waits_behind_big_ones():
    gate = EngineGate(threads=2)
    started, release = threading.Event(), threading.Event()

    def big_run() -> None:
        started.set()
        release.wait(10)

    async def scenario() -> str:
        big = SMALL_PROGRAM + 1
        bigs = [asyncio.create_task(gate.run(f"10.0.0.{n}", big_run, size=big)) for n in (1, 2)]
        await asyncio.to_thread(started.wait, 10)
        try:  # both big runs asked for a thread before this small one
            return await asyncio.wait_for(gate.run("192.0.2.7", str, "served", size=10), 5)
        finally:
            release.set()
            await asyncio.gather(*bigs)

    assert asyncio.run(scenario()) == "served"
