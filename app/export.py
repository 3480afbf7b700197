"""A static copy of the playground: a folder (or zip) that runs from any static host (GitHub
Pages, a course's web space, `python -m app.serve_static`) with no server behind it.

    .venv/bin/python -m app.export OUT_DIR --src FILE [--mode MODE] [--step N] [--zip]
    .venv/bin/python -m app.export OUT_DIR --exercises DIR [--src FILE] [--zip]

The folder holds index.html (the program's first run and its graph already laid out by `dot`,
so stepping works before Python), our CSS and JS, and static/vendor (Pyodide, Graphviz WASM,
the engine), so editing works once Python has booted in the reader's browser. With
`--exercises`, also a chapter of exercises (app/export_exercises.py: learn/index.html, a page
per exercise, embed/ID.html). Each page is made by app/export_page.py; every URL in them is
relative, so the site works from a sub-path such as https://user.github.io/course/.
"""

import argparse
import functools
import io
import shutil
import sys
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path

from app.export_exercises import FOLDERS as EXERCISE_FOLDERS
from app.export_exercises import exercise_pages, read_exercises
from app.export_page import ExportError, render_page
from app.headers import CORS
from app.presets import DEFAULT_SOURCE
from app.settings import Settings
from engine.record.tracing import DEFAULT_MODE, MODES

COPIED = ("css", "js", "vendor")  # the folders of static/ that the pages load
SKIPPED_SUFFIXES = (".gz", ".br")  # precompressed copies: a static host serves the originals
# Files that are compressed already gain nothing from deflate, and cost the most time.
STORED_SUFFIXES = (".zip", ".whl", ".png")
INDEX = "index.html"


def site_pages(
    settings: Settings, source: str, mode: str = DEFAULT_MODE, step: int | None = None,
    exercises: Path | None = None,
) -> dict[str, str]:  # fmt: skip
    """Each page of the site (path inside it → HTML): index.html for `source`, and with
    `exercises` (a folder of exercise files, read first so that a problem stops the export
    before any page is made) the chapter's pages."""
    chapter = read_exercises(exercises) if exercises is not None else None
    pages = {INDEX: render_page(settings, source, mode, step)}
    if chapter is not None:
        pages |= exercise_pages(settings, chapter, playground=INDEX)
    return pages


def static_files(static_dir: Path) -> Iterator[tuple[Path, str]]:
    """(file, path inside the site) for every static file the page needs."""
    for folder in COPIED:
        for path in sorted((static_dir / folder).rglob("*")):
            if path.is_file() and not path.name.endswith(SKIPPED_SUFFIXES):
                yield path, f"static/{path.relative_to(static_dir).as_posix()}"


