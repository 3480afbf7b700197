"""app.static_files: a precompressed .gz is sent when the browser accepts gzip."""

import gzip

from starlette.datastructures import Headers

from app.static_files import accepts_gzip

WASM = "/static/vendor/pyodide/314.0.7/pyodide.asm.wasm"


def _add_gz(static_dir, marker: bytes = b"precompressed") -> bytes:
    body = (static_dir / WASM.removeprefix("/static/")).read_bytes()
    gz = static_dir / (WASM.removeprefix("/static/") + ".gz")
    gz.write_bytes(gzip.compress(body + marker, mtime=0))
    return body + marker


def test_precompressed_file_is_served_with_the_original_type(client, static_dir):
    expected = _add_gz(static_dir)
    response = client.get(WASM, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["content-type"] == "application/wasm"
    assert response.headers["vary"] == "Accept-Encoding"
    assert "immutable" in response.headers["cache-control"]
    assert response.content == expected  # httpx decoded our .gz, not a second compression
    again = client.get(
        WASM, headers={"Accept-Encoding": "gzip", "If-None-Match": response.headers["etag"]}
    )
    assert again.status_code == 304


def test_plain_file_without_gzip_or_for_ranges(client, static_dir):
    _add_gz(static_dir)
    original = (static_dir / WASM.removeprefix("/static/")).read_bytes()
    plain = client.get(WASM, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == original
    ranged = client.get(WASM, headers={"Accept-Encoding": "gzip", "Range": "bytes=0-3"})
    assert ranged.status_code == 206 and ranged.content == original[:4]


def test_accepts_gzip():
    assert accepts_gzip(Headers({"accept-encoding": "gzip, deflate, br"}))
    assert accepts_gzip(Headers({"accept-encoding": "br;q=1.0, gzip;q=0.8"}))
    assert not accepts_gzip(Headers({"accept-encoding": "gzip;q=0"}))
    assert not accepts_gzip(Headers({"accept-encoding": "gzip; q=0.0, br"}))
    assert not accepts_gzip(Headers({"accept-encoding": "br"}))
    assert not accepts_gzip(Headers({}))
