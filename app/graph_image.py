"""GET /graph.svg and /graph.png: the graph drawn on the server, for `<img>` on course sites,
`<noscript>` and link previews.

Same DOT as the page (engine.dot, same node ids), with each record's grad as it is after
`step` backward steps; no JavaScript, so it works wherever an image does.
"""

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.dot import DotError
from app.page_data import clamp_step, parse_int
from app.presets import DEFAULT_SOURCE
from engine import ExpressionError, parse, trace
from engine.dot import dot_source
from engine.record import grad_texts_at
from engine.tracing import MODES

router = APIRouter()

IMAGE_CACHE = "public, max-age=3600"  # a pure function of the URL, but the engine may improve


def graph_dot(source: str, mode: str = "correct", step: int | None = None) -> str:
    """DOT source of the program's graph at `step` (None: after the whole backward pass)."""
    record = trace(parse(source), mode)
    step = clamp_step(step, len(record["backward"]))
    return dot_source(record, grad_texts=grad_texts_at(record, step), name_unlabelled=False)


def _bad_request(message: str) -> PlainTextResponse:
    return PlainTextResponse(message, status_code=400)


@router.get("/graph.svg", response_class=Response)
def graph_svg(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = "correct", step: str | None = None
) -> Response:
    """A sync route: FastAPI runs it on a worker thread, so `dot` never blocks the event loop."""
    return _image(request.app.state.dot.svg, "image/svg+xml", src, mode, step)


@router.get("/graph.png", response_class=Response)
def graph_png(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = "correct", step: str | None = None
) -> Response:
    """The same graph as a PNG: link previews (Open Graph, oEmbed thumbnails) want a bitmap."""
    return _image(request.app.state.dot.png, "image/png", src, mode, step)


def _image(render, media_type: str, src: str, mode: str, step: str | None) -> Response:
    if mode not in MODES:
        return _bad_request(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    step_number = parse_int(step)
    if step is not None and step_number is None:
        return _bad_request(f"step must be a whole number, like step=3, not {step[:40]!r}")
    try:
        dot_source = graph_dot(src, mode, step_number)
    except ExpressionError as error:
        return _bad_request(f"The program has an error: {error}")
    try:
        image = render(dot_source)
    except DotError as error:
        return PlainTextResponse(str(error), status_code=error.status)
    return Response(image, media_type=media_type, headers={"Cache-Control": IMAGE_CACHE})
