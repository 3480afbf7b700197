"""The pages: the playground, its embeddable variant, the exercises (app/exercise_pages.py),
and a health check."""

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from app.early_python import starts_at_load, template_context
from app.engine_runs import client_address
from app.exercise_pages import (
    chapter_context,
    chapter_or_404,
    exercise_context,
    exercise_data,
    exercise_options,
    served_href,
)
from app.exercises.chapter import Chapter
from app.exercises.exercise import Exercise
from app.first_paint import first_svg
from app.module_graph import page_scripts
from app.page_context import page_context
from app.page_data import (
    BUSY,
    Page,
    build_page,
    deferred_page,
    program_query,
    read_manifest,
)
from app.page_options import PageOptions, page_options
from app.presets import DEFAULT_SOURCE
from app.settings import Settings
from app.social import LinkPreview, link_preview
from app.what_if import values_problem

router = APIRouter()


def _url(path: str, query: str) -> str:
    return f"{path}?{query}" if query else path


def _page_and_preview(
    request: Request,
    options: PageOptions,
    manifest: dict[str, str],
    settings: Settings,
    exercise: dict[str, Any] | None,
) -> tuple[Page, LinkPreview | None]:
    """The page's run and its link preview (whose title parses the program): engine work."""
    page = build_page(options, manifest, settings, exercise=exercise)
    # An exercise's page is named by its title (templates/exercise.html), not its starter's.
    return page, None if exercise else link_preview(request, options)


async def render(
    request: Request,
    template: str,
    embed: bool,
    exercise: tuple[Chapter, Exercise] | None = None,
) -> Response:
    """The playground page from `template`; with `exercise`, that exercise's page (its starter
    in the editor, its panel beside)."""
    settings = request.app.state.settings
    problem = values_problem(request.query_params.get("values"))
    if problem:
        return PlainTextResponse(problem, status_code=400)
    # A fresh nonce per response for the editor's <style> elements (app/headers.py adds it to
    # this response's CSP); the page passes it to CodeMirror (EditorView.cspNonce).
    request.state.csp_nonce = secrets.token_urlsafe(18)
    options = page_options(request.query_params, embed=embed)
    data = None
    if exercise is not None:  # the exercise's starter, in an editor with its controls
        options = exercise_options(options, exercise[1])
        data = exercise_data(*exercise)
    manifest = read_manifest(settings.vendor_manifest)
    client = client_address(request)
    engine = request.app.state.engine
    preview = None  # the title names the program's output: no preview without the run
    with engine.share(client, len(options.source)) as refusal:
        if refusal is None:
            page, preview = await engine.run(
                client,
                _page_and_preview,
                request,
                options,
                manifest,
                settings,
                data,
                size=len(options.source),
            )
        else:  # past this address's (or the server's) share of Python: the browser runs it
            page = deferred_page(options, manifest, BUSY, settings, exercise=data)
    shown = options.source if page.result["ok"] else DEFAULT_SOURCE  # else: the fallback
    image_url: str | None = _url("/graph.svg", program_query(shown, options.mode, options.step))
    if len(image_url) > settings.max_request_bytes:
        image_url = None  # the noscript image would be refused; the page says so instead
    svg = None
    if not page.deferred:
        svg = await first_svg(
            request.app.state.dot,
            page.fallback or page.result,
            page.step,
            budget=settings.first_paint_wait,
            client=client,
            disconnected=request.is_disconnected,
        )
    context = page_context(
        page,
        options,
        settings,
        svg,
        csp_nonce=request.state.csp_nonce,
        image_url=image_url,
        playground_url=_url("/", program_query(options.source, options.mode, options.step)),
        preview=preview,
    )
    if exercise is not None:
        context |= exercise_context(*exercise, served_href)
    starts = starts_at_load(manifest, options.starts_at_end, bool(svg), page.python, page.deferred)
    context |= template_context(manifest, starts)
    return request.app.state.templates.TemplateResponse(request, template, context)


@router.get("/", response_class=HTMLResponse)
async def index(request: Request) -> Response:
    return await render(request, "index.html", embed=False)


@router.get("/embed", response_class=HTMLResponse)
async def embed(request: Request) -> Response:
    """The embeddable page; `?exercise=ID`, that exercise (unknown: 404)."""
    exercise_id = request.query_params.get("exercise")
    exercise = None if exercise_id is None else chapter_or_404(request, exercise_id)
    return await render(request, "embed.html", embed=True, exercise=exercise)


@router.get("/learn", response_class=HTMLResponse)
async def chapter_page(request: Request) -> Response:
    """The chapter: each exercise, its state in this browser filled in by the page's script."""
    chapter: Chapter = request.app.state.chapter
    context = chapter_context(chapter, served_href)
    context["scripts"] = page_scripts(request.app.state.settings.static_dir)
    return request.app.state.templates.TemplateResponse(request, "learn.html", context)


@router.get("/learn/{exercise_id}", response_class=HTMLResponse)
async def exercise_page(request: Request, exercise_id: str) -> Response:
    exercise = chapter_or_404(request, exercise_id)
    return await render(request, "exercise.html", embed=False, exercise=exercise)


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}
