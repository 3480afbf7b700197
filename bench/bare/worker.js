// The least a page can do to run Python: load Pyodide (as npm publishes it, under /pyodide/)
// and evaluate one expression.
const started = performance.now();
try {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: "/pyodide/" });
  pyodide.runPython("1 + 1");
  self.postMessage({ ready: true, ms: performance.now() - started });
} catch (error) {
  self.postMessage({ ready: false, error: String(error?.message ?? error) });
}
