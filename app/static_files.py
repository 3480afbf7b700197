"""Static files that use a precompressed `<file>.gz` when the browser accepts gzip.

`scripts/build_vendor.py` writes those for the big vendored assets (Pyodide's wasm and
modules, viz.js), so the server sends 3.5 MB instead of 9.6 MB without compressing per request.
"""

import mimetypes
import os
from os import PathLike

from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope


def accepts_gzip(headers: Headers) -> bool:
    """Whether Accept-Encoding lists gzip with a non-zero quality (`gzip;q=0` refuses it)."""
    for part in headers.get("accept-encoding", "").split(","):
        coding, *params = (p.strip() for p in part.split(";"))
        if coding == "gzip":
            q = next((p.removeprefix("q=") for p in params if p.startswith("q=")), "1")
            try:
                return float(q) > 0
            except ValueError:
                return False
    return False


class PrecompressedStaticFiles(StaticFiles):
    def file_response(
        self,
        full_path: PathLike,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        request_headers = Headers(scope=scope)
        compressed = f"{os.fspath(full_path)}.gz"
        if "range" in request_headers or not accepts_gzip(request_headers):
            return super().file_response(full_path, stat_result, scope, status_code)
        try:
            compressed_stat = os.stat(compressed)
        except OSError:
            return super().file_response(full_path, stat_result, scope, status_code)
        media_type = mimetypes.guess_type(os.fspath(full_path))[0] or "application/octet-stream"
        response = FileResponse(
            compressed,
            status_code=status_code,
            stat_result=compressed_stat,
            media_type=media_type,
            headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"},
        )
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response
