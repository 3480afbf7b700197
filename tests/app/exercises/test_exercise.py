"""One file read whole: what the page needs, or every problem of the file at its line."""

from pathlib import Path

import pytest

from app.exercises.exercise import MAX_BYTES, read_exercise
from app.exercises.problems import InvalidExercise
from tests.app.exercises.markup import exercise_text, markup, parsed

FULL = """+++
id = "neuron"
title = "A neuron"
after = "tanh"
solution = "always"
+++

The neuron's output is $o = \\tanh(n)$.

```python setup
import math
```

```python starter
o = None
```

```python check
check(o == 0.7071, "o is 0.7071")
```

```python solution
o = round(math.tanh(0.8814), 4)
```

## Hints

- Call `tanh`.
- $\\tanh(0.8814) \\approx 0.7071$
"""


def test_a_full_exercise_reads():
    found = parsed(FULL, "07-neuron.md")
    assert (found.id, found.title, found.after, found.solution_shown) == (
        "neuron", "A neuron", "tanh", "always"
    )  # fmt: skip
    assert (found.setup.code, found.setup.line) == ("import math\n", 11)
    assert (found.starter.line, found.check.line, found.solution.line) == (15, 19, 23)
    assert [tag for tag, _ in markup(found.prompt_html)][:2] == ["p", "math"]
    assert len(found.hints_html) == 2 and "<math" in found.hints_html[1]
    assert found.lines == {"id": 2, "title": 3, "after": 4, "solution": 5}


def test_setup_is_optional():
    assert parsed(exercise_text()).setup is None


def test_every_problem_of_a_file_is_said_at_once():
    text = exercise_text(
        front='id = "Two"\ntitle = "Two"\n',
        prompt="Bad $x^a^b$ formula.",
        blocks="```python starter\nx = (\n```\n\n```python check\ncheck(True)\n```\n",
    )
    with pytest.raises(InvalidExercise) as refused:
        parsed(text)
    assert [(p.line, p.message.split(":")[0]) for p in refused.value.problems] == [
        (2, "id 'Two' is not an exercise id"),
        (6, "the formula $x^a^b$ cannot be shown"),
        (1, "no solution block (a fence"),
        (9, "the starter block is not valid Python"),
    ]
    assert str(refused.value).startswith("two.md:2: id 'Two'")


def test_a_prompt_is_required():
    with pytest.raises(InvalidExercise) as refused:
        parsed(exercise_text(prompt=""))
    assert [(p.line, p.message) for p in refused.value.problems] == [
        (5, "the exercise has no prompt: write it after the front matter")
    ]


def test_a_byte_order_mark_and_windows_line_ends_read_the_same():
    text = exercise_text()
    assert parsed("\ufeff" + text.replace("\n", "\r\n")) == parsed(text)


def test_a_file_that_is_not_utf8_is_said_at_its_line(tmp_path):
    path = Path(tmp_path, "latin.md")
    path.write_bytes(exercise_text(prompt="Caf\xe9").encode("latin-1"))
    with pytest.raises(InvalidExercise) as refused:
        read_exercise(path)
    assert [(p.line, p.message) for p in refused.value.problems] == [
        (6, "the file is not UTF-8 text")
    ]


def test_a_file_at_the_limit_reads_and_one_byte_more_does_not(tmp_path):
    path = Path(tmp_path, "big.md")
    text = exercise_text(prompt="Long.", hints=())
    text += "\n" + "a" * (MAX_BYTES - len(text.encode()) - 1)
    path.write_text(text)
    assert read_exercise(path).id == "two"
    path.write_text(text + "a")
    with pytest.raises(InvalidExercise, match=f"at most {MAX_BYTES:,}"):
        read_exercise(path)


def test_a_prompt_may_be_a_formula_alone():
    assert "<math" in parsed(exercise_text(prompt="$$a + b$$")).prompt_html
