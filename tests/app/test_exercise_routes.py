"""The exercise pages' routes (app/routes.py, app/exercise_pages.py): /learn lists the chapter,
/learn/ID is the exercise in the playground (its prompt as HTML with MathML, its starter in the
editor, its code blocks in the initial data), /embed?exercise=ID the same in the embed, an
unknown id a 404; a teacher's folder (Settings.exercises_dir) is served in its place, and one
with a broken file stops the app; /embed-code offers an exercise's iframe; the exercise page
keeps the playground's CSP and no inline script. The page in Chromium:
tests/browser/test_exercise_embed.py, test_exercise_screens.py."""

import base64
import hashlib
import html
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from app.embed_code import HEIGHT_EXERCISE
from app.exercises.problems import InvalidExercise
from app.main import create_app
from app.settings import Settings
from tests.app.test_headers import without_nonce
from tests.engine.exercise.chapter_blocks import blocks, exercise_files

# The built-in chapter, in its order (exercises/NN-name.md): what /learn must list.
CHAPTER = ["value", "inputs", "mul", "grad", "plus-equals", "backward", "neuron", "descent"]
FILES = dict(zip(CHAPTER, exercise_files(), strict=True))


def title_of(path: Path) -> str:
    """The `title = "…"` line of an exercise file's front matter, read here by hand."""
    found = re.search(r'^title = "(.*)"$', path.read_text(encoding="utf-8"), re.M)
    assert found, path
    return found[1]


def section(text: str, element_id: str) -> str:
    """The HTML from the element with `element_id` to the end of its `</section>`."""
    start = text.index(f'id="{element_id}"')
    return text[start : text.index("</section>", start)]


def test_learn_lists_the_chapters_eight_exercises_in_order(client, parse_html):
    response = client.get("/learn")
    assert response.status_code == 200
    page = parse_html(response.text)
    items = [a["data-exercise"] for a in page.tags("li") if "data-exercise" in a]
    assert items == CHAPTER
    links = [a["href"] for a in page.tags("a") if (a.get("href") or "").startswith("/learn/")]
    assert links == [f"/learn/{exercise_id}" for exercise_id in CHAPTER]
    for exercise_id, path in FILES.items():
        title = html.escape(title_of(path), quote=False)
        assert f'<a href="/learn/{exercise_id}">{title}</a>' in response.text


@pytest.mark.parametrize("exercise_id", CHAPTER)
def test_an_exercise_page_has_its_starter_and_its_code_blocks(get_page, exercise_id):
    page = get_page(f"/learn/{exercise_id}")
    code = blocks(FILES[exercise_id])
    assert page.text["expression"] == "\n" + code["starter"]  # the parser eats one newline
    assert page.ids["exercise"]["data-exercise"] == exercise_id
    data = page.data["exercise"]
    assert (data["id"], data["title"]) == (exercise_id, title_of(FILES[exercise_id]))
    assert data["starter"] == code["starter"]
    assert data["check"] == code["check"]
    assert data["setup"] == code.get("setup", "")
    assert [e["id"] for e in data["chapter"]] == CHAPTER
    index = CHAPTER.index(exercise_id)
    assert page.text["exercise"].count(f"Exercise {index + 1} of {len(CHAPTER)}") == 1


def test_an_exercises_prompt_is_html_with_mathml(client, get_page):
    text = client.get("/learn/neuron").text
    prompt = section(text, "exercise")
    # `$t = \tanh(x)$` inline and `$$o = \tanh(…)$$` displayed: MathML, not TeX.
    assert '<math display="inline"><mrow><mi>t</mi><mo>=</mo><mi>tanh</mi>' in prompt
    assert prompt.count('<math display="block">') == 2
    assert "\\tanh" not in prompt and "$" not in prompt
    assert "<code>v.tanh()</code>" in prompt  # the prompt's Markdown
    assert "<table>" in prompt  # its table of grads
    data = get_page("/learn/neuron").data["exercise"]
    assert (data["after"], data["solution_shown"], data["hints"]) == ("backward", "after-check", 3)


def test_an_unknown_exercise_is_an_html_404(client, parse_html):
    for url in ("/learn/nope", "/learn/Neuron", "/learn/neuron%2F..%2Fvalue"):
        response = client.get(url)
        assert response.status_code == 404, url
        assert response.headers["content-type"].startswith("text/html")
        assert "<h1>Page not found</h1>" in response.text
        links = parse_html(response.text).tags("a")
        assert {"href": "/learn"} in links and {"href": "/"} in links  # the chapter, the playground
    assert "There is no exercise “nope” in this chapter." in client.get("/learn/nope").text


def test_the_embed_serves_an_exercise_by_id(client, get_page):
    page = get_page("/embed?exercise=mul")
    assert page.ids["exercise"]["data-exercise"] == "mul"
    assert page.data["exercise"]["starter"] == blocks(FILES["mul"])["starter"]
    assert page.text["expression"] == "\n" + blocks(FILES["mul"])["starter"]
    assert "exercise-check" in page.ids and "exercise-results" in page.ids
    # In an embed the course page is the way between exercises: no links to /learn.
    assert not [a for a in page.tags("a") if (a.get("href") or "").startswith("/learn")]
    assert client.get("/embed").status_code == 200  # without it, the playground's embed


@pytest.mark.parametrize("exercise_id", ["nope", "<script>", "<script>alert(1)</script>", ""])
def test_the_embed_of_an_unknown_exercise_is_a_404(client, exercise_id):
    response = client.get("/embed?" + urlencode({"exercise": exercise_id}))
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "<script>" not in response.text  # never reflected as markup
    assert "There is no page at" not in response.text  # /embed is a page; the exercise is not
    if exercise_id:
        assert "There is no exercise" in response.text


