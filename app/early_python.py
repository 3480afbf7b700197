"""Python starts before anything else on the page, in a browser that has run it before.

The engine worker's boot (Pyodide, ~0.45 s from a stored memory snapshot, more on a first visit)
is most of the wait before a learner's Python can run. A module script starts only once the page
is parsed and its module graph fetched, ~0.15 s in; a small classic script at the top of
`<head>` (templates/partials/early-python.js) starts the worker as the first bytes arrive. The
worker boots from its own URL's query (static/js/engine-worker/worker.js);
static/js/python/engine-client.js adopts it, with the messages it sent meanwhile.

It starts it only in a browser where Python has booted before (`BOOTED_KEY` in localStorage),
whose cache holds Pyodide's files: on a first visit the worker's 4.7 MB of downloads would
compete with the page's own modules and delay the first graph, so the page's modules start it,
as soon as they run. And only when the server chose to start Python as the page loads
(`starts_at_load`); an embed that is a picture starts it on demand.

The script is also the one place the worker's source (a data: URL, so that its origin is opaque)
is made: it is in every page that has Python's files, and leaves `globalThis.earlyPython`
({key, starts, source, worker or null, events}) for the client, which starts every later worker
from that source. So the page's modules hold no second copy of the worker's URL.

The script's text is constant (its inputs are data attributes), so the Content-Security-Policy
allows it by hash (app/headers.py): no 'unsafe-inline', and it works in a static export's
`<meta>` policy too. The page inlines the file's text as read here, byte for byte, never
through Jinja (which would parse it and drop its last newline).
"""

import base64
import hashlib
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from app.settings import project_root

SCRIPT = (project_root() / "templates" / "partials" / "early-python.js").read_text(encoding="utf-8")
# Set by static/js/python/early-worker.js once Python has booted in this browser: its files are
# in the browser's cache from then on.
BOOTED_KEY = "playground:python-booted"
SCRIPT_HASH = "'sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode() + "'"


def has_files(manifest: Mapping[str, str]) -> bool:
    """Python's files are there (setup vendored them): the page can start it at all."""
    return bool(manifest.get("pyodide") and manifest.get("engine_zip"))


def starts_at_load(manifest: Mapping[str, str], on_demand: bool, first_svg: bool, python: bool,
                   deferred: bool) -> bool:  # fmt: skip
    """Whether the page boots Python as it loads: its files are there, and either the server
    drew the first graph (nothing else needs the cores), or the program waits for Python (a
    learner's Python, or a result too big to send). Otherwise Graphviz lays out the first graph
    first, and static/js/main.js starts Python after it; a picture embed starts on demand."""
    return has_files(manifest) and not on_demand and (first_svg or python or deferred)


def template_context(manifest: Mapping[str, str], starts: bool) -> dict[str, Any]:
    """What templates/base.html needs to put the script in: in every page with Python's files
    (it makes the worker's source), told by `starts` whether to start the worker now."""
    early = dict(manifest, key=BOOTED_KEY, starts=starts) if has_files(manifest) else None
    return {"early_python": early, "early_python_script": Markup(SCRIPT)}
