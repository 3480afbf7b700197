"""app/python_bytes.py: the totals the page turns the worker's decoded bytes into wire bytes
with ("3.1 of 4.7 MB")."""

from app.python_bytes import python_bytes
from tests.app.conftest import MANIFEST


def test_served_bytes_are_the_brotli_copies_and_decoded_the_files(static_dir):
    folder = static_dir / "vendor/pyodide/314.0.7"
    wasm = (folder / "pyodide.asm.wasm").stat().st_size
    engine = (static_dir / "vendor/wheels/engine-0123456789ab.zip").stat().st_size
    module = (folder / "pyodide.mjs").stat().st_size
    (folder / "pyodide.asm.wasm.br").write_bytes(bytes(100))
    totals = python_bytes(static_dir, MANIFEST)
    assert totals == {"decoded": wasm + engine, "served": 100 + engine + module}


def test_without_the_vendored_files_there_are_none(tmp_path):
    assert python_bytes(tmp_path, MANIFEST) is None
    assert python_bytes(tmp_path, {}) is None


def test_a_static_exports_relative_urls_name_the_same_files(static_dir):
    """An export's pages name static/ relative to themselves: `static/…` from its index.html,
    `../static/…` from a page one folder down (app/export_page.py)."""
    served = python_bytes(static_dir, MANIFEST)
    assert served is not None and served["decoded"] > 0
    for root in ("", "../"):
        relative = {key: root + url.removeprefix("/") for key, url in MANIFEST.items()}
        assert python_bytes(static_dir, relative) == served
