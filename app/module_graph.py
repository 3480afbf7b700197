"""The page's scripts: the bundle scripts/build_bundle.mjs made, or else its ES modules with a
`<link rel="modulepreload">` for each.

The bundle (static/js/bundle/: main.js, and the workers it starts, each one file) is what a
page loads once setup has built it: 44 modules were 44 requests as the page opened, and on a
repeat visit they shared the cache's reads with Python's runtime, which the worker waits for.
It is used only while it is newer than every module (an edit without a rebuild serves the
modules, never a stale bundle).

Without it, the modules, preloaded: without the preloads the browser finds main.js's imports
only after fetching main.js, their imports after those, and so on (an 11-deep chain of round
trips); with them, it asks for all of them at once. Only static imports count
(`import … from "./x.js"`, `export … from`, `import "./x.js"`); modules loaded on demand with
`import()` (the embed dialog, downloads) stay on demand.
"""

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath

ENTRY = "js/main.js"  # the page's one module script (templates/base.html)
BUNDLE = "js/bundle/"  # where scripts/build_bundle.mjs writes main.js and its workers


@dataclass(frozen=True)
class PageScripts:
    """What templates/base.html loads: `folder` (inside static/) holds main.js and the engine
    worker it starts; `preloads`, the modules to preload (none for the bundle)."""

    folder: str
    preloads: tuple[str, ...] = ()

    @property
    def entry(self) -> str:
        return self.folder + PurePosixPath(ENTRY).name

    @property
    def engine_worker(self) -> str:  # the URL main.js makes: new URL("./worker.js", its own)
        return f"{self.folder}worker.js"


@cache
def page_scripts(static_dir: Path) -> PageScripts:
    """The bundle when it is there and newer than every module in static/js; else the modules.
    Decided once per process, like the asset version (app/assets.py)."""
    bundle = static_dir / BUNDLE / PurePosixPath(ENTRY).name
    if bundle.is_file():
        built = bundle.stat().st_mtime_ns
        sources = (static_dir / ENTRY).parent.glob("*.js")
        if all(source.stat().st_mtime_ns <= built for source in sources):
            return PageScripts(BUNDLE)
    return PageScripts(f"{PurePosixPath(ENTRY).parent}/", module_preloads(static_dir))


# A static import or re-export of a relative module, at the start of a line: `import "./x.js"`,
# or `import`/`export` then anything but a statement end, a parenthesis (a dynamic `import(`)
# or a quote, then `from "./x.js"`.
_STATIC_IMPORT = re.compile(
    r"""(?m)^\s*(?:import\s*|(?:import|export)\b[^;()"']*\bfrom\s*)["'](\.{1,2}/[^"']+)["']"""
)


def imports(source: str) -> list[str]:
    """The relative module paths that `source` imports statically, in order."""
    return _STATIC_IMPORT.findall(source)


@cache
def module_preloads(static_dir: Path, entry: str = ENTRY) -> tuple[str, ...]:
    """Paths inside static/ of every module the entry imports, directly or not (the entry
    itself excluded), in the order they are first met; the page puts its asset prefix before
    them (app/assets.py). Computed once per process: the modules change only with
    a deploy (a stale list would cost a wasted or a missing preload, nothing else)."""
    seen: dict[str, None] = {}
    pending = [PurePosixPath(entry)]
    while pending:
        module = pending.pop(0)
        try:
            source = (static_dir / module).read_text(encoding="utf-8")
        except OSError:
            continue  # a missing module: the browser reports it; no preload for it
        for relative in imports(source):
            target = _normalize(module.parent / relative)
            if target.as_posix() not in seen and target != PurePosixPath(entry):
                seen[target.as_posix()] = None
                pending.append(target)
    return tuple(seen)


def _normalize(path: PurePosixPath) -> PurePosixPath:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return PurePosixPath(*parts)
