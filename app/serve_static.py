"""Serve a static export (app.export) on this machine, as a static host would:
`python -m app.serve_static OUT_DIR [--port 8001]`.

`python -m http.server` serves the files, but a static copy's Python needs one header from its
host: the engine worker runs in an opaque origin (docs/security.md), so its downloads of the
site's own files are cross-origin and need `Access-Control-Allow-Origin: *`. GitHub Pages sends
it; Netlify and Cloudflare Pages read the `_headers` file the export writes; this sends it too.
"""

import argparse
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from app.headers import CORS


class StaticHostHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript"}

    def end_headers(self) -> None:
        self.send_header(*CORS)
        super().end_headers()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--bind", default="127.0.0.1")
    args = parser.parse_args()
    handler = functools.partial(StaticHostHandler, directory=str(args.directory))
    with ThreadingHTTPServer((args.bind, args.port), handler) as server:
        print(f"Serving {args.directory} on http://{args.bind}:{args.port}/")
        server.serve_forever()


if __name__ == "__main__":
    main()
