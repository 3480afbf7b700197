"""playground_widget: the bundle of the page's modules, the scoped CSS, the widget's state.
(tests/browser/test_jupyter_widget.py runs it in a real JupyterLab.)"""

import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from app.page_options import PageOptions
from engine import Value, trace
from playground_widget import Playground
from playground_widget.widget import widget_css, widget_module

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"


def test_the_bundle_is_one_module_that_node_can_load(tmp_path):
    path = tmp_path / "widget.mjs"
    path.write_text(widget_module(STATIC))
    script = f"import({str(path)!r}).then((m) => console.log(typeof m.default.render))"
    done = subprocess.run(
        [shutil.which("node") or "node", "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "function"
    assert "sourceMappingURL" not in path.read_text()  # no map beside a string


def test_the_bundle_holds_the_page_s_modules_and_only_what_the_widget_imports():
    meta = json.loads((STATIC / "js" / "bundle" / "meta.json").read_text())["inputs"]
    reached, pending = set(), ["widget.js"]
    while pending:
        for imported in meta[pending.pop()]:
            if imported["path"] not in reached:
                reached.add(imported["path"])
                pending.append(imported["path"])
    for module in ("steps/stepper.js", "graph/graph-view.js", "graph/pan-zoom.js",
                   "steps/rule-panel.js", "steps/controls.js"):  # fmt: skip
        assert module in reached
    assert not reached & {"main.js", "python/engine-client.js", "editor/editor.js"}
    assert len(widget_module(STATIC)) < len((STATIC / "js" / "bundle" / "main.js").read_text())


def test_the_css_touches_only_the_widget():
    css = widget_css((ROOT / "static" / "css" / "bundle" / "playground.css").read_text())
    selectors = [s.strip() for block in css.split("}") if "{" in block
                 for s in block.split("{")[0].split(",")]  # fmt: skip
    assert selectors and all(s.startswith(".playground-widget") for s in selectors)
    assert "--current:" in css and ".playground-widget .graph svg .node.current" in css
    assert "#graph" not in css and "body" not in css


def square() -> Value:
    x = Value(3.0, label="x")
    y = x * x
    y.label = "y"
    return y


@pytest.mark.needs_dot
def test_the_widget_carries_the_record_and_the_laid_out_graph():
    y = square()
    widget = Playground(y, step=99)
    assert widget.record == trace(square())  # a fresh graph: tracing leaves grads behind
    assert widget.step == len(widget.record["backward"])  # clamped
    assert widget.svg.lstrip().startswith("<?xml") and 'id="n0"' in widget.svg
    with pytest.raises(ValueError, match="mode"):
        Playground(y, mode="nope")


def test_the_widget_plays_at_the_page_s_default_speed():
    assert Playground.class_traits()["speed"].default_value == PageOptions().step_ms


def test_nothing_else_imports_the_widget():
    for package in ("engine", "app"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Import | ast.ImportFrom):
                    continue
                names = [a.name for a in node.names]
                module = getattr(node, "module", None) or ""
                assert "playground_widget" not in [module, *names], path
