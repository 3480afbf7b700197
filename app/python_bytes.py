"""How many bytes Python's files are, for the page's download progress ("3.1 of 4.7 MB").

The engine worker counts what it receives as decoded bytes (a fetch's body is decoded before
the worker sees it); the page turns that into bytes on the wire with these two totals, taken
from the files the server sends (their brotli copies, as scripts/build_vendor.py wrote them).
"""

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

# Fetched by the worker (counted as they arrive), beside Pyodide's modules (not counted).
COUNTED = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MODULES = ("pyodide.mjs", "pyodide.asm.mjs")
_STATIC_URL = re.compile(r"^(?:\.\./)*/?(?:static/)?")


def _served(path: Path) -> int:
    """Bytes on the wire: the brotli copy when there is one (every browser we serve asks for
    it), else the file."""
    for suffix in (".br", ""):
        candidate = path.with_name(path.name + suffix)
        if candidate.is_file():
            return candidate.stat().st_size
    return 0


def _local(static_dir: Path, url: str) -> Path:
    """The file a page's URL names: `/static/…` (a served page) or `static/…`, `../static/…`
    (a static export's pages, relative to each)."""
    return static_dir / _STATIC_URL.sub("", url)


@cache
def _totals(static_dir: Path, pyodide: str, engine_zip: str) -> tuple[int, int]:
    folder = _local(static_dir, pyodide)
    counted = [folder / name for name in COUNTED] + [_local(static_dir, engine_zip)]
    decoded = sum(p.stat().st_size for p in counted if p.is_file())
    served = sum(_served(p) for p in counted + [folder / name for name in MODULES])
    return served, decoded


def python_bytes(static_dir: Path, manifest: Mapping[str, str]) -> dict[str, int] | None:
    """{served, decoded}: the bytes a first visit downloads for Python, and what the worker
    counts of them as decoded; None without the vendored files."""
    if not (manifest.get("pyodide") and manifest.get("engine_zip")):
        return None
    served, decoded = _totals(static_dir, manifest["pyodide"], manifest["engine_zip"])
    return {"served": served, "decoded": decoded} if decoded else None
