"""/embed: the same DOM contract and a link to the playground, and its URL options (controls,
editor, theme, speed, autoplay), each checked, falling back when unknown and ignored on /."""

from urllib.parse import urlencode

import pytest

from app.presets import LOSS, USED_TWICE
from tests.app.page_contract import ALWAYS, CONTROLS, DEFAULT_OPTIONS, EDITOR, VIEW


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
