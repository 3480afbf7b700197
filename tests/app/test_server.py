"""The real server (`python -m app.server`, uvicorn) on 127.0.0.1, against a hostile corpus:
no response is a 5xx, every refusal says why (and where, when it is about the program), every
response has the security headers, and no page or image carries script."""

import base64
import hashlib
import json
import socket
from pathlib import Path
from urllib.parse import quote

import html5lib
import httpx
import pytest
from lxml import etree

from app.assets import asset_prefix
from app.early_python import SCRIPT as EARLY_SCRIPT
from app.early_python import has_files
from app.module_graph import page_scripts
from app.page_data import read_manifest
from bench.watched_server import server
from tests.app.hostile import BAD_PARAMETERS, PROGRAMS

pytestmark = pytest.mark.needs_dot
ROUTES = ["/", "/embed", "/graph.svg"]
SECURITY = ["content-security-policy", "x-content-type-options", "referrer-policy"]
ROOT = Path(__file__).resolve().parents[2]
# The one script besides the JSON island: the real static folder's (its bundle, once setup has
# built it), under its version.
ASSETS = asset_prefix(ROOT / "static")
SCRIPTS = page_scripts(ROOT / "static")
# The page's first script is in every page once setup has vendored Python's files.
EARLY_SCRIPTS = 1 if has_files(read_manifest(ROOT / "static" / "vendor" / "manifest.json")) else 0
KNOWN_SCRIPTS = [{"type": "module", "src": f"{ASSETS}{SCRIPTS.entry}"}]


@pytest.fixture(scope="module")
def base():
    with server() as srv:
        yield srv.base


@pytest.fixture(scope="module")
def http(base):
    with httpx.Client(base_url=base, timeout=30) as client:
        yield client


def query(params: dict[str, str]) -> str:
    """A query string that can carry anything, lone surrogates included (as their bytes)."""
    return "&".join(
        f"{quote(k)}={quote(v.encode('utf-8', 'surrogatepass'), safe='')}"
        for k, v in params.items()
    )


