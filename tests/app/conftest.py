"""A TestClient on an app whose static directory is a temporary one, so that these tests
never depend on static/vendor having been built."""

import json
import warnings
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from starlette.exceptions import StarletteDeprecationWarning

from app.main import create_app
from app.settings import Settings

with warnings.catch_warnings():
    # Starlette 1.x prefers `httpx2` for its TestClient; the pinned httpx 0.28 works the same.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from fastapi.testclient import TestClient

MANIFEST = {
    "engine_zip": "/static/vendor/wheels/engine-0123456789ab.zip",
    "graphviz_wheel": "/static/vendor/wheels/graphviz-0.21-py3-none-any.whl",
    "pyodide": "/static/vendor/pyodide/314.0.7/",
    "viz": "/static/vendor/viz/3.31.0/viz.js",
}
STATIC_FILES = {
    "css/playground.css": b"body { margin: 0; }\n" * 100,
    "js/main.js": b"export const answer = 42;\n" * 100,  # over GZip's minimum size
    "vendor/manifest.json": json.dumps(MANIFEST).encode(),
    "vendor/pyodide/314.0.7/pyodide.asm.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 40,
    "vendor/pyodide/314.0.7/pyodide.mjs": b"export const version = '314.0.7';\n" * 40,
    "vendor/viz/3.31.0/viz.js": b"export default {};\n" * 100,
    "vendor/wheels/engine-0123456789ab.zip": b"PK\3\4" + bytes(2000),
    "vendor/wheels/graphviz-0.21-py3-none-any.whl": b"PK\3\4" + bytes(2000),
    "vendor/unversioned/thing.js": b"export {};\n",
}


@pytest.fixture
def static_dir(tmp_path: Path) -> Path:
    root = tmp_path / "static"
    for name, content in STATIC_FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return root


@pytest.fixture
def settings(static_dir: Path) -> Settings:
    # Waits no machine misses: these tests check content; the deadlines have their own tests.
    return Settings(static_dir=static_dir, first_paint_wait=10.0, dot_timeout=30.0)


@pytest.fixture
def export_settings(static_dir: Path) -> Settings:
    """Settings for a static export (app/export.py) from the temporary static directory."""
    (static_dir / "vendor" / "viz" / "3.31.0" / "viz.js.gz").write_bytes(b"\x1f\x8b")
    return Settings(static_dir=static_dir)


@pytest.fixture
def client(settings: Settings):
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def make_client():
    """A client for an app with other settings."""
    clients = []

    def make(settings: Settings) -> TestClient:
        clients.append(TestClient(create_app(settings)).__enter__())
        return clients[-1]

    yield make
    for test_client in clients:
        test_client.__exit__(None, None, None)


@dataclass
class ParsedPage:
    """The elements of an HTML page, by id, with their attributes and text."""

    elements: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    ids: dict[str, dict[str, str | None]] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)  # id -> text inside the element
    raw_data: str = ""  # the initial-data script's text, as sent

    @property
    def data(self) -> dict:
        return json.loads(self.raw_data)

    def tags(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for name, attrs in self.elements if name == tag]


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = ParsedPage()
        self.open_ids: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.page.elements.append((tag, attributes))
        element_id = attributes.get("id")
        if element_id:
            assert element_id not in self.page.ids, f"duplicate id {element_id}"
            self.page.ids[element_id] = attributes | {"tag": tag}
            self.page.text[element_id] = ""
        if tag not in ("meta", "link", "input", "img", "br"):
            self.open_ids.append(element_id)

    def handle_endtag(self, tag: str) -> None:
        if self.open_ids:
            self.open_ids.pop()

    def handle_data(self, data: str) -> None:
        for element_id in self.open_ids:
            if element_id:
                self.page.text[element_id] += data
        if self.open_ids and self.open_ids[-1] == "initial-data":
            self.page.raw_data += data


def _parse_html(html: str) -> ParsedPage:
    collector = _Collector()
    collector.feed(html)
    collector.close()
    return collector.page


@pytest.fixture
def get_page(client: TestClient):
    """GET a page and parse it; the response must be a 200 HTML page."""

    def get(url: str, test_client: TestClient | None = None) -> ParsedPage:
        response = (test_client or client).get(url)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("text/html")
        return _parse_html(response.text)

    return get


@pytest.fixture
def parse_html():
    return _parse_html


@pytest.fixture
def manifest() -> dict[str, str]:
    return dict(MANIFEST)
