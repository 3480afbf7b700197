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
    detail = exc.detail if isinstance(exc, HTTPException) else "Not Found"
    if request.url.path.startswith(PLAIN_PREFIXES):
        return PlainTextResponse(str(detail), status_code=404)
    templates = request.app.state.templates
    scripts = page_scripts(request.app.state.settings.static_dir)
    return templates.TemplateResponse(
        request, "404.html", {"path": request.url.path, "scripts": scripts}, status_code=404
    )
