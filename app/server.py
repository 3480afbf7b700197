"""Serve the app with uvicorn, with limits on the request head: `python -m app.server`.

uvicorn's httptools protocol accepts request headers of any size (32 MB was accepted) and
answers a URL of 64 KB or more with a bare 400 from the parser, without the security headers.
This protocol counts the head's bytes before the parser sees them: a request line longer than
`MAX_REQUEST_LINE` is answered 414, a head longer than that plus `MAX_HEADER_BYTES` 431 (the
app itself answers 414 from `Settings.max_request_bytes` on), and every refusal of its own,
400s included, carries the security headers.

uvicorn closes a connection idle between requests after `timeout_keep_alive` but gives no
deadline to one that sends its head a byte at a time, or never a byte at all: 600 such
sockets were once held for 40 s. Here a request's head is due within
`Settings.header_timeout` of the connection opening (or of its first byte, after a
keep-alive): a 408, then the connection is closed.

    python -m app.server [--host 127.0.0.1] [--port 8000] [--proxy-headers]
"""

import argparse
import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.headers import security_headers
from app.main import create_app
from app.settings import Settings

MAX_REQUEST_LINE = 65_000  # httptools refuses a 65,535-byte URL with a bare 400
MAX_HEADER_BYTES = 16 * 1024  # all header lines together; browsers send 1-4 KB
_REASONS = {
    400: b"Bad Request",
    408: b"Request Timeout",
    414: b"URI Too Long",
    431: b"Request Header Fields Too Large",
}


def protocol_class(settings: Settings) -> type[asyncio.Protocol]:
    """HttpToolsProtocol with head limits, answering its own refusals with our headers."""

    class BoundedHttpToolsProtocol(HttpToolsProtocol):
        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._head_deadline: asyncio.TimerHandle | None = None
            self._start_head()
            self._arm_head_deadline()  # the first head is due from the start

        def _start_head(self) -> None:
            self._reading_head = True
            self._head_bytes = 0
            self._line_done = False

        def _arm_head_deadline(self) -> None:
            if self._head_deadline is None:
                self._head_deadline = self.loop.call_later(
                    settings.header_timeout, self._head_too_slow
                )

        def _disarm_head_deadline(self) -> None:
            if self._head_deadline is not None:
                self._head_deadline.cancel()
                self._head_deadline = None

        def _head_too_slow(self) -> None:
            self._head_deadline = None
            if not self.transport.is_closing():
                self.refuse(
                    408,
                    f"The request's head did not arrive within {settings.header_timeout:g} s.",
                )

        def on_headers_complete(self) -> None:
            self._reading_head = False
            self._disarm_head_deadline()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_head_deadline()
            super().connection_lost(exc)

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._start_head()

        def data_received(self, data: bytes) -> None:
            if self._reading_head:
                self._arm_head_deadline()  # a new request's first bytes, after a keep-alive
                if not self._line_done:
                    newline = data.find(b"\n")
                    line = self._head_bytes + (newline if newline >= 0 else len(data))
                    if line > MAX_REQUEST_LINE:
                        self.refuse(
                            414,
                            f"The URL is over {MAX_REQUEST_LINE:,} bytes; this server accepts "
                            f"at most {settings.max_request_bytes:,}. Paste the program into "
                            "the playground's editor instead of the URL.",
                        )
                        return
                    self._line_done = newline >= 0
                self._head_bytes += len(data)
                if self._head_bytes > MAX_REQUEST_LINE + MAX_HEADER_BYTES:
                    self.refuse(
                        431, f"The request headers are over {MAX_HEADER_BYTES:,} bytes in all."
                    )
                    return
            super().data_received(data)

        def send_400_response(self, msg: str) -> None:
            self.refuse(400, msg)

        def refuse(self, status: int, message: str) -> None:
            body = message.encode()
            headers = security_headers(
                settings.frame_ancestors, settings.hsts, self.scheme == "https"
            )
            headers |= {
                "Content-Type": "text/plain; charset=utf-8",
                "Content-Length": str(len(body)),
                "Cache-Control": "no-cache",
                "Connection": "close",
            }
            head = [b"HTTP/1.1 %d %s\r\n" % (status, _REASONS[status])]
            head += [f"{name}: {value}\r\n".encode() for name, value in headers.items()]
            self.transport.write(b"".join(head) + b"\r\n" + body)
            self.transport.close()

    return BoundedHttpToolsProtocol


def config(
    settings: Settings, host: str = "127.0.0.1", port: int = 8000, **kwargs: Any
) -> uvicorn.Config:
    return uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        http=protocol_class(settings),
        server_header=False,
        timeout_keep_alive=settings.keep_alive_timeout,
        **kwargs,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--proxy-headers",
        action="store_true",
        help="trust X-Forwarded-Proto/For from FORWARDED_ALLOW_IPS (behind a TLS proxy)",
    )
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    uvicorn.Server(
        config(
            Settings.from_env(),
            args.host,
            args.port,
            proxy_headers=args.proxy_headers,
            log_level=args.log_level,
        )
    ).run()


if __name__ == "__main__":
    main()
