// The engine worker: boots Pyodide, unpacks the engine and the graphviz wheel, and answers
// `run` requests with engine.playground.run_json. All Python lives in the engine package.
import {
  BOOT,
  RUN,
  errorResult,
  failedMessage,
  progressMessage,
  readyMessage,
  resultMessage,
} from "./protocol.js";

let pyodide = null;
let runJson = null; // engine.playground.run_json, as a callable proxy
let booting = null;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot(vendor) {
  const started = performance.now();
  self.postMessage(progressMessage(0));
  // Fetch the two archives while Pyodide starts; unpack them once it has.
  const archives = Promise.all([fetchBytes(vendor.graphviz_wheel), fetchBytes(vendor.engine_zip)]);
  archives.catch(() => {}); // reported when awaited below, not as an unhandled rejection
  const { loadPyodide } = await import(`${vendor.pyodide}pyodide.mjs`);
  pyodide = await loadPyodide({ indexURL: vendor.pyodide });

  self.postMessage(progressMessage(1));
  const [wheel, engineZip] = await archives;
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  pyodide.unpackArchive(engineZip, "zip", { extractDir: sitePackages });

  self.postMessage(progressMessage(2));
  runJson = pyodide.pyimport("engine.playground").run_json;
  self.postMessage(readyMessage(Math.round(performance.now() - started)));
}

function run({ id, source, mode, inputs }) {
  if (!runJson) {
    self.postMessage(resultMessage(id, errorResult("Python is not running")));
    return;
  }
  try {
    self.postMessage(resultMessage(id, runJson(source, mode, JSON.stringify(inputs ?? {}))));
  } catch (error) {
    // An exception in Python is a bug in the engine, not the end of this worker: report it
    // as the program's error. Anything else means the interpreter itself has died.
    const message = String(error?.message ?? error).trim().split("\n").pop();
    self.postMessage(resultMessage(id, errorResult(`the engine failed: ${message}`)));
    if (!(error instanceof pyodide.ffi.PythonError)) {
      runJson = null;
      self.postMessage(failedMessage(`Python stopped: ${message}`));
    }
  }
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === BOOT && !booting) {
    booting = boot(message.vendor).catch((error) => {
      self.postMessage(failedMessage(String(error?.message ?? error)));
    });
  } else if (message.type === RUN) {
    run(message);
  }
});
