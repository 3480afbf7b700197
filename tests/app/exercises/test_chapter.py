"""A chapter folder: its files in name order, ids once, each `after` before it."""

from pathlib import Path

import pytest

from app.exercises.chapter import exercise_files, load_chapter, read_heading
from app.exercises.problems import InvalidExercise
from tests.app.exercises.markup import exercise_text


def front(exercise_id: str, after: str | None = None) -> str:
    return f'id = "{exercise_id}"\ntitle = "T"\n' + (f'after = "{after}"\n' if after else "")


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        Path(folder, name).write_text(text)
    return folder


def test_a_chapter_is_its_files_in_name_order(tmp_path):
    write(
        tmp_path,
        {
            "02-mul.md": exercise_text(front=front("mul", after="value")),
            "01-value.md": exercise_text(front=front("value")),
            "README.md": "# My chapter\n",
            "notes.txt": "not an exercise",
        },
    )
    chapter = load_chapter(tmp_path)
    assert [e.id for e in chapter.exercises] == ["value", "mul"]
    assert chapter.by_id("mul").after == "value" and chapter.by_id("nope") is None
    assert [p.name for p in exercise_files(tmp_path)] == ["01-value.md", "02-mul.md"]


@pytest.mark.parametrize(
    ("files", "where", "says"),
    [
        (
            {"01-a.md": front("value"), "02-b.md": front("value")},
            ("02-b.md", 2),
            "the id 'value' is already 01-a.md's (line 2)",
        ),
        (
            {"01-a.md": front("value", after="mul"), "02-b.md": front("mul")},
            ("01-a.md", 4),
            "after = 'mul' names an exercise that comes later (02-b.md)",
        ),
        ({"01-a.md": front("value", after="nope")}, ("01-a.md", 4), "names no exercise here"),
        ({"01-a.md": front("value", after="value")}, ("01-a.md", 4), "cannot come after itself"),
    ],
)
def test_the_chapters_order_problems(tmp_path, files, where, says):
    write(tmp_path, {name: exercise_text(front=text) for name, text in files.items()})
    with pytest.raises(InvalidExercise) as refused:
        load_chapter(tmp_path)
    ((path, line, message),) = [(p.path.name, p.line, p.message) for p in refused.value.problems]
    assert (path, line) == where and says in message


def test_every_files_problems_are_said(tmp_path):
    write(
        tmp_path,
        {"01-a.md": exercise_text(front='id = "A"\ntitle = "T"\n'), "02-b.md": "no front matter"},
    )
    with pytest.raises(InvalidExercise) as refused:
        load_chapter(tmp_path)
    found = [(p.path.name, p.line) for p in refused.value.problems]
    assert found[0] == ("01-a.md", 2) and {name for name, _ in found[1:]} == {"02-b.md"}


def test_a_heading_is_read_from_the_front_matter_alone(tmp_path):
    path = Path(tmp_path, "a.md")
    path.write_text('+++\nid = "value"\ntitle = "T"\nafter = "x"\n+++\nno blocks at all')
    heading = read_heading(path)
    assert (heading.id, heading.after, heading.lines["after"]) == ("value", "x", 4)
    path.write_text("no front matter")
    assert read_heading(path) is None
