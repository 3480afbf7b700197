"""Refuse oversized requests before any route parses them.

A program in the URL is parsed, traced and maybe laid out by `dot`; the engine caps a program
at 50,000 characters, and this caps the bytes that reach it: the query string (414) and a
declared request body (413). No route reads a body; the check keeps it that way.
"""

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send


class RequestSizeLimitMiddleware:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        url_bytes = len(scope.get("raw_path") or scope["path"].encode()) + len(
            scope["query_string"]
        )
        if url_bytes > self.max_bytes:
            message = (
                f"The URL is {url_bytes:,} bytes; this server accepts at most {self.max_bytes:,}. "
                "Shorten the program, or paste it into the playground's editor instead of the URL."
            )
            await PlainTextResponse(message, status_code=414)(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "").strip()
        if declared.isdigit() and (len(declared) > 15 or int(declared) > self.max_bytes):
            message = (
                f"The request body is {declared} bytes; "
                f"this server accepts at most {self.max_bytes:,}."
            )
            await PlainTextResponse(message, status_code=413)(scope, receive, send)
            return
        await self.app(scope, receive, send)
