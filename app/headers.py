"""Security and caching headers on every response.

Caching policy:
- `/static/vendor/...` paths that carry a version or a content hash (`pyodide/314.0.7/`,
  `engine-564f707b34ed.zip`, `graphviz-0.21-...whl`) never change: cached for a year, immutable.
- Every other static file (our own JS and CSS, vendor/manifest.json) is `no-cache`: the browser
  keeps it but revalidates with the ETag StaticFiles sends, getting a 304 when unchanged. Our JS
  is a graph of ES modules importing each other by plain URL, so a `?v=hash` on the entry point
  alone would not version the modules it imports.
- Pages are `no-cache` too; a route that knows better (`/graph.svg`) sets its own.
"""

import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP_BASE = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'"
)
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


def is_versioned(path: str) -> bool:
    """Whether a path names one fixed version of a file: a version or hash as a directory, or
    as a dash-separated part of the file name (`graphviz-0.21-py3-none-any.whl`)."""
    return any(_VERSIONED_PART.fullmatch(part) for part in re.split(r"[/-]", path))


def cache_control(path: str, status: int) -> str:
    if path.startswith(VENDOR_PREFIX) and status in (200, 206, 304) and is_versioned(path):
        return IMMUTABLE
    return REVALIDATE


class ResponseHeadersMiddleware:
    """Adds the CSP (with frame-ancestors: an HTTP header is the only place it works),
    nosniff, the referrer policy, and Cache-Control unless the route chose one.

    No X-Frame-Options: it cannot express "these sites may embed us" and would block the
    iframes that embedding is for; frame-ancestors replaces it.
    """

    def __init__(self, app: ASGIApp, frame_ancestors: str = "*") -> None:
        self.app = app
        self.frame_ancestors = frame_ancestors
        self.csp = content_security_policy(frame_ancestors)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                nonce = style_nonce(scope)
                headers["Content-Security-Policy"] = (
                    content_security_policy(self.frame_ancestors, nonce) if nonce else self.csp
                )
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "strict-origin-when-cross-origin"
                if path.startswith(STATIC_PREFIX) or "cache-control" not in headers:
                    headers["Cache-Control"] = cache_control(path, message["status"])
            await send(message)

        await self.app(scope, receive, send_with_headers)
