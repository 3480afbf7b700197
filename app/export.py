"""A static copy of the playground for one program: a folder (or zip) that runs from any static
host (GitHub Pages, a course's web space, `python -m http.server`) with no server behind it.

    .venv/bin/python -m app.export OUT_DIR --src FILE [--mode MODE] [--step N] [--zip]

The folder holds index.html (the program's first run and its graph already laid out by `dot`,
so stepping works before Python), our CSS and JS, and static/vendor (Pyodide, Graphviz WASM,
the engine), so editing works once Python has booted in the reader's browser. Every URL in it
is relative, so it works from a sub-path such as https://user.github.io/course/.
"""

import argparse
import asyncio
import functools
import io
import re
import shutil
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from app.assets import ROOT
from app.dot import DotRenderer
from app.early_python import starts_at_load, template_context
from app.first_paint import first_svg
from app.headers import CORS, CSP_BASE
from app.module_graph import page_scripts
from app.page_data import MODE_LABELS, MOONS, Page, build_page, read_manifest
from app.page_options import SPEEDS, THEMES, PageOptions, descent_fields
from app.presets import PRESETS
from app.settings import Settings
from engine.record.tracing import DEFAULT_MODE, MODES

COPIED = ("css", "js", "vendor")  # the folders of static/ that the page loads
SKIPPED_SUFFIXES = (".gz", ".br")  # precompressed copies: a static host serves the originals
_ROOT_URL = re.compile(r'((?:href|src|data-worker)=")/static/')
# Files that are compressed already gain nothing from deflate, and cost the most time.
STORED_SUFFIXES = (".zip", ".whl", ".png")


class ExportError(Exception):
    """The export cannot be made (a missing vendor folder, an invalid program); `status` is
    the HTTP status that fits."""

    def __init__(self, message: str, status: int = 503):
        super().__init__(message)
        self.status = status


def relative_manifest(manifest: dict[str, str]) -> dict[str, str]:
    """static/vendor/manifest.json's URLs without the leading slash: relative to index.html."""
    return {key: url.removeprefix("/") for key, url in manifest.items()}


@dataclass(frozen=True)
class ExportPage:
    """The page of an export before its graph is laid out."""

    options: PageOptions
    page: Page
    manifest: dict[str, str]


def export_page(settings: Settings, source: str, mode: str, step: int | None) -> ExportPage:
    """The program's run, as the exported page inlines it (Python engine work: run it on an
    engine thread)."""
    manifest = read_manifest(settings.vendor_manifest)
    if not manifest:
        raise ExportError(f"{settings.vendor_manifest} is missing: run scripts/setup.sh first")
    options = PageOptions(source=source, mode=mode if mode in MODES else DEFAULT_MODE, step=step)
    page = build_page(options, relative_manifest(manifest), settings, served=False)
    if page.deferred:
        raise ExportError(
            f"This program's run is too big to put in a static page (over "
            f"{settings.max_page_data:,} bytes of data); download it as a .py or a notebook, "
            "or make it smaller",
            status=422,
        )
    if not page.result["ok"] and not page.python:  # a Python program runs in the browser
        error = page.result["error"]
        raise ExportError(
            f"line {error['line']}, column {error['col']}: {error['message']}", status=400
        )
    return ExportPage(options, page, manifest)


def page_html(settings: Settings, exported: ExportPage, svg: Markup | None) -> str:
    """index.html for the export with its laid-out graph `svg` (or None: the browser lays it
    out), with relative URLs, as a static host will serve it."""
    options, page, manifest = exported.options, exported.page, exported.manifest
    environment = Environment(
        loader=FileSystemLoader(settings.templates_dir), autoescape=select_autoescape()
    )
    starts = starts_at_load(manifest, False, bool(svg), page.python, page.deferred)
    html = environment.get_template("index.html").render(
        page=page,
        options=options,
        modes=MODE_LABELS,
        presets=PRESETS,
        speeds=SPEEDS,
        themes=THEMES,
        speed=options.step_ms,
        descent=descent_fields(options),
        moons=MOONS,
        image_url=None,
        first_svg=svg,
        playground_url="",
        preview=None,
        scripts=page_scripts(settings.static_dir),
        assets=ROOT,  # unversioned: a static host sends its own caching headers
        exported=True,
        **template_context(relative_manifest(manifest), starts),
    )
    # No server sends headers here; a <meta> CSP keeps the same rules (all but frame-ancestors,
    # which only works as a header).
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CSP_BASE}">'
    html = html.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n  {meta}', 1)
    return _ROOT_URL.sub(r"\1static/", html)


