"""GET /graph.svg and /graph.png: the graph drawn on the server, for `<img>` on course sites,
`<noscript>` and link previews.

Same DOT as the page (engine.record.dot, same node ids), with each record's grad as it is after
`step` backward steps; no JavaScript, so it works wherever an image does.

A Python program is never run on the server (docs/security.md): for one, the image is a note
that says so (a well-formed link still gets a picture, never an error).

Before `dot` runs, `engine.record.layout_choice` estimates its time: a graph over the budget is
drawn with
dot's fastest attributes if that brings it under, and refused (422, with the estimate) if not.
"""

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.dot import EXPENSIVE, PNG, SVG, DotError
from app.engine_runs import Refused, client_address
from app.page_data import clamp_step
from app.page_options import parse_int
from app.presets import DEFAULT_SOURCE
from app.titles import is_python_error
from engine import ExpressionError, parse, trace
from engine.record.dot import dot_source
from engine.record.graph_record import grad_texts_at
from engine.record.layout_choice import FAST_ATTRIBUTES, layout_cost
from engine.record.tracing import DEFAULT_MODE, MODES

router = APIRouter()

IMAGE_CACHE = "public, max-age=3600"  # a pure function of the URL, but the engine may improve
PYTHON_NOTE = (
    "This program is Python: it runs in the reader's browser.",
    "Open the link to see its graph.",
)


def note_dot(lines: tuple[str, ...] = PYTHON_NOTE) -> str:
    """A picture of a few lines of text, drawn by dot like a graph (so SVG and PNG alike)."""
    label = "\\n".join(line.replace("\\", "\\\\").replace('"', '\\"') for line in lines)
    return (
        "digraph {\n\tgraph [bgcolor=white pad=0.3]\n"
        f'\tnote [label="{label}\\n" shape=plaintext fontname=Helvetica fontsize=18]\n}}\n'
    )


def graph_dot(source: str, mode: str = DEFAULT_MODE, step: int | None = None) -> tuple[str, dict]:
    """DOT source of the program's graph at `step` (None: after the whole backward pass), and
    the program's record."""
    record = trace(parse(source), mode)
    step = clamp_step(step, len(record["backward"]))
    # Constants drawn as their number alone, as the page draws them (static/js/graph/record-dot.js).
    dot = dot_source(record, grad_texts=grad_texts_at(record, step))
    return dot, record


def with_fast_layout(dot_source: str) -> str:
    """The same graph with dot's cheapest layout attributes (root graph attributes apply to the
    whole graph wherever they are set, and the last setting wins)."""
    attributes = " ".join(f"{name}={value}" for name, value in FAST_ATTRIBUTES.items())
    end = dot_source.rstrip().rfind("}")
    return f"{dot_source[:end]}\tgraph [{attributes}]\n}}\n"


def _bad_request(message: str, status: int = 400) -> PlainTextResponse:
    return PlainTextResponse(message, status_code=status)


async def drawing(
    request: Request, src: str, mode: str = DEFAULT_MODE, step: int | None = None
) -> tuple[str, bool]:
    """The DOT to draw for the program (its graph, or for a Python program the note), and
    whether its layout is expensive, within the client's and the server's share of engine time
    and the cost model's budget; raises Refused."""
    engine = request.app.state.engine
    try:
        dot_text, record = await engine.run_in_share(
            client_address(request), graph_dot, src, mode, step, size=len(src)
        )
    except ExpressionError as error:
        if not is_python_error(src, error):
            raise Refused(400, f"The program has an error: {error}") from None
        return note_dot(), False
    settings = request.app.state.settings
    cost = layout_cost(record)
    fast = cost.prefers_fast(settings.dot_budget)
    if cost.seconds(fast) > settings.dot_budget:
        raise Refused(
            422,
            f"This graph ({cost.drawn:,} nodes, {cost.edges:,} edges, up to {cost.max_degree} "
            f"at one node) would take about {cost.seconds(fast):.1f} s to lay out; this server "
            f"draws graphs that take at most {settings.dot_budget:g} s. Open it in the "
            "playground, which lays it out in your browser.",
        )
    if fast:
        dot_text = with_fast_layout(dot_text)
    return dot_text, cost.seconds(fast) > EXPENSIVE


async def render(
    request: Request, dot_text: str, output: tuple[str, ...], expensive: bool = False
) -> bytes:
    """`dot_text` drawn by the app's one dot renderer (dot's caps); raises Refused."""
    try:
        return await request.app.state.dot.render(
            dot_text,
            output,
            client=client_address(request),
            disconnected=request.is_disconnected,
            expensive=expensive,
        )
    except DotError as error:
        headers = {} if error.retry_after is None else {"Retry-After": str(error.retry_after)}
        raise Refused(error.status, str(error), headers) from None


async def draw(
    request: Request, kind: str, src: str, mode: str = DEFAULT_MODE, step: int | None = None
) -> bytes:
    """The graph as an SVG or PNG (`kind`); raises Refused. /graph.svg, /graph.png and the
    link preview's card (app.card_image) all draw through here."""
    dot_text, expensive = await drawing(request, src, mode, step)
    return await render(request, dot_text, SVG if kind == "svg" else PNG, expensive)


@router.get("/graph.svg", response_class=Response)
async def graph_svg(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = DEFAULT_MODE, step: str | None = None
) -> Response:
    return await _image(request, "svg", src, mode, step)


@router.get("/graph.png", response_class=Response)
async def graph_png(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = DEFAULT_MODE, step: str | None = None
) -> Response:
    """The same graph as a PNG (at most 24 x 24 in): the picture of link previews."""
    return await _image(request, "png", src, mode, step)


async def _image(request: Request, kind: str, src: str, mode: str, step: str | None) -> Response:
    if mode not in MODES:
        return _bad_request(f"mode must be one of {', '.join(MODES)}, not {mode[:40]!r}")
    step_number = parse_int(step)
    if step is not None and step_number is None:
        return _bad_request(f"step must be a whole number, like step=3, not {step[:40]!r}")
    try:
        image = await draw(request, kind, src, mode, step_number)
    except Refused as refused:
        return refused.response()
    media_type = "image/svg+xml" if kind == "svg" else "image/png"
    return Response(image, media_type=media_type, headers={"Cache-Control": IMAGE_CACHE})
