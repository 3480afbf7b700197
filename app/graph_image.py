"""GET /graph.svg and /graph.png: the graph drawn on the server, for `<img>` on course sites,
`<noscript>` and link previews.

Same DOT as the page (engine.dot, same node ids), with each record's grad as it is after
`step` backward steps; no JavaScript, so it works wherever an image does.

Before `dot` runs, `engine.layout_choice` estimates its time: a graph over the budget is drawn with
dot's fastest attributes if that brings it under, and refused (422, with the estimate) if not.
"""

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.dot import EXPENSIVE, DotError
from app.engine_runs import client_address
from app.page_data import clamp_step, parse_int
from app.presets import DEFAULT_SOURCE
from engine import ExpressionError, parse, trace
from engine.dot import dot_source
from engine.layout_choice import FAST_ATTRIBUTES, layout_cost
from engine.record import grad_texts_at
from engine.tracing import MODES

router = APIRouter()

IMAGE_CACHE = "public, max-age=3600"  # a pure function of the URL, but the engine may improve


def graph_dot(source: str, mode: str = "correct", step: int | None = None) -> tuple[str, dict]:
    """DOT source of the program's graph at `step` (None: after the whole backward pass), and
    the program's record."""
    record = trace(parse(source), mode)
    step = clamp_step(step, len(record["backward"]))
    dot = dot_source(record, grad_texts=grad_texts_at(record, step), name_unlabelled=False)
    return dot, record


def with_fast_layout(dot_source: str) -> str:
    """The same graph with dot's cheapest layout attributes (root graph attributes apply to the
    whole graph wherever they are set, and the last setting wins)."""
    attributes = " ".join(f"{name}={value}" for name, value in FAST_ATTRIBUTES.items())
    end = dot_source.rstrip().rfind("}")
    return f"{dot_source[:end]}\tgraph [{attributes}]\n}}\n"


def _bad_request(message: str, status: int = 400) -> PlainTextResponse:
    return PlainTextResponse(message, status_code=status)


@router.get("/graph.svg", response_class=Response)
async def graph_svg(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = "correct", step: str | None = None
) -> Response:
    return await _image(request, "svg", src, mode, step)


@router.get("/graph.png", response_class=Response)
async def graph_png(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = "correct", step: str | None = None
) -> Response:
    """The same graph as a PNG (at most 24 x 24 in): the picture of link previews."""
    return await _image(request, "png", src, mode, step)


async def _image(request: Request, kind: str, src: str, mode: str, step: str | None) -> Response:
    if mode not in MODES:
        return _bad_request(f"mode must be one of {', '.join(MODES)}, not {mode[:40]!r}")
    step_number = parse_int(step)
    if step is not None and step_number is None:
        return _bad_request(f"step must be a whole number, like step=3, not {step[:40]!r}")
    client = client_address(request)
    engine = request.app.state.engine
    with engine.share(client) as allowed:
        if not allowed:
            return PlainTextResponse(
                "You are already drawing other graphs on this server; try again in a moment.",
                status_code=429,
                headers={"Retry-After": "1"},
            )
        try:
            dot_text, record = await engine.run(client, graph_dot, src, mode, step_number)
        except ExpressionError as error:
            return _bad_request(f"The program has an error: {error}")
    settings = request.app.state.settings
    cost = layout_cost(record)
    fast = cost.prefers_fast(settings.dot_budget)
    if cost.seconds(fast) > settings.dot_budget:
        return _bad_request(
            f"This graph ({cost.drawn:,} nodes, {cost.edges:,} edges, up to {cost.max_degree} "
            f"at one node) would take about {cost.seconds(fast):.1f} s to lay out; this server "
            f"draws graphs that take at most {settings.dot_budget:g} s. Open it in the "
            "playground, which lays it out in your browser.",
            status=422,
        )
    if fast:
        dot_text = with_fast_layout(dot_text)
    try:
        render = request.app.state.dot.svg if kind == "svg" else request.app.state.dot.png
        image = await render(
            dot_text,
            client=client,
            disconnected=request.is_disconnected,
            expensive=cost.seconds(fast) > EXPENSIVE,
        )
    except DotError as error:
        headers = {} if error.retry_after is None else {"Retry-After": str(error.retry_after)}
        return PlainTextResponse(str(error), status_code=error.status, headers=headers)
    media_type = "image/svg+xml" if kind == "svg" else "image/png"
    return Response(image, media_type=media_type, headers={"Cache-Control": IMAGE_CACHE})
