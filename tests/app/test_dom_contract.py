"""The page's HTML (templates/): every id of the DOM contract with its agreed attributes, the
menus' options, the program in its textarea, the head, a semantic layout, no inline script or
style, and noscript's graph drawn by the server."""

import dataclasses
import re
from urllib.parse import quote, urlencode

import pytest

from app.assets import asset_prefix
from app.presets import LOSS, NEURON, PRESETS
from tests.app.page_contract import ALWAYS, CONTROLS, EDITOR, VIEW


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
    presets = ["", *(str(i) for i in range(len(PRESETS)))]  # a placeholder, then one per preset
    assert values[: len(presets)] == presets
    values = values[len(presets) :]
    assert values[:3] == ["correct", "overwrite", "accumulate"]
    assert values[3:7] == ["2000", "1000", "500", "250"]  # then the Embed dialog's
    for label in ["+= (correct)", "= (the classic bug)", "no zero_grad (accumulate)"]:
        assert label in html
    for label in ["0.5×", "1×", "2×", "4×"]:
        assert f">{label}</option>" in html


def test_textarea_holds_the_source(get_page):
    page = get_page("/")
    assert page.text["expression"] == "\n" + NEURON  # the parser eats the first newline


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