def exercise_file(exercise_id: str, title: str, prompt: str, after: str = "") -> str:
    """An exercise in the format docs/exercises.md documents, written out whole."""
    after_line = f'after = "{after}"\n' if after else ""
    return (
        f'+++\nid = "{exercise_id}"\ntitle = "{title}"\n{after_line}solution = "always"\n+++\n\n'
        f"{prompt}\n\n"
        "```python starter\nx = 1\n```\n\n"
        '```python check\ncheck(x == 2, "x is 2")\n```\n\n'
        "```python solution\nx = 2\n```\n\n"
        "## Hints\n\n- Two, not one.\n"
    )


@pytest.fixture
def teachers_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "chapter"
    folder.mkdir()
    (folder / "01-double.md").write_text(
        exercise_file("double", "Doubling", "Make $y = 2x$ from `x`.")
    )
    (folder / "02-square.md").write_text(
        exercise_file("square", "Squaring", "Now **square** it: $y = x^2$.", after="double")
    )
    (folder / "README.md").write_text("# My chapter\n")  # the folder's page, not an exercise
    return folder


def test_a_teachers_folder_is_served_instead(make_client, static_dir, teachers_folder, parse_html):
    client = make_client(Settings(static_dir=static_dir, exercises_dir=teachers_folder))
    listing = client.get("/learn")
    assert listing.status_code == 200
    assert re.findall(r'<a href="(/learn/[^"]+)">([^<]+)</a>', listing.text) == [
        ("/learn/double", "Doubling"),
        ("/learn/square", "Squaring"),
    ]
    assert client.get("/learn/neuron").status_code == 404  # the built-in chapter is not served
    response = client.get("/learn/square")
    assert response.status_code == 200
    prompt = section(response.text, "exercise")
    assert "Now <strong>square</strong> it:" in prompt
    assert "<msup><mi>x</mi><mn>2</mn></msup>" in prompt
    assert "Exercise 2 of 2" in prompt
    assert "Your code of “Doubling” carries over here" in prompt
    page = parse_html(response.text)
    assert page.text["expression"] == "\nx = 1\n"  # the starter, in the editor
    assert (page.data["exercise"]["after"], page.data["exercise"]["hints"]) == ("double", 1)
    assert client.get("/embed?exercise=double").status_code == 200


def test_a_folder_with_a_broken_exercise_stops_the_app(static_dir, teachers_folder):
    broken = exercise_file("cube", "Cubing", "Cube it.", after="nowhere")
    (teachers_folder / "03-cube.md").write_text(broken.replace('title = "Cubing"\n', ""))
    with pytest.raises(InvalidExercise) as refused:
        create_app(Settings(static_dir=static_dir, exercises_dir=teachers_folder))
    message = str(refused.value)
    assert "03-cube.md:" in message
    assert "title" in message  # the problem itself, with its file and line


IFRAME = (
    r'<iframe src="([^"]+)" title="([^"]+)" width="100%" height="(\d+)" loading="lazy"'
    r' style="border: 0"></iframe>'
)


def test_the_embed_code_of_an_exercise(client):
    url = "/embed?exercise=neuron"
    code = client.get("/embed-code?" + urlencode({"url": url})).json()
    frame = re.fullmatch(IFRAME, code["iframe"])
    assert frame, code["iframe"]
    assert frame[1].endswith("/embed?exercise=neuron")
    assert int(frame[3]) == code["height"] == HEIGHT_EXERCISE
    assert code["page_url"].endswith("/learn/neuron")
    assert code["image"] == "" and code["markdown"] == ""  # no server image of Python


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@pytest.mark.parametrize("url", ["/learn/neuron", "/embed?exercise=neuron"])
def test_an_exercise_page_keeps_the_playgrounds_csp(client, parse_html, url):
    response = client.get(url)
    csp = response.headers["content-security-policy"]
    assert without_nonce(csp) == without_nonce(client.get("/").headers["content-security-policy"])
    assert "unsafe-inline" not in csp
    allowed = re.search(r"script-src ([^;]+);", csp)[1].split()
    for attrs in parse_html(response.text).tags("script"):
        if attrs.get("src"):
            assert attrs.get("type") == "module", attrs
        elif attrs.get("type") != "application/json":  # data, never run
            assert attrs.get("id") == "early-python", attrs
    # The one inline script that runs is allowed by the hash of its text.
    inline = re.findall(r'<script id="early-python"[^>]*>(.*?)</script>', response.text, re.S)
    assert len(inline) == 1 and sha256(inline[0]) in allowed
    for _, attrs in parse_html(response.text).elements:
        assert "style" not in attrs and not any(name.startswith("on") for name in attrs)


def test_learn_has_no_inline_script(client, parse_html):
    response = client.get("/learn")
    csp = response.headers["content-security-policy"]
    assert without_nonce(csp) == without_nonce(client.get("/").headers["content-security-policy"])
    scripts = parse_html(response.text).tags("script")
    assert [s.get("type") for s in scripts] == ["module", "application/json"]
    assert scripts[0]["src"].endswith("/chapter.js")


def test_the_what_if_fields_are_below_the_checks_on_an_exercise_page(client):
    """They arrive with the first run: above Check they pushed it down the screen."""
    page = client.get("/learn/neuron").text
    assert page.count('id="inputs"') == 1
    assert page.index('id="exercise-verdict"') < page.index('id="inputs"')
    playground = client.get("/").text  # the playground's stay in the program's panel
    assert playground.index('id="expression"') < playground.index('id="inputs"')
    assert 'id="exercise-verdict"' not in playground
