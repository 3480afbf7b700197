"""GET /run: the expression language run on the server, as JSON, for a page whose Python is
still downloading.

While Pyodide's ~5 MB arrive (26 s on Slow 4G), a learner's edit in the safe language is drawn
from this record, then the worker takes over once it is ready. Like the first paint, the
answer carries the graph laid out by `dot` (`svg`, app/first_paint.py: within the same budget,
else absent): on a slow link Graphviz WASM's 0.38 MB would share the wire with Python's
download (8 s on Slow 4G, measured), so the page adopts this SVG, and lays the record out
itself (record-dot.js) only when there is none. Only `engine.worker.playground.run` runs here,
within the engine's gate and budgets (app/engine_runs.py) like the page's own run: a program
that is not in the language is answered `{"ok": false, "pending": true}` and never run (the
browser's worker runs it, docs/security.md).

Bad options are a 400 that says what is wrong; a program with an error is a result (200,
`ok: false`, its error with a position), as the worker would answer. The answer depends on the
URL only: it may be cached (an hour, like /graph.svg); a refusal (429, 503) is not.
"""

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from app.engine_runs import Refused, client_address
from app.first_paint import first_svg
from app.page_data import python_pending
from app.what_if import read_values
from engine import ExpressionError, parse
from engine.record.tracing import DEFAULT_MODE, MODES
from engine.worker import whatif
from engine.worker.playground import is_python_only, run

router = APIRouter()

RUN_CACHE = "public, max-age=3600"  # a pure function of the URL, but the engine may improve
TOO_BIG = (
    "This graph is too big to send from the server (over {limit:,} bytes as JSON); "
    "Python draws it once it has loaded."
)


def _for_python(source: str, inputs: dict[str, float]) -> bool:
    """A program the language refuses for being Python (syntax or names it does not have, or
    what it does not support, like `' ' * 10`), not for a mistake."""
    if is_python_only(source):
        return True
    try:
        parse(source, inputs)
    except ExpressionError as error:
        return bool(getattr(error, "beyond", False))
    return False


def server_run(source: str, mode: str, inputs: dict[str, float]) -> dict[str, Any]:
    """engine.worker.playground.run's result (its DOT for the server's layout only: the page writes
    its own), or the pending result of a program for Python."""
    result = run(source, mode, inputs)
    if not result["ok"] and _for_python(source, inputs):
        return python_pending()
    return result


def _bad(message: str) -> PlainTextResponse:
    return PlainTextResponse(message, status_code=400)


@router.get("/run", response_class=Response)
async def run_route(
    request: Request, src: str | None = None, mode: str = DEFAULT_MODE, values: str | None = None
) -> Response:
    if src is None:
        return _bad("src is missing: /run?src=y%20%3D%202%20*%203 runs a program")
    if mode not in MODES:
        return _bad(f"mode must be one of {', '.join(MODES)}, not {mode[:40]!r}")
    try:
        inputs = whatif.clean(read_values(values))
    except ValueError as error:
        return _bad(str(error))
    engine = request.app.state.engine
    try:
        result = await engine.run_in_share(
            client_address(request), server_run, src, mode, inputs, size=len(src)
        )
    except Refused as refused:
        response = refused.response()
        response.headers["Cache-Control"] = "no-store"
        return response
    svg = await first_svg(
        request.app.state.dot,
        result,
        0,
        budget=request.app.state.settings.first_paint_wait,
        client=client_address(request),
        disconnected=request.is_disconnected,
    )
    result.pop("dot", None)
    if svg is not None:
        result["svg"] = str(svg)
    body = json.dumps(result, allow_nan=False, separators=(",", ":"))
    limit = request.app.state.settings.max_page_data  # as for a page's own run
    if len(body) > limit:
        message = TOO_BIG.format(limit=limit)
        return PlainTextResponse(message, status_code=413, headers={"Cache-Control": "no-store"})
    return Response(body, media_type="application/json", headers={"Cache-Control": RUN_CACHE})
