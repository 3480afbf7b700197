"""engine/ knows nothing of the server: no module in it imports `app`."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)  # a module, maybe
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            modules.update(a.value for a in node.args[:1] if isinstance(a, ast.Constant))
    return modules


def test_the_engine_has_modules():
    assert len(list(ENGINE.rglob("*.py"))) >= 5


def test_no_engine_module_imports_app():
    for path in sorted(ENGINE.rglob("*.py")):
        for module in imported_modules(path):
            top = str(module).split(".")[0]
            assert top != "app", f"{path.relative_to(ENGINE.parent)} imports {module}"


def test_the_server_never_runs_a_learners_python():
    """Only the browser's worker may import the runner (docs/security.md)."""
    app = ENGINE.parent / "app"
    runner_modules = {"engine.worker.runner", "engine.worker.cell", "engine.record.observe"}
    for path in sorted(app.rglob("*.py")):
        assert not imported_modules(path) & runner_modules, path.name
    playground = ENGINE / "worker" / "playground.py"
    assert "engine.worker.runner" in playground.read_text()  # imported inside run_in_worker only
    for path in sorted(app.rglob("*.py")):
        assert "run_in_worker" not in path.read_text(), path.name


def test_only_the_teachers_cli_runs_an_exercises_code():
    """engine.exercise runs code: one app module imports it (app/exercises/runs.py, when
    called), and only the CLI's entry imports that one, so the server never loads it."""
    app = ENGINE.parent / "app"

    def importers(module: str) -> set[str]:
        return {
            path.relative_to(app.parent).as_posix()
            for path in sorted(app.rglob("*.py"))
            if any(m == module or m.startswith(f"{module}.") for m in imported_modules(path))
        }

    assert importers("engine.exercise") == {"app/exercises/runs.py"}
    assert importers("app.exercises.runs") == {"app/exercises/__main__.py"}
