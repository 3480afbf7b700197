"""app.engine_runs: one client address gets a bounded share of the server's Python."""

import asyncio
import time

from app.engine_runs import EngineGate


def test_a_client_gets_its_share_and_no_more():
    gate = EngineGate(per_client=2)
    with gate.share("a") as first, gate.share("a") as second, gate.share("a") as third:
        assert (first, second, third) == (True, True, False)
        with gate.share("b") as other:
            assert other  # another address is not affected
    with gate.share("a") as again:
        assert again  # shares are returned


def test_runs_happen_on_a_thread():
    import threading

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
    with gate.share("a") as allowed:
        assert not allowed
    with gate.share("b") as other:
        assert other
    time.sleep(0.45)  # earns 0.225 s back at rate 0.5
    with gate.share("a") as again:
        assert again


def test_past_its_share_a_page_is_served_for_the_browser_to_run(client):
    client.app.state.engine.per_client = 0
    html = client.get("/?src=x*2").text
    assert '"deferred":"The server is busy' in html
    assert '"result"' not in html and "<svg width=" not in html  # no server-drawn graph
    image = client.get("/graph.svg?src=x*2")
    assert image.status_code == 429 and image.headers["retry-after"] == "1"
