"""HEAD on every GET route: link checkers, oEmbed consumers and `curl -I` ask for headers only.

FastAPI's `@router.get` answers HEAD with 405, so rather than listing HEAD on each route this
runs the GET and drops the body, keeping every header (Content-Length and Content-Type included)
exactly as the GET would send them. StaticFiles handles HEAD itself and is left alone.
"""

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGetMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_headers_only(message: Message) -> None:
            if message["type"] != "http.response.body":
                await send(message)
            elif not message.get("more_body", False):
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        # The server keeps its own scope, still HEAD, and so sends no body either way.
        await self.app({**scope, "method": "GET"}, receive, send_headers_only)
