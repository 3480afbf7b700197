"""The anywidget: a Value's record and its laid-out SVG go to the view; the step comes back."""

import re
from pathlib import Path

import anywidget
import graphviz
import traitlets

from engine import Value, trace
from engine.record.dot import dot_source
from engine.record.tracing import DEFAULT_MODE, DEFAULT_SPEED, MODES

WIDGET_BUNDLE = "js/bundle/widget.js"  # scripts/build_bundle.mjs writes it at setup
STYLES_BUNDLE = "css/bundle/playground.css"  # the page's styles in one file, from the same build


def _static_dir() -> Path:
    """The page's static files: inside the installed package (a wheel carries them as
    playground_widget/static, see pyproject.toml), or the checkout's (an editable install)."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "static", here.parent / "static"):
        if (candidate / WIDGET_BUNDLE).is_file():
            return candidate
    raise FileNotFoundError(
        f"static/{WIDGET_BUNDLE} is missing from this installation (scripts/setup.sh builds it)"
    )


def widget_module(static: Path) -> str:
    """The view's one ES module (esbuild bundled static/js/widget.js and what it imports: the
    page's own Stepper, GraphView, RulePanel and StepControls); anywidget loads it from a
    string, where a source map's relative URL means nothing, so that line is left out."""
    text = (static / WIDGET_BUNDLE).read_text(encoding="utf-8")
    return re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", text)


def widget_css(css: str) -> str:
    """The page's graph, step and rule styles, scoped to the widget (not the notebook page):
    each `#graph …` rule becomes `.playground-widget .graph …`, and the colour variables are
    declared on the widget instead of :root."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)  # comments
    css = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*\s*\}", "", css)  # dark theme, phones
    rules = re.findall(r"([^{}]+)\{([^{}]*)\}", css)
    kept = []
    for selector, body in rules:
        selector = selector.strip()
        if selector == ":root":
            kept.append(f".playground-widget {{{body}}}")
        elif selector.startswith("#graph") or selector.startswith(".rule"):
            scoped = selector.replace("#graph", ".playground-widget .graph")
            scoped = re.sub(r"(^|,\s*)\.rule", r"\1.playground-widget .rule", scoped)
            kept.append(f"{scoped} {{{body}}}")
    return "\n".join(kept) + "\n"


class Playground(anywidget.AnyWidget):
    """Step the backward pass of `root`'s graph: `Playground(o)`; `.step` is where it is."""

    _esm = traitlets.Unicode().tag(sync=True)
    _css = traitlets.Unicode().tag(sync=True)
    record = traitlets.Dict().tag(sync=True)
    svg = traitlets.Unicode().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    speed = traitlets.Int(DEFAULT_SPEED).tag(sync=True)

    def __init__(self, root: Value, mode: str = DEFAULT_MODE, step: int = 0, **kwargs):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        record = trace(root, mode)
        svg = graphviz.Source(dot_source(record)).pipe(format="svg", encoding="utf-8")
        static = _static_dir()
        super().__init__(
            _esm=widget_module(static),
            _css=widget_css((static / STYLES_BUNDLE).read_text(encoding="utf-8")),
            record=record,
            svg=svg,
            step=min(max(step, 0), len(record["backward"])),
            **kwargs,
        )