def write_site(out_dir: Path, pages: Mapping[str, str], settings: Settings) -> Path:
    """Write `pages` and the static files into `out_dir`; the folders an earlier export wrote
    there are emptied first, so that no stale page or file stays."""
    if (out_dir / INDEX).is_file() and (out_dir / "static").is_dir():
        for folder in ("static", *EXERCISE_FOLDERS):
            shutil.rmtree(out_dir / folder, ignore_errors=True)
    for name, html in pages.items():
        (out_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (out_dir / name).write_text(html, encoding="utf-8")
    for name, text in HOST_FILES.items():
        (out_dir / name).write_text(text)
    for path, name in static_files(settings.static_dir):
        target = out_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return out_dir


def export_site(
    out_dir: Path, source: str, mode: str = DEFAULT_MODE, step: int | None = None,
    settings: Settings | None = None, exercises: Path | None = None,
) -> Path:  # fmt: skip
    """Write the site into `out_dir` (emptied first if it holds an earlier export)."""
    settings = settings or Settings()
    return write_site(out_dir, site_pages(settings, source, mode, step, exercises), settings)


# What static hosts read: GitHub Pages serves the files as they are (no Jekyll); Netlify and
# Cloudflare Pages send the CORS header the engine worker's opaque origin needs to read the
# site's files (docs/security.md; GitHub Pages sends it always).
HOST_FILES = {".nojekyll": "", "_headers": f"/*\n  {': '.join(CORS)}\n"}


@functools.lru_cache(maxsize=4)
def _static_zip(static_dir: Path, folder: str, version: float) -> bytes:
    """The static files of every export, zipped once (`version`: the vendor manifest's
    modification time, so a rebuilt static folder is zipped again)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name, text in HOST_FILES.items():
            archive.writestr(f"{folder}/{name}", text)
        for path, name in static_files(static_dir):
            stored = path.suffix in STORED_SUFFIXES
            archive.write(path, f"{folder}/{name}", zipfile.ZIP_STORED if stored else None)
    return buffer.getvalue()


def zip_site(pages: Mapping[str, str], settings: Settings, folder: str = "playground") -> bytes:
    """The site as a zip whose files sit in `folder/`: the static files' zip, made once, with
    the pages added (a copy and a few kilobytes of deflate each, not 15 MB)."""
    manifest = settings.vendor_manifest
    version = manifest.stat().st_mtime if manifest.is_file() else 0.0
    buffer = io.BytesIO(_static_zip(settings.static_dir, folder, version))
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name, html in pages.items():
            archive.writestr(f"{folder}/{name}", html)
    return buffer.getvalue()


def export_zip(
    source: str, mode: str = DEFAULT_MODE, step: int | None = None,
    settings: Settings | None = None, folder: str = "playground", exercises: Path | None = None,
) -> bytes:  # fmt: skip
    """The same site as a zip archive whose files sit in `folder/`."""
    settings = settings or Settings()
    return zip_site(site_pages(settings, source, mode, step, exercises), settings, folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m app.export", description=__doc__.split("\n")[0]
    )
    parser.add_argument("out_dir", type=Path, metavar="OUT_DIR", help="folder to write the site to")
    parser.add_argument(
        "--src",
        type=Path,
        metavar="FILE",
        help="the program, a text file in the playground's language ('-': stdin); required "
        "unless --exercises is given (then by default the playground's own first program)",
    )
    parser.add_argument("--mode", choices=MODES, default=DEFAULT_MODE)
    parser.add_argument(
        "--step",
        type=int,
        default=None,
        help="backward steps already run when the page opens (default 0)",
    )
    parser.add_argument(
        "--exercises",
        type=Path,
        metavar="DIR",
        help="a folder of exercise files (docs/exercises.md): the site also holds its chapter, "
        "learn/index.html, each exercise at learn/ID.html and its embed at embed/ID.html",
    )
    parser.add_argument("--zip", action="store_true", help="also write OUT_DIR.zip")
    args = parser.parse_args(argv)  # fmt: skip
    if args.src is None and args.exercises is None:
        parser.error("the following arguments are required: --src (or --exercises)")
    if args.src is None:
        source = DEFAULT_SOURCE
    elif str(args.src) == "-":
        source = sys.stdin.read()
    else:
        source = args.src.read_text(encoding="utf-8")
    settings = Settings.from_env()  # PLAYGROUND_STATIC_DIR, PLAYGROUND_DOT, … as for the server
    try:
        pages = site_pages(settings, source, args.mode, args.step, args.exercises)
    except ExportError as error:
        print(f"export: {error}", file=sys.stderr)
        return 1
    out_dir = write_site(args.out_dir, pages, settings)
    if args.zip:
        archive = out_dir.with_name(out_dir.name + ".zip")
        archive.write_bytes(zip_site(pages, settings, folder=out_dir.name))
    size = sum(p.stat().st_size for p in out_dir.rglob("*") if p.is_file())
    print(f"export: wrote {out_dir} ({size / 1e6:.1f} MB); serve it with any static file server")
    return 0


if __name__ == "__main__":
    sys.exit(main())
