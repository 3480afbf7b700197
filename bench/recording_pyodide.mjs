// bench/recording.py inside Pyodide under Node, offline (PyPI micrograd mounted from .venv).
// Usage: node bench/recording_pyodide.mjs [repeats]
import { bootPyodide } from "./pyodide_node.mjs";

const repeats = Number(process.argv[2] ?? 7);
const { pyodide } = await bootPyodide({ micrograd: true });
const bench = pyodide.pyimport("bench.recording");
console.log(bench.measure_json(repeats)); // bench/recording.py makes the table
