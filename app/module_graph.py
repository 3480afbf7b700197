"""The page's scripts and styles: the bundles scripts/build_bundle.mjs made, or else the ES
modules with a `<link rel="modulepreload">` for each, and the styles' @imports.

The bundle (static/js/bundle/: main.js, and the workers it starts, each one file) is what a
page loads once setup has built it: 60 modules were 60 requests as the page opened, and on a
repeat visit they shared the cache's reads with Python's runtime, which the worker waits for.
It is used only while it is newer than every module (an edit without a rebuild serves the
modules, never a stale bundle).

Without it, the modules, preloaded: without the preloads the browser finds main.js's imports
only after fetching main.js, their imports after those, and so on (an 11-deep chain of round
trips); with them, it asks for all of them at once. The import graph is esbuild's own
(static/js/bundle/meta.json, written with the bundle): only static imports count; modules
loaded on demand with `import()` (the embed dialog, downloads) stay on demand. Without that
file (setup never ran) there are no preloads, only a slower start.
"""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath

ENTRY = "js/main.js"  # the page's one module script (templates/base.html)
STYLES = "css/playground.css"  # the page's styles: @imports of one file per concept
STYLES_BUNDLE = "css/bundle/playground.css"  # the same, one file (scripts/build_bundle.mjs)
BUNDLE = "js/bundle/"  # where scripts/build_bundle.mjs writes main.js and its workers
ENGINE_WORKER = "engine-worker/worker.js"  # beside main.js, in the sources and in the bundle
META = "meta.json"  # esbuild's metafile, in the bundle's folder
EDITOR_SOURCE = "editor/codemirror.js"  # bundled into static/vendor/editor, never served


@dataclass(frozen=True)
class PageScripts:
    """What templates/base.html loads: `folder` (inside static/) holds main.js and the engine
    worker it starts; `preloads`, the modules to preload (none for the bundle); `stylesheet`,
    the page's styles (paths inside static/)."""

    folder: str
    preloads: tuple[str, ...] = ()
    stylesheet: str = STYLES

    @property
    def entry(self) -> str:
        return self.folder + PurePosixPath(ENTRY).name

    @property
    def engine_worker(self) -> str:  # named in the page's first script (templates/base.html)
        return self.folder + ENGINE_WORKER


def sources(static_dir: Path) -> list[Path]:
    """Our own modules and styles under static/js and static/css (not the bundles made from
    them)."""
    found = []
    for entry in (ENTRY, STYLES):
        folder = static_dir / PurePosixPath(entry).parent
        suffix = PurePosixPath(entry).suffix
        found += [
            path
            for path in folder.rglob(f"*{suffix}")
            if "bundle" not in path.relative_to(folder).parts and path != folder / EDITOR_SOURCE
        ]
    return found


def _fresh(static_dir: Path) -> bool:
    """Both bundles are there and newer than every source they were made from."""
    bundles = [static_dir / BUNDLE / PurePosixPath(ENTRY).name, static_dir / STYLES_BUNDLE]
    if not all(bundle.is_file() for bundle in bundles):
        return False
    built = min(bundle.stat().st_mtime_ns for bundle in bundles)
    return all(source.stat().st_mtime_ns <= built for source in sources(static_dir))


@cache
def page_scripts(static_dir: Path) -> PageScripts:
    """The bundles when they are there and newer than every module and style; else the sources.
    Decided once per process, like the asset version (app/assets.py)."""
    if _fresh(static_dir):
        return PageScripts(BUNDLE, stylesheet=STYLES_BUNDLE)
    return PageScripts(f"{PurePosixPath(ENTRY).parent}/", module_preloads(static_dir))


def import_graph(static_dir: Path) -> dict[str, list[dict[str, str]]]:
    """esbuild's import graph of our modules: path inside static/js → its imports ({path,
    kind}); empty when the bundle was never built."""
    try:
        meta = json.loads((static_dir / BUNDLE / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return meta.get("inputs", {})


@cache
def module_preloads(static_dir: Path, entry: str = ENTRY) -> tuple[str, ...]:
    """Paths inside static/ of every module the entry imports statically, directly or not (the
    entry itself excluded), in the order they are first met; the page puts its asset prefix
    before them (app/assets.py). Computed once per process: the modules change only with
    a deploy (a stale list would cost a wasted or a missing preload, nothing else)."""
    graph = import_graph(static_dir)
    folder = PurePosixPath(entry).parent
    start = PurePosixPath(entry).relative_to(folder).as_posix()
    seen: dict[str, None] = {}
    pending = [start]
    while pending:
        module = pending.pop(0)
        for imported in graph.get(module, []):
            target = imported["path"]
            if imported["kind"] == "import-statement" and target not in seen and target != start:
                seen[target] = None
                pending.append(target)
    return tuple((folder / path).as_posix() for path in seen)
