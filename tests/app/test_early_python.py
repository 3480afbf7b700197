"""The classic script at the top of a page (app/early_python.py, templates/partials/
early-python.js): in every page that has Python's files (it makes the engine worker's source),
told when Python starts at once, inlined byte for byte as the file holds it, and allowed by the
hash of exactly that text, in the header and in a static export's <meta> policy."""

import base64
import hashlib
import html
import re
from urllib.parse import quote

from app.early_python import BOOTED_KEY, SCRIPT, SCRIPT_HASH, starts_at_load, template_context
from app.export_page import render_page
from app.presets import LOSS
from app.settings import Settings, project_root

ELEMENT = re.compile(r'<script id="early-python"([^>]*)>(.*?)</script>', re.S)
MANIFEST = {"pyodide": "/static/vendor/pyodide/314.0.7/", "engine_zip": "/static/vendor/e.zip"}


def early_script(page: str) -> tuple[dict[str, str], str] | None:
    """The script's data attributes and its text, as the page holds them; None if not there."""
    found = ELEMENT.search(page)
    if not found:
        return None
    attributes = dict(re.findall(r'(data-[a-z]+)(?:="([^"]*)")?', found.group(1)))
    return {k: html.unescape(v) for k, v in attributes.items()}, found.group(2)


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_page_inlines_the_file_and_its_policy_allows_that_text(client):
    response = client.get("/")
    found = early_script(response.text)
    assert found, "no early-python script"
    attributes, text = found
    file = project_root() / "templates" / "partials" / "early-python.js"
    assert text == SCRIPT == file.read_text(encoding="utf-8")  # its last newline too
    assert attributes["data-worker"].endswith("/engine-worker/worker.js")
    assert attributes["data-pyodide"].startswith("/static/vendor/pyodide/")
    assert attributes["data-engine"].startswith("/static/vendor/wheels/engine-")
    assert attributes["data-key"] == BOOTED_KEY
    assert "data-starts" in attributes  # the server drew the first graph: Python starts at once
    # The first script of the page, before the stylesheet (which would hold it back).
    assert response.text.index('id="early-python"') < response.text.index('rel="stylesheet"')
    csp = response.headers["content-security-policy"]
    assert f"script-src 'self' 'wasm-unsafe-eval' {sha256(text)};" in csp
    assert "unsafe-inline" not in csp


def test_a_static_exports_meta_policy_allows_its_text(static_dir):
    page = render_page(Settings(static_dir=static_dir), LOSS, "correct", None)
    found = early_script(page)
    assert found, "no early-python script in the export"
    attributes, text = found
    assert attributes["data-pyodide"].startswith("static/vendor/pyodide/")  # relative
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert policy and f"script-src 'self' 'wasm-unsafe-eval' {sha256(text)};" in policy.group(1)


def test_its_text_cannot_end_the_element_early():
    """Inlined as is: an HTML parser reads a script element's text up to `</script`."""
    assert "</script" not in SCRIPT.lower() and "<!--" not in SCRIPT
    assert SCRIPT_HASH == sha256(SCRIPT)


def test_a_learners_python_starts_it_too(client):
    source = "class V:\n    pass\nv = V()\n"
    found = early_script(client.get(f"/?src={quote(source)}").text)
    assert found and "data-starts" in found[0]


def test_a_picture_embed_has_the_script_but_starts_python_on_demand(client):
    picture = early_script(client.get("/embed?controls=0").text)
    assert picture and "data-starts" not in picture[0]  # the source, for when the reader asks
    embed = early_script(client.get("/embed").text)
    assert embed and "data-starts" in embed[0]


def test_a_page_without_pythons_files_has_no_script(settings, make_client):
    (settings.static_dir / "vendor" / "manifest.json").unlink()
    response = make_client(settings).get("/")
    assert response.status_code == 200
    assert early_script(response.text) is None


def test_the_context_for_the_template():
    assert template_context({}, False)["early_python"] is None
    assert template_context({"pyodide": "p/"}, False)["early_python"] is None  # no engine zip
    for starts in (False, True):
        early = template_context(MANIFEST, starts)["early_python"]
        assert early == dict(MANIFEST, key=BOOTED_KEY, starts=starts)


def test_the_decision():
    assert starts_at_load(MANIFEST, False, True, False, False)
    assert starts_at_load(MANIFEST, False, False, True, False)
    assert starts_at_load(MANIFEST, False, False, False, True)
    # Graphviz lays out the first graph first: Python starts after it.
    assert not starts_at_load(MANIFEST, False, False, False, False)
    assert not starts_at_load(MANIFEST, True, True, True, False)  # a picture: on demand
    assert not starts_at_load({}, False, True, True, True)  # no files: the page says so
