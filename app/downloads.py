"""Downloads the page offers that are made on the server: the program as a `.py` (engine or
micrograd) and as a Jupyter notebook, and the whole page as a static website (a zip).

The SVG, PNG, DOT and record downloads are made in the page from what is on screen
(static/js/downloads.js), so they also work in a static export.
"""

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.export import ExportError, export_zip
from app.page_data import parse_int
from app.presets import DEFAULT_SOURCE
from app.program_code import DoesNotFit, notebook_json, python_file
from engine import ExpressionError, parse
from engine.tracing import MODES

router = APIRouter(prefix="/download")


def _attachment(body: bytes | str, media_type: str, filename: str) -> Response:
    disposition = f'attachment; filename="{filename}"'
    return Response(body, media_type=media_type, headers={"Content-Disposition": disposition})


def _check(src: str, mode: str) -> str | None:
    """Why this program cannot be downloaded, or None: the page's own rules come first."""
    if mode not in MODES:
        return f"mode must be one of {', '.join(MODES)}, not {mode!r}"
    try:
        parse(src)
    except ExpressionError as error:
        return f"The program has an error: {error}"
    return None


@router.get("/program.py")
def program_py(src: str = DEFAULT_SOURCE, mode: str = "correct", variant: str = "engine"):
    problem = _check(src, mode)
    if problem is None and variant not in ("engine", "micrograd"):
        problem = f"variant must be engine or micrograd, not {variant!r}"
    if problem:
        return PlainTextResponse(problem, status_code=400)
    try:
        code = python_file(src, mode, micrograd=variant == "micrograd")
    except DoesNotFit as error:
        return PlainTextResponse(f"This program does not fit micrograd: {error}", 400)
    name = "playground_micrograd.py" if variant == "micrograd" else "playground.py"
    return _attachment(code, "text/x-python; charset=utf-8", name)


@router.get("/program.ipynb")
def program_ipynb(src: str = DEFAULT_SOURCE, mode: str = "correct"):
    problem = _check(src, mode)
    if problem:
        return PlainTextResponse(problem, status_code=400)
    return _attachment(notebook_json(src, mode), "application/x-ipynb+json", "playground.ipynb")


@router.get("/website.zip")
def website_zip(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = "correct", step: str | None = None
):
    """Sync: zipping ~15 MB of vendor files takes about a second, on a worker thread."""
    problem = _check(src, mode)
    if problem:
        return PlainTextResponse(problem, status_code=400)
    try:
        archive = export_zip(src, mode, parse_int(step), request.app.state.settings)
    except ExportError as error:
        return PlainTextResponse(str(error), status_code=503)
    return _attachment(archive, "application/zip", "playground.zip")
