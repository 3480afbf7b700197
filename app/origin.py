"""This server's address in absolute URLs (oEmbed, og:url, the Embed dialog's snippets).

Never from the request's `Host` header: a forged one would otherwise be written into link
previews and embed code, and into /oembed answers that shared caches keep for an hour. The
address is `Settings.public_origin` (PLAYGROUND_PUBLIC_ORIGIN); when that is unset, it is
http://127.0.0.1 and the port of the socket the request arrived on (right for a server run on
one's own machine, harmless elsewhere: set the origin in production).
"""

from starlette.requests import Request

FALLBACK_HOST = "http://127.0.0.1"


def public_origin(request: Request) -> str:
    """The origin (and any path prefix) absolute URLs start with; no trailing slash."""
    configured = request.app.state.settings.public_origin
    if configured:
        return configured
    server = request.scope.get("server")  # the listening socket's (host, port), not a header
    port = server[1] if server and server[1] not in (None, 80) else None
    root_path = request.scope.get("root_path", "").rstrip("/")  # uvicorn's --root-path
    return f"{FALLBACK_HOST}{'' if port is None else f':{port}'}{root_path}"


def absolute_url(request: Request) -> str:
    """The URL of this request (its path and query) under the public origin."""
    query = request.url.query
    return public_origin(request) + request.url.path + (f"?{query}" if query else "")
