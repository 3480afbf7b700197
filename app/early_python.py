"""Python starts before anything else on the page, in a browser that has run it before.

The engine worker's boot (Pyodide, ~0.45 s from a stored memory snapshot, more on a first visit)
is most of the wait before a learner's Python can run. A module script starts only once the page
is parsed and its module graph fetched, ~0.15 s in; this small classic script at the top of
`<head>` starts the worker as the first bytes arrive. The worker boots from its own URL's query
(static/js/engine-worker/worker.js); static/js/python/engine-client.js adopts it, with the
messages it sent meanwhile.

Only in a browser where Python has booted before (`BOOTED_KEY` in localStorage), whose cache
holds Pyodide's files: on a first visit the worker's 4.7 MB of downloads would compete with the
page's own modules and delay the first graph, so the page's modules start it, as soon as they
run. Either way the script leaves `globalThis.earlyPython` ({key, worker or null, events}): that
the server chose to start Python as the page loads.

The script's text is constant (its inputs are data attributes), so the Content-Security-Policy
allows it by hash (app/headers.py): no 'unsafe-inline', and it works in a static export's
`<meta>` policy too. The page puts it in only when Python is to start at once
(`starts_at_load`); an embed that is a picture starts Python on demand.
"""

import base64
import hashlib
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

# The worker's URL as static/js/shared/protocol.js's engineWorkerUrl and engineWorkerSource make
# it (the
# same query names; a data: URL that imports the module, so the worker's origin is opaque).
SCRIPT = (
    "(() => {"
    " const data = document.currentScript.dataset;"
    " const early = (globalThis.earlyPython = { key: data.key, worker: null, events: [] });"
    " try { if (!localStorage.getItem(data.key)) return; } catch { return; }"
    " const url = new URL(data.worker, document.baseURI);"
    " url.searchParams.set('pyodide', new URL(data.pyodide, document.baseURI).href);"
    " url.searchParams.set('engine', new URL(data.engine, document.baseURI).href);"
    " const source = 'import ' + JSON.stringify(url.href) + ';';"
    " early.worker = new Worker('data:text/javascript,' + encodeURIComponent(source),"
    " { type: 'module' });"
    " early.keep = (event) => early.events.push(event);"
    " early.worker.addEventListener('message', early.keep);"
    " early.worker.addEventListener('error', early.keep);"
    " performance.mark('early-python');"
    " })();"
)
# Set by static/js/python/engine-client.js once Python has booted in this browser: its files are
# in the
# browser's cache from then on.
BOOTED_KEY = "playground:python-booted"
SCRIPT_HASH = "'sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode() + "'"


def starts_at_load(manifest: Mapping[str, str], on_demand: bool, first_svg: bool, python: bool,
                   deferred: bool) -> bool:  # fmt: skip
    """Whether the page boots Python as it loads: its files are there, and either the server
    drew the first graph (nothing else needs the cores), or the program waits for Python (a
    learner's Python, or a result too big to send). Otherwise Graphviz lays out the first graph
    first, and static/js/main.js starts Python after it; a picture embed starts on demand."""
    has_files = bool(manifest.get("pyodide") and manifest.get("engine_zip"))
    return has_files and not on_demand and (first_svg or python or deferred)


def template_context(manifest: Mapping[str, str], starts: bool) -> dict[str, Any]:
    """What templates/base.html needs to put the script in (or not)."""
    return {
        "early_python": dict(manifest, key=BOOTED_KEY) if starts else None,
        "early_python_script": Markup(SCRIPT),
    }
