"""What the pages promise the front end: the ids of the DOM contract it looks up (the step
controls, the view's buttons, the editor's fields and what every page has), and a page's
options when its URL sets none."""

CONTROLS = ["reset", "prev", "play", "next", "timeline", "step-count", "speed"]
VIEW = ["fit", "zoom-in", "zoom-out", "copy-link"]
EDITOR = ["expression", "editor-error", "inputs", "preset", "mode"]
ALWAYS = ["graph", "rule", "status", "boot-status", "notice", "initial-data"]
DEFAULT_OPTIONS = {
    "controls": True,
    "editor": True,
    "theme": "auto",
    "speed": None,
    "autoplay": False,
    "practice": False,
    "forward": False,
    "manual": False,
    "params": [],
    "graph": None,
}
