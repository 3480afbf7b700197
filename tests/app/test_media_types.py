"""The types browsers insist on: a wrong one for the wasm hangs loadPyodide forever."""

import mimetypes

import pytest

from app import media_types


@pytest.mark.parametrize(
    ("url", "media_type"),
    [
        ("/static/vendor/pyodide/314.0.7/pyodide.asm.wasm", "application/wasm"),
        ("/static/vendor/pyodide/314.0.7/pyodide.mjs", "text/javascript"),
        ("/static/vendor/viz/3.31.0/viz.js", "text/javascript"),
        ("/static/vendor/wheels/engine-0123456789ab.zip", "application/zip"),
        ("/static/vendor/wheels/graphviz-0.21-py3-none-any.whl", "application/zip"),
        ("/static/vendor/manifest.json", "application/json"),
        ("/static/css/playground.css", "text/css"),
    ],
)
def test_static_files_are_served_with_their_type(client, url, media_type):
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == media_type


def test_register_adds_the_types_to_mimetypes():
    media_types.register()
    assert mimetypes.guess_type("x.wasm")[0] == "application/wasm"
    assert mimetypes.guess_type("x.mjs")[0] == "text/javascript"
    assert mimetypes.guess_type("x.whl")[0] == "application/zip"


def test_gzip_keeps_the_wasm_type(client):
    url = "/static/vendor/pyodide/314.0.7/pyodide.asm.wasm"
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-type"] == "application/wasm"
    assert response.headers.get("content-encoding") == "gzip"
    assert response.content.startswith(b"\0asm")  # httpx decoded it


def test_range_requests_are_not_compressed(client):
    url = "/static/vendor/pyodide/314.0.7/pyodide.asm.wasm"
    response = client.get(url, headers={"Accept-Encoding": "gzip", "Range": "bytes=0-7"})
    assert response.status_code == 206
    assert "content-encoding" not in response.headers
    assert response.headers["content-type"] == "application/wasm"
    assert response.headers["content-range"].startswith("bytes 0-7/")
    assert response.content == b"\0asm\1\0\0\0"


def test_zip_files_are_not_compressed_again(client):
    url = "/static/vendor/wheels/engine-0123456789ab.zip"
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in response.headers
