"""Static files that use a precompressed `<file>.br` or `<file>.gz` when the browser accepts it.

`scripts/build_vendor.py` writes those for the vendored assets (Pyodide's wasm and modules,
viz.js) and our own JS and CSS, so the server sends 2.7 MB of wasm instead of 9.6 MB (3.5 MB
as gzip) without compressing per request. Accept-Encoding is read with its q-values; a Range
request gets the plain file (ranges count bytes of what is sent); HEAD and conditional requests
are StaticFiles' own. A compressed copy older than its file (an edited JS file, setup not
rerun) is ignored rather than served stale.
"""

import mimetypes
import os
from os import PathLike

from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

from app.compression import accepted_encodings

# The precompressed copy of each coding, beside the file.
SUFFIXES = {"br": ".br", "gzip": ".gz"}


class PrecompressedStaticFiles(StaticFiles):
    def file_response(
        self,
        full_path: PathLike,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        request_headers = Headers(scope=scope)
        variants = self.compressed_variants(os.fspath(full_path), stat_result)
        if not variants:
            return super().file_response(full_path, stat_result, scope, status_code)
        chosen = None
        if "range" not in request_headers:
            chosen = next((e for e in accepted_encodings(request_headers) if e in variants), None)
        if chosen is None:  # GZipMiddleware adds `Vary` to this one
            return super().file_response(full_path, stat_result, scope, status_code)
        compressed, compressed_stat = variants[chosen]
        media_type = mimetypes.guess_type(os.fspath(full_path))[0] or "application/octet-stream"
        response = FileResponse(
            compressed,
            status_code=status_code,
            stat_result=compressed_stat,
            media_type=media_type,
            headers={"Content-Encoding": chosen, "Vary": "Accept-Encoding"},
        )
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response

    @staticmethod
    def compressed_variants(
        path: str, stat_result: os.stat_result
    ) -> dict[str, tuple[str, os.stat_result]]:
        """encoding → (path, stat) of each compressed copy at least as new as the file."""
        variants = {}
        for encoding, suffix in SUFFIXES.items():
            try:
                compressed_stat = os.stat(path + suffix)
            except OSError:
                continue
            if compressed_stat.st_mtime_ns >= stat_result.st_mtime_ns:
                variants[encoding] = (path + suffix, compressed_stat)
        return variants
