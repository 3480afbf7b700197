"""A teacher's own chapter, as the export tests write it (tests/app/test_export*.py and
tests/browser/test_static_export_exercises.py): two small exercises, the second one where the
learner writes `__sub__`. `python -m app.exercises check` finds both good
(tests/app/test_export_exercises.py)."""

from pathlib import Path

ADD_SOLUTION = """class Value:
    def __init__(self, data):
        self.data = data

    def __add__(self, other):
        return Value(self.data + other.data)
"""

SUB_SOLUTION = """class Value:
    def __init__(self, data):
        self.data = data

    def __add__(self, other):
        return Value(self.data + other.data)

    def __sub__(self, other):
        return Value(self.data - other.data)
"""

ADD = f"""+++
id = "add"
title = "Values that add"
+++

Write `__add__`: `a + b` is a new `Value` holding $a + b$.

```python starter
class Value:
    def __init__(self, data):
        self.data = data
```

```python check
check((Value(2.0) + Value(3.0)).data == 5.0, "Value(2.0) + Value(3.0) holds 5.0")
```

```python solution
{ADD_SOLUTION}```
"""

SUB = f"""+++
id = "sub"
title = "Values that subtract"
after = "add"
+++

Write `__sub__`: `a - b` is a new `Value` holding $a - b$.

```python starter
class Value:
    def __init__(self, data):
        self.data = data

    def __add__(self, other):
        return Value(self.data + other.data)
```

```python check
a, b = Value(5.0), Value(3.0)
check((a - b).data == 2.0, "Value(5.0) - Value(3.0) holds 2.0")
check(a.data == 5.0 and b.data == 3.0, "a - b leaves a and b as they were")
```

```python solution
{SUB_SOLUTION}```

## Hints

- `a - b` calls `a.__sub__(b)`.
"""

TITLES = {"add": "Values that add", "sub": "Values that subtract"}


def write_teacher_chapter(folder: Path) -> Path:
    """The chapter's two files in `folder` (made if need be)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "01-add.md").write_text(ADD, encoding="utf-8")
    (folder / "02-sub.md").write_text(SUB, encoding="utf-8")
    return folder
