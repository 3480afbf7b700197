// Run bench/workloads.py inside Pyodide under Node, offline (bench/pyodide_node.mjs, with PyPI
// micrograd for the comparison), and print one JSON object on stdout.
// Usage: node bench/engine_pyodide.mjs [repeats] [chainOps] [longChainOps]
import { bootPyodide } from "./pyodide_node.mjs";

const [repeats = 7, chainOps = 900, longChainOps = 100_000] = process.argv
  .slice(2)
  .map(Number);

const wasmBytes = (pyodide) => pyodide._module.HEAP8.buffer.byteLength;

const { pyodide, bootMs, graphviz } = await bootPyodide({ micrograd: true, graphviz: true });
const workloads = pyodide.pyimport("bench.workloads");

// The long chain first, while the wasm heap is still its boot size: heap growth is then the
// chain's peak need (a wasm memory grows and never shrinks).
const heapBefore = wasmBytes(pyodide);
const started = performance.now();
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
    graphviz,
    long_chain: longChain,
    ...suite,
  }),
);