def raw(base: str, request: bytes) -> bytes:
    """Send bytes as they are; the response's head and the start of its body."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as s:
        try:
            s.sendall(request)
        except OSError:
            pass  # the server may refuse before reading everything
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        return data


def assert_no_script_in_attributes(elements) -> None:
    for element in elements:
        for name, value in element.attrib.items():
            local = str(name).rsplit("}", 1)[-1].lower()
            assert not local.startswith("on"), (element.tag, name)
            assert "javascript:" not in "".join(str(value).lower().split()), (element.tag, value)


def check_page(response: httpx.Response) -> None:
    assert response.status_code == 200, response.text[:300]
    document = html5lib.parse(response.text, treebuilder="etree", namespaceHTMLElements=False)
    scripts = document.findall(".//script")
    island = [s for s in scripts if s.get("id") == "initial-data"]
    assert len(island) == 1 and island[0].get("type") == "application/json"
    early = [s for s in scripts if s.get("id") == "early-python"]  # app/early_python.py
    assert len(early) == EARLY_SCRIPTS  # it makes the engine worker's source: whatever the program
    for script in early:  # its text is the constant the CSP's hash allows, whatever the program
        assert script.text == EARLY_SCRIPT
        digest = base64.b64encode(hashlib.sha256(script.text.encode()).digest()).decode()
        assert f" 'sha256-{digest}';" in response.headers["content-security-policy"]
        assert script.get("data-worker") == f"{ASSETS}{SCRIPTS.engine_worker}"
    known = [s for s in scripts if s is not island[0] and s not in early]
    assert [dict(s.attrib) for s in known] == KNOWN_SCRIPTS
    assert not document.findall(".//{http://www.w3.org/2000/svg}script")
    assert_no_script_in_attributes(document.iter())
    data = json.loads(island[0].text)
    result = data.get("result")
    if result is not None and result.get("pending"):  # Python: the server never runs it
        assert result == {"ok": False, "language": "python", "pending": True}
        assert "runs here in your browser" in response.text
    elif result is not None and not result["ok"]:
        error = result["error"]
        assert error["message"] and error["line"] >= 1 and error["col"] >= 1


def check_image(response: httpx.Response) -> None:
    if response.status_code != 200:
        assert 400 <= response.status_code < 500, response.text[:300]
        assert response.text.strip(), "a refusal says why"
        if response.status_code == 400 and "program has an error" in response.text:
            assert "line " in response.text and ", column " in response.text
        return
    assert response.headers["content-type"] == "image/svg+xml"
    svg = etree.fromstring(response.content)  # well-formed XML, or this raises
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert not svg.findall(".//{http://www.w3.org/2000/svg}script")
    assert_no_script_in_attributes(svg.iter())


@pytest.mark.parametrize(("name", "program"), PROGRAMS, ids=[name for name, _ in PROGRAMS])
def test_hostile_programs(http, name, program):
    for route in ROUTES:
        response = http.get(f"{route}?{query({'src': program})}")
        assert response.status_code < 500, (route, response.text[:300])
        for header in SECURITY:
            assert header in response.headers, (route, header)
        if route == "/graph.svg":
            check_image(response)
        else:
            check_page(response)


def test_a_surrogate_in_a_label_is_refused_with_its_position(http):
    program = "x = 1\ny = Value(2.0, label='\\ud800')"
    response = http.get(f"/graph.svg?{query({'src': program})}")
    assert response.status_code == 400
    assert "line 2, column 22" in response.text and "U+D800" in response.text
    page = http.get(f"/?{query({'src': program})}")
    document = html5lib.parse(page.text, treebuilder="etree", namespaceHTMLElements=False)
    data = json.loads(document.find(".//script[@id='initial-data']").text)
    assert data["result"]["error"]["line"] == 2 and data["result"]["error"]["col"] == 22
    assert "<svg" in page.text  # the fallback graph is drawn instead


def test_a_fan_in_bomb_is_refused_at_once_with_the_estimate(http):
    response = http.get(f"/graph.svg?{query({'src': '+'.join(['z'] * 251)})}")
    assert response.status_code == 422
    assert "would take about" in response.text and "lays it out in your browser" in response.text
    assert response.elapsed.total_seconds() < 5  # a hang-catching ceiling: dot never ran


@pytest.mark.parametrize("params", BAD_PARAMETERS, ids=[str(p) for p in BAD_PARAMETERS])
def test_bad_parameters(http, params):
    for route in ROUTES:
        response = http.get(f"{route}?{query(params)}")
        assert response.status_code < 500, (route, response.text[:300])
        assert "set-cookie" not in response.headers
        if response.status_code >= 400:
            assert response.text.strip()
        elif route != "/graph.svg":
            check_page(response)


@pytest.mark.parametrize("size", [62_000, 65_536, 200_000])
def test_long_urls_get_414_with_the_headers(base, size):
    head = raw(base, b"GET /?src=" + b"x" * size + b" HTTP/1.1\r\nHost: t\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 414 "), head[:100]
    assert b"content-security-policy: " in head.lower()


def test_huge_headers_get_431_with_the_headers(base):
    head = raw(base, b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431 "), head[:100]
    assert b"content-security-policy: " in head.lower()


def test_a_huge_declared_body_gets_413(base):
    head = raw(base, b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10000000\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413 "), head[:100]
    assert b"content-security-policy: " in head.lower()


@pytest.mark.parametrize(
    "request_line",
    [b"GET /he\x00llo HTTP/1.1", b"GET / HTTP/9.9", b"\x16\x03\x01 TLS hello", b"GET / HTTP/1.1\n"],
)
def test_malformed_requests_get_400_with_the_headers(base, request_line):
    head = raw(base, request_line + b"\r\nHost: t\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), head[:100]
    assert b"content-security-policy: " in head.lower()


def test_errors_carry_the_headers(http):
    for method, url, status in [
        ("GET", "/nowhere", 404),
        ("GET", "/graph.svg?mode=x", 400),
        ("POST", "/", 405),
        ("GET", "/static/missing.js", 404),
    ]:
        response = http.request(method, url)
        assert response.status_code == status
        for header in SECURITY:
            assert header in response.headers


def test_the_connection_survives_hostile_requests(base):
    with httpx.Client(base_url=base, timeout=30, limits=httpx.Limits(max_connections=1)) as one:
        for _, program in PROGRAMS[:20]:
            assert one.get(f"/graph.svg?{query({'src': program})}").status_code < 500
        assert one.get("/healthz").status_code == 200


def test_page_size_is_bounded(http):
    """A 48 KB URL of 6,000 values: its trace would be 8 MB inlined; the page stays under
    the documented 2 MB of data (plus the page itself) and runs it in the browser."""
    url = "/?src=" + "x%3Dx%2Ax%2Bx%0A" * 3000
    response = http.get(url)
    assert response.status_code == 200
    assert len(response.content) < 2_200_000
    assert '"deferred":' in response.text
