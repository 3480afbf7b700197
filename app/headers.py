"""Security and caching headers on every response.

Caching policy:
- `/static/vendor/...` paths that carry a version or a content hash (`pyodide/314.0.7/`,
  `engine-564f707b34ed.zip`, `graphviz-0.21-...whl`) never change: cached for a year, immutable.
- Our own JS and CSS under this deploy's version, `/static/<version>/js/...` (app/assets.py: the
  pages use these URLs, and the modules import each other relatively, so the version carries
  through), are immutable too.
- Every other static file (the same JS and CSS without a version, vendor/manifest.json) is
  `no-cache`: the browser keeps it but revalidates with the ETag StaticFiles sends, getting a
  304 when unchanged.
- Pages are `no-cache` too; a route that knows better (`/graph.svg`) sets its own.

Every response carries them, errors too: an exception in a route becomes a 500 sent from here
(logged, and the connection kept), and the HTTP protocol's own refusals (`app.server`) use
`security_headers` as well.
"""

import logging
import re

from starlette.datastructures import MutableHeaders
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.early_python import SCRIPT_HASH as EARLY_PYTHON

logger = logging.getLogger("uvicorn.error")
RETRY_AFTER = "5"  # seconds, for a 503 or 429 whose sender did not say

# worker-src: 'self' for the layout worker; data: for the engine worker, which is started from a
# data: URL so that it runs in an opaque origin, away from the page's storage (docs/security.md).
# No blob: workers: a blob: URL made by the page would carry the page's origin.
CSP_BASE = (
    f"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {EARLY_PYTHON}; style-src 'self'; "
    "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'"
)
# The engine worker's opaque origin reads our static files cross-origin (app.serve_static and a
# static export's _headers say the same to static hosts); Timing-Allow-Origin lets the page's
# own measurements (Resource Timing: bytes, bench/) see those downloads too.
CORS = ("Access-Control-Allow-Origin", "*")
TIMING = ("Timing-Allow-Origin", "*")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
VENDOR_PREFIX = "/static/vendor/"
STATIC_PREFIX = "/static/"

# A path part that is a version (314.0.7, 0.21, v3.31) or a content hash (564f707b34ed), maybe
# followed by a file extension.
_VERSIONED_PART = re.compile(
    r"(?:v?[0-9]+(?:\.[0-9]+)+|(?=[0-9a-f]*[0-9])[0-9a-f]{8,64})"  # a version or a hash
    r"(?:\.[a-z][a-z0-9.]*)?"  # an extension
)


_NONCE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def content_security_policy(frame_ancestors: str, style_nonce: str | None = None) -> str:
    """The CSP; `style_nonce` also allows the `<style>` elements that carry it (CodeMirror's,
    on pages that render the editor), never 'unsafe-inline'."""
    csp = f"{CSP_BASE}; frame-ancestors {frame_ancestors}"
    if style_nonce:
        csp = csp.replace("style-src 'self'", f"style-src 'self' 'nonce-{style_nonce}'", 1)
    return csp


def style_nonce(scope: Scope) -> str | None:
    """The nonce a page route chose for this response (`request.state.csp_nonce`)."""
    state = scope.get("state") or {}
    nonce = state.get("csp_nonce") if isinstance(state, dict) else None
    if isinstance(nonce, str) and _NONCE.fullmatch(nonce):
        return nonce
    return None


def security_headers(frame_ancestors: str, hsts: str = "", https: bool = False) -> dict[str, str]:
    """The headers every response carries. HSTS only over HTTPS (browsers ignore it otherwise,
    and on plain HTTP it would only be noise)."""
    headers = {
        "Content-Security-Policy": content_security_policy(frame_ancestors),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
    }
    if hsts and https:
        headers["Strict-Transport-Security"] = hsts
    return headers


def is_versioned(path: str) -> bool:
    """Whether a path names one fixed version of a file: a version or hash as a directory, or
    as a dash-separated part of the file name (`graphviz-0.21-py3-none-any.whl`)."""
    return any(_VERSIONED_PART.fullmatch(part) for part in re.split(r"[/-]", path))


def cache_control(path: str, status: int, asset_version: str = "") -> str:
    if status not in (200, 206, 304):
        return REVALIDATE
    if path.startswith(VENDOR_PREFIX) and is_versioned(path):
        return IMMUTABLE
    if asset_version and path.startswith(f"{STATIC_PREFIX}{asset_version}/"):
        return IMMUTABLE  # our JS and CSS under this deploy's version (app/assets.py)
    return REVALIDATE


class ResponseHeadersMiddleware:
    """Adds the CSP (with frame-ancestors: an HTTP header is the only place it works),
    nosniff, the referrer policy, HSTS over HTTPS when configured, Retry-After on a 503 or 429
    that lacks one, and Cache-Control unless the route chose one.

    No X-Frame-Options: it cannot express "these sites may embed us" and would block the
    iframes that embedding is for; frame-ancestors replaces it.
    """

    def __init__(
        self, app: ASGIApp, frame_ancestors: str = "*", hsts: str = "", asset_version: str = ""
    ) -> None:
        self.app = app
        self.asset_version = asset_version
        self.security = {https: security_headers(frame_ancestors, hsts, https) for https in (0, 1)}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        security = self.security[scope["scheme"] == "https"]
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                for name, value in security.items():
                    headers[name] = value
                nonce = style_nonce(scope)
                if nonce:  # this page's editor styles (app/routes.py made the nonce)
                    headers["Content-Security-Policy"] = headers["Content-Security-Policy"].replace(
                        "style-src 'self'", f"style-src 'self' 'nonce-{nonce}'", 1
                    )
                if message["status"] in (429, 503) and "retry-after" not in headers:
                    headers["Retry-After"] = RETRY_AFTER
                if path.startswith(STATIC_PREFIX):
                    # The engine worker runs in an opaque origin (a data: worker): its imports
                    # and downloads of our public files are cross-origin requests.
                    headers[CORS[0]] = CORS[1]
                    headers[TIMING[0]] = TIMING[1]
                if path.startswith(STATIC_PREFIX) or "cache-control" not in headers:
                    status = message["status"]
                    headers["Cache-Control"] = cache_control(path, status, self.asset_version)
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if started:
                raise  # the server closes the connection: half a response cannot be mended
            logger.exception("Exception in the app, answered with a 500")
            response = PlainTextResponse(
                "Something went wrong on the server; this is a bug. Please report the URL.",
                status_code=500,
            )
            await response(scope, receive, send_with_headers)
