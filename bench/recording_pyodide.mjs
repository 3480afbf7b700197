// bench/recording.py inside Pyodide under Node, offline (PyPI micrograd mounted from .venv).
// Usage: node bench/recording_pyodide.mjs [repeats]
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));
const repeats = Number(process.argv[2] ?? 7);

const pyodide = await loadPyodide();
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const lib = path.join(root, ".venv", "lib");
for (const python of existsSync(lib) ? readdirSync(lib) : []) {
  const micrograd = path.join(lib, python, "site-packages", "micrograd");
  if (existsSync(micrograd)) pyodide.mountNodeFS(path.join(sitePackages, "micrograd"), micrograd);
}
pyodide.mountNodeFS("/repo", root);
pyodide.pyimport("sys").path.insert(0, "/repo");
const bench = pyodide.pyimport("bench.recording");
console.log(bench.measure_json(repeats)); // bench/recording.py makes the table
