"""Link previews on the pages: oEmbed discovery, Open Graph and Twitter card tags."""

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from app.presets import LOSS


def meta(page, key: str) -> str | None:
    for attrs in page.tags("meta"):
        if attrs.get("property") == key or attrs.get("name") == key:
            return attrs["content"]
    return None


@pytest.mark.parametrize("path", ["/", "/embed"])
def test_pages_carry_previews_of_their_own_program(get_page, path):
    url = f"{path}?{urlencode({'src': LOSS, 'step': 1})}"
    page = get_page(url)
    assert meta(page, "og:title") == "Backward pass of loss, step by step (autograd playground)"
    assert meta(page, "og:url") == "http://127.0.0.1" + url
    image = urlsplit(meta(page, "og:image"))
    assert image.path == "/card.png"
    assert (meta(page, "og:image:width"), meta(page, "og:image:height")) == ("1200", "630")
    assert parse_qs(image.query) == {"src": [LOSS], "step": ["1"]}
    assert meta(page, "twitter:card") == "summary_large_image"
    assert meta(page, "twitter:image") == meta(page, "og:image")
    (alternate,) = [a for a in page.tags("link") if a.get("rel") == "alternate"]
    assert alternate["type"] == "application/json+oembed"
    discovery = urlsplit(alternate["href"])
    assert discovery.path == "/oembed"
    assert parse_qs(discovery.query) == {"url": ["http://127.0.0.1" + url], "format": ["json"]}


def test_the_discovery_link_answers(client, get_page):
    href = next(a["href"] for a in get_page("/?step=2").tags("link") if a.get("rel") == "alternate")
    answer = client.get(href.removeprefix("http://127.0.0.1")).json()
    assert answer["type"] == "rich" and "/embed?step=2" in answer["html"]


def test_a_link_too_long_to_quote_has_no_discovery_link(get_page):
    """The page's URL fits (42 KB), but quoted again inside /oembed?url= it would not (70 KB)."""
    src = "x = 1.5\n# " + "é" * 7000
    page = get_page("/?" + urlencode({"src": src}))
    assert not [a for a in page.tags("link") if a.get("rel") == "alternate"]
    assert meta(page, "og:image").startswith("http://127.0.0.1/card.png?src=")


PYTHON_L = "class V:\n    def backward(self):\n        pass\n\nL = V()\nL.backward()\n"


@pytest.mark.parametrize(
    ("src", "name"), [("s = a * b\nL = s + 1", "L"), ("a = 2.0\ns = a * 3", "s"), (PYTHON_L, "L")]
)
def test_titles_name_the_graph_on_screen(client, parse_html, src, name):
    html = client.get("/?" + urlencode({"src": src})).text
    title = f"Backward pass of {name}, step by step (autograd playground)"
    assert meta(parse_html(html), "og:title") == title
    assert re.search(r"<title>([^<]*)</title>", html)[1] == title


def test_a_python_program_without_backward_is_called_a_python_program(client, parse_html):
    html = client.get("/?" + urlencode({"src": "class V:\n    pass\nprint(V())"})).text
    title = "A Python program, step by step (autograd playground)"
    assert meta(parse_html(html), "og:title") == title
    assert "runs in the reader's browser" in meta(parse_html(html), "og:image:alt")
    assert re.search(r"<title>([^<]*)</title>", html)[1] == title
