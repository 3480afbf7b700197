"""Which content coding a response may use: Accept-Encoding read with its q-values.

Starlette's GZipMiddleware gzips whenever the header contains the text "gzip", so `gzip;q=0`
(a refusal) got gzip; the subclass here asks `accepted_encodings` first. The static files use
the same ranking to choose between their precompressed `.br` and `.gz` copies.
"""

from starlette.datastructures import Headers
from starlette.middleware.gzip import GZipMiddleware, IdentityResponder
from starlette.types import Receive, Scope, Send

# The codings we send, best first: the order breaks ties between equal q-values.
CODINGS = ("br", "gzip")


def accepted_encodings(headers: Headers) -> list[str]:
    """The codings of CODINGS the request accepts, best first: a higher q first, then our
    order. `*` stands for any coding not listed; `q=0` (or a q that is not a number) refuses
    one. When the request ranks identity above every compressed coding, none is accepted."""
    quality: dict[str, float] = {}
    for part in headers.get("accept-encoding", "").split(","):
        coding, *params = (p.strip() for p in part.split(";"))
        if not coding:
            continue
        q = "1"
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                q = value.strip()
        try:
            quality[coding.lower()] = float(q)
        except ValueError:
            quality[coding.lower()] = 0.0
    star = quality.get("*", 0.0)
    ranked = sorted(((quality.get(c, star), -i, c) for i, c in enumerate(CODINGS)), reverse=True)
    best = [(q, c) for q, _, c in ranked if q > 0]
    if best and quality.get("identity", 0.0) > best[0][0]:
        return []
    return [c for _, c in best]


class QualityGZipMiddleware(GZipMiddleware):
    """GZipMiddleware that gzips only when Accept-Encoding's q-values allow it."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and "gzip" not in accepted_encodings(Headers(scope=scope)):
            identity = IdentityResponder(
                self.app, self.minimum_size, exclude_content_types=self.exclude_content_types
            )
            await identity(scope, receive, send)
            return
        await super().__call__(scope, receive, send)
