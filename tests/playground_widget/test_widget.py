"""playground_widget: the bundle of the page's modules, the scoped CSS, the widget's state.
(tests/browser/test_jupyter_widget.py runs it in a real JupyterLab.)"""

import ast
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import Value, trace
from playground_widget import Playground
from playground_widget.bundle import bundle
from playground_widget.widget import widget_css

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"


def test_the_bundle_is_one_module_that_node_can_load(tmp_path):
    path = tmp_path / "widget.mjs"
    path.write_text(bundle(JS, "widget.js"))
    script = f"import({str(path)!r}).then((m) => console.log(typeof m.default.render))"
    done = subprocess.run(
        [shutil.which("node") or "node", "--input-type=module", "-e", script],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "function"


def test_the_bundle_holds_the_page_s_modules_not_copies(tmp_path):
    text = bundle(JS, "widget.js")
    for module in ("stepper.js", "graph-view.js", "pan-zoom.js", "rule-panel.js", "controls.js"):
        assert f"modules['{module}'] = " in text
        lines = (JS / module).read_text().splitlines(keepends=True)
        imports = [i for i, line in enumerate(lines) if line.startswith("import ")]
        body = "".join(lines[imports[-1] + 1 if imports else 0 :])  # past the imports
        assert body.replace("export ", "") in text.replace("export ", "")
    assert "modules['main.js']" not in text  # only what the widget imports


def test_unknown_forms_and_cycles_fail_loudly(tmp_path):
    (tmp_path / "a.js").write_text('import b from "./b.js";\nexport default { render() {} };\n')
    (tmp_path / "b.js").write_text("export default 1;\n")
    with pytest.raises(ValueError, match="a.js"):
        bundle(tmp_path, "a.js")
    (tmp_path / "a.js").write_text('import { B } from "./b.js";\nexport const A = 1;\n')
    (tmp_path / "b.js").write_text('import { A } from "./a.js";\nexport const B = 2;\n')
    with pytest.raises(ValueError, match="cycle"):
        bundle(tmp_path, "a.js")


def test_the_css_touches_only_the_widget():
    css = widget_css((ROOT / "static" / "css" / "playground.css").read_text())
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


def test_nothing_else_imports_the_widget():
    for package in ("engine", "app"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Import | ast.ImportFrom):
                    continue
                names = [a.name for a in node.names]
                module = getattr(node, "module", None) or ""
                assert "playground_widget" not in [module, *names], path
