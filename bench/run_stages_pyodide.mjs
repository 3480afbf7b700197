// bench/run_stages.py inside Pyodide under Node, offline (the page's worker runs this Python):
// print the stages as JSON.
//   node bench/run_stages_pyodide.mjs [repeats]
import { bootPyodide } from "./pyodide_node.mjs";

const repeats = Number(process.argv[2] ?? 5);
const { pyodide } = await bootPyodide();
const stages = JSON.parse(pyodide.pyimport("bench.run_stages").stages_json(repeats));
console.log(JSON.stringify(stages, null, 1));
