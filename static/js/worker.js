// The engine worker: boots Pyodide, unpacks the engine, and answers `run` requests with
// engine.playground.run_in_worker_json: the expression language, or a learner's real Python
// through engine.runner. All Python lives in the engine package. This worker is the sandbox
// for hostile programs: the page terminates it when a run takes too long (engine-client.js).
import {
  ACT,
  BOOT,
  RUN,
  actedMessage,
  errorResult,
  failedMessage,
  progressMessage,
  readyMessage,
  resultMessage,
} from "./protocol.js";

let pyodide = null;
let runInWorker = null; // engine.playground.run_in_worker_json, as a callable proxy
let actOn = null; // engine.playground.act_json: the learner acts on the last run's graphs
let booting = null;

/** The bytes at `url`, or an Error that says why not (HTTP status, type, network). */
async function fetchBytes(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`${url} could not be fetched (${error.message}): offline, or blocked`);
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const PROBE_MS = 2000; // a runtime that has not begun to arrive by then is reported, with why

/**
 * Ask for the runtime's biggest file before loadPyodide does: a blocked, failing or mistyped
 * download then becomes a message within 2 s, instead of a hang (a wasm served with the wrong
 * type makes loadPyodide wait forever). The answer's headers are enough; the body is dropped.
 */
async function probe(url) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_MS);
  let response;
  try {
    response = await fetch(url, { method: "HEAD", signal: controller.signal });
  } catch (error) {
    const why = controller.signal.aborted
      ? `no answer within ${PROBE_MS / 1000} s`
      : `the request failed (${error.message}): offline, or blocked by the network or a policy`;
    throw new Error(`The Python runtime could not be downloaded: ${why}.`);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    throw new Error(`The Python runtime could not be downloaded: HTTP ${response.status}.`);
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  if (type !== "application/wasm") {
    throw new Error(
      `The Python runtime is served as "${type || "no type"}"; browsers need application/wasm.`,
    );
  }
}

async function boot(vendor) {
  const started = performance.now();
  self.postMessage(progressMessage(0));
  await probe(`${vendor.pyodide}pyodide.asm.wasm`);
  // Fetch the engine while Pyodide starts; unpack it once it has.
  const engineZip = fetchBytes(vendor.engine_zip);
  engineZip.catch(() => {}); // reported when awaited below, not as an unhandled rejection
  const { loadPyodide } = await import(`${vendor.pyodide}pyodide.mjs`);
  pyodide = await loadPyodide({ indexURL: vendor.pyodide });

  self.postMessage(progressMessage(1));
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await engineZip, "zip", { extractDir: sitePackages });

  self.postMessage(progressMessage(2));
  const playground = pyodide.pyimport("engine.playground");
  runInWorker = playground.run_in_worker_json;
  actOn = playground.act_json;
  self.postMessage(readyMessage(Math.round(performance.now() - started)));
  // The first run of a learner's class is slow (imports, a cold interpreter): pay it now,
  // while the learner reads, not on their first paste. A run sent meanwhile waits for it.
  setTimeout(() => {
    try {
      playground.warm_up();
    } catch (error) {
      console.warn("warm-up failed:", error);
    }
  }, 0);
}

function run({ id, source, mode, inputs }) {
  call(id, resultMessage, () => runInWorker(source, mode, JSON.stringify(inputs ?? {})));
}

function act({ id, graph, action, args }) {
  call(id, actedMessage, () => actOn(graph, action, JSON.stringify(args ?? {})));
}

/** Call into Python and post its JSON answer as `reply(id, text)`. */
function call(id, reply, python) {
  if (!runInWorker) {
    self.postMessage(reply(id, errorResult("Python is not running")));
    return;
  }
  try {
    self.postMessage(reply(id, python()));
  } catch (error) {
    // An exception in Python is a bug in the engine, not the end of this worker: report it
    // as the program's error. Anything else (the wasm out of memory, a stack overflow in the
    // interpreter) means the interpreter itself has died: the page starts a new worker.
    const message = String(error?.message ?? error).trim().split("\n").pop();
    if (error instanceof pyodide.ffi.PythonError) {
      self.postMessage(reply(id, errorResult(`the engine failed: ${message}`)));
      return;
    }
    runInWorker = null;
    actOn = null;
    const reason = /memory|OOM|Aborted/i.test(message)
      ? "The program ran the Python runtime out of memory"
      : `The Python runtime stopped (${message})`;
    self.postMessage(reply(id, errorResult(`${reason}; it is being restarted.`)));
    self.postMessage(failedMessage(reason));
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
  } else if (message.type === ACT) {
    act(message);
  }
});
