// Bytecode for what a boot imports, compiled here once by the Pyodide the browser runs.
//
// Pyodide's python_stdlib.zip holds sources only, so every boot compiled the ~130 modules that
// starting Python and the engine import (asyncio, inspect, typing, dataclasses, ...): most of a
// boot once the wasm is compiled (under Node, loadPyodide() took 1.3 s with the sources and
// 0.2 s with this bytecode beside them). Here Pyodide boots as the worker does, imports the
// engine and runs its warm-up; the modules it imported from the zip are replaced by their
// bytecode (the other modules keep their sources), and the engine's modules get theirs in
// `__pycache__/` beside their sources (the page shows some of them).
//
// Bytes: a `.pyc` is bigger than its source once brotli has had both, so the bytecode goes
// without docstrings (as python -OO; not Pyodide's own modules) and without PEP 657 column
// ranges, and replaces the source rather than joining it: the stdlib zip grows from 1.61 to
// 1.76 MB as served. A traceback through those modules names the line but cannot quote it.
//
// The bytecode is "unchecked hash-based" (PEP 552): Python loads it without comparing it with
// the source, which is right for files that only change together with this build.
//
// Usage: node scripts/build_bytecode.mjs STDLIB_IN STDLIB_OUT ENGINE_IN ENGINE_OUT
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [stdlibIn, stdlibOut, engineIn, engineOut] = process.argv.slice(2);
if (!engineOut) {
  console.error("usage: node scripts/build_bytecode.mjs STDLIB_IN STDLIB_OUT ENGINE_IN ENGINE_OUT");
  process.exit(2);
}

// No column ranges in the bytecode (PEP 657 carets): a third of its size, and tracebacks
// through these modules still name the line.
const env = { PYTHONNODEBUGRANGES: "1" };
const pyodide = await loadPyodide({ stdLibURL: stdlibIn, env });
pyodide.FS.writeFile("/tmp/stdlib.zip", readFileSync(stdlibIn));
pyodide.FS.writeFile("/tmp/engine.zip", readFileSync(engineIn));
pyodide.runPython(`
import ast, importlib.util, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

class Docstrings(ast.NodeTransformer):
    """Drop docstrings, as python -OO does (the standard library supports it), and nothing
    else: asserts stay, line numbers do not move."""

    def strip(self, node):
        self.generic_visit(node)
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = strip

def bytecode(source, path, docstrings=True):
    tree = ast.parse(source, path)
    if not docstrings:
        tree = Docstrings().visit(tree)
    code = compile(tree, path, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

def rewrite(src, dest, entries):
    """Write zip dest with, for each entry of zip src, what entries(name, data) yields:
    (name, bytes) pairs, deflated, dated as the entry."""
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(dest, "w") as out:
        for entry in source.infolist():
            for name, data in entries(entry.filename, source.read(entry)):
                added = zipfile.ZipInfo(name, entry.date_time)
                added.external_attr = entry.external_attr
                out.writestr(added, data, compress_type=zipfile.ZIP_DEFLATED)

# The engine where the worker puts it, imported and warmed up as the worker does.
site_packages = site.getsitepackages()[0]
zipfile.ZipFile("/tmp/engine.zip").extractall(site_packages)
from engine import playground
for name in ("engine.runner", "engine.session", "engine.replay"):
    importlib.import_module(name)
playground.warm_up()

stdlib = next(p for p in sys.path if p.endswith(".zip"))
imported = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib + "/") and origin.endswith(".py"):
        imported.add(origin[len(stdlib) + 1:])

def stdlib_pyc(name, data):
    """A module a boot imports: its bytecode instead of its source."""
    if name not in imported:
        yield name, data
        return
    ours = name.startswith(("pyodide/", "_pyodide/"))  # Pyodide's own: docstrings kept
    yield name[:-3] + ".pyc", bytecode(data, f"{stdlib}/{name}", docstrings=ours)

def engine_pyc(name, data):
    """The engine's sources stay (the page shows some), with bytecode in __pycache__."""
    yield name, data
    if name.endswith(".py"):
        path = f"{site_packages}/{name}"
        cached = importlib.util.cache_from_source(path)
        yield cached[len(site_packages) + 1:], bytecode(data, path)

rewrite("/tmp/stdlib.zip", "/tmp/stdlib-out.zip", stdlib_pyc)
rewrite("/tmp/engine.zip", "/tmp/engine-out.zip", engine_pyc)
print(f"build_bytecode: {len(imported)} standard library modules compiled", file=sys.stderr)
`);
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
writeFileSync(engineOut, pyodide.FS.readFile("/tmp/engine-out.zip"));
