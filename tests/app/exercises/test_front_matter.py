"""The front matter: TOML between +++ lines, its keys and values held strictly, every problem
said at its line."""

import pytest

from app.exercises.front_matter import SOLUTION, read_front_matter
from app.exercises.problems import Problems


def read(text: str):
    problems = Problems("ex.md")
    front = read_front_matter(text.split("\n"), problems)
    return front, [(p.line, p.message) for p in problems.found]


def test_a_full_front_matter_reads():
    front, problems = read(
        '+++\nid = "mul"\ntitle = "Multiply"\nafter = "value"\nsolution = "never"\n+++\nbody'
    )
    assert problems == []
    assert (front.id, front.title, front.after, front.solution) == (
        "mul",
        "Multiply",
        "value",
        "never",
    )
    assert front.lines == {"id": 2, "title": 3, "after": 4, "solution": 5}
    assert front.end == 6


def test_the_defaults():
    front, _ = read('+++\nid = "value"\ntitle = "Value"\n+++\n')
    assert front.after is None and front.solution == SOLUTION[0] == "after-check"


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("id = 'x'\n", 1, "starts with its front matter between two +++ lines"),
        ("---\nid: x\n---\n", 1, "exercises use TOML, not YAML"),
        ('+++\nid = "x"\n', 1, "never closed"),
        ('+++\nid = "x"\ntitle = oops\n+++\n', 3, "not valid TOML: invalid value"),
        ('+++\nid = "x"\nid = "y"\ntitle = "T"\n+++\n', 3, "not valid TOML"),
        ('+++\nid = "x"\ntitle = "T"\nsoltion = "never"\n+++\n', 4, "did you mean solution?"),
        (
            '+++\nid = "x"\ntitle = "T"\ncolour = "red"\n+++\n',
            4,
            "keys: id, title, after, solution",
        ),
        ('+++\nid = "x"\ntitle = "T"\n[extra]\na = 1\n+++\n', 4, "unknown key 'extra'"),
        ('+++\ntitle = "T"\n+++\n', 1, "has no id"),
        ('+++\nid = "x"\n+++\n', 1, "has no title"),
        ('+++\nid = 12\ntitle = "T"\n+++\n', 2, "id is a number; write it in quotes"),
        ('+++\nid = "x"\ntitle = "T"\nafter = false\n+++\n', 4, "after is a boolean"),
        ('+++\nid = "Value"\ntitle = "T"\n+++\n', 2, "'Value' is not an exercise id"),
        ('+++\nid = "a b"\ntitle = "T"\n+++\n', 2, "'a b' is not an exercise id"),
        ('+++\nid = "x--y"\ntitle = "T"\n+++\n', 2, "is not an exercise id"),
        ('+++\nid = "1st"\ntitle = "T"\n+++\n', 2, "is not an exercise id"),
        ('+++\nid = "' + "a" * 41 + '"\ntitle = "T"\n+++\n', 2, "at most 40 characters"),
        ('+++\nid = "x"\ntitle = "T"\nafter = "../x"\n+++\n', 4, "after '../x' is not"),
        ('+++\nid = "x"\ntitle = "   "\n+++\n', 3, "the title is one line"),
        ('+++\nid = "x"\ntitle = "T"\nsolution = "later"\n+++\n', 4, "after-check | always"),
    ],
)
def test_each_problem_is_said_at_its_line(text, line, says):
    front, problems = read(text)
    assert front is None
    assert any(at == line and says in message for at, message in problems), problems


def test_every_problem_is_said_not_only_the_first():
    _, problems = read('+++\nid = "Bad"\ntitel = "T"\nsolution = "later"\n+++\n')
    assert [line for line, _ in problems] == [3, 1, 2, 4]
