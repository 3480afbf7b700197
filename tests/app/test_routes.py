"""The pages (/, /embed) and /healthz: the DOM contract, the embedded first run, URL options."""

import dataclasses
import re
from urllib.parse import quote, urlencode

import pytest

from app.assets import asset_prefix
from app.presets import LOSS, NEURON, PRESETS, USED_TWICE

CONTROLS = ["reset", "prev", "play", "next", "timeline", "step-count", "speed"]
VIEW = ["fit", "zoom-in", "zoom-out", "copy-link"]
EDITOR = ["expression", "editor-error", "inputs", "preset", "mode"]
ALWAYS = ["graph", "rule", "status", "boot-status", "notice", "initial-data"]
DEFAULT_OPTIONS = {
    "controls": True,
    "editor": True,
    "theme": "auto",
    "speed": None,
    "autoplay": False,
    "practice": False,
    "forward": False,
    "manual": False,
    "params": [],
    "graph": None,
}


def grads_by_label(result: dict) -> dict[str, float]:
    trace = result["trace"]
    return {n["label"]: trace["grads"][n["id"]] for n in trace["nodes"] if n["label"]}


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_index_has_every_id_of_the_dom_contract(get_page):
    page = get_page("/")
    for element_id in CONTROLS + VIEW + EDITOR + ALWAYS:
        assert element_id in page.ids, element_id


def test_index_elements_have_the_agreed_attributes(get_page):
    page = get_page("/")
    expression = page.ids["expression"]
    assert expression["tag"] == "textarea"
    assert expression["aria-label"] == "Expression"
    assert (expression["spellcheck"], expression["autocapitalize"]) == ("false", "off")
    assert expression["autocomplete"] == "off"
    assert page.ids["editor-error"]["role"] == "alert"
    assert "hidden" in page.ids["editor-error"]
    assert page.ids["inputs"]["tag"] == "ul" and page.text["inputs"].strip() == ""
    assert page.ids["play"]["aria-pressed"] == "false"
    for button, name in [("reset", "Reset"), ("prev", "Previous step"), ("next", "Next step")]:
        assert page.ids[button]["type"] == "button"
        assert page.text[button] == name
    assert page.text["play"] == "Play"
    timeline = page.ids["timeline"]
    assert (timeline["type"], timeline["aria-label"], timeline["min"]) == ("range", "Step", "0")
    assert page.ids["step-count"]["for"] == "timeline"
    assert page.ids["graph"]["role"] == "img"
    assert page.ids["graph"]["aria-label"] == "Computation graph"
    assert page.ids["graph"]["tabindex"] == "0"
    assert page.ids["status"]["role"] == "status"
    assert page.text["boot-status"] == "Loading Python…"
    assert "hidden" in page.ids["notice"]
    assert page.ids["zoom-in"]["aria-label"] == "Zoom in"
    assert page.ids["zoom-out"]["aria-label"] == "Zoom out"


def test_selects_offer_modes_presets_and_speeds(client, parse_html):
    html = client.get("/").text
    options = [
        attrs
        for tag, attrs in parse_html(html).elements
        if tag == "option" and attrs.get("value") is not None
    ]
    values = [o["value"] for o in options]
    assert values[:3] == ["light", "dark", "auto"]  # the Theme menu, in the header
    values = values[3:]
    assert values[:5] == ["", "0", "1", "2", "3"]  # a placeholder, then one per preset
    assert values[5:8] == ["correct", "overwrite", "accumulate"]
    assert values[8:12] == ["2000", "1000", "500", "250"]  # then the Embed dialog's
    for label in ["+= (correct)", "= (the classic bug)", "no zero_grad (accumulate)"]:
        assert label in html
    for label in ["0.5×", "1×", "2×", "4×"]:
        assert f">{label}</option>" in html


def test_textarea_holds_the_source(get_page):
    page = get_page("/")
    assert page.text["expression"] == "\n" + NEURON  # the parser eats the first newline


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


def test_a_leading_newline_in_the_program_survives_the_textarea(client):
    html = client.get("/?" + urlencode({"src": "\nx = 1"})).text
    assert re.search(r'rows="12" data-style-nonce="[^"]+">\n\nx = 1</textarea>', html)


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/?src=" + quote("x = (1 +"),
        "/embed",
        "/embed?controls=0&editor=0&theme=dark",
        "/embed?controls=1&editor=1&theme=light",
    ],
)
def test_no_inline_scripts_or_styles(client, url, parse_html):
    page = parse_html(client.get(url).text)
    for tag, attrs in page.elements:
        assert tag != "style"
        assert "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        if tag == "script" and attrs.get("id") != "early-python":  # allowed by its hash
            assert attrs.get("src") or attrs.get("type") == "application/json", attrs
            if attrs.get("src"):
                assert attrs.get("type") == "module"
        if tag in ("a", "form", "img", "link", "script"):
            for name in ("href", "src", "action"):
                assert not (attrs.get(name) or "").lower().startswith("javascript:")


