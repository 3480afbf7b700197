"""The page's ES module graph, for `<link rel="modulepreload">`: without it the browser finds
main.js's imports only after fetching main.js, their imports after those, and so on (an
11-deep chain of round trips); with it, it asks for all of them at once.

Only static imports count (`import … from "./x.js"`, `export … from`, `import "./x.js"`);
modules loaded on demand with `import()` (the embed dialog, downloads) stay on demand.
"""

import re
from functools import cache
from pathlib import Path, PurePosixPath

ENTRY = "js/main.js"  # the page's one module script (templates/base.html)

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
