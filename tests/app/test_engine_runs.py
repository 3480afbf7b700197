"""app.engine_runs: one client address gets a bounded share of the server's Python."""

import asyncio

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
    assert asyncio.run(gate.run(threading.get_ident)) != main


def test_past_its_share_a_page_is_served_for_the_browser_to_run(client):
    client.app.state.engine.per_client = 0
    html = client.get("/?src=x*2").text
    assert '"deferred":"The server is busy' in html
    assert '"result"' not in html and "<svg" not in html
    image = client.get("/graph.svg?src=x*2")
    assert image.status_code == 429 and image.headers["retry-after"] == "1"
