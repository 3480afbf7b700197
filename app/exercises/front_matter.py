"""An exercise's front matter: TOML between two `+++` lines, read by the standard library's
tomllib, then held to the keys an exercise has.

TOML rather than YAML: no dependency, and no guessing — `after = no` or `id = 0123` is an
error, not False or 83, a key written twice is an error rather than the last one winning, and
every string is quoted so a title with a colon is just a title. `+++` is the mark static site
generators (Hugo, Zola) give TOML front matter.
"""

import difflib
import re
import tomllib
from dataclasses import dataclass

from app.exercises.problems import Problems

MARK = "+++"
SOLUTION = ("after-check", "always", "never")  # when "Show solution" is offered
ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_ID = 40
MAX_TITLE = 120
KEYS = {
    "id": "a name for URLs and saved work: lowercase letters, digits and single hyphens",
    "title": "the exercise's title, plain text",
    "after": "the id of the exercise this one builds on (optional)",
    "solution": f"when the solution may be shown: {', '.join(SOLUTION)} (optional)",
}


@dataclass(frozen=True)
class FrontMatter:
    id: str
    title: str
    after: str | None
    solution: str
    lines: dict[str, int]  # the file line of each key written
    end: int  # lines the front matter takes, both marks included


def front_matter_end(lines: list[str], problems: Problems) -> int:
    """How many lines the front matter takes, both marks included; 0 (with the problem said)
    when the file does not start with one."""
    if not lines or lines[0].rstrip() != MARK:
        seen = lines[0].strip() if lines else ""
        hint = " (this file starts with ---: exercises use TOML, not YAML)" if seen == "---" else ""
        problems.add(1, f"an exercise starts with its front matter between two {MARK} lines{hint}")
        return 0
    for i in range(1, len(lines)):
        if lines[i].rstrip() == MARK:
            return i + 1
    problems.add(1, f"the front matter opened here is never closed by a {MARK} line")
    return 0


def read_front_matter(lines: list[str], problems: Problems) -> FrontMatter | None:
    """The front matter at the top of a file's `lines`, or None (with every problem said)."""
    end = front_matter_end(lines, problems)
    if not end:
        return None
    try:
        table = tomllib.loads("\n".join(lines[1 : end - 1]))
    except tomllib.TOMLDecodeError as exc:
        line, message = _where(str(exc))
        problems.add(line + 1, f"the front matter is not valid TOML: {message}")
        return None
    return _held(table, _key_lines(lines[1 : end - 1]), end, problems)


def _where(message: str) -> tuple[int, str]:
    """tomllib's `Invalid value (at line 3, column 7)` as (3, "invalid value, column 7")."""
    found = re.search(r" \(at line (\d+), column (\d+)\)$", message)
    if not found:
        return 1, message.replace(" (at end of document)", " at the end")
    text = message[: found.start()]
    return int(found.group(1)), f"{text[:1].lower()}{text[1:]} (column {found.group(2)})"


def _key_lines(body: list[str]) -> dict[str, int]:
    """The file line of each top-level key (or table) written in the front matter."""
    lines: dict[str, int] = {}
    for number, text in enumerate(body, start=2):
        found = re.match(r"\s*(?:\[+\s*)?[\"']?([A-Za-z0-9_-]+)", text)
        if found and not text.lstrip().startswith("#"):
            lines.setdefault(found.group(1), number)
    return lines


def _held(table: dict, lines: dict[str, int], end: int, problems: Problems) -> FrontMatter | None:
    """The table held to the exercise's keys; every problem said, None if any."""
    before = len(problems.found)
    where = {key: lines.get(key, 1) for key in table}
    for key in table:
        if key not in KEYS:
            near = difflib.get_close_matches(key, KEYS, n=1)
            also = f" (did you mean {near[0]}?)" if near else f" (keys: {', '.join(KEYS)})"
            problems.add(where[key], f"unknown key {key!r} in the front matter{also}")
    for key in ("id", "title"):
        if key not in table:
            problems.add(1, f"the front matter has no {key} ({KEYS[key]})")
    strings = {}
    for key, value in table.items():
        if key in KEYS and not isinstance(value, str):
            problems.add(where[key], f"{key} is a {_toml_type(value)}; write it in quotes")
        elif key in KEYS:
            strings[key] = value
    for key in ("id", "after"):
        if key in strings:
            _check_id(strings[key], where[key], key, problems)
    title = strings.get("title", "x").strip()
    if not title or len(title) > MAX_TITLE or "\n" in title:
        problems.add(where["title"], f"the title is one line of 1 to {MAX_TITLE} characters")
    solution = strings.get("solution", SOLUTION[0])
    if solution not in SOLUTION:
        choices = " | ".join(SOLUTION)
        problems.add(where["solution"], f"solution is {solution!r}; one of {choices}")
    if len(problems.found) > before:
        return None
    return FrontMatter(table["id"], title, table.get("after"), solution, where, end)


def _check_id(value: str, line: int, key: str, problems: Problems) -> None:
    if not ID.fullmatch(value) or len(value) > MAX_ID:
        problems.add(
            line,
            f"{key} {value!r} is not an exercise id: lowercase letters, digits and single "
            f"hyphens, starting with a letter, at most {MAX_ID} characters (e.g. 'value-adds')",
        )


def _toml_type(value: object) -> str:
    names = {bool: "boolean", int: "number", float: "number", list: "list", dict: "table"}
    return names.get(type(value), type(value).__name__)
