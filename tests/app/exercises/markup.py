"""Tests' helpers: an exercise's text from its parts, and the markup an HTML fragment holds."""

from html.parser import HTMLParser
from pathlib import Path

from app.exercises.exercise import Exercise, parse_exercise
from app.exercises.sanitize import HTML_ATTRIBUTES, HTML_TAGS, MATHML_ATTRIBUTES, MATHML_TAGS

STARTER = "x = 1\n"
CHECK = 'check(x == 2, "x is 2")\n'
SOLUTION = "x = 2\n"


def exercise_text(
    prompt: str = "Make `x` two.",
    hints: tuple[str, ...] = ("Assign it.",),
    front: str = 'id = "two"\ntitle = "Two"\n',
    blocks: str | None = None,
) -> str:
    if blocks is None:
        blocks = (
            f"```python starter\n{STARTER}```\n\n"
            f"```python check\n{CHECK}```\n\n"
            f"```python solution\n{SOLUTION}```\n"
        )
    hint_list = "".join(f"- {hint}\n" for hint in hints)
    section = f"\n## Hints\n\n{hint_list}" if hints else ""
    return f"+++\n{front}+++\n\n{prompt}\n\n{blocks}{section}"


def parsed(text: str, name: str = "two.md") -> Exercise:
    return parse_exercise(text, Path(name))


class _Markup(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {name: value or "" for name, value in attrs}))

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)


def markup(html: str) -> list[tuple[str, dict[str, str]]]:
    """Every element of `html`, with its attributes."""
    reader = _Markup()
    reader.feed(html)
    reader.close()
    return reader.elements


def text_of(html: str) -> str:
    reader = _Markup()
    reader.feed(html)
    reader.close()
    return "".join(reader.text)


def foreign_markup(html: str) -> list[str]:
    """What `html` holds outside the allow-list, or dangerous inside it: [] when safe."""
    found = []
    for tag, attrs in markup(html):
        if tag not in HTML_TAGS | MATHML_TAGS:
            found.append(f"<{tag}>")
        allowed = MATHML_ATTRIBUTES if tag in MATHML_TAGS else HTML_ATTRIBUTES.get(tag, set())
        for name, value in attrs.items():
            if name not in allowed and not (tag == "a" and name == "rel"):
                found.append(f"<{tag} {name}>")
            squeezed = "".join(value.split()).lower()
            if name in ("href", "src") and squeezed.startswith(("javascript:", "data:", "vbs")):
                found.append(f"<{tag} {name}={value}>")
    return found
