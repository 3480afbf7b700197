"""GET /graph.svg: dot's SVG of the program, with the grads as they are after a step."""

import html
import re
import stat
from pathlib import Path
from urllib.parse import urlencode

import pytest

from app.graph_image import graph_dot
from app.presets import LOSS, NEURON, PRESETS, USED_TWICE
from app.settings import Settings

needs_dot = pytest.mark.needs_dot


def svg_texts(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def get_svg(client, **params) -> str:
    response = client.get("/graph.svg?" + urlencode(params))
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/svg+xml"
    return response.text


@needs_dot
def test_default_is_the_neuron_after_the_whole_backward_pass(client):
    svg = get_svg(client)
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
    assert 'id="n0"' in svg and 'id="n9"' in svg and 'id="n9_op"' in svg
    texts = svg_texts(svg)
    for expected in ["x1", "grad -1.5000", "grad 1.0000", "grad 0.5000", "data 0.7071"]:
        assert expected in texts


@needs_dot
def test_grads_after_the_chosen_step(client):
    at_start = svg_texts(get_svg(client, src=NEURON, step=0))
    assert {t for t in at_start if t.startswith("grad")} == {"grad 0.0000"}
    after_seed = svg_texts(get_svg(client, src=NEURON, step=1))
    assert sorted(t for t in after_seed if t.startswith("grad")) == ["grad 0.0000"] * 9 + [
        "grad 1.0000"
    ]
    assert "grad -1.5000" not in svg_texts(get_svg(client, src=NEURON, step=5))
    assert "grad -1.5000" in svg_texts(get_svg(client, src=NEURON, step=6))


@needs_dot
def test_mode_is_honoured(client):
    assert "grad 2.0000" in svg_texts(get_svg(client, src=USED_TWICE))
    assert "grad 2.0000" not in svg_texts(get_svg(client, src=USED_TWICE, mode="overwrite"))
    assert "grad 4.0000" in svg_texts(get_svg(client, src=USED_TWICE, mode="accumulate"))


@needs_dot
def test_step_beyond_the_end_is_the_end(client):
    assert get_svg(client, src=LOSS, step=10_000) == get_svg(client, src=LOSS)


@needs_dot
def test_the_svg_may_be_cached_by_course_sites(client):
    response = client.get("/graph.svg")
    assert response.headers["cache-control"] == "public, max-age=3600"


@needs_dot
def test_the_mlp_preset_draws_in_time(client):
    svg = get_svg(client, src=PRESETS[3].source)
    assert 'id="n983"' in svg


@pytest.mark.parametrize(
    ("source", "where"),
    [
        ("x = (1 +", "line 1, column 5"),
        ("x = 2\ny = __import__('os')", "line 2, column 5"),
        ("a = 1\nb = a // 2", "line 2, column 5"),
    ],
)
def test_an_invalid_program_is_a_400_with_its_position(client, source, where):
    response = client.get("/graph.svg?" + urlencode({"src": source}))
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("text/plain")
    assert where in response.text
    assert response.text.startswith("The program has an error: ")


def test_an_unknown_mode_is_a_400(client):
    response = client.get("/graph.svg?mode=sideways")
    assert response.status_code == 400
    assert "correct, overwrite, accumulate" in response.text


@pytest.mark.parametrize("step", ["abc", "1.5", "9" * 50, ""])
def test_a_step_that_is_not_a_whole_number_is_a_400(client, step):
    response = client.get("/graph.svg?" + urlencode({"step": step}))
    assert response.status_code == 400
    assert "step must be a whole number" in response.text


def test_a_missing_dot_binary_is_a_503(make_client, static_dir):
    client = make_client(Settings(static_dir=static_dir, dot_binary="/nonexistent/dot"))
    response = client.get("/graph.svg")
    assert response.status_code == 503
    assert "not installed" in response.text


def _script(path: Path, body: str) -> str:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_a_slow_layout_is_stopped_and_a_503(make_client, static_dir, tmp_path):
    slow = _script(tmp_path / "slow-dot", "exec sleep 5")
    client = make_client(Settings(static_dir=static_dir, dot_binary=slow, dot_timeout=0.2))
    response = client.get("/graph.svg")
    assert response.status_code == 503
    assert "longer than 0.2 s" in response.text


def test_graph_dot_uses_the_shared_node_ids():
    dot, record = graph_dot(NEURON, step=None)
    assert record["nodes"][0]["id"] == "n0"
    assert dot.startswith("digraph")
    assert "\tn0 [" in dot and "id=n0 " in dot and "id=n9_op]" in dot
    assert "grad\\ -1.5000" in dot


PYTHON = "class V:\n    def __init__(self, data):\n        self.data = data\n\nL = V(2.0)\n"


@needs_dot
@pytest.mark.parametrize("path", ["/graph.svg", "/graph.png"])
def test_a_python_program_gets_a_picture_that_says_why_it_is_not_drawn(client, path):
    response = client.get(path + "?" + urlencode({"src": PYTHON, "step": 1}))
    assert response.status_code == 200, response.text
    if path.endswith(".png"):
        assert response.content[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        words = " ".join(svg_texts(response.text))
        assert "This program is Python: it runs in the reader's browser." in words
        assert "Open the link to see its graph." in words


@needs_dot
def test_a_program_with_an_error_is_still_refused(client):
    response = client.get("/graph.svg?" + urlencode({"src": "x = (1 +"}))
    assert response.status_code == 400 and "error" in response.text


CONSTANTS = "a = 2.0\nb = a * 3 + 1"


def test_constants_are_drawn_as_the_page_draws_them():
    """engine/record/dot.py's DOT for the page (what static/js/graph/record-dot.js writes,
    test_record_dot
    keeps them equal) and /graph.svg's differ only in the grads' texts."""
    from engine import parse, trace
    from engine.record.dot import dot_source

    page = dot_source(trace(parse(CONSTANTS)))
    served, record = graph_dot(CONSTANTS, step=0)
    constants = [n for n in record["nodes"] if n["constant"]]
    assert [n["shown"] for n in constants] == ["3", "1"]
    for n in constants:
        line = f'\t{n["id"]} [label="{{{n["shown"]}}}" class="value leaf constant"'
        assert line in page and line in served
    grads = re.compile(r"grad\\ [^|}]*")
    assert grads.sub("grad", served) == grads.sub("grad", page)
