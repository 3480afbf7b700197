"""GET /oembed (oembed.com 1.0, type "rich"), /embed-code and /embed.js."""

import re
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from app.oembed import png_size
from app.presets import LOSS, NEURON

needs_dot = pytest.mark.needs_dot
RICH_REQUIRED = {"version", "type", "html", "width", "height"}


def oembed(client, url: str, **params):
    return client.get("/oembed?" + urlencode({"url": url, **params}))


def iframe_attributes(html: str) -> dict[str, str | None]:
    found: list[dict[str, str | None]] = []

    class Parser(HTMLParser):
        def handle_starttag(self, tag, attrs):
            assert tag == "iframe", tag
            found.append(dict(attrs))

    Parser().feed(html)
    assert len(found) == 1
    return found[0]


def check_rich(answer: dict) -> None:
    """The spec's rules for a rich response (section 2.3.4)."""
    assert RICH_REQUIRED <= answer.keys()
    assert answer["version"] == "1.0" and answer["type"] == "rich"
    assert isinstance(answer["width"], int) and isinstance(answer["height"], int)
    thumbnail = {"thumbnail_url", "thumbnail_width", "thumbnail_height"}
    assert thumbnail <= answer.keys() or not thumbnail & answer.keys()  # all or none


@needs_dot
def test_a_playground_link_becomes_an_iframe_of_the_embed(client):
    link = "https://anyhost.example/?" + urlencode({"src": LOSS, "step": 2, "mode": "overwrite"})
    response = oembed(client, link, format="json")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    answer = response.json()
    check_rich(answer)
    frame = iframe_attributes(answer["html"])
    src = urlsplit(frame["src"])
    assert (src.scheme, src.netloc, src.path) == ("http", "127.0.0.1", "/embed")  # ours
    assert parse_qs(src.query) == {"src": [LOSS], "step": ["2"], "mode": ["overwrite"]}
    assert frame["title"] == "Backward pass of loss, step by step (autograd playground)"
    assert frame["height"] == str(answer["height"]) and frame["width"] == str(answer["width"])
    assert answer["thumbnail_url"].startswith("http://127.0.0.1/graph.png?")


@needs_dot
def test_the_thumbnail_size_is_the_png_size(client):
    answer = oembed(client, "http://testserver/embed?editor=0").json()
    png = client.get(answer["thumbnail_url"].removeprefix("http://127.0.0.1")).content
    assert png_size(png) == (answer["thumbnail_width"], answer["thumbnail_height"])


def test_embed_options_carry_over_and_size_the_frame(client):
    url = "/embed?" + urlencode({"src": NEURON, "controls": "0", "editor": "0", "theme": "dark"})
    answer = oembed(client, url).json()
    query = parse_qs(urlsplit(iframe_attributes(answer["html"])["src"]).query)
    assert query["controls"] == ["0"] and query["editor"] == ["0"]
    assert query["theme"] == ["dark"] and "src" not in query  # the default program is implied
    assert answer["height"] < oembed(client, "/embed").json()["height"]


def test_learning_modes_and_what_if_values_carry_over(client):
    url = "/embed?" + urlencode(
        {"src": LOSS, "forward": "1", "practice": "1", "values": '{"w1": 4}', "step": "2"}
    )
    code = client.get("/embed-code?" + urlencode({"url": url})).json()
    query = parse_qs(urlsplit(iframe_attributes(code["iframe"])["src"]).query)
    assert query["forward"] == ["1"] and query["practice"] == ["1"]
    assert query["values"] == ['{"w1":4.0}'] and query["step"] == ["2"]
    url = "/embed?" + urlencode(
        {"src": LOSS, "manual": "1", "rate": "0.25", "steps": "3", "params": "w1,2x,w1"}
    )
    code = client.get("/embed-code?" + urlencode({"url": url})).json()
    query = parse_qs(urlsplit(iframe_attributes(code["iframe"])["src"]).query)
    assert query["manual"] == ["1"] and query["rate"] == ["0.25"] and query["steps"] == ["3"]
    assert query["params"] == ["w1"]  # names only, each once
    plain = client.get("/embed-code?" + urlencode({"url": "/embed?forward=0"})).json()
    query = parse_qs(urlsplit(iframe_attributes(plain["iframe"])["src"]).query)
    assert not {"forward", "practice", "values", "manual", "rate", "params"} & set(query)


