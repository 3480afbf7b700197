// Pyodide under Node, offline, as the benchmarks that time the engine inside it boot it: from
// node_modules, with the repository mounted at /repo and on sys.path; on request PyPI micrograd
// (mounted from .venv, for the comparisons) and the vendored graphviz wheel.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The directory of `pkg` in the venv's site-packages, or null. */
function venvPackage(pkg) {
  const lib = path.join(root, ".venv", "lib");
  if (!existsSync(lib)) return null;
  for (const python of readdirSync(lib)) {
    const dir = path.join(lib, python, "site-packages", pkg);
    if (existsSync(dir)) return dir;
  }
  return null;
}

/** The vendored graphviz wheel, or null. */
function graphvizWheel() {
  const dir = path.join(root, "static", "vendor", "wheels");
  if (!existsSync(dir)) return null;
  const wheel = readdirSync(dir).find((f) => f.startsWith("graphviz-") && f.endsWith(".whl"));
  return wheel ? path.join(dir, wheel) : null;
}

/** Pyodide ready to import the repository's modules; `bootMs` is loadPyodide()'s own time,
 * `graphviz` whether the wheel was there to install. */
export async function bootPyodide({ micrograd = false, graphviz = false } = {}) {
  const started = performance.now();
  const pyodide = await loadPyodide();
  const bootMs = performance.now() - started;
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const wheel = graphviz ? graphvizWheel() : null;
  if (wheel) {
    // unpackArchive refuses a Node Buffer: hand it a plain Uint8Array.
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", {
      extractDir: sitePackages,
    });
  }
  const microgradDir = micrograd ? venvPackage("micrograd") : null;
  if (microgradDir) pyodide.mountNodeFS(path.join(sitePackages, "micrograd"), microgradDir);
  pyodide.mountNodeFS("/repo", root);
  pyodide.pyimport("sys").path.insert(0, "/repo");
  return { pyodide, bootMs, graphviz: Boolean(wheel) };
}
