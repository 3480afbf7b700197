"""HEAD on every GET route: the GET's status and headers, no body."""

import re

import pytest
from fastapi.routing import APIRoute

from app.main import create_app

NONCE = re.compile(r"'nonce-[A-Za-z0-9_-]+'")
URLS = ["/", "/embed?controls=0", "/healthz", "/embed.js", "/oembed?url=/", "/nope"]
URLS += ["/embed-code?url=/embed", "/static/css/playground.css", "/static/missing.js"]
URLS += ["/download/program.py", "/download/program.ipynb", "/download/website.zip?src=x"]


@pytest.mark.parametrize("url", URLS)
def test_head_answers_like_get_without_a_body(client, static_dir, url):
    (static_dir / "embed.js").write_text("// the host script\n")
    got = client.get(url)
    head = client.head(url)
    assert head.status_code == got.status_code
    assert head.content == b""
    for name in ("content-type", "content-length", "cache-control", "content-security-policy"):
        if NONCE.search(got.headers.get("content-security-policy", "")) and name in (
            "content-length",
            "content-security-policy",
        ):
            # A page carries a fresh style nonce each time: same shape, not the same bytes.
            got_value, head_value = (
                NONCE.sub("", got.headers[name]),
                NONCE.sub("", head.headers[name]),
            )
            if name == "content-length":
                assert abs(int(got.headers[name]) - int(head.headers[name])) < 64
                continue
            assert head_value == got_value, name
            continue
        assert head.headers.get(name) == got.headers.get(name), name


@pytest.mark.needs_dot
@pytest.mark.parametrize("url", ["/graph.svg?step=2", "/graph.png"])
def test_head_on_images(client, url):
    head = client.head(url)
    assert head.status_code == 200 and head.content == b""
    got = client.get(url)
    assert head.headers["content-length"] == got.headers["content-length"]
    assert head.headers["content-type"] == got.headers["content-type"]


def test_every_get_route_is_covered(settings):
    """A new GET route is listed here, so it gets the HEAD check above."""
    paths = {
        route.path
        for route in create_app(settings).routes
        if isinstance(route, APIRoute) and "GET" in route.methods
    }
    covered = {url.split("?")[0] for url in URLS} | {"/graph.svg", "/graph.png"}
    assert paths <= covered, paths - covered


def test_other_methods_are_untouched(client):
    assert client.post("/healthz").status_code == 405
