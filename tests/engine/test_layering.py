"""engine imports the standard library only; graphviz only in engine/drawing.py."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_uses_only_the_standard_library():
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) > 5
    for path in files:
        outside = _imports(path) - set(sys.stdlib_module_names) - {"engine"}
        allowed = {"graphviz"} if path.name == "drawing.py" else set()
        assert outside <= allowed, (path.name, outside)


def test_only_drawing_and_its_users_touch_graphviz():
    users = {p.name for p in ENGINE.glob("*.py") if "graphviz" in _imports(p)}
    assert users == {"drawing.py"}
