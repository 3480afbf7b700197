// Run bench/workloads.py inside Pyodide under Node, offline: boot Pyodide from node_modules,
// mount the repo (and PyPI micrograd from .venv, for the comparison), and print one JSON
// object on stdout. Usage: node bench/engine_pyodide.mjs [repeats] [chainOps] [longChainOps]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));
const [repeats = 7, chainOps = 900, longChainOps = 100_000] = process.argv
  .slice(2)
  .map(Number);

/** The directory of `package` in the venv's site-packages, or null. */
function venvPackage(pkg) {
  const lib = path.join(root, ".venv", "lib");
  if (!existsSync(lib)) return null;
  for (const python of readdirSync(lib)) {
    const dir = path.join(lib, python, "site-packages", pkg);
    if (existsSync(dir)) return dir;
  }
  return null;
}

/** The vendored graphviz wheel (engine.worker.playground needs the package), or null. */
function graphvizWheel() {
  const dir = path.join(root, "static", "vendor", "wheels");
  if (!existsSync(dir)) return null;
  const wheel = readdirSync(dir).find((f) => f.startsWith("graphviz-") && f.endsWith(".whl"));
  return wheel ? path.join(dir, wheel) : null;
}

const wasmBytes = (pyodide) => pyodide._module.HEAP8.buffer.byteLength;

let started = performance.now();
const pyodide = await loadPyodide();
const bootMs = performance.now() - started;

const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const wheel = graphvizWheel();
if (wheel) {
  // unpackArchive refuses a Node Buffer: hand it a plain Uint8Array.
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", {
    extractDir: sitePackages,
  });
}
const micrograd = venvPackage("micrograd");
if (micrograd) pyodide.mountNodeFS(path.join(sitePackages, "micrograd"), micrograd);
pyodide.mountNodeFS("/repo", root);
pyodide.pyimport("sys").path.insert(0, "/repo");
const workloads = pyodide.pyimport("bench.workloads");

// The long chain first, while the wasm heap is still its boot size: heap growth is then the
// chain's peak need (a wasm memory grows and never shrinks).
const heapBefore = wasmBytes(pyodide);
started = performance.now();
const longChain = JSON.parse(workloads.long_chain_json(longChainOps, repeats));
longChain.wall_ms = performance.now() - started;
longChain.ops = longChainOps;
longChain.wasm_heap_before_bytes = heapBefore;
longChain.wasm_heap_growth_bytes = wasmBytes(pyodide) - heapBefore;

const suite = JSON.parse(workloads.suite_json(repeats, chainOps));
const version = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(
  JSON.stringify({
    python: version,
    pyodide: pyodide.version,
    boot_ms: bootMs,
    graphviz: Boolean(wheel),
    long_chain: longChain,
    ...suite,
  }),
);
