"""app.export: the static site's page and files (the browser test serves and runs it)."""

import io
import json
import re
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from app.export import (
    ExportError,
    export_page,
    export_site,
    export_zip,
    main,
    relative_manifest,
    render_page,
)
from app.headers import CSP_BASE
from app.presets import LOSS
from app.settings import Settings


@pytest.fixture
def export_settings(static_dir: Path) -> Settings:
    (static_dir / "vendor" / "viz" / "3.31.0" / "viz.js.gz").write_bytes(b"\x1f\x8b")
    return Settings(static_dir=static_dir)


def test_manifest_urls_become_relative(manifest):
    relative = relative_manifest(manifest)
    assert relative["pyodide"] == "static/vendor/pyodide/314.0.7/"
    assert all(not url.startswith("/") for url in relative.values())


def test_the_page_has_only_relative_urls_and_a_meta_csp(export_settings):
    html = render_page(export_settings, LOSS, "overwrite", 2)
    assert not re.search(r'(?:href|src)="/', html)
    assert '"/static' not in html  # nor in the initial data
    assert f'<meta http-equiv="Content-Security-Policy" content="{CSP_BASE}">' in html
    assert '"mode":"overwrite"' in html and '"step":2' in html
    assert 'id="embed-button"' not in html and 'id="copy-link"' not in html  # need a server
    assert "og:image" not in html and "oembed" not in html


def test_an_invalid_program_is_an_error(export_settings):
    with pytest.raises(ExportError, match=r"line 1, column \d+"):
        render_page(export_settings, "x = (", "correct", None)


def test_a_missing_vendor_folder_is_an_error(tmp_path):
    with pytest.raises(ExportError, match="scripts/setup.sh"):
        render_page(Settings(static_dir=tmp_path), LOSS, "correct", None)


def test_the_folder_holds_the_page_and_static_files(export_settings, tmp_path):
    out = export_site(tmp_path / "site", LOSS, settings=export_settings)
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert {
        "index.html",
        ".nojekyll",
        "_headers",
        "static/css/playground.css",
        "static/js/main.js",
    } <= files
    # Static hosts that read it (Netlify, Cloudflare Pages) let the engine worker's opaque
    # origin read the files: docs/security.md.
    assert (out / "_headers").read_text() == "/*\n  Access-Control-Allow-Origin: *\n"
    assert "static/vendor/pyodide/314.0.7/pyodide.asm.wasm" in files
    assert not [name for name in files if name.endswith(".gz")]
    # Exporting again into the same folder replaces it.
    (out / "static" / "stale.js").write_text("")
    export_site(out, LOSS, settings=export_settings)
    assert not (out / "static" / "stale.js").exists()


def test_the_zip_holds_the_same_files(export_settings, tmp_path):
    out = export_site(tmp_path / "site", LOSS, settings=export_settings)
    archive = zipfile.ZipFile(io.BytesIO(export_zip(LOSS, settings=export_settings)))
    names = {name.removeprefix("playground/") for name in archive.namelist()}
    assert names == {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert archive.read("playground/index.html").decode() == (out / "index.html").read_text()


def test_the_command(export_settings, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PLAYGROUND_STATIC_DIR", str(export_settings.static_dir))
    program = tmp_path / "loss.txt"
    program.write_text(LOSS)
    assert main([str(tmp_path / "out"), "--src", str(program), "--step", "1", "--zip"]) == 0
    assert "wrote" in capsys.readouterr().out
    assert (tmp_path / "out" / "index.html").is_file() and (tmp_path / "out.zip").is_file()
    program.write_text("y = )")
    assert main([str(tmp_path / "bad"), "--src", str(program)]) == 1
    assert "export: line 1" in capsys.readouterr().err


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
