"""app.export: the static site's pages and files (app/export_page.py makes each page; the
browser tests serve and run the site)."""

import io
import zipfile

from app.export import export_site, export_zip, main
from app.presets import LOSS


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
