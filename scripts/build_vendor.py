"""Generate static/vendor/ (never committed) from node_modules and engine/.

The browser loads Pyodide, Graphviz WASM, the engine sources and the CodeMirror bundle from
here. Every path carries a version or a content hash, so the server can send long-lived
cache headers; static/vendor/manifest.json maps logical names to those URL paths.

Standard library only; run it with the project's venv Python.
"""

import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
URL_PREFIX = "/static/vendor"

# What the browser fetches while booting Pyodide (the npm package holds more).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
# Served gzip-encoded from a .gz beside them, compressed once here rather than per request
# (the server's on-the-fly gzip of the 9.6 MB wasm took ~0.5 s of a 2-core machine each time).
PRECOMPRESS_SUFFIXES = (".wasm", ".mjs", ".js", ".json")
# A zip entry's date must be fixed for the archive (and so its hash) to be reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def npm_version(package: str) -> str:
    return json.loads((NODE_MODULES / package / "package.json").read_text())["version"]


def url(path: Path) -> str:
    return f"{URL_PREFIX}/{path.relative_to(VENDOR).as_posix()}"


def copy(src: Path, dest: Path) -> Path:
    """Copy unless an identical copy (same size and mtime) is already there."""
    if not src.is_file():
        sys.exit(f"build_vendor: missing {src.relative_to(ROOT)} (run npm ci)")
    if not (
        dest.is_file()
        and dest.stat().st_size == src.stat().st_size
        and dest.stat().st_mtime_ns == src.stat().st_mtime_ns
    ):
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)
    return dest


def precompress(path: Path) -> Path:
    """Write `path.gz` (reproducibly: no name, no time) unless it is already newer than `path`."""
    target = path.with_name(path.name + ".gz")
    if not (target.is_file() and target.stat().st_mtime_ns >= path.stat().st_mtime_ns):
        target.write_bytes(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
    return target


def build_engine_zip() -> Path:
    """Zip engine/**/*.py deterministically, named by a hash of the zip's bytes."""
    sources = sorted((ROOT / "engine").rglob("*.py"))
    if not sources:
        sys.exit("build_vendor: engine/ has no .py files")
    staging = VENDOR / "wheels" / "engine.zip.tmp"
    staging.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(staging, "w", zipfile.ZIP_DEFLATED) as archive:
        for source in sources:
            entry = zipfile.ZipInfo(source.relative_to(ROOT).as_posix(), ZIP_EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, source.read_bytes())
    digest = hashlib.sha256(staging.read_bytes()).hexdigest()[:12]
    return staging.replace(staging.with_name(f"engine-{digest}.zip"))


def build_editor() -> Path:
    """CodeMirror 6, bundled by esbuild into one module named by its hash (build_editor.mjs)."""
    done = subprocess.run(
        ["node", str(ROOT / "scripts" / "build_editor.mjs")],
        check=True,
        capture_output=True,
        text=True,
    )
    return ROOT / "static" / done.stdout.strip().removeprefix("/static/")


def remove_stale(keep: set[Path]) -> None:
    """Delete what an earlier build left behind (old versions, old engine hashes)."""
    for path in sorted(VENDOR.rglob("*"), reverse=True):
        if path.is_file() and path not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def main() -> None:
    pyodide_dir = VENDOR / "pyodide" / npm_version("pyodide")
    pyodide = [copy(NODE_MODULES / "pyodide" / f, pyodide_dir / f) for f in PYODIDE_FILES]
    viz = copy(
        NODE_MODULES / "@viz-js" / "viz" / "dist" / "viz.js",
        VENDOR / "viz" / npm_version("@viz-js/viz") / "viz.js",
    )
    engine_zip = build_engine_zip()
    editor = build_editor()

    manifest = VENDOR / "manifest.json"
    entries = {
        "pyodide": url(pyodide_dir) + "/",
        "viz": url(viz),
        "engine_zip": url(engine_zip),
        "editor": url(editor),
    }
    manifest.write_text(json.dumps(entries, indent=2, sort_keys=True) + "\n")
    served = [*pyodide, viz, editor]
    compressed = [precompress(f) for f in served if f.suffix in PRECOMPRESS_SUFFIXES]
    remove_stale({*served, *compressed, engine_zip, manifest})
    print(f"build_vendor: wrote {manifest.relative_to(ROOT)}: {json.dumps(entries)}")


if __name__ == "__main__":
    main()
