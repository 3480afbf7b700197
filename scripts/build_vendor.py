"""Generate static/vendor/ (never committed) from node_modules and engine/.

The browser loads Pyodide, Graphviz WASM, the engine sources and the CodeMirror bundle from
here. Every path carries a version or a content hash, so the server can send long-lived
cache headers; static/vendor/manifest.json maps logical names to those URL paths.

It also bundles our own modules for the page (scripts/build_bundle.mjs: static/js/bundle/) and
writes the precompressed copies the server sends (`.br` and `.gz` beside each file), for the
vendored assets and for our own JS and CSS. Standard library and `brotli` (pinned in
pyproject.toml); run it with the project's venv Python.
"""

import gzip
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

try:
    import brotli
except ImportError:
    sys.exit("build_vendor: needs the brotli package (scripts/setup.sh installs it)")

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
URL_PREFIX = "/static/vendor"

# What the browser fetches while booting Pyodide (the npm package holds more), copied as they
# are; the standard library's zip also gets bytecode (scripts/build_bytecode.mjs).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
]
STDLIB = "python_stdlib.zip"
# What the boot does not need of it, fetched only on an import that reaches it (build_bytecode.mjs)
STDLIB_REST = "python_stdlib_rest.zip"
BYTECODE_SCRIPT = ROOT / "scripts" / "build_bytecode.mjs"
REST_FINDER = ROOT / "scripts" / "stdlib_rest.py"  # goes into the stdlib zip (build_bytecode.mjs)
# Served from a .br or .gz beside them, compressed once here rather than per request (the
# server's on-the-fly gzip of the 9.6 MB wasm took ~0.5 s of a 2-core machine each time).
# Brotli at its best quality: 2.74 MB of wasm against gzip's 3.53 MB, for ~1.5 min once.
PRECOMPRESS_SUFFIXES = (".wasm", ".mjs", ".js", ".json", ".css")
APP_ASSETS = ("js", "css")  # folders of static/ with our own files, compressed too
EDITOR_SOURCE = ROOT / "static" / "js" / "editor" / "codemirror.js"  # bundled into vendor/editor
# A zip entry's date must be fixed for the archive (and so its hash) to be reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def npm_version(package: str) -> str:
    return json.loads((NODE_MODULES / package / "package.json").read_text())["version"]


