"""An HTML page for 404s, so a mistyped course link shows a way back rather than JSON.

Static files and images keep a plain-text 404: nobody reads those in a browser tab, and an
`<img>` or a module import only needs the status.
"""

from fastapi import Request
from fastapi.responses import PlainTextResponse, Response
from starlette.exceptions import HTTPException

from app.module_graph import page_scripts

PLAIN_PREFIXES = ("/static/", "/graph.")


async def not_found(request: Request, exc: Exception) -> Response:
    """The 404 page; an exercise's says which id is unknown (its detail, shown as text) and
    links to the chapter instead of a path that does exist (`/embed?exercise=nope` is not
    "no page at /embed")."""
    detail = exc.detail if isinstance(exc, HTTPException) else "Not Found"
    if request.url.path.startswith(PLAIN_PREFIXES):
        return PlainTextResponse(str(detail), status_code=404)
    templates = request.app.state.templates
    scripts = page_scripts(request.app.state.settings.static_dir)
    exercise = request.url.path.startswith("/learn/") or "exercise" in request.query_params
    said = detail if exercise and detail != "Not Found" else None  # ours, not the router's
    context = {"path": request.url.path, "scripts": scripts, "exercise": exercise, "said": said}
    return templates.TemplateResponse(request, "404.html", context, status_code=404)
