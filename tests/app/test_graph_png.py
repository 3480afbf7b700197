"""GET /graph.png: the same graph as /graph.svg, as a PNG (link previews, oEmbed thumbnails)."""

import subprocess
from urllib.parse import urlencode

import pytest

from app.dot import PNG
from app.graph_image import graph_dot
from app.oembed import png_size
from app.presets import LOSS, PRESETS

pytestmark = pytest.mark.needs_dot


def get_png(client, **params) -> bytes:
    response = client.get("/graph.png?" + urlencode(params))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/png"
    assert response.headers["cache-control"] == "public, max-age=3600"
    return response.content


def test_it_is_dot_s_png_of_the_graph_at_the_step(client):
    png = get_png(client, src=LOSS, step=2)
    expected = subprocess.run(
        ["dot", *PNG], input=graph_dot(LOSS, "correct", 2)[0].encode(), capture_output=True
    ).stdout
    assert png == expected
    assert png != get_png(client, src=LOSS, step=0)  # the grads differ, so the pixels do


def test_a_big_graph_is_scaled_down_to_a_thumbnail(client):
    width, height = png_size(get_png(client, src=PRESETS[-1].source))  # the MLP
    assert max(width, height) <= 24 * 96


def test_errors_are_text_like_the_svg(client):
    assert client.get("/graph.png?src=x%2B").status_code == 400
    assert client.get("/graph.png?mode=nope").status_code == 400
    assert client.get("/graph.png?step=two").status_code == 400