def pinned_version(distribution: str) -> str:
    """The `name==version` pin in pyproject.toml: one place for the version."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"]:
        name, sep, version = requirement.partition("==")
        if sep and name.strip() == distribution:
            return version.strip()
    sys.exit(f"build_vendor: pyproject.toml does not pin {distribution}==<version>")


def check_brotli_pin() -> None:
    """The Dockerfile installs brotli by itself: it must be the version pyproject.toml pins."""
    if brotli.__version__ != pinned_version("brotli"):
        sys.exit(f"build_vendor: brotli {brotli.__version__} is not the pinned version")


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


def precompress(path: Path, content: Callable[[], bytes] | None = None) -> list[Path]:
    """Write `path.gz` (reproducibly: no name, no time) and `path.br` of `content()` (the
    file's bytes by default), each unless it is already newer than `path` (the server ignores
    a copy older than its file)."""
    encoders = {
        ".gz": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
        ".br": lambda data: brotli.compress(data, quality=11),
    }
    targets = []
    for suffix, encode in encoders.items():
        target = path.with_name(path.name + suffix)
        if not (target.is_file() and target.stat().st_mtime_ns >= path.stat().st_mtime_ns):
            target.write_bytes(encode(content() if content else path.read_bytes()))
        targets.append(target)
    return targets


def stored_zip(path: Path) -> bytes:
    """The same archive with every entry stored, not deflated. Deflate compresses each file
    alone; brotli over the stored archive compresses across files: Pyodide's stdlib is 1.6 MB
    that way against the zip's 2.5 MB. The browser decodes it to a plain zip, which Pyodide
    imports from as it does from the deflated one (a static host without our server sends the
    original)."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w") as stored:
        for entry in source.infolist():
            stored.writestr(entry, source.read(entry), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def app_assets() -> list[Path]:
    """Our own JS and CSS under static/ (not static/vendor)."""
    static = ROOT / "static"
    return [
        path
        for folder in APP_ASSETS
        for path in sorted((static / folder).rglob("*"))
        if path.is_file() and path.suffix in PRECOMPRESS_SUFFIXES and path != EDITOR_SOURCE
    ]


def build_engine_sources() -> Path:
    """Zip engine/**/*.py deterministically (a staging file: with_bytecode names it)."""
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
    return staging


def with_bytecode(engine_sources: Path, stdlib: Path) -> Path:
    """Pyodide's standard library zip (written to `stdlib`: what a boot reaches; the rest beside
    it as STDLIB_REST) and the engine zip, each with the bytecode a boot would otherwise
    compile (scripts/build_bytecode.mjs runs them in Pyodide under Node, a few seconds). The
    engine zip is named by a hash of what it is built from: its sources, the standard library,
    the script and the rest's finder. Skipped when all are there already."""
    original = NODE_MODULES / "pyodide" / STDLIB
    digest = hashlib.sha256()
    for part in (engine_sources, original, BYTECODE_SCRIPT, REST_FINDER):
        digest.update(part.read_bytes())
    engine = engine_sources.with_name(f"engine-{digest.hexdigest()[:12]}.zip")
    rest = stdlib.with_name(STDLIB_REST)
    fresh = engine.is_file() and stdlib.is_file() and rest.is_file()
    if not (fresh and stdlib.stat().st_mtime_ns >= engine.stat().st_mtime_ns):
        stdlib.parent.mkdir(parents=True, exist_ok=True)
        command = ["node", str(BYTECODE_SCRIPT), str(original), str(stdlib)]
        command += [str(engine_sources), str(engine), str(rest)]
        subprocess.run(command, check=True, cwd=ROOT)
        stdlib.touch()  # newer than the engine zip: all are done
    engine_sources.unlink()
    return engine


def build_editor() -> Path:
    """CodeMirror 6, bundled by esbuild into one module named by its hash (build_editor.mjs)."""
    done = subprocess.run(
        ["node", str(ROOT / "scripts" / "build_editor.mjs")],
        check=True,
        capture_output=True,
        text=True,
    )
    return ROOT / "static" / done.stdout.strip().removeprefix("/static/")


def build_bundle() -> None:
    """Our own modules bundled for the page and its workers (build_bundle.mjs)."""
    subprocess.run(["node", str(ROOT / "scripts" / "build_bundle.mjs")], check=True, cwd=ROOT)


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
    stdlib = pyodide_dir / STDLIB
    engine_zip = with_bytecode(build_engine_sources(), stdlib)
    rest = pyodide_dir / STDLIB_REST
    editor = build_editor()

    manifest = VENDOR / "manifest.json"
    entries = {
        "pyodide": url(pyodide_dir) + "/",
        "viz": url(viz),
        "engine_zip": url(engine_zip),
        "editor": url(editor),
    }
    manifest.write_text(json.dumps(entries, indent=2, sort_keys=True) + "\n")
    check_brotli_pin()
    served = [*pyodide, viz, editor]
    compressed = [c for f in served if f.suffix in PRECOMPRESS_SUFFIXES for c in precompress(f)]
    zips = (stdlib, rest, engine_zip)
    compressed += [c for f in zips for c in precompress(f, partial(stored_zip, f))]
    remove_stale({*served, *zips, *compressed, manifest})
    build_bundle()
    for asset in app_assets():
        precompress(asset)
    print(f"build_vendor: wrote {manifest.relative_to(ROOT)}: {json.dumps(entries)}")


if __name__ == "__main__":
    main()
