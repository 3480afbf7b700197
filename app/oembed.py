"""Link previews and embedding helpers: GET /oembed (oembed.com, type "rich"), GET /embed-code
(the snippets the Embed dialog shows) and GET /embed.js (the host page's auto-height script).

A shared link to `/` or `/embed` on any host is accepted: the answer is always built from this
server's public origin (app.origin) and the link's query, never from the link's host or the
request's `Host`, so it cannot be made to point readers anywhere else.

Both parse the program (its output's name is the title): that runs on the engine's threads
within the client's and the server's share, and /oembed's thumbnail is drawn as /graph.png
draws it (app.graph_image.draw: the cost model, the budgets, dot's caps), or left out.
"""

import functools
import struct
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response

from app.embed_code import WIDTH, EmbedCode, embed_code, frame_height, options_from_url
from app.engine_runs import Refused, client_address
from app.graph_image import IMAGE_CACHE, draw
from app.origin import public_origin
from app.page_options import PageOptions, parse_int
from app.what_if import values_problem

router = APIRouter()

PROVIDER = "Autograd playground"
HOST_SCRIPT_CACHE = "public, max-age=86400"  # a day: a fix reaches course pages soon enough


def _not_ours(url: str) -> PlainTextResponse:
    return PlainTextResponse(f"not a playground URL (want / or /embed): {url[:200]!r}", 404)


def _link_options(url: str) -> PageOptions | Response:
    """The link's page options, or the answer that says why there are none."""
    problem = values_problem(dict(parse_qsl(urlsplit(url).query)).get("values"))
    if problem:
        return PlainTextResponse(problem, status_code=400)
    return options_from_url(url) or _not_ours(url)


async def _embed_code(request: Request, options: PageOptions, **size) -> EmbedCode:
    """embed_code() on an engine thread within the shares; raises Refused."""
    make = functools.partial(embed_code, public_origin(request), options, **size)
    return await request.app.state.engine.run_in_share(
        client_address(request), make, size=len(options.source)
    )


@router.get("/embed-code", response_class=JSONResponse)
async def embed_code_route(request: Request, url: str = "") -> Response:
    """The Embed dialog's snippets for a playground URL (the state and options on screen)."""
    options = _link_options(url)
    if isinstance(options, Response):
        return options
    try:
        code = await _embed_code(request, options)
    except Refused as refused:
        return refused.response()
    return JSONResponse(code.to_json())


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
    options = _link_options(url)
    if isinstance(options, Response):
        return options
    width, height = _fit(options, parse_int(maxwidth), parse_int(maxheight))
    try:
        code = await _embed_code(request, options, width=str(width), height=height)
    except Refused as refused:
        return refused.response()
    answer: dict[str, str | int] = {
        "version": "1.0",
        "type": "rich",
        "provider_name": PROVIDER,
        "provider_url": public_origin(request) + "/",
        "title": code.title,
        "html": code.iframe,
        "width": width,
        "height": height,
    }
    thumbnail = await _thumbnail(request, options, code)
    if not thumbnail:  # kept by no cache: the picture may be drawn next time
        return JSONResponse(answer, headers={"Cache-Control": "no-cache"})
    answer |= thumbnail | {"cache_age": 3600}
    return JSONResponse(answer, headers={"Cache-Control": IMAGE_CACHE})


def _fit(options: PageOptions, maxwidth: int | None, maxheight: int | None) -> tuple[int, int]:
    """The frame's size, shrunk to the consumer's limits (oEmbed: never larger than asked)."""
    height = frame_height(options)
    return max(min(WIDTH, maxwidth or WIDTH), 1), max(min(height, maxheight or height), 1)


async def _thumbnail(
    request: Request, options: PageOptions, code: EmbedCode
) -> dict[str, str | int]:
    """/graph.png's URL and size (oEmbed wants both), or nothing if it is not drawn now."""
    try:
        png = await draw(request, "png", options.source, options.mode, options.step)
        width, height = png_size(png)
    except (Refused, ValueError):
        return {}
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
