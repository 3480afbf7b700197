"""app.compression: Accept-Encoding's q-values decide, for the middleware's gzip as for the
static files' precompressed copies."""

import pytest
from starlette.datastructures import Headers

from app.compression import accepted_encodings


def ranked(accept: str) -> list[str]:
    return accepted_encodings(Headers({"accept-encoding": accept}))


def test_codings_rank_by_quality_then_ours():
    assert ranked("gzip, deflate, br, zstd") == ["br", "gzip"]
    assert ranked("GZIP;Q=0.9, br;q=0.1") == ["gzip", "br"]
    assert ranked("gzip; q=0.0, br") == ["br"]
    assert ranked("*;q=0.5, br;q=0") == ["gzip"]
    assert ranked("identity;q=1, br;q=0.5") == []
    assert ranked("gzip;q=oops") == []
    assert ranked("deflate") == []
    assert ranked("") == []


@pytest.mark.parametrize(("accept", "gzipped"), [("gzip", True), ("gzip;q=0", False)])
def test_the_middleware_gzips_a_page_only_when_allowed(client, accept, gzipped):
    response = client.get("/", headers={"Accept-Encoding": accept})
    assert response.status_code == 200
    assert (response.headers.get("content-encoding") == "gzip") is gzipped
    assert "<html" in response.text
