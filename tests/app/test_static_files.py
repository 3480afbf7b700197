"""app.static_files: a precompressed .br or .gz is sent when the browser accepts it (q-values
honoured), the plain file otherwise and for ranges; HEAD and revalidation work on each."""

import gzip
import os

import brotli
import pytest

WASM = "/static/vendor/pyodide/314.0.7/pyodide.asm.wasm"
MAIN_JS = "/static/js/main.js"


def _add_compressed(static_dir, url: str = WASM) -> dict[str, bytes]:
    """Write `.gz` and `.br` copies whose content differs from the file (so a test can tell
    which one was sent); returns what each one decodes to."""
    path = static_dir / url.removeprefix("/static/")
    body = path.read_bytes()
    path.with_name(path.name + ".gz").write_bytes(gzip.compress(body + b"gz", mtime=0))
    path.with_name(path.name + ".br").write_bytes(brotli.compress(body + b"br"))
    return {"gzip": body + b"gz", "br": body + b"br", "identity": body}


@pytest.mark.parametrize(
    ("accept", "sent"),
    [
        ("gzip, deflate, br", "br"),
        ("br;q=1.0, gzip;q=0.8", "br"),
        ("gzip;q=1.0, br;q=0.5", "gzip"),
        ("gzip, deflate", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("*", "br"),
        ("*;q=0.5, br;q=0", "gzip"),
        ("identity", "identity"),
        ("gzip;q=0, br;q=0", "identity"),
        ("identity;q=1, br;q=0.5, gzip;q=0.2", "identity"),
        ("", "identity"),
    ],
)
def test_the_encoding_follows_accept_encoding(client, static_dir, accept, sent):
    expected = _add_compressed(static_dir)
    response = client.get(WASM, headers={"Accept-Encoding": accept})
    assert response.status_code == 200
    assert response.headers.get("content-encoding", "identity") == sent
    assert response.headers["content-type"] == "application/wasm"
    assert response.headers["vary"] == "Accept-Encoding"
    assert "immutable" in response.headers["cache-control"]
    assert response.content == expected[sent]  # httpx decoded our copy, not a second encoding


def test_each_encoding_revalidates_with_its_own_etag(client, static_dir):
    _add_compressed(static_dir)
    etags = set()
    for accept in ("br", "gzip", "identity"):
        response = client.get(WASM, headers={"Accept-Encoding": accept})
        etag = response.headers["etag"]
        again = client.get(WASM, headers={"Accept-Encoding": accept, "If-None-Match": etag})
        assert again.status_code == 304
        etags.add(etag)
    assert len(etags) == 3


def test_head_sends_the_headers_of_the_chosen_copy(client, static_dir):
    expected = _add_compressed(static_dir)
    head = client.head(WASM, headers={"Accept-Encoding": "br"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-encoding"] == "br"
    br_size = (static_dir / (WASM.removeprefix("/static/") + ".br")).stat().st_size
    assert int(head.headers["content-length"]) == br_size
    plain = client.head(WASM, headers={"Accept-Encoding": "identity"})
    assert int(plain.headers["content-length"]) == len(expected["identity"])


def test_a_range_gets_the_plain_file(client, static_dir):
    original = _add_compressed(static_dir)["identity"]
    ranged = client.get(WASM, headers={"Accept-Encoding": "br, gzip", "Range": "bytes=4-11"})
    assert ranged.status_code == 206
    assert "content-encoding" not in ranged.headers
    assert ranged.headers["content-range"] == f"bytes 4-11/{len(original)}"
    assert ranged.content == original[4:12]
    unsatisfiable = client.get(WASM, headers={"Range": f"bytes={len(original) + 10}-"})
    assert unsatisfiable.status_code == 416


def test_a_copy_older_than_its_file_is_not_served(client, static_dir):
    """Our own JS edited after setup compressed it: the stale copy must not win."""
    _add_compressed(static_dir, MAIN_JS)
    path = static_dir / MAIN_JS.removeprefix("/static/")
    path.write_bytes(b"export const answer = 43;\n" * 100)
    later = path.stat().st_mtime_ns + 10**9
    os.utime(path, ns=(later, later))
    response = client.get(MAIN_JS, headers={"Accept-Encoding": "br"})
    assert response.content == path.read_bytes()
    assert response.headers.get("content-encoding") != "br"
