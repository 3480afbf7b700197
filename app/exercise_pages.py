"""What the exercise pages show (their routes are app/routes.py's): `/learn` (the chapter,
each exercise's state filled in by the page from this browser's storage) and `/learn/ID` (one
exercise in the playground: its prompt, the editor with its starter, Check, hints, the
solution). `/embed?exercise=ID` is the same exercise in the embed.

The chapter is the folder `Settings.exercises_dir`, read once when the app starts
(app/main.py): a teacher's file with a problem stops the server with every problem listed.
The page gets the exercise's code blocks in its initial data (the check runs in the reader's
browser, docs/exercises.md: hidden checks are not secret) and its prompt, hints and solution as
HTML the server rendered and sanitised (app/exercises/markdown.py).
"""

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi import HTTPException, Request
from markupsafe import Markup

from app.exercises.chapter import Chapter, load_chapter
from app.exercises.exercise import Exercise
from app.page_data import script_json
from app.page_options import PageOptions


def read_chapter(folder: Path) -> Chapter:
    """The chapter in `folder`; an empty one when the folder is not there (an installed app run
    outside the checkout), so /learn says there are no exercises rather than failing."""
    return load_chapter(folder) if folder.is_dir() else Chapter(folder, ())


def served_href(exercise_id: str | None = None) -> str:
    """Where the server serves the chapter (None) or one exercise."""
    return "/learn" if exercise_id is None else f"/learn/{exercise_id}"


def exercise_options(options: PageOptions, exercise: Exercise) -> PageOptions:
    """An exercise's page: its starter in the editor, with the stepping controls."""
    return replace(options, source=exercise.starter.code, editor=True, controls=True)


def chapter_context(chapter: Chapter, href: Callable[[str | None], str]) -> dict[str, Any]:
    """The chapter page's template context (templates/learn.html, static/js/chapter.js)."""
    return {
        "chapter": chapter.exercises,
        "chapter_data": script_json({"chapter": chapter_list(chapter)}),
        "exercise_href": href,
    }


def exercise_data(chapter: Chapter, exercise: Exercise) -> dict[str, Any]:
    """What the page's script needs of an exercise (static/js/exercise/): its code blocks, where
    it sits in the chapter, and whose code it carries over."""
    return {
        "id": exercise.id,
        "title": exercise.title,
        "starter": exercise.starter.code,
        "setup": exercise.setup.code if exercise.setup else "",
        "check": exercise.check.code,
        "after": exercise.after,
        "solution_shown": exercise.solution_shown,
        "hints": len(exercise.hints_html),
        "chapter": chapter_list(chapter),
    }


def chapter_list(chapter: Chapter) -> list[dict[str, str]]:
    """Each exercise's id and title, in order: what "Download my work" names."""
    return [{"id": e.id, "title": e.title} for e in chapter.exercises]


def exercise_context(
    chapter: Chapter, exercise: Exercise, href: Callable[[str | None], str]
) -> dict[str, Any]:
    """The exercise panel's template context (templates/partials/exercise.html)."""
    ids = [e.id for e in chapter.exercises]
    index = ids.index(exercise.id)
    near = {
        "previous": chapter.exercises[index - 1] if index > 0 else None,
        "next": chapter.exercises[index + 1] if index + 1 < len(ids) else None,
    }
    after = chapter.by_id(exercise.after) if exercise.after else None
    return {
        "exercise": exercise,
        "exercise_prompt": Markup(exercise.prompt_html),  # sanitised (app/exercises/sanitize.py)
        "exercise_hints": [Markup(h) for h in exercise.hints_html],
        "exercise_number": index + 1,
        "exercise_count": len(ids),
        "exercise_after": after,
        "exercise_href": href,
        **near,
    }


def chapter_or_404(request: Request, exercise_id: str) -> tuple[Chapter, Exercise]:
    chapter: Chapter = request.app.state.chapter
    exercise = chapter.by_id(exercise_id)
    if exercise is None:
        raise HTTPException(404, f"There is no exercise “{exercise_id}” in this chapter.")
    return chapter, exercise
