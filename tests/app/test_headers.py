"""Security headers on every response; long caching only for versioned vendor files."""

import re

import pytest

from app.early_python import SCRIPT_HASH
from app.headers import IMMUTABLE, cache_control, content_security_policy, is_versioned
from app.settings import Settings

CSP = (
    f"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {SCRIPT_HASH}; style-src 'self'; "
    "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors *"
)
URLS = [
    "/",
    "/embed",
    "/healthz",
    "/graph.svg?mode=nonsense",
    "/static/js/main.js",
    "/static/vendor/pyodide/314.0.7/pyodide.asm.wasm",
    "/static/missing.js",
    "/nowhere",
]


def without_nonce(csp: str) -> str:
    """A page's CSP adds its editor's style nonce (tests/app/test_csp_nonce.py)."""
    return re.sub(r" 'nonce-[A-Za-z0-9_-]+'", "", csp)


@pytest.mark.parametrize("url", URLS)
def test_every_response_has_the_security_headers(client, url):
    headers = client.get(url).headers
    assert without_nonce(headers["content-security-policy"]) == CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "x-frame-options" not in headers
    assert "cross-origin-opener-policy" not in headers  # they would break embedding
    assert "cross-origin-embedder-policy" not in headers


def test_no_blob_workers_and_static_files_are_readable_from_an_opaque_origin(client):
    """The engine worker is a data: worker (an opaque origin): it imports and downloads our
    static files cross-origin. A blob: worker would carry the page's origin and its storage:
    a program once wrote Cache Storage from one (docs/security.md)."""
    csp = client.get("/").headers["content-security-policy"]
    assert "blob:" not in csp.split("worker-src")[1].split(";")[0]
    for url in (
        "/static/js/engine-worker/worker.js",
        "/static/vendor/pyodide/314.0.7/pyodide.asm.wasm",
    ):
        headers = client.get(url).headers
        assert headers["access-control-allow-origin"] == "*"
        assert headers["timing-allow-origin"] == "*"  # bench/ counts the worker's bytes
    assert "access-control-allow-origin" not in client.get("/").headers


def test_frame_ancestors_comes_from_settings(make_client, static_dir):
    ancestors = "'self' https://course.example.edu"
    client = make_client(Settings(static_dir=static_dir, frame_ancestors=ancestors))
    csp = without_nonce(client.get("/embed").headers["content-security-policy"])
    assert csp == CSP.replace("frame-ancestors *", f"frame-ancestors {ancestors}")


def test_content_security_policy_has_no_inline_allowances():
    csp = content_security_policy("*")
    assert "unsafe-inline" not in csp and "'unsafe-eval'" not in csp


@pytest.mark.parametrize(
    "url",
    [
        "/static/vendor/pyodide/314.0.7/pyodide.asm.wasm",
        "/static/vendor/pyodide/314.0.7/pyodide.mjs",
        "/static/vendor/viz/3.31.0/viz.js",
        "/static/vendor/wheels/engine-0123456789ab.zip",
        "/static/vendor/wheels/graphviz-0.21-py3-none-any.whl",
    ],
)
def test_versioned_vendor_files_are_immutable(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize(
    "url",
    [
        "/static/vendor/manifest.json",
        "/static/vendor/unversioned/thing.js",
        "/static/js/main.js",
        "/static/css/playground.css",
    ],
)
def test_other_static_files_revalidate_with_an_etag(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    etag = response.headers["etag"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.headers["cache-control"] == "no-cache"


def test_a_missing_versioned_file_is_not_cached_for_a_year(client):
    response = client.get("/static/vendor/pyodide/314.0.7/missing.wasm")
    assert response.status_code == 404
    assert response.headers["cache-control"] == "no-cache"


def test_a_revalidated_versioned_file_stays_immutable(client):
    url = "/static/vendor/viz/3.31.0/viz.js"
    etag = client.get(url).headers["etag"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.headers["cache-control"] == IMMUTABLE


@pytest.mark.parametrize("url", ["/", "/embed", "/healthz"])
def test_pages_are_revalidated(client, url):
    assert client.get(url).headers["cache-control"] == "no-cache"


@pytest.mark.parametrize(
    ("path", "versioned"),
    [
        ("/static/vendor/pyodide/314.0.7/python_stdlib.zip", True),
        ("/static/vendor/pyodide/314.0.7/pyodide-lock.json", True),
        ("/static/vendor/viz/3.31.0/viz.js", True),
        ("/static/vendor/wheels/engine-564f707b34ed.zip", True),
        ("/static/vendor/wheels/graphviz-0.21-py3-none-any.whl", True),
        ("/static/vendor/manifest.json", False),
        ("/static/vendor/pyodide/pyodide.asm.wasm", False),
        ("/static/vendor/wheels/engine.zip", False),
        ("/static/vendor/wheels/engine-latest.zip", False),
    ],
)
def test_is_versioned(path, versioned):
    assert is_versioned(path) is versioned


def test_only_vendor_paths_and_this_deploys_assets_can_be_immutable():
    assert cache_control("/static/js/3.1.0/main.js", 200) == "no-cache"
    assert cache_control("/static/0123456789ab/js/main.js", 200, "0123456789ab") == IMMUTABLE
    assert cache_control("/static/0123456789ab/js/main.js", 404, "0123456789ab") == "no-cache"
    assert cache_control("/static/ba9876543210/js/main.js", 200, "0123456789ab") == "no-cache"
    assert cache_control("/static/vendor/viz/3.31.0/viz.js", 200) == IMMUTABLE
    assert cache_control("/static/vendor/viz/3.31.0/viz.js", 206) == IMMUTABLE
    assert cache_control("/static/vendor/viz/3.31.0/viz.js", 404) == "no-cache"


def test_hsts_only_over_https(make_client, static_dir):
    hsts = "max-age=31536000; includeSubDomains"
    client = make_client(Settings(static_dir=static_dir, hsts=hsts))
    assert "strict-transport-security" not in client.get("/healthz").headers
    secure = client.get("https://testserver/healthz").headers
    assert secure["strict-transport-security"] == hsts


def test_no_hsts_unless_configured(client):
    assert "strict-transport-security" not in client.get("https://testserver/").headers


def test_an_exception_in_a_route_is_a_500_with_the_headers(client):
    def broken() -> None:
        raise RuntimeError("a bug")

    client.app.add_api_route("/broken", broken)
    response = client.get("/broken")
    assert response.status_code == 500
    assert response.headers["content-security-policy"] == CSP
    assert "bug" in response.text
    assert client.get("/healthz").status_code == 200


def test_a_503_without_retry_after_gets_one(client):
    from fastapi.responses import PlainTextResponse

    client.app.add_api_route("/busy", lambda: PlainTextResponse("busy", status_code=503))
    assert client.get("/busy").headers["retry-after"].isdigit()
