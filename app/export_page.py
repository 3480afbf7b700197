"""One page of a static export (app/export.py): the page a template renders, as a static host
will serve it, with no server behind it.

A static host sends no headers, so the Content-Security-Policy comes as a `<meta>` (all of it
but frame-ancestors, which only works as a header). Every URL is relative to the page, so the
site works from any folder of any host (https://user.github.io/course/): the site's files are
`static/…` from its index.html and `../static/…` from a page one folder down (`root`). The
page has no server to ask for a run, an embed snippet or a download (`exported=True` leaves
those out; app/page_data.py `served`).
"""

import asyncio
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from app.assets import ROOT
from app.dot import DotRenderer
from app.early_python import starts_at_load, template_context
from app.first_paint import first_svg
from app.headers import CSP_BASE
from app.page_context import page_context
from app.page_data import Page, build_page, read_manifest
from app.page_options import PageOptions
from app.settings import Settings
from engine.record.tracing import DEFAULT_MODE, MODES

_ROOT_URL = re.compile(r'((?:href|src|data-worker)=")/static/')


class ExportError(Exception):
    """The export cannot be made (a missing vendor folder, an invalid program or exercise);
    `status` is the HTTP status that fits."""

    def __init__(self, message: str, status: int = 503):
        super().__init__(message)
        self.status = status


def relative_manifest(manifest: dict[str, str], root: str = "") -> dict[str, str]:
    """static/vendor/manifest.json's URLs relative to a page whose way to the site's root is
    `root` ("" for index.html, "../" one folder down)."""
    return {key: root + url.removeprefix("/") for key, url in manifest.items()}


@dataclass(frozen=True)
class ExportPage:
    """A page of an export before its graph is laid out; `root`: its way to the site's root."""

    options: PageOptions
    page: Page
    manifest: dict[str, str]
    root: str = ""


def export_page(settings: Settings, source: str, mode: str, step: int | None) -> ExportPage:
    """The program's run, as the exported index.html inlines it (Python engine work: run it on
    an engine thread)."""
    options = PageOptions(source=source, mode=mode if mode in MODES else DEFAULT_MODE, step=step)
    return prepare_page(settings, options)


def prepare_page(
    settings: Settings,
    options: PageOptions,
    root: str = "",
    exercise: dict[str, Any] | None = None,
) -> ExportPage:
    """The page for `options` (with `exercise`: an exercise's page, app/exercise_pages.py
    exercise_data), `root` away from the site's root."""
    manifest = read_manifest(settings.vendor_manifest)
    if not manifest:
        raise ExportError(f"{settings.vendor_manifest} is missing: run scripts/setup.sh first")
    vendor = relative_manifest(manifest, root)
    page = build_page(options, vendor, settings, served=False, exercise=exercise)
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
    return ExportPage(options, page, manifest, root)


@functools.cache
def environment(templates_dir: Path) -> Environment:
    """The server's templates, rendered without a server (no request, no nonce)."""
    return Environment(loader=FileSystemLoader(templates_dir), autoescape=select_autoescape())


def page_html(
    settings: Settings,
    exported: ExportPage,
    svg: Markup | None,
    template: str = "index.html",
    **context: Any,
) -> str:
    """The page from `template` with its laid-out graph `svg` (or None: the browser lays it
    out), as a static host will serve it; `context` adds to (or replaces) the playground's."""
    options, page, manifest = exported.options, exported.page, exported.manifest
    starts = starts_at_load(manifest, options.starts_at_end, bool(svg), page.python, page.deferred)
    playground = page_context(
        page,
        options,
        settings,
        svg,
        image_url=None,
        playground_url="",
        preview=None,
        exported=True,  # no Embed dialog, "Copy link" or server downloads
        **template_context(relative_manifest(manifest, exported.root), starts),
    )
    return render(settings, template, exported.root, **(playground | context))


def render(settings: Settings, template: str, root: str = "", **context: Any) -> str:
    """`template` rendered with `context`, made static: the CSP as a `<meta>`, and the URLs
    of static/ relative to a page `root` away from the site's root."""
    context = {"assets": ROOT, **context}  # unversioned: a static host sends its own caching
    html = environment(settings.templates_dir).get_template(template).render(**context)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CSP_BASE}">'
    html = html.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n  {meta}', 1)
    return _ROOT_URL.sub(rf"\1{root}static/", html)


def laid_out_html(
    settings: Settings, exported: ExportPage, template: str = "index.html", **context: Any
) -> str:
    """The page with its graph laid out the command line's way (dot may take its full
    timeout)."""
    dot = DotRenderer(settings.dot_binary, settings.dot_timeout, 1)
    page = exported.page
    svg = asyncio.run(first_svg(dot, page.result, page.step, budget=settings.dot_timeout))
    return page_html(settings, exported, svg, template, **context)


def render_page(settings: Settings, source: str, mode: str, step: int | None) -> str:
    """index.html for `source`."""
    return laid_out_html(settings, export_page(settings, source, mode, step))
