"""Downloads the page offers that are made on the server: the program as a `.py` (engine or
micrograd) and as a Jupyter notebook, and the whole page as a static website (a zip).

Each is engine work (parsing, a run, zipping) on the engine's threads within the client's and
the server's share (app.engine_runs), and the website's graph is laid out by the app's one
`dot` renderer, under the first paint's cost model and its caps.

The SVG, PNG, DOT and record downloads are made in the page from what is on screen
(static/js/graph/downloads.js), so they also work in a static export.

A program in full Python is never run here (docs/security.md): its `.py` is its source as the
learner wrote it, its notebook that source after what its imports need (app.program_code), and
its website runs it in the reader's browser, as the page does.
"""

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.engine_runs import Refused, client_address
from app.export import INDEX, zip_site
from app.export_page import ExportError, export_page, page_html
from app.first_paint import first_svg
from app.page_options import parse_int
from app.presets import DEFAULT_SOURCE
from app.program_code import DoesNotFit, notebook_json, python_file
from app.titles import is_python_error
from engine import ExpressionError, parse
from engine.record.tracing import DEFAULT_MODE, MODES

router = APIRouter(prefix="/download")
PYTHON_MICROGRAD = (
    "This program is Python already: Download Python saves it as you wrote it "
    "(it is not translated for micrograd)."
)


def _attachment(body: bytes | str, media_type: str, filename: str) -> Response:
    disposition = f'attachment; filename="{filename}"'
    return Response(body, media_type=media_type, headers={"Content-Disposition": disposition})


def _check(src: str, mode: str) -> bool:
    """Whether the program is full Python (the reader's browser runs it); raises Refused (a
    400 that says why) for what the page's own rules refuse."""
    if mode not in MODES:
        raise Refused(400, f"mode must be one of {', '.join(MODES)}, not {mode[:40]!r}")
    try:
        parse(src)
    except ExpressionError as error:
        if is_python_error(src, error):
            return True
        raise Refused(400, f"The program has an error: {error}") from None
    return False


async def _engine(request: Request, src: str, function: Callable[..., Any], *args: Any) -> Any:
    """`function(*args)` on an engine thread, within the shares; raises Refused."""
    engine = request.app.state.engine
    return await engine.run_in_share(client_address(request), function, *args, size=len(src))


def _program_py(src: str, mode: str, variant: str) -> Response:
    python = _check(src, mode)
    if variant not in ("engine", "micrograd"):
        problem = f"variant must be engine or micrograd, not {variant[:40]!r}"
        return PlainTextResponse(problem, status_code=400)
    if python and variant == "micrograd":
        return PlainTextResponse(PYTHON_MICROGRAD, status_code=400)
    if python:
        return _attachment(src, "text/x-python; charset=utf-8", "program.py")
    try:
        code = python_file(src, mode, micrograd=variant == "micrograd")
    except DoesNotFit as error:
        return PlainTextResponse(f"This program does not fit micrograd: {error}", 400)
    name = "playground_micrograd.py" if variant == "micrograd" else "playground.py"
    return _attachment(code, "text/x-python; charset=utf-8", name)


def _program_ipynb(src: str, mode: str) -> Response:
    python = _check(src, mode)
    notebook = notebook_json(src, mode, python=python)
    return _attachment(notebook, "application/x-ipynb+json", "playground.ipynb")


@router.get("/program.py")
async def program_py(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = DEFAULT_MODE, variant: str = "engine"
) -> Response:
    try:
        return await _engine(request, src, _program_py, src, mode, variant)
    except Refused as refused:
        return refused.response()


@router.get("/program.ipynb")
async def program_ipynb(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = DEFAULT_MODE
) -> Response:
    try:
        return await _engine(request, src, _program_ipynb, src, mode)
    except Refused as refused:
        return refused.response()


@router.get("/website.zip")
async def website_zip(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = DEFAULT_MODE, step: str | None = None
) -> Response:
    settings = request.app.state.settings

    def prepare():
        _check(src, mode)
        return export_page(settings, src, mode, parse_int(step))

    try:
        exported = await _engine(request, src, prepare)
        page = exported.page
        svg = await first_svg(
            request.app.state.dot,
            page.result,
            page.step,
            budget=settings.dot_budget,
            client=client_address(request),
            disconnected=request.is_disconnected,
        )
        archive = await _engine(
            request, src, lambda: zip_site({INDEX: page_html(settings, exported, svg)}, settings)
        )
    except Refused as refused:
        return refused.response()
    except ExportError as error:
        return PlainTextResponse(str(error), status_code=error.status)
    return _attachment(archive, "application/zip", "playground.zip")
