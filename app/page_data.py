"""What a page carries before Pyodide boots: its URL options, the first run of the program,
and the JSON island (`<script type="application/json" id="initial-data">`) the front end reads.

`step` counts backward steps already run: 0 is the state after the forward pass (every grad as
it starts), `len(trace["backward"])` is the end, after the last `_backward()`. With `forward`
the timeline starts with one step per value of the forward pass, and `step` counts those too.
A Python program's steps are known once the reader's browser has run it: its link's step (and
`graph`, the "Graph of" choice) are sent as they are, for the page to apply to that run.
"""

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup

from app.first_paint import MAX_VALUES
from app.page_options import DESCENT, PageOptions
from app.presets import DEFAULT_SOURCE, PRESETS
from app.python_bytes import python_bytes
from app.settings import Settings, run_limit_choices
from app.titles import GRAPH_TITLE
from engine.record.dot import page_style
from engine.record.graph_record import MAX_NODES
from engine.record.layout_choice import page_notes
from engine.record.tracing import DEFAULT_MODE
from engine.worker import moons
from engine.worker.gradient_check import TOLERANCE
from engine.worker.playground import is_python_only, run

MODE_LABELS = {
    "correct": "+= (correct)",
    "overwrite": "= (the classic bug)",
    "accumulate": "no zero_grad (accumulate)",
}
# Gradient descent's fields start here (the seeds' example descends with rate 0.5).
# micrograd's two-moons demo, as engine.worker.moons trains it (for the page's description).
MOONS = {
    "points": moons.POINTS,
    "sizes": list(moons.SIZES),
    "steps": moons.STEPS,
    "grid_every": moons.GRID_EVERY,
}
EMBED_OPTIONS = (
    "controls",
    "editor",
    "theme",
    "speed",
    "autoplay",
    "practice",
    "forward",
    "manual",
    "params",
    "graph",
)  # in initial-data "options"
# Bytes of wasm memory past which the engine worker is replaced after a request: Pyodide's
# memory only grows (31.5 MB at boot), and a program's flood of lists would otherwise stay
# in the tab until it is closed.
WORKER_HEAP_LIMIT = 512 * 1024 * 1024
TOO_BIG = "This graph is too big to send with the page; Python draws it once it has loaded."
BUSY = "The server is busy; Python draws this graph once it has loaded."


def step_count(result: Mapping[str, Any], forward: bool = False) -> int:
    """The timeline's length: the backward pass, after the forward pass's values if asked."""
    if not result.get("ok"):
        return 0
    trace = result["trace"]
    return len(trace["backward"]) + (len(trace["forward"]) if forward else 0)


def clamp_step(step: int | None, n_steps: int, at_end: bool = True) -> int:
    """A step within 0...n_steps; None means the end (or 0 when `at_end` is false)."""
    if step is None:
        return n_steps if at_end else 0
    return min(max(step, 0), n_steps)


def program_query(source: str, mode: str, step: int | None) -> str:
    """`src=...&mode=...&step=...`, leaving out what is the default anyway."""
    params: dict[str, str] = {}
    if source != DEFAULT_SOURCE:
        params["src"] = source
    if mode != DEFAULT_MODE:
        params["mode"] = mode
    if step is not None:
        params["step"] = str(step)
    return urlencode(params)


def read_manifest(path: Path) -> dict[str, str]:
    """static/vendor/manifest.json (scripts/build_vendor.py writes it); {} before it exists,
    and the front end then reports that Python cannot load."""
    try:
        manifest = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return manifest if isinstance(manifest, dict) else {}


