"""The wrong solutions' reader (tests/engine/exercise/wrong_solutions.py): a change applied to
the block it names, a whole program kept as it is, and a change that does not fit failing
loudly rather than testing some other program."""

from pathlib import Path

import pytest

from tests.engine.exercise.wrong_solutions import wrong_solutions

EXERCISE = """\
```python starter
def f(x):
    pass
```

```python solution
def f(x):
    y = x + 1
    return y

def g(x):
    y = x + 1
    return y
```
"""
HEADER = "# kind: data\n# says: has data\n"


def _chapter(tmp_path: Path, files: dict[str, str]) -> Path:
    """An exercise file and its folder of wrong solutions, `files` by name."""
    exercise = tmp_path / "01-f.md"
    exercise.write_text(EXERCISE)
    (tmp_path / "chapter" / "01-f").mkdir(parents=True)
    for name, text in files.items():
        (tmp_path / "chapter" / "01-f" / name).write_text(text)
    return exercise


def test_a_change_replaces_its_lines_in_the_block_it_names(tmp_path):
    change = "--- solution\n@@\n def g(x):\n-    y = x + 1\n+    y = x - 1\n"
    exercise = _chapter(tmp_path, {"wrong_sub.diff": HEADER + change})
    [wrong] = wrong_solutions(exercise, tmp_path / "chapter")
    assert wrong.name == "wrong_sub"
    assert wrong.expected == {"kind": "data", "says": "has data"}
    assert wrong.code == (
        "def f(x):\n    y = x + 1\n    return y\n\ndef g(x):\n    y = x - 1\n    return y\n"
    )


def test_hunks_apply_in_order_and_an_empty_line_is_a_blank_line_kept(tmp_path):
    change = "--- starter\n@@\n-    pass\n+    return x\n+\n@@\n+def g(x):\n     return x\n\n"
    exercise = _chapter(tmp_path, {"wrong_g.diff": HEADER + change})
    [wrong] = wrong_solutions(exercise, tmp_path / "chapter")
    assert wrong.code == "def f(x):\ndef g(x):\n    return x\n\n"


def test_a_whole_program_is_its_lines_after_the_first_ones(tmp_path):
    exercise = _chapter(tmp_path, {"wrong_own.py": HEADER + "# mine\nprint(1)\n"})
    [wrong] = wrong_solutions(exercise, tmp_path / "chapter")
    assert (wrong.name, wrong.code) == ("wrong_own", "# mine\nprint(1)\n")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("--- solution\n@@\n-    y = x + 1\n+    y = x - 1\n", "stand 2 times"),
        ("--- solution\n@@\n-    y = x + 2\n+    y = x - 1\n", "stand 0 times"),
        ("--- solution\n@@\n+    y = x - 1\n", "nothing to find"),
        ("--- setup\n@@\n-    pass\n", "`--- solution` or `--- starter`"),
        ("--- starter\n-    pass\n", "starts with an `@@` line"),
        ("--- starter\n@@\n*    pass\n", "is no hunk line"),
    ],
)
def test_a_change_that_does_not_fit_fails_and_says_why(tmp_path, change, says):
    exercise = _chapter(tmp_path, {"wrong_bad.diff": HEADER + change})
    with pytest.raises(ValueError, match="wrong_bad.diff") as raised:
        wrong_solutions(exercise, tmp_path / "chapter")
    assert says in str(raised.value)


def test_a_wrong_solution_must_say_what_the_checks_find(tmp_path):
    exercise = _chapter(tmp_path, {"wrong_mute.py": "# kind: data\nprint(1)\n"})
    with pytest.raises(ValueError, match="`# says:`"):
        wrong_solutions(exercise, tmp_path / "chapter")


def test_two_wrong_solutions_of_one_name_fail(tmp_path):
    exercise = _chapter(tmp_path, {"wrong_x.py": HEADER, "wrong_x.diff": HEADER})
    with pytest.raises(ValueError, match="two wrong solutions named wrong_x"):
        wrong_solutions(exercise, tmp_path / "chapter")
