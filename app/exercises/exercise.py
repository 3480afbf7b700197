"""One exercise file read: its front matter, its prompt and hints as sanitised HTML, its code
blocks as text (docs/exercises.md).

Reading is strict and says every problem with its line: a teacher fixes a file in one pass,
and a page never shows half an exercise. Code is only parsed here (ast), never run: running it
is the CLI's job (app.exercises.verify) and, for a learner, the browser's.
"""

import ast
from dataclasses import dataclass
from pathlib import Path

from app.exercises import markdown
from app.exercises.body import Block, split_body
from app.exercises.front_matter import front_matter_end, read_front_matter
from app.exercises.problems import Problems

MAX_BYTES = 32 * 1024  # a long exercise is a few kilobytes; more is a mistake or an attack


@dataclass(frozen=True)
class Exercise:
    path: Path
    id: str
    title: str
    after: str | None
    solution_shown: str  # after-check | always | never
    prompt_html: str
    hints_html: tuple[str, ...]
    starter: Block
    setup: Block | None
    check: Block
    solution: Block
    lines: dict[str, int]  # the file line of each front-matter key


def read_exercise(path: Path) -> Exercise:
    """The exercise in `path`; InvalidExercise lists what is wrong with it."""
    problems = Problems(path)
    with path.open("rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        size = path.stat().st_size
        problems.add(1, f"the file is {size:,} bytes; an exercise is at most {MAX_BYTES:,}")
        problems.raise_any()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.add(line, "the file is not UTF-8 text")
        problems.raise_any()
    return parse_exercise(text, path)


def parse_exercise(text: str, path: Path) -> Exercise:
    """The exercise in `text` (read from `path`, which its problems name)."""
    problems = Problems(path)
    if len(text.encode()) > MAX_BYTES:
        problems.add(1, f"the text is over {MAX_BYTES:,} bytes; an exercise is at most that")
        problems.raise_any()
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    front = read_front_matter(lines, problems)
    end = front.end if front else front_matter_end(lines, Problems(path))  # said once
    # The front matter's lines left blank, so that the parser's line numbers are the file's.
    tokens = markdown.parse("\n" * end + "\n".join(lines[end:]))
    markdown.convert_math(tokens, problems.add)
    body = split_body(tokens, problems)
    for name, block in body.blocks.items():
        _check_syntax(name, block, problems)
    if not any(t.content.strip() for t in body.prompt):  # text, a formula or an example
        problems.add(end + 1, "the exercise has no prompt: write it after the front matter")
    problems.raise_any()
    assert front is not None  # no problem was found, so the front matter was read
    return Exercise(
        path=path,
        id=front.id,
        title=front.title,
        after=front.after,
        solution_shown=front.solution,
        prompt_html=markdown.render(body.prompt),
        hints_html=tuple(markdown.render(hint) for hint in body.hints),
        starter=body.blocks["starter"],
        setup=body.blocks.get("setup"),
        check=body.blocks["check"],
        solution=body.blocks["solution"],
        lines=front.lines,
    )


def _check_syntax(name: str, block: Block, problems: Problems) -> None:
    try:
        ast.parse(block.code, filename=name)
    except SyntaxError as exc:
        line = block.line + (exc.lineno or 1) - 1
        problems.add(line, f"the {name} block is not valid Python: {exc.msg}")
    except (RecursionError, MemoryError):
        problems.add(block.line, f"the {name} block nests too deeply to read")
