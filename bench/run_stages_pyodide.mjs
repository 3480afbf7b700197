// bench/run_stages.py inside Pyodide under Node, offline (the page's worker runs this Python):
// boot Pyodide from node_modules, mount the repo, print the stages as JSON.
//   node bench/run_stages_pyodide.mjs [repeats]
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));
const repeats = Number(process.argv[2] ?? 5);
const pyodide = await loadPyodide();
pyodide.mountNodeFS("/repo", root);
pyodide.pyimport("sys").path.insert(0, "/repo");
const stages = JSON.parse(pyodide.pyimport("bench.run_stages").stages_json(repeats));
console.log(JSON.stringify(stages, null, 1));
