"""The classic script at the top of a page that starts Python before the page's modules load
(app/early_python.py): in the page when Python starts at once, allowed by its hash."""

import base64
import hashlib
import html
import re
from urllib.parse import quote

from app.early_python import BOOTED_KEY, SCRIPT_HASH, starts_at_load

SCRIPT = re.compile(r'<script id="early-python"([^>]*)>(.*?)</script>', re.S)
MANIFEST = {"pyodide": "/static/vendor/pyodide/314.0.7/", "engine_zip": "/static/vendor/e.zip"}


def early_script(page: str) -> tuple[dict[str, str], str] | None:
    found = SCRIPT.search(page)
    if not found:
        return None
    attributes = dict(re.findall(r'(data-[a-z]+)="([^"]*)"', found.group(1)))
    return {k: html.unescape(v) for k, v in attributes.items()}, found.group(2)


def test_a_page_whose_graph_the_server_drew_starts_python_first(client):
    response = client.get("/")
    found = early_script(response.text)
    assert found, "no early-python script"
    attributes, text = found
    assert attributes["data-worker"].endswith("/engine-worker/worker.js")
    assert attributes["data-pyodide"].startswith("/static/vendor/pyodide/")
    assert attributes["data-engine"].startswith("/static/vendor/wheels/engine-")
    assert attributes["data-key"] == BOOTED_KEY
    # The first script of the page, before the stylesheet (which would hold it back).
    assert response.text.index('id="early-python"') < response.text.index('rel="stylesheet"')
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    assert f"'sha256-{digest}'" == SCRIPT_HASH
    csp = response.headers["content-security-policy"]
    assert f"script-src 'self' 'wasm-unsafe-eval' {SCRIPT_HASH};" in csp
    assert "unsafe-inline" not in csp


def test_a_learners_python_starts_it_too(client):
    source = "class V:\n    pass\nv = V()\n"
    assert early_script(client.get(f"/?src={quote(source)}").text)


def test_a_picture_embed_starts_python_on_demand(client):
    assert early_script(client.get("/embed?controls=0").text) is None
    assert early_script(client.get("/embed").text)


def test_the_decision():
    assert starts_at_load(MANIFEST, False, True, False, False)
    assert starts_at_load(MANIFEST, False, False, True, False)
    assert starts_at_load(MANIFEST, False, False, False, True)
    # Graphviz lays out the first graph first: Python starts after it.
    assert not starts_at_load(MANIFEST, False, False, False, False)
    assert not starts_at_load(MANIFEST, True, True, True, False)  # a picture: on demand
    assert not starts_at_load({}, False, True, True, True)  # no files: the page says so