def test_maxwidth_and_maxheight_are_respected(client):
    answer = oembed(client, "/", maxwidth="300", maxheight="200").json()
    assert answer["width"] <= 300 and answer["height"] <= 200
    frame = iframe_attributes(answer["html"])
    assert (frame["width"], frame["height"]) == (str(answer["width"]), str(answer["height"]))


@pytest.mark.parametrize("url", ["https://example.com/other", "ftp://x/embed", "/graph.svg"])
def test_other_urls_are_404(client, url):
    assert oembed(client, url).status_code == 404


def test_only_json_is_offered(client):
    assert oembed(client, "/", format="xml").status_code == 501


def test_a_program_with_an_error_still_embeds(client):
    answer = oembed(client, "/?src=" + "x%20%2B").json()
    check_rich(answer)
    assert "x +" in parse_qs(urlsplit(iframe_attributes(answer["html"])["src"]).query)["src"][0]
    assert "thumbnail_url" not in answer  # /graph.png would be a 400


def test_hostile_text_stays_inside_attributes(client):
    src = 'a = 1\n"><script>alert(1)</script>'
    answer = oembed(client, "/?" + urlencode({"src": src})).json()
    assert "<script" not in answer["html"]
    iframe_attributes(answer["html"])  # still exactly one iframe element


def test_embed_code_gives_every_snippet(client):
    code = client.get("/embed-code?" + urlencode({"url": "/?step=3&mode=accumulate"})).json()
    assert code["iframe"].startswith('<iframe src="http://127.0.0.1/embed?mode=accumulate&amp;')
    assert code["script"] == '<script src="http://127.0.0.1/embed.js" async></script>'
    image = re.fullmatch(
        r'<img src="http://127.0.0.1/graph\.svg\?([^"]+)" alt="([^"]+)">', code["image"]
    )
    assert image and parse_qs(image[1].replace("&amp;", "&")) == {
        "mode": ["accumulate"],
        "step": ["3"],
    }
    alt, image_url, page_url = image[2], code["image_url"], code["page_url"]
    assert alt == "Computation graph of o, with each value's data and grad"
    assert page_url == "http://127.0.0.1/?mode=accumulate&step=3"
    assert code["markdown"] == f"[![{alt}]({image_url})]({page_url})"


def test_embed_js_is_served_as_a_script(client, static_dir):
    (static_dir / "embed.js").write_text("// host\n")
    response = client.get("/embed.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.text == "// host\n"


def test_embed_js_missing_is_a_404(client):
    assert client.get("/embed.js").status_code == 404


def test_png_size_reads_the_header():
    header = b"\x89PNG\r\n\x1a\n" + b"\0\0\0\rIHDR" + (640).to_bytes(4) + (480).to_bytes(4)
    assert png_size(header) == (640, 480)
    with pytest.raises(ValueError):
        png_size(b"GIF89a" + bytes(20))


PYTHON_L = "class V:\n    def backward(self):\n        pass\n\nL = V()\nL.backward()\n"


def test_a_python_program_has_no_image_snippet_and_says_why(client):
    url = "/?" + urlencode({"src": PYTHON_L})
    code = client.get("/embed-code?" + urlencode({"url": url})).json()
    assert code["image"] == "" and code["markdown"] == ""
    assert "runs in the reader's browser" in code["image_note"]
    assert code["iframe"].startswith("<iframe") and "L, step by step" in code["title"]
    expression = client.get("/embed-code?" + urlencode({"url": "/?step=1"})).json()
    assert expression["image"].startswith("<img") and expression["image_note"] == ""