def script_json(data: Any) -> Markup:
    """JSON that is safe as the text of a `<script>` element: `<`, `>` and `&` (which only
    occur inside JSON strings) become `\\u003c` and so on, so no `</script>` or `<!--` can
    end it. Markup, so that Jinja does not HTML-escape it: a script's text is not decoded."""
    text = json.dumps(data, allow_nan=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


@dataclass
class Page:
    """Everything a page template uses."""

    options: PageOptions
    result: dict[str, Any]
    fallback: dict[str, Any] | None
    step: int
    n_steps: int
    initial_data: Markup
    deferred: bool = False  # the result was too big to inline: the page runs the program itself

    @property
    def error(self) -> dict[str, Any] | None:
        return None if self.result["ok"] else self.result.get("error")

    @property
    def python(self) -> bool:
        """A full-Python program: it runs in the reader's browser, once Python has started."""
        return bool(self.result.get("pending"))


def python_pending() -> dict[str, Any]:
    """The result the page starts from for a program in full Python: the server never runs it
    (docs/security.md); the reader's browser will."""
    return {"ok": False, "language": "python", "pending": True}


def dot_style() -> dict[str, Any]:
    """How the page writes a record's DOT (static/js/graph/record-dot.js): engine/record/dot.py's
    attributes, the most values a drawn graph may have, and past how many values the layout
    is slow enough to show its progress (static/js/graph/graph-view.js): the server does not
    lay such graphs out first either (app/first_paint.py)."""
    return page_style() | {"max_nodes": MAX_NODES, "progress_over": MAX_VALUES}


# GET /run (app/server_runs.py): edits in the expression language are drawn from the server's
# run while Python downloads. A static export has no server: there the page waits for Python.
SERVER_RUN = "/run"


def _data(
    options: PageOptions,
    manifest: Mapping[str, str],
    settings: Settings,
    served: bool = True,
    exercise: dict[str, Any] | None = None,
) -> dict[str, Any]:
    run_limit_s = settings.run_limit
    return {
        # An exercise page's exercise (app/exercise_pages.py exercise_data), else None.
        "exercise": exercise,
        "source": options.source,
        "mode": options.mode,
        "default_mode": DEFAULT_MODE,  # left out of links (static/js/page/url-state.js)
        "vendor": dict(manifest),
        "presets": [preset.to_json() for preset in PRESETS],
        "embed": options.embed,
        "options": {k: v for k, v in asdict(options).items() if k in EMBED_OPTIONS},
        # A link may lower the run limit, never raise it: a stranger's link gets the reader's
        # CPU for the server's limit at most (docs/security.md).
        "run_limit_ms": round(1000 * min(options.limit or run_limit_s, run_limit_s)),
        # What the reader may choose in the page (Output's "Run limit"), never in a link.
        "run_limit_choices": run_limit_choices(run_limit_s),
        "worker_heap_limit": WORKER_HEAP_LIMIT,
        "dot_style": dot_style(),
        "layout_notes": page_notes(),  # the layered layout's words (engine/record/layout_choice.py)
        "practice_tolerance": TOLERANCE,
        "descent": DESCENT,  # the defaults: a permalink leaves them out
        "values": dict(options.values),
        "speed": options.step_ms,  # ms per step, with or without a speed control
        # The server's own limit (Settings.max_request_bytes): a longer link is refused (414).
        "max_url_bytes": settings.max_request_bytes,
        # An embed without controls is a picture: Python (~6 MB) loads only once the reader
        # turns to the editor.
        "python_on_demand": options.starts_at_end,
        # Python's download as the page tells it ("3.1 of 4.7 MB"): app/python_bytes.py.
        "python_bytes": python_bytes(settings.static_dir, manifest),
        "server_run": SERVER_RUN if served else None,
        "title_format": GRAPH_TITLE,  # document.title names the graph on screen
    }


def build_page(
    options: PageOptions,
    manifest: Mapping[str, str],
    settings: Settings,
    served: bool = True,
    exercise: dict[str, Any] | None = None,
) -> Page:
    """Run the program once, as the worker will, so the first paint needs no Python.

    A full-Python program is left to the reader's browser (the server never runs it). A result
    bigger than `settings.max_page_data` as JSON (a trace grows with the graph: the MLP preset is
    1.1 MB, a 6,000-value program 8 MB) is left out, and the page runs the program in the
    browser instead, so no page is much bigger than the limit."""
    if exercise is not None:  # the learner's own Python, run in their browser only
        result = python_pending()
    else:
        result = run(options.source, options.mode, dict(options.values))
        if not result["ok"] and is_python_only(options.source):
            result = python_pending()
    fallback = None if result["ok"] or result.get("pending") else run(DEFAULT_SOURCE, options.mode)
    n_steps = step_count(fallback or result, options.forward)
    step = clamp_step(options.step, n_steps, options.starts_at_end)
    if result.get("pending") and options.step is not None:  # Python: applied to the run
        step = max(options.step, 0)
    data = _data(options, manifest, settings, served, exercise)
    data |= {"step": step, "result": result}
    if fallback is not None:
        data["fallback"] = fallback
    initial_data = script_json(data)
    if len(initial_data) <= settings.max_page_data:
        return Page(options, result, fallback, step, n_steps, initial_data)
    return deferred_page(options, manifest, TOO_BIG, settings, served, exercise)


def deferred_page(
    options: PageOptions,
    manifest: Mapping[str, str],
    reason: str,
    settings: Settings,
    served: bool = True,
    exercise: dict[str, Any] | None = None,
) -> Page:
    """A page without the server's run: the browser runs the program once Python has loaded,
    and `reason` is shown until then."""
    data = _data(options, manifest, settings, served, exercise)
    data |= {"step": 0, "deferred": reason}
    return Page(options, {"ok": True}, None, 0, 0, script_json(data), deferred=True)
