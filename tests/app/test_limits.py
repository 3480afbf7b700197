"""Oversized requests are refused before any route parses them."""

import asyncio
from urllib.parse import urlencode

from app.limits import RequestSizeLimitMiddleware
from app.settings import Settings

LIMIT = Settings().max_request_bytes


def test_an_oversized_query_is_a_414(client):
    source = "x = 1\n" * (LIMIT // 10 + 100)  # 10 bytes a line encoded; httpx allows 64 KiB
    query = urlencode({"src": source})
    assert LIMIT < len(query) < 65_000
    response = client.get("/?" + query)
    assert response.status_code == 414
    assert response.headers["content-type"].startswith("text/plain")
    assert f"at most {LIMIT:,}" in response.text
    assert response.headers["x-content-type-options"] == "nosniff"


def test_an_oversized_graph_query_is_a_414(client):
    response = client.get("/graph.svg?src=" + "a" * (LIMIT + 1))
    assert response.status_code == 414


def test_a_query_just_under_the_limit_is_served(client):
    source = "x = 1\n#" + "a" * (LIMIT - 600)
    query = urlencode({"src": source})
    assert LIMIT - 600 < len(query) < LIMIT - 100
    response = client.get("/?" + query)
    assert response.status_code == 200


def test_an_oversized_body_is_a_413(client):
    response = client.post("/graph.svg", content=b"x" * (LIMIT + 1))
    assert response.status_code == 413
    assert "request body" in response.text


def test_an_absurd_content_length_is_a_413(client):
    response = client.post("/", headers={"Content-Length": "9" * 40}, content=b"")
    assert response.status_code == 413


def test_a_small_body_reaches_the_app(client):
    assert client.post("/graph.svg", content=b"x").status_code == 405


def test_the_limit_is_configurable(make_client, static_dir):
    client = make_client(Settings(static_dir=static_dir, max_request_bytes=100))
    assert client.get("/?src=" + "a" * 120).status_code == 414
    assert client.get("/?src=a").status_code == 200


def test_the_page_is_sent_the_limit_the_server_enforces(make_client, static_dir, parse_html):
    """The page refuses longer links (static/js/page/url-state.js) by this one number only."""
    client = make_client(Settings(static_dir=static_dir, max_request_bytes=500))
    for path in ("/", "/embed"):
        assert parse_html(client.get(path).text).data["max_url_bytes"] == 500


def test_the_middleware_passes_other_scopes_through():
    seen = []

    async def inner(scope, receive, send):
        seen.append(scope["type"])

    middleware = RequestSizeLimitMiddleware(inner, max_bytes=1)
    asyncio.run(middleware({"type": "lifespan"}, None, None))
    assert seen == ["lifespan"]
