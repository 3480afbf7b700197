"""The pages' routes (app/routes.py) and /healthz: the first run embedded in / (the seeds'
neuron, or the URL's program at its step and mode, clamped or falling back, and an invalid one
with a fallback), the JSON island no source can break out of, a page before static/vendor is
built. The page's HTML: test_dom_contract.py; /embed's options: test_embed_options.py."""

from urllib.parse import urlencode

import pytest

from app.presets import LOSS, NEURON, PRESETS, USED_TWICE
from tests.app.page_contract import DEFAULT_OPTIONS


def grads_by_label(result: dict) -> dict[str, float]:
    trace = result["trace"]
    return {n["label"]: trace["grads"][n["id"]] for n in trace["nodes"] if n["label"]}


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_first_paint_data_is_the_seeds_neuron(get_page, manifest):
    data = get_page("/").data
    assert data["source"] == NEURON
    assert (data["mode"], data["step"], data["embed"]) == ("correct", 0, False)
    assert data["result"]["ok"] is True
    assert "fallback" not in data
    grads = grads_by_label(data["result"])
    assert grads["x1"] == pytest.approx(-1.5)
    assert grads["w1"] == pytest.approx(1.0)
    assert grads["x2"] == pytest.approx(0.5)
    assert grads["w2"] == pytest.approx(0.0)
    assert grads["b"] == pytest.approx(0.5)
    assert grads["n"] == pytest.approx(0.5)
    assert grads["o"] == 1.0
    assert data["result"]["dot"].startswith("digraph")
    assert data["vendor"] == manifest
    assert data["presets"] == [p.to_json() for p in PRESETS]
    assert data["options"] == DEFAULT_OPTIONS


def test_url_source_step_and_mode_are_honoured(get_page):
    page = get_page("/?" + urlencode({"src": LOSS, "step": "3", "mode": "overwrite"}))
    data = page.data
    assert (data["source"], data["mode"], data["step"]) == (LOSS, "overwrite", 3)
    assert data["result"]["trace"]["mode"] == "overwrite"
    assert page.ids["timeline"]["value"] == "3"
    assert page.ids["timeline"]["max"] == str(len(data["result"]["trace"]["backward"]))
    assert page.text["expression"] == "\n" + LOSS
    selected = [o["value"] for o in page.tags("option") if "selected" in o]
    assert "overwrite" in selected and "correct" not in selected


def test_loss_preset_grads(get_page):
    data = get_page("/?" + urlencode({"src": LOSS})).data
    grads = grads_by_label(data["result"])
    assert grads["w1"] == pytest.approx(1.0)
    assert grads["w2"] == pytest.approx(-2.0)


@pytest.mark.parametrize(
    ("step", "expected"), [("999", 2), ("-4", 0), ("abc", 0), ("", 0), ("1.5", 0), ("1", 1)]
)
def test_step_is_clamped_to_the_trace(get_page, step, expected):
    data = get_page("/?" + urlencode({"src": USED_TWICE, "step": step})).data
    assert len(data["result"]["trace"]["backward"]) == 2
    assert data["step"] == expected


def test_unknown_mode_falls_back_to_correct(get_page):
    assert get_page("/?mode=sideways").data["mode"] == "correct"


def test_invalid_program_renders_the_error_and_a_fallback(get_page):
    page = get_page("/?" + urlencode({"src": "x = 2\ny = (x +"}))
    data = page.data
    assert data["result"]["ok"] is False
    error = data["result"]["error"]
    assert (error["line"], error["col"]) == (2, 5)
    assert data["fallback"]["ok"] is True
    assert grads_by_label(data["fallback"])["x1"] == pytest.approx(-1.5)
    assert data["source"] == "x = 2\ny = (x +"
    assert "hidden" not in page.ids["editor-error"]
    assert page.text["editor-error"].startswith("Line 2, column 5: ")
    assert page.ids["timeline"]["max"] == str(len(data["fallback"]["trace"]["backward"]))


def test_hostile_source_cannot_break_out_of_the_json_island(client, parse_html):
    source = "</script><script>alert(1)</script><!-- & -->\nx = 1"
    response = client.get("/?" + urlencode({"src": source}))
    page = parse_html(response.text)
    assert "<" not in page.raw_data and ">" not in page.raw_data and "&" not in page.raw_data
    assert "\\u003c/script\\u003e" in page.raw_data
    assert page.data["source"] == source
    assert "<script>alert(1)" not in response.text
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in response.text  # the textarea, escaped


def test_page_works_before_the_vendor_directory_is_built(make_client, tmp_path, parse_html):
    from app.settings import Settings

    empty = tmp_path / "empty-static"
    empty.mkdir()
    response = make_client(Settings(static_dir=empty)).get("/")
    assert response.status_code == 200
    assert parse_html(response.text).data["vendor"] == {}


def test_the_mlp_preset_renders_as_a_page(get_page):
    data = get_page("/?" + urlencode({"src": PRESETS[3].source})).data
    assert data["result"]["ok"] is True
    assert 900 <= len(data["result"]["trace"]["nodes"]) <= 1100
