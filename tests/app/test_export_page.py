"""app/export_page.py: one page of a static export, with relative URLs and a <meta> CSP."""

import json
import re
from dataclasses import replace

import pytest

from app.export_page import ExportError, export_page, relative_manifest, render, render_page
from app.headers import CSP_BASE
from app.module_graph import PageScripts
from app.presets import LOSS
from app.settings import Settings


def test_manifest_urls_become_relative(manifest):
    relative = relative_manifest(manifest)
    assert relative["pyodide"] == "static/vendor/pyodide/314.0.7/"
    assert all(not url.startswith("/") for url in relative.values())
    down = relative_manifest(manifest, "../")
    assert down["engine_zip"] == "../static/vendor/wheels/engine-0123456789ab.zip"


def test_the_page_has_only_relative_urls_and_a_meta_csp(export_settings):
    html = render_page(export_settings, LOSS, "overwrite", 2)
    assert not re.search(r'(?:href|src)="/', html)
    assert '"/static' not in html  # nor in the initial data
    assert f'<meta http-equiv="Content-Security-Policy" content="{CSP_BASE}">' in html
    assert '"mode":"overwrite"' in html and '"step":2' in html
    assert 'id="embed-button"' not in html and 'id="copy-link"' not in html  # need a server
    assert "og:image" not in html and "oembed" not in html


def test_a_page_one_folder_down_names_static_from_there(export_settings):
    scripts = PageScripts("js/")
    html = render(export_settings, "learn.html", "../", scripts=scripts, playground_href="../")
    assert 'href="../static/css/playground.css"' in html
    assert 'src="../static/js/chapter.js"' in html
    assert not re.search(r'(?:href|src)="/', html)
    assert f'content="{CSP_BASE}"' in html


def test_an_invalid_program_is_an_error(export_settings):
    with pytest.raises(ExportError, match=r"line 1, column \d+"):
        render_page(export_settings, "x = (", "correct", None)


def test_a_missing_vendor_folder_is_an_error(tmp_path):
    with pytest.raises(ExportError, match="scripts/setup.sh"):
        render_page(Settings(static_dir=tmp_path), LOSS, "correct", None)


def test_an_export_has_no_server_to_run_edits_on():
    """A static copy has no GET /run: its edits wait for Python (static/js/python/server-run.js)."""
    exported = export_page(Settings.from_env(), "y = 2 * 3", "correct", None)
    data = json.loads(str(exported.page.initial_data))
    assert data["server_run"] is None


def test_an_export_follows_the_settings_it_was_made_with(export_settings):
    """The run limit and the URL limit are the exporting settings' (PLAYGROUND_RUN_LIMIT …), as
    a server's pages are its own: the page data has no second default."""
    settings = replace(export_settings, run_limit=2.0, max_request_bytes=10_000)
    page = export_page(settings, "y = 2 * 3", "correct", None).page
    data = json.loads(str(page.initial_data))
    assert data["run_limit_ms"] == 2000 and data["max_url_bytes"] == 10_000
