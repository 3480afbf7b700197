"""GET /card.png: the link preview's picture on a 1200 x 630 card, for every well-formed link."""

import subprocess
from urllib.parse import urlencode

import pytest

from app.card_image import CARD, MARGIN, card_dot
from app.presets import LOSS, NEURON
from tests.png import pixels

needs_dot = pytest.mark.needs_dot
PYTHON = "class V:\n    def __init__(self, data):\n        self.data = data\n\nL = V(2.0)\n"


def card(client, **params) -> bytes:
    response = client.get("/card.png?" + urlencode(params))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/png"
    return response.content


def drawn_box(png: bytes) -> tuple[int, int, int, int]:
    """The bounding box (left, top, right, bottom) of the pixels that are not background."""
    width, height, channels, rows = pixels(png)
    background = rows[0][:channels]
    xs, ys = [], []
    for y, row in enumerate(rows):
        for x in range(width):
            if row[x * channels : (x + 1) * channels] != background:
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


@needs_dot
@pytest.mark.parametrize("src", [LOSS, NEURON, PYTHON])
def test_the_card_is_card_sized_with_the_drawing_inside_its_margins(client, src):
    png = card(client, src=src, step=1)
    width, height, _, rows = pixels(png)
    assert (width, height) == CARD
    assert rows[0][:3] == b"\xff\xff\xff"  # a white background, not a transparent one
    left, top, right, bottom = drawn_box(png)
    assert left >= MARGIN[0] - 2 and right <= CARD[0] - MARGIN[0] + 2
    assert top >= MARGIN[1] - 2 and bottom <= CARD[1] - MARGIN[1] + 2
    # fitted: it fills most of the space between the margins in one direction at least
    inner = (CARD[0] - 2 * MARGIN[0], CARD[1] - 2 * MARGIN[1])
    assert max((right - left) / inner[0], (bottom - top) / inner[1]) > 0.85


@needs_dot
def test_the_card_dot_lays_out(tmp_path):
    dot = card_dot("digraph {\n\ta -> b\n}\n", b'<svg width="62pt" height="116pt"')
    done = subprocess.run(["dot", "-Tpng"], input=dot.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0
    assert pixels(done.stdout)[:2] == CARD


def test_a_bad_mode_or_step_says_why(client):
    assert client.get("/card.png?mode=nope").status_code == 400
    assert client.get("/card.png?step=x").status_code == 400