def render_page(settings: Settings, source: str, mode: str, step: int | None) -> str:
    """index.html for `source` (the command line's way: dot may take its full timeout)."""
    exported = export_page(settings, source, mode, step)
    dot = DotRenderer(settings.dot_binary, settings.dot_timeout, 1)
    page = exported.page
    svg = asyncio.run(first_svg(dot, page.result, page.step, budget=settings.dot_timeout))
    return page_html(settings, exported, svg)


def static_files(static_dir: Path) -> Iterator[tuple[Path, str]]:
    """(file, path inside the site) for every static file the page needs."""
    for folder in COPIED:
        for path in sorted((static_dir / folder).rglob("*")):
            if path.is_file() and not path.name.endswith(SKIPPED_SUFFIXES):
                yield path, f"static/{path.relative_to(static_dir).as_posix()}"


def export_site(
    out_dir: Path, source: str, mode: str = DEFAULT_MODE, step: int | None = None,
    settings: Settings | None = None,
) -> Path:  # fmt: skip
    """Write the site into `out_dir` (emptied first if it holds an earlier export)."""
    settings = settings or Settings()
    html = render_page(settings, source, mode, step)
    if (out_dir / "index.html").is_file() and (out_dir / "static").is_dir():
        shutil.rmtree(out_dir / "static")
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "index.html").write_text(html, encoding="utf-8")
    for name, text in HOST_FILES.items():
        (out_dir / name).write_text(text)
    for path, name in static_files(settings.static_dir):
        target = out_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return out_dir


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


def zip_site(html: str, settings: Settings, folder: str = "playground") -> bytes:
    """The site as a zip whose files sit in `folder/`: the static files' zip, made once, with
    this index.html added (a copy and a few kilobytes of deflate, not 15 MB)."""
    manifest = settings.vendor_manifest
    version = manifest.stat().st_mtime if manifest.is_file() else 0.0
    buffer = io.BytesIO(_static_zip(settings.static_dir, folder, version))
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        archive.writestr(f"{folder}/index.html", html)
    return buffer.getvalue()


def export_zip(
    source: str, mode: str = DEFAULT_MODE, step: int | None = None,
    settings: Settings | None = None, folder: str = "playground",
) -> bytes:  # fmt: skip
    """The same site as a zip archive whose files sit in `folder/`."""
    settings = settings or Settings()
    return zip_site(render_page(settings, source, mode, step), settings, folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m app.export", description=__doc__.split("\n")[0]
    )
    parser.add_argument("out_dir", type=Path, metavar="OUT_DIR", help="folder to write the site to")
    parser.add_argument(
        "--src",
        type=Path,
        required=True,
        metavar="FILE",
        help="the program, a text file in the playground's language ('-': stdin)",
    )
    parser.add_argument("--mode", choices=MODES, default=DEFAULT_MODE)
    parser.add_argument(
        "--step",
        type=int,
        default=None,
        help="backward steps already run when the page opens (default 0)",
    )
    parser.add_argument("--zip", action="store_true", help="also write OUT_DIR.zip")
    args = parser.parse_args(argv)  # fmt: skip
    source = sys.stdin.read() if str(args.src) == "-" else args.src.read_text(encoding="utf-8")
    settings = Settings.from_env()  # PLAYGROUND_STATIC_DIR, PLAYGROUND_DOT, … as for the server
    try:
        out_dir = export_site(args.out_dir, source, args.mode, args.step, settings)
        if args.zip:
            archive = out_dir.with_name(out_dir.name + ".zip")
            zipped = export_zip(source, args.mode, args.step, settings, folder=out_dir.name)
            archive.write_bytes(zipped)
    except ExportError as error:
        print(f"export: {error}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in out_dir.rglob("*") if p.is_file())
    print(f"export: wrote {out_dir} ({size / 1e6:.1f} MB); serve it with any static file server")
    return 0


if __name__ == "__main__":
    sys.exit(main())
