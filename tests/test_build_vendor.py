"""scripts/build_vendor.py's compressed copies: each decodes to what the server promises."""

import gzip
import importlib.util
import json
import os
import zipfile
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_vendor", ROOT / "scripts" / "build_vendor.py")
build_vendor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_vendor)


def test_precompress_writes_br_and_gz_of_the_file_and_keeps_fresh_copies(tmp_path):
    path = tmp_path / "module.js"
    path.write_bytes(b"export const answer = 42;\n" * 50)
    br, gz = sorted(build_vendor.precompress(path))
    assert brotli.decompress(br.read_bytes()) == path.read_bytes()
    assert gzip.decompress(gz.read_bytes()) == path.read_bytes()
    br.write_bytes(b"kept")  # newer than its file: not rewritten
    os.utime(br, ns=(path.stat().st_mtime_ns + 10**9,) * 2)
    build_vendor.precompress(path)
    assert br.read_bytes() == b"kept"


def test_the_stored_zip_holds_the_same_files_uncompressed(tmp_path):
    path = tmp_path / "python_stdlib.zip"
    files = {"json/__init__.py": b"import re\n" * 300, "this.py": b"s = 'Gur Mra'\n" * 200}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    stored = tmp_path / "stored.zip"
    stored.write_bytes(build_vendor.stored_zip(path))
    with zipfile.ZipFile(stored) as archive:
        assert {e.filename: archive.read(e) for e in archive.infolist()} == files
        assert {e.compress_type for e in archive.infolist()} == {zipfile.ZIP_STORED}
    assert build_vendor.stored_zip(path) == stored.read_bytes()  # reproducible


def _vendored(key: str) -> Path:
    manifest = json.loads((ROOT / "static" / "vendor" / "manifest.json").read_text())
    return ROOT / manifest[key].removeprefix("/")


def _pyc_flags(data: bytes) -> int:
    return int.from_bytes(data[4:8], "little")  # PEP 552: bit 0 hash-based, bit 1 checked


def test_the_stdlib_holds_bytecode_for_what_a_boot_imports_and_sources_for_the_rest():
    folder = _vendored("pyodide")
    with zipfile.ZipFile(folder / "python_stdlib.zip") as archive:
        names = set(archive.namelist())
        for module in ("typing", "json/__init__", "asyncio/base_events", "_pyodide/_base"):
            assert f"{module}.pyc" in names and f"{module}.py" not in names, module
            assert _pyc_flags(archive.read(f"{module}.pyc")) == 0b01  # unchecked hash-based
        # What a learner's program may import (engine/worker/cell.py), and the finder of the rest.
        for module in ("statistics", "fractions", "textwrap", "pprint", "_stdlib_rest"):
            assert f"{module}.pyc" in names, module
    with zipfile.ZipFile(folder / "python_stdlib_rest.zip") as archive:
        rest = set(archive.namelist())
    assert not names & rest
    for module in ("this", "xml/__init__", "unittest/__init__", "encodings/cp1252"):
        assert f"{module}.py" in rest and f"{module}.py" not in names, module


def test_the_engine_zip_holds_its_sources_and_their_bytecode():
    with zipfile.ZipFile(_vendored("engine_zip")) as archive:
        names = set(archive.namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py")}
    assert sources <= names
    for source in sources:
        folder, _, name = source.rpartition("/")
        assert f"{folder}/__pycache__/{name[:-3]}.cpython-314.pyc" in names, source
