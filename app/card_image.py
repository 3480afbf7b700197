"""GET /card.png: the picture of a link preview (Open Graph, Twitter cards, oEmbed's thumbnail),
on the canvas those cards use: 1200 x 630 px, white, with the graph (or, for a Python program,
the note that says why it is not drawn here) fitted inside with margins.

dot lays the graph out once (the SVG /graph.svg serves, from the renderer's cache when it has
it); its size then sets the zoom of dot's `viewport`, which fixes the canvas to the pixel.
"""

import re

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.dot import SVG
from app.engine_runs import Refused
from app.graph_image import IMAGE_CACHE, drawing, render
from app.page_options import parse_int
from app.presets import DEFAULT_SOURCE
from engine.record.tracing import DEFAULT_MODE, MODES

router = APIRouter()

CARD = (1200, 630)  # px: Open Graph's and Twitter's large card
MARGIN = (60, 45)  # px on each side, left/right and top/bottom
MAX_ZOOM = 3.0  # a tiny graph is not blown up past this
_SIZE = re.compile(rb'<svg width="([0-9.]+)pt" height="([0-9.]+)pt"')


def card_dot(dot_text: str, svg: bytes) -> str:
    """`dot_text` with the attributes that draw it on the card: at 72 dpi a point is a pixel,
    so the viewport is the card, and the zoom fits the drawing's size (from its SVG)."""
    found = _SIZE.search(svg)
    width, height = (float(found[1]), float(found[2])) if found else CARD
    zoom = min(
        (CARD[0] - 2 * MARGIN[0]) / max(width, 1),
        (CARD[1] - 2 * MARGIN[1]) / max(height, 1),
        MAX_ZOOM,
    )
    attributes = (
        f'dpi=72 size="1000,1000" pad=0 bgcolor=white viewport="{CARD[0]},{CARD[1]},{zoom:.4f}"'
    )
    end = dot_text.rstrip().rfind("}")  # root graph attributes: the last setting wins
    return f"{dot_text[:end]}\tgraph [{attributes}]\n}}\n"


@router.get("/card.png", response_class=Response)
async def card_png(
    request: Request, src: str = DEFAULT_SOURCE, mode: str = DEFAULT_MODE, step: str | None = None
) -> Response:
    if mode not in MODES:
        return PlainTextResponse(f"mode must be one of {', '.join(MODES)}", status_code=400)
    step_number = parse_int(step)
    if step is not None and step_number is None:
        return PlainTextResponse(f"step must be a whole number, not {step[:40]!r}", 400)
    try:
        dot_text, expensive = await drawing(request, src, mode, step_number)
        svg = await render(request, dot_text, SVG, expensive)
        png = await render(request, card_dot(dot_text, svg), ("-Tpng",), expensive)
    except Refused as refused:
        return refused.response()
    return Response(png, media_type="image/png", headers={"Cache-Control": IMAGE_CACHE})