def test_page_head(client):
    html = client.get("/").text
    assert '<html lang="en"' in html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert '<meta name="color-scheme" content="light dark">' in html
    assets = asset_prefix(client.app.state.settings.static_dir)  # /static/<version>/
    assert f'<link rel="stylesheet" href="{assets}css/playground.css">' in html
    assert f'<script type="module" src="{assets}js/main.js"></script>' in html
    assert "<title>Backward pass of o, step by step (autograd playground)</title>" in html


def test_layout_is_semantic(get_page):
    page = get_page("/")
    tags = [tag for tag, _ in page.elements]
    for tag in ("header", "main", "section", "h1", "h2", "noscript"):
        assert tag in tags
    classes = " ".join(attrs.get("class") or "" for _, attrs in page.elements).split()
    for name in ("layout", "editor-panel", "graph-panel", "controls", "rule-panel"):
        assert name in classes


@pytest.fixture
def client_without_inline_svg(make_client, settings):
    """A server whose `dot` cannot run: pages carry no inline SVG, only the noscript image."""
    return make_client(dataclasses.replace(settings, dot_binary="/nonexistent/dot"))


def test_noscript_shows_the_server_rendered_graph(client_without_inline_svg, parse_html):
    client = client_without_inline_svg
    page = parse_html(client.get("/?" + urlencode({"src": LOSS, "step": "2"})).text)
    (image,) = page.tags("img")
    assert image["src"] == "/graph.svg?" + urlencode({"src": LOSS, "step": "2"})
    assert image["alt"]
    assert parse_html(client.get("/").text).tags("img")[0]["src"] == "/graph.svg"


def test_noscript_for_an_invalid_program_shows_the_fallback(client_without_inline_svg, parse_html):
    page = parse_html(client_without_inline_svg.get("/?src=" + quote("x = (")).text)
    assert page.tags("img")[0]["src"] == "/graph.svg"


def test_embed_has_the_same_ids_and_a_link_to_the_playground(get_page):
    page = get_page("/embed?" + urlencode({"src": LOSS, "mode": "accumulate"}))
    for element_id in CONTROLS + VIEW + EDITOR + ALWAYS:
        assert element_id in page.ids, element_id
    data = page.data
    assert data["embed"] is True
    assert (data["source"], data["mode"], data["step"]) == (LOSS, "accumulate", 0)
    links = [a for a in page.tags("a") if "open-link" in (a.get("class") or "")]
    assert links[0]["href"] == "/?" + urlencode({"src": LOSS, "mode": "accumulate"})
    assert links[0]["target"] == "_blank" and "noopener" in links[0]["rel"]
    assert "site-header" not in " ".join(a.get("class") or "" for _, a in page.elements)


def test_embed_without_controls_starts_at_the_end(get_page):
    page = get_page("/embed?controls=0")
    for element_id in CONTROLS:
        assert element_id not in page.ids, element_id
    for element_id in EDITOR + ALWAYS + ["fit", "zoom-in", "zoom-out"]:
        assert element_id in page.ids, element_id
    data = page.data
    assert data["options"]["controls"] is False
    assert data["step"] == len(data["result"]["trace"]["backward"])


def test_embed_step_in_the_url_wins(get_page):
    assert get_page("/embed?controls=0&step=2").data["step"] == 2


def test_embed_without_editor_keeps_the_data(get_page):
    page = get_page("/embed?" + urlencode({"editor": "0", "src": USED_TWICE}))
    for element_id in EDITOR:
        assert element_id not in page.ids, element_id
    assert "graph" in page.ids and "next" in page.ids
    assert page.data["source"] == USED_TWICE
    assert page.data["options"] == DEFAULT_OPTIONS | {"editor": False}


@pytest.mark.parametrize(
    ("theme", "scheme"), [("dark", "dark"), ("light", "light"), ("auto", "light dark")]
)
def test_embed_theme(client, theme, scheme):
    html = client.get(f"/embed?theme={theme}").text
    assert f'<html lang="en" data-theme="{theme}">' in html
    assert f'<meta name="color-scheme" content="{scheme}">' in html


def test_embed_speed_and_autoplay(get_page):
    page = get_page("/embed?speed=250&autoplay=1")
    assert page.data["options"] == DEFAULT_OPTIONS | {"speed": 250, "autoplay": True}
    selected = [o["value"] for o in page.tags("option") if "selected" in o]
    assert "250" in selected and "1000" not in selected


def test_unknown_embed_options_fall_back(get_page):
    data = get_page("/embed?controls=maybe&editor=&theme=purple&speed=7&autoplay=x").data
    assert data["options"] == DEFAULT_OPTIONS


def test_embed_options_are_ignored_on_the_main_page(get_page):
    page = get_page("/?controls=0&editor=0&theme=dark&speed=250&autoplay=1")
    assert "next" in page.ids and "expression" in page.ids
    assert page.data["options"] == DEFAULT_OPTIONS


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
