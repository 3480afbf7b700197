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
// The zip is split in two: STDLIB_OUT, what the worker boots from, holds the modules a boot, the
// engine (every module of it, and what they import inside functions) and a learner's allowed
// imports (engine/worker/cell.py STDLIB, whole packages) reach, and all of Pyodide's own packages;
// STDLIB_REST_OUT holds the rest of the standard library (encodings, email, xml, asyncio's
// unused parts, …), which the worker puts on sys.path as a lazy file (lazy-file.js): fetched
// only if an import ever reaches it. On Slow 4G every megabyte the boot waits for is 5 s.
//
// Usage: node scripts/build_bytecode.mjs STDLIB_IN STDLIB_OUT ENGINE_IN ENGINE_OUT STDLIB_REST_OUT
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [stdlibIn, stdlibOut, engineIn, engineOut, restOut] = process.argv.slice(2);
// The finder that imports from the rest (worker.js installs it): into the boot zip, as bytecode.
const REST_FINDER = readFileSync(new URL("./stdlib_rest.py", import.meta.url), "utf8");
if (!restOut) {
  console.error(
    "usage: node scripts/build_bytecode.mjs STDLIB_IN STDLIB_OUT ENGINE_IN ENGINE_OUT STDLIB_REST_OUT",
  );
  process.exit(2);
}

// No column ranges in the bytecode (PEP 657 carets): a third of its size, and tracebacks
// through these modules still name the line.
const env = { PYTHONNODEBUGRANGES: "1" };
const pyodide = await loadPyodide({ stdLibURL: stdlibIn, env });
pyodide.FS.writeFile("/tmp/stdlib.zip", readFileSync(stdlibIn));
pyodide.FS.writeFile("/tmp/_stdlib_rest.py", REST_FINDER);
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

def rewrite(src, dest, entries, extra=()):
    """Write zip dest with, for each entry of zip src, what entries(name, data) yields:
    (name, bytes) pairs, deflated, dated as the entry; then the (name, bytes) of extra."""
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(dest, "w") as out:
        for entry in source.infolist():
            for name, data in entries(entry.filename, source.read(entry)):
                added = zipfile.ZipInfo(name, entry.date_time)
                added.external_attr = entry.external_attr
                out.writestr(added, data, compress_type=zipfile.ZIP_DEFLATED)
        for name, data in extra:
            added = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            added.external_attr = 0o644 << 16
            out.writestr(added, data, compress_type=zipfile.ZIP_DEFLATED)

# The engine where the worker puts it, imported and warmed up as the worker does.
site_packages = site.getsitepackages()[0]
zipfile.ZipFile("/tmp/engine.zip").extractall(site_packages)
importlib.invalidate_caches()  # as the worker does: it imports importlib.metadata (and email)
from engine.worker import playground
for name in ("engine.worker.runner", "engine.worker.session", "engine.record.replay"):
    importlib.import_module(name)
playground.warm_up()

# What the boot zip must also hold: every engine module, the standard-library modules they
# import anywhere (inside functions too), and what a learner's program may import (whole
# packages: \`import collections.abc\`, \`re\`'s parts).
import pkgutil
import engine
from engine.worker.cell import STDLIB as ALLOWED

def stdlib_imports(path):
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module

wanted = set(ALLOWED)
for info in pkgutil.walk_packages(engine.__path__, "engine."):
    try:
        module = importlib.import_module(info.name)
    except ImportError:
        continue  # the drawing module needs the graphviz package: never in the worker
    if getattr(module, "__file__", None):
        wanted.update(n for n in stdlib_imports(module.__file__) if n.split(".")[0] != "engine")
for name in sorted(wanted):
    try:
        module = importlib.import_module(name)
    except ImportError:
        continue  # not in Pyodide (or not a module: a name from the engine's own packages)
    if name not in ALLOWED:
        continue  # the engine imports what it names; a learner may import any part of these
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), name + "."):
        try:
            importlib.import_module(info.name)
        except Exception:
            pass  # a part that needs what Pyodide lacks (a platform's module): not reachable

stdlib = next(p for p in sys.path if p.endswith(".zip"))
imported = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib + "/") and origin.endswith(".py"):
        imported.add(origin[len(stdlib) + 1:])

def pyodides(name):
    return name.startswith(("pyodide/", "_pyodide/"))

def stdlib_pyc(name, data):
    """A module a boot imports: its bytecode instead of its source; Pyodide's own files as
    they are; nothing else (that goes to the rest)."""
    if name in imported:
        yield name[:-3] + ".pyc", bytecode(data, f"{stdlib}/{name}", docstrings=pyodides(name))
    elif pyodides(name):
        yield name, data

def stdlib_rest(name, data):
    """What the boot zip leaves out, as it is."""
    if name not in imported and not pyodides(name):
        yield name, data

def engine_pyc(name, data):
    """The engine's sources stay (the page shows some), with bytecode in __pycache__."""
    yield name, data
    if name.endswith(".py"):
        path = f"{site_packages}/{name}"
        cached = importlib.util.cache_from_source(path)
        yield cached[len(site_packages) + 1:], bytecode(data, path)

finder = open("/tmp/_stdlib_rest.py", "rb").read()
finder_pyc = bytecode(finder, f"{stdlib}/_stdlib_rest.py", docstrings=False)
rewrite("/tmp/stdlib.zip", "/tmp/stdlib-out.zip", stdlib_pyc, [("_stdlib_rest.pyc", finder_pyc)])
rewrite("/tmp/stdlib.zip", "/tmp/stdlib-rest.zip", stdlib_rest)
rewrite("/tmp/engine.zip", "/tmp/engine-out.zip", engine_pyc)
print(f"build_bytecode: {len(imported)} standard library modules compiled", file=sys.stderr)
`);
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
writeFileSync(restOut, pyodide.FS.readFile("/tmp/stdlib-rest.zip"));
writeFileSync(engineOut, pyodide.FS.readFile("/tmp/engine-out.zip"));
