"""A chapter of exercises in a static export (`python -m app.export OUT_DIR --exercises DIR`):
the server's exercise pages (app/exercise_pages.py), made once from the same templates, each
page made static by app/export_page.py.

    learn/index.html   the chapter (templates/learn.html), as the server's /learn
    learn/ID.html      each exercise (templates/exercise.html), as /learn/ID
    embed/ID.html      each exercise to embed (templates/embed.html), as /embed?exercise=ID

The same paths as the server's, so a reader finds the chapter at `learn/` on either. `ID.html`
rather than `ID/index.html`: every page then sits one folder down (`../` to the site's root,
one asset prefix for all), and a static host that maps no extensionless path to a file
(`python -m http.server`) serves it too. A query (`embed?exercise=ID`) cannot pick a file on a
static host, hence a file per exercise under embed/.

A teacher's folder is read with the server's reader (app/exercises/): a problem in it stops the
export with every problem listed, as it stops the server. Its code is not run here;
`python -m app.exercises check DIR` does that.
"""

import functools
from collections.abc import Callable
from pathlib import Path

from app.exercise_pages import (
    chapter_context,
    exercise_context,
    exercise_data,
    exercise_options,
)
from app.exercises.chapter import Chapter, load_chapter
from app.exercises.exercise import Exercise
from app.exercises.problems import InvalidExercise
from app.export_page import ExportError, laid_out_html, prepare_page, render
from app.module_graph import page_scripts
from app.page_options import PageOptions
from app.settings import Settings

LEARN = "learn"
EMBED = "embed"
FOLDERS = (LEARN, EMBED)  # the site's folders of exercise pages
UP = "../"  # from a page in LEARN or EMBED to the site's root


def exported_href(exercise_id: str | None, base: str = "") -> str:
    """Where the export has the chapter (None) or one exercise, relative to a page in `base`
    (`""`: learn/ itself)."""
    return base + ("index.html" if exercise_id is None else f"{exercise_id}.html")


def read_exercises(folder: Path) -> Chapter:
    """The chapter in `folder`; ExportError with every problem of its files, one a line."""
    if not folder.is_dir():
        raise ExportError(f"{folder}: no such folder of exercises", status=400)
    try:
        chapter = load_chapter(folder)
    except InvalidExercise as invalid:
        count = len(invalid.problems)
        heading = f"{folder} has {count} problem{'s' if count != 1 else ''} to fix first:"
        raise ExportError("\n".join([heading, *map(str, invalid.problems)]), status=400) from None
    if not chapter.exercises:
        raise ExportError(f"{folder}: no exercise files (*.md) in this folder", status=400)
    return chapter


def exercise_pages(settings: Settings, chapter: Chapter, playground: str) -> dict[str, str]:
    """The chapter's pages (path inside the site → HTML); `playground`: the site's own page,
    which the chapter links to."""
    pages = {f"{LEARN}/index.html": chapter_html(settings, chapter, UP + playground)}
    for exercise in chapter.exercises:
        name = exported_href(exercise.id)
        pages[f"{LEARN}/{name}"] = exercise_html(settings, chapter, exercise, embed=False)
        pages[f"{EMBED}/{name}"] = exercise_html(settings, chapter, exercise, embed=True)
    return pages


def chapter_html(settings: Settings, chapter: Chapter, playground_href: str) -> str:
    """learn/index.html: the chapter's list, linking to each exercise beside it."""
    return render(
        settings,
        "learn.html",
        UP,
        scripts=page_scripts(settings.static_dir),
        playground_href=playground_href,
        **chapter_context(chapter, exported_href),
    )


def exercise_html(settings: Settings, chapter: Chapter, exercise: Exercise, embed: bool) -> str:
    """learn/ID.html, or with `embed` embed/ID.html, whose links (an embed's "Open in
    playground") lead to learn/."""
    href: Callable[[str | None], str] = (
        functools.partial(exported_href, base=f"{UP}{LEARN}/") if embed else exported_href
    )
    options = PageOptions(embed=embed, exercise=exercise.id if embed else None)
    exported = prepare_page(
        settings, exercise_options(options, exercise), UP, exercise_data(chapter, exercise)
    )
    return laid_out_html(
        settings,
        exported,
        "embed.html" if embed else "exercise.html",
        playground_url=href(exercise.id),
        **exercise_context(chapter, exercise, href),
    )
