"""engine imports the standard library only; graphviz only in engine/drawing.py; and its folders
keep their order (docs/architecture.md): the core, then language/, then record/, then worker/,
then exercise/ — a folder imports the ones before it, never one after."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
ORDER = ("core", "language", "record", "worker", "exercise")
# The core's one way into recording: Value's `_backward` and backward() tell the recorder while
# a program is being recorded (engine/record/recorder.py's ACTIVE), and draw_dot draws a record.
CORE_REACHES = {("value.py", "engine.record.recorder"), ("drawing.py", "engine.record.dot"),
                ("drawing.py", "engine.record.graph_record")}  # fmt: skip


def _is_module(name: str) -> bool:
    path = ENGINE.joinpath(*name.split(".")[1:])
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _imports(path: Path) -> set[str]:
    """Every module `path` imports, dotted; `from engine.record import dot` counts as
    engine.record.dot, `from engine.record.dot import NODE_ATTRS` as engine.record.dot."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            for alias in node.names:
                if node.module.startswith("engine") and _is_module(f"{node.module}.{alias.name}"):
                    names.add(f"{node.module}.{alias.name}")
    return names


def _folder(module: str) -> str:
    """engine.record.dot → "record"; engine.value → "core"."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[1] in ORDER else "core"


def _files() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_engine_uses_only_the_standard_library():
    files = _files()
    folders = {p.parent.name for p in files}
    assert len(files) > 30 and folders >= {"language", "record", "worker", "exercise"}
    for path in files:
        outside = {name.split(".")[0] for name in _imports(path)}
        outside -= set(sys.stdlib_module_names) | {"engine"}
        allowed = {"graphviz"} if path.name == "drawing.py" else set()
        assert outside <= allowed, (path.name, outside)


def test_only_drawing_and_its_users_touch_graphviz():
    users = {p.name for p in _files() if "graphviz" in {n.split(".")[0] for n in _imports(p)}}
    assert users == {"drawing.py"}


def _breaks() -> list[str]:
    wrong = []
    for path in _files():
        relative = path.relative_to(ENGINE)
        if relative.as_posix() == "__init__.py":
            continue  # the package's face: `engine.parse`, `engine.trace` are public names
        here = relative.parts[0] if len(relative.parts) > 1 else "core"
        for name in _imports(path):
            if name.count(".") < 2 or not name.startswith("engine."):
                continue  # engine, engine.value, engine.record: a module of the core or a folder
            if ORDER.index(_folder(name)) > ORDER.index(here) and (
                here != "core" or (path.name, name) not in CORE_REACHES
            ):
                wrong.append(f"{relative} imports {name}")
    return sorted(wrong)


def test_each_folder_imports_only_the_folders_before_it():
    assert _breaks() == []


def test_the_core_reaches_past_itself_only_where_it_says():
    reached = {
        (p.name, n)
        for p in ENGINE.glob("*.py")
        if p.name != "__init__.py"
        for n in _imports(p)
        if n.count(".") >= 2 and _folder(n) != "core"
    }
    assert reached == CORE_REACHES
