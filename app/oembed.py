"""Link previews and embedding helpers: GET /oembed (oembed.com, type "rich"), GET /embed-code
(the snippets the Embed dialog shows) and GET /embed.js (the host page's auto-height script).

A shared link to `/` or `/embed` on any host is accepted: the answer is always built from this
server's own origin and the link's query, never from the link's host, so it cannot be made to
point readers anywhere else.
"""

import struct
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from app.dot import DotError
from app.embed_code import WIDTH, EmbedCode, embed_code, frame_height, options_from_url
from app.graph_image import IMAGE_CACHE, graph_dot
from app.page_data import PageOptions, parse_int
from engine import ExpressionError

router = APIRouter()

PROVIDER = "Autograd playground"
HOST_SCRIPT_CACHE = "public, max-age=86400"  # a day: a fix reaches course pages soon enough


def origin(request: Request) -> str:
    """This server's base URL without the trailing slash (and with any root path)."""
    return str(request.base_url).rstrip("/")


def _not_ours(url: str) -> PlainTextResponse:
    return PlainTextResponse(f"not a playground URL (want / or /embed): {url[:200]!r}", 404)


@router.get("/embed-code", response_class=JSONResponse)
def embed_code_route(request: Request, url: str = "") -> Response:
    """The Embed dialog's snippets for a playground URL (the state and options on screen)."""
    options = options_from_url(url)
    if options is None:
        return _not_ours(url)
    return JSONResponse(embed_code(origin(request), options).to_json())


@router.get("/oembed", response_class=JSONResponse)
async def oembed(
    request: Request,
    url: str = "",
    format: str = "json",
    maxwidth: str | None = None,
    maxheight: str | None = None,
) -> Response:
    if format != "json":
        return PlainTextResponse("only format=json is offered", status_code=501)
    options = options_from_url(url)
    if options is None:
        return _not_ours(url)
    width, height = _fit(options, parse_int(maxwidth), parse_int(maxheight))
    code = embed_code(origin(request), options, width=str(width), height=height)
    answer: dict[str, str | int] = {
        "version": "1.0",
        "type": "rich",
        "provider_name": PROVIDER,
        "provider_url": origin(request) + "/",
        "title": code.title,
        "html": code.iframe,
        "width": width,
        "height": height,
        "cache_age": 3600,
    }
    answer |= await _thumbnail(request, options, code)
    return JSONResponse(answer, headers={"Cache-Control": IMAGE_CACHE})


def _fit(options: PageOptions, maxwidth: int | None, maxheight: int | None) -> tuple[int, int]:
    """The frame's size, shrunk to the consumer's limits (oEmbed: never larger than asked)."""
    height = frame_height(options)
    return max(min(WIDTH, maxwidth or WIDTH), 1), max(min(height, maxheight or height), 1)


async def _thumbnail(
    request: Request, options: PageOptions, code: EmbedCode
) -> dict[str, str | int]:
    """/graph.png's URL and size (oEmbed wants both), or nothing if it cannot be drawn."""
    try:
        dot, _ = graph_dot(options.source, options.mode, options.step)
        png = await request.app.state.dot.png(dot)
    except (ExpressionError, DotError):
        return {}
    width, height = png_size(png)
    return {"thumbnail_url": code.thumbnail_url, "thumbnail_width": width,
            "thumbnail_height": height}  # fmt: skip


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (bytes 16-24, big-endian)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


@router.get("/embed.js")
def host_script(request: Request) -> Response:
    path = Path(request.app.state.settings.static_dir) / "embed.js"
    if not path.is_file():
        raise HTTPException(404, "static/embed.js is missing")
    return FileResponse(
        path, media_type="text/javascript", headers={"Cache-Control": HOST_SCRIPT_CACHE}
    )
