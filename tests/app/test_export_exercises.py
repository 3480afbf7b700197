"""app/export_exercises.py: a chapter's pages in a static export, from the server's own
templates, with links that work from the export's folders."""

import re
from pathlib import Path

import pytest

from app.exercises.__main__ import main as check_exercises
from app.exercises.chapter import load_chapter
from app.export_exercises import exercise_pages, exported_href, read_exercises
from app.export_page import ExportError
from tests.teacher_chapter import ADD, TITLES, write_teacher_chapter

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = ROOT / "exercises"


@pytest.fixture
def teacher(tmp_path: Path) -> Path:
    return write_teacher_chapter(tmp_path / "chapter")


def test_the_teachers_chapter_the_tests_export_is_a_good_one(teacher, capsys):
    """Its solutions pass their checks and its starters fail one: the browser test's "Ready"
    depends on it."""
    assert check_exercises(["check", str(teacher)]) == 0, capsys.readouterr().out


def test_links_lead_beside_a_page_in_learn_or_up_and_into_learn_from_embed():
    assert exported_href("sub") == "sub.html"
    assert exported_href(None) == "index.html"
    assert exported_href("sub", base="../learn/") == "../learn/sub.html"


def test_a_folder_with_problems_is_refused_with_every_problem(teacher):
    (teacher / "01-add.md").write_text(ADD.replace('id = "add"', 'id = "Add"'))
    (teacher / "03-mul.md").write_text("no front matter\n")
    with pytest.raises(ExportError) as refused:
        read_exercises(teacher)
    lines = str(refused.value).splitlines()
    assert lines[0] == f"{teacher} has 5 problems to fix first:"
    assert re.match(rf"{re.escape(str(teacher / '01-add.md'))}:2: id 'Add' is not", lines[1])
    mul = str(teacher / "03-mul.md")
    assert lines[2] == f"{mul}:1: an exercise starts with its front matter between two +++ lines"
    assert [line.split(":")[0] for line in lines[3:]] == [mul] * 3  # its missing blocks
    assert refused.value.status == 400


def test_a_missing_or_empty_folder_is_refused(tmp_path):
    with pytest.raises(ExportError, match="no such folder"):
        read_exercises(tmp_path / "nowhere")
    with pytest.raises(ExportError, match=r"no exercise files \(\*\.md\)"):
        read_exercises(tmp_path)


def test_a_page_per_exercise_and_its_embed_beside_the_chapter(export_settings, teacher):
    pages = exercise_pages(export_settings, read_exercises(teacher), "index.html")
    assert set(pages) == {
        "learn/index.html",
        "learn/add.html",
        "learn/sub.html",
        "embed/add.html",
        "embed/sub.html",
    }


def test_the_chapter_links_each_exercise_and_the_playground(export_settings, teacher, parse_html):
    html = exercise_pages(export_settings, read_exercises(teacher), "index.html")
    chapter = parse_html(html["learn/index.html"])
    links = {a["href"] for a in chapter.tags("a")}
    assert links == {"../index.html", "add.html", "sub.html"}
    assert [t for t in TITLES.values() if t in html["learn/index.html"]] == list(TITLES.values())


def test_an_exercise_page_links_its_neighbours_and_the_chapter(
    export_settings, teacher, parse_html
):
    pages = exercise_pages(export_settings, read_exercises(teacher), "index.html")
    sub = parse_html(pages["learn/sub.html"])
    assert {a["href"] for a in sub.tags("a")} >= {"add.html", "index.html"}
    assert sub.data["exercise"]["id"] == "sub" and sub.data["exercise"]["after"] == "add"
    assert sub.data["vendor"]["pyodide"] == "../static/vendor/pyodide/314.0.7/"
    assert sub.data["server_run"] is None
    assert "embed-dialog" not in sub.ids and "embed-button" not in sub.ids  # need the server
    add = parse_html(pages["learn/add.html"])
    assert add.ids["exercise-next"]["href"] == "sub.html"


def test_an_embed_opens_its_exercise_page_and_has_no_chapter_nav(
    export_settings, teacher, parse_html
):
    pages = exercise_pages(export_settings, read_exercises(teacher), "index.html")
    embed = parse_html(pages["embed/add.html"])
    assert {a["href"] for a in embed.tags("a")} == {"../learn/add.html"}  # Open in playground
    assert embed.data["exercise"]["id"] == "add" and embed.data["embed"] is True
    assert "exercise-next" not in embed.ids and "exercise-check" in embed.ids


def test_an_exported_exercise_is_the_servers_page_with_its_own_links(
    export_settings, get_page, parse_html
):
    """The same templates, context and initial data as GET /learn/ID: only the links and the
    static files' URLs differ."""
    chapter = load_chapter(BUILT_IN)
    exported = parse_html(exercise_pages(export_settings, chapter, "index.html")["learn/mul.html"])
    served = get_page("/learn/mul")
    assert exported.data["exercise"] == served.data["exercise"]
    for element in ("exercise", "exercise-work"):
        assert exported.text[element] == served.text[element]
    assert served.ids["exercise-next"]["href"] == "/learn/grad"
    assert exported.ids["exercise-next"]["href"] == "grad.html"
